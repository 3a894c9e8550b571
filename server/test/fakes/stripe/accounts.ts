/**
 * Connect: the platform's own account (`GET /v1/account`), connected accounts (create, retrieve, update,
 * delete, list), account links and the onboarding page they open, and accounts with keys of their own (an
 * operator who pasted their keys). A connected account starts unable to charge until onboarding completes.
 */
import type { PageAnswer } from './pages.ts';
import type { Route } from './route.ts';
import {
  allowOnly,
  expanded,
  invalid,
  listOf,
  mergeMetadata,
  newId,
  orNull,
  randomText,
  required,
  StripeFail,
  type Obj,
  type Store,
} from './store.ts';

const CREATE_FIELDS = [
  'type',
  'controller',
  'country',
  'email',
  'metadata',
  'business_type',
  'business_profile',
  'capabilities',
  'default_currency',
  'settings',
  'tos_acceptance',
];
const UPDATE_FIELDS = ['email', 'metadata', 'business_profile', 'business_type', 'default_currency', 'settings'];

const LINK_LIFETIME = 300;
const CURRENCIES: Record<string, string> = {
  US: 'usd',
  ES: 'eur',
  FR: 'eur',
  DE: 'eur',
  IT: 'eur',
  PT: 'eur',
  GB: 'gbp',
  MX: 'mxn',
};
const DUE_AT_START = [
  'business_profile.url',
  'business_type',
  'external_account',
  'representative.first_name',
  'tos_acceptance.date',
];

type AccountType = 'standard' | 'express' | 'custom';

/** `controller` as Stripe shows it for each classic account type. */
function controllerFor(type: AccountType): Obj {
  const dashboard = { standard: 'full', express: 'express', custom: 'none' }[type];
  return {
    fees: { payer: type === 'standard' ? 'account' : 'application' },
    is_controller: true,
    losses: { payments: type === 'standard' ? 'stripe' : 'application' },
    requirement_collection: type === 'custom' ? 'application' : 'stripe',
    stripe_dashboard: { type: dashboard },
    type: 'application',
  };
}

/** The classic type an account created with `controller` amounts to. */
function typeFromController(controller: Obj): AccountType {
  const dashboard = (controller.stripe_dashboard as Obj | undefined)?.type;
  if (dashboard === 'express') return 'express';
  if (dashboard === 'none' || controller.requirement_collection === 'application') return 'custom';
  return 'standard';
}

function requirements(due: string[]): Obj {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: due,
    disabled_reason: due.length ? 'requirements.past_due' : null,
    errors: [],
    eventually_due: due,
    past_due: due,
    pending_verification: [],
  };
}

export function accountObject(store: Store, id: string, fields: Obj): Obj {
  const country = String(fields.country ?? 'US').toUpperCase();
  const enabled = Boolean(fields.enabled);
  const type = (fields.type ?? 'standard') as AccountType;
  const profile = (fields.business_profile ?? {}) as Obj;
  return {
    id,
    object: 'account',
    business_profile: {
      mcc: orNull(profile.mcc),
      name: orNull(profile.name),
      support_address: null,
      support_email: orNull(profile.support_email),
      support_phone: null,
      support_url: null,
      url: orNull(profile.url),
    },
    business_type: orNull(fields.business_type),
    capabilities: { card_payments: enabled ? 'active' : 'inactive', transfers: enabled ? 'active' : 'inactive' },
    charges_enabled: enabled,
    controller: fields.controller ?? controllerFor(type),
    country,
    created: store.now(),
    default_currency: String(fields.default_currency ?? CURRENCIES[country] ?? 'eur'),
    details_submitted: enabled,
    email: orNull(fields.email),
    external_accounts: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/accounts/${id}/external_accounts` },
    future_requirements: requirements([]),
    metadata: mergeMetadata({}, fields.metadata),
    payouts_enabled: enabled,
    requirements: requirements(enabled ? [] : DUE_AT_START),
    settings: {
      dashboard: { display_name: orNull(profile.name), timezone: 'Etc/UTC' },
      payments: { statement_descriptor: null },
      payouts: { debit_negative_balances: true, schedule: { delay_days: 7, interval: 'daily' }, statement_descriptor: null },
    },
    tos_acceptance: { date: enabled ? store.now() : null, ip: null, user_agent: null },
    type,
  };
}

/** The connected account, as the platform sees it; another account's, or a deleted one, is missing. */
function connectedAccount(store: Store, id: unknown, param = 'id'): Obj {
  if (store.account !== store.platform || typeof id !== 'string' || store.kindOf(id) !== 'connected') {
    throw new StripeFail(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such account: '${String(id)}'`,
      param,
    });
  }
  return store.as(store.platform, () => store.get('account', id, param));
}

/** Onboarding done: the account can take payments; `account.updated` goes out as a Connect event. */
export function completeOnboarding(store: Store, accountId: string): Obj {
  const account = store.as(store.platform, () => connectedAccount(store, accountId));
  const before = structuredClone(account);
  account.charges_enabled = account.details_submitted = account.payouts_enabled = true;
  account.capabilities = { card_payments: 'active', transfers: 'active' };
  account.requirements = requirements([]);
  account.tos_acceptance = { ...account.tos_acceptance, date: store.now() };
  store.as(accountId, () => store.emitUpdated('account.updated', before, account));
  return account;
}

/** A new account with keys of its own, able to charge (as if its owner pasted their keys into our app). */
export function createStandaloneAccount(store: Store): { accountId: string; secretKey: string; publishableKey: string } {
  const accountId = newId('acct');
  store.registerAccount(accountId, 'standalone');
  store.as(accountId, () =>
    store.put(accountObject(store, accountId, { enabled: true, controller: { type: 'account' }, country: 'ES' })),
  );
  return { accountId, secretKey: `sk_test_${randomText(40)}`, publishableKey: `pk_test_${randomText(40)}` };
}

export function accountRoutes(store: Store): Route[] {
  const onlyPlatform = () => {
    if (store.account !== store.platform) {
      throw invalid(
        "You can only create new accounts if you've signed up for Connect, which you can learn how to do at https://stripe.com/docs/connect.",
      );
    }
  };
  return [
    {
      method: 'GET',
      pattern: '/v1/account',
      handle: ({ params }) => {
        const id = store.account;
        const owner = store.ownerOf(id) ?? store.platform;
        return store.as(owner, () => expanded(store, store.get('account', id), params));
      },
    },
    {
      method: 'POST',
      pattern: '/v1/accounts',
      handle: ({ params }) => {
        onlyPlatform();
        allowOnly(params, CREATE_FIELDS);
        if (params.type !== undefined && params.controller !== undefined)
          throw invalid('You cannot specify `type` together with `controller`.', 'type');
        if (params.type !== undefined && !['standard', 'express', 'custom'].includes(String(params.type)))
          throw invalid('Invalid type: must be one of custom, express, or standard', 'type');
        const controller = params.controller as Obj | undefined;
        const type: AccountType = controller ? typeFromController(controller) : ((params.type as AccountType) ?? 'standard');
        const id = newId('acct');
        const account = store.put(
          accountObject(store, id, {
            ...params,
            type,
            controller: controller && { ...controllerFor(type), ...controller, is_controller: true, type: 'application' },
          }),
        );
        store.registerAccount(id, 'connected');
        return expanded(store, account, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/accounts/:id',
      handle: ({ params, path }) => expanded(store, connectedAccount(store, path.id), params),
    },
    {
      method: 'POST',
      pattern: '/v1/accounts/:id',
      handle: ({ params, path }) => {
        allowOnly(params, UPDATE_FIELDS);
        const account = connectedAccount(store, path.id);
        const before = structuredClone(account);
        if (params.email !== undefined) account.email = orNull(params.email);
        if (params.business_type !== undefined) account.business_type = orNull(params.business_type);
        if (params.default_currency !== undefined) account.default_currency = String(params.default_currency);
        const profile = params.business_profile as Obj | undefined;
        for (const key of ['name', 'url', 'mcc', 'support_email'] as const) {
          if (profile?.[key] !== undefined) account.business_profile[key] = orNull(profile[key]);
        }
        account.metadata = mergeMetadata(account.metadata, params.metadata);
        store.as(account.id, () => store.emitUpdated('account.updated', before, account));
        return expanded(store, account, params);
      },
    },
    {
      method: 'DELETE',
      pattern: '/v1/accounts/:id',
      handle: ({ path }) => {
        const account = connectedAccount(store, path.id);
        account.deleted = true;
        return { id: account.id, object: 'account', deleted: true };
      },
    },
    {
      method: 'GET',
      pattern: '/v1/accounts',
      handle: ({ params }) => {
        onlyPlatform();
        const connected = store.all('account').filter((a) => store.kindOf(a.id) === 'connected');
        return expanded(store, listOf(connected, params, '/v1/accounts'), params);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/account_links',
      handle: ({ params }) => {
        allowOnly(params, ['account', 'refresh_url', 'return_url', 'type', 'collect', 'collection_options']);
        const account = connectedAccount(store, required(params, 'account'), 'account');
        const type = String(required(params, 'type'));
        if (!['account_onboarding', 'account_update'].includes(type))
          throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type');
        if (type === 'account_update' && account.controller?.requirement_collection !== 'application') {
          throw invalid(
            'You cannot create `account_update` type Account Links for accounts that have access to a Stripe-hosted Dashboard.',
            'type',
          );
        }
        const urls: Obj = {};
        for (const name of ['refresh_url', 'return_url']) {
          const value = String(required(params, name));
          if (!/^https?:\/\//.test(value)) throw invalid('Not a valid URL', name, 'url_invalid');
          urls[name] = value;
        }
        const token = randomText(24);
        const created = store.now();
        store.secret(`link_${token}`).link = { account: account.id, ...urls, expires_at: created + LINK_LIFETIME, used: false };
        return {
          object: 'account_link',
          created,
          expires_at: created + LINK_LIFETIME,
          url: `${store.url}/setup/c/${account.id}/${token}`,
        };
      },
    },
  ];
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const redirect = (location: string): PageAnswer => ({ status: 302, type: 'text/plain', body: '', location });

/**
 * The onboarding page an account link opens: "Complete onboarding" (a form POST) or "Leave". As Stripe's,
 * the link is single-use and short-lived: opened again, or after it expires, it sends the person to
 * `refresh_url`.
 */
export function onboardingPage(store: Store, method: string, path: string): PageAnswer | null {
  const m = /^\/setup\/c\/(acct_[^/]+)\/([^/]+?)(\/complete)?$/.exec(path);
  if (!m) return null;
  const link = store.hidden.get(`link_${m[2]}`)?.link as Obj | undefined;
  if (!link || link.account !== m[1]) return null;
  if (m[3]) {
    if (method !== 'POST') return null;
    if (link.used || link.expires_at < store.now()) return redirect(link.refresh_url);
    link.used = true;
    store.held(() => completeOnboarding(store, link.account));
    return redirect(link.return_url);
  }
  if (link.opened || link.used || link.expires_at < store.now()) return redirect(link.refresh_url);
  link.opened = true;
  const account = store.as(store.platform, () => store.get('account', link.account));
  const who = escape(String(account.email ?? account.id));
  return {
    status: 200,
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stripe Connect onboarding</title></head><body>
<h1>Set up payments</h1>
<p>Account ${who}: this test page stands for Stripe's onboarding (business details, bank account, terms).</p>
<form method="post" action="${escape(path)}/complete"><button type="submit">Complete onboarding</button></form>
<p><a id="leave" href="${escape(link.refresh_url)}">Leave</a></p>
</body></html>`,
  };
}
