import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { StripeConnection } from '@splashboard/contract';
import type { AppContext } from '../../../platform/context.ts';
import type { AccessMode, Actor } from '../../../platform/access.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import type { SiteAccess } from '../../../platform/site-access.ts';
import type { PaymentConnectionRow } from '../payment-connections.repo.ts';
import type { PaymentEventHandler } from '../payments-webhook.ts';
import type { Payments } from '../payments.ts';
import { createConnectionView } from './connection-view.ts';
import { callPaymentsStripe, paymentsStripeFailure } from './stripe-failure.ts';

type Deps = Pick<AppContext, 'config' | 'secrets' | 'accounts'> & {
  sites: SiteAccess;
  payments: Pick<Payments, 'connections' | 'siteStripe'>;
};

/** What the endpoint our server makes on an operator's own account listens to: their guests' payments and refunds. */
export const KEYS_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.requires_action',
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'refund.failed',
] as const;

/** Where the browser lands after Connect onboarding: the dashboard's payment pages, told how it went. */
export const AFTER_ONBOARDING = {
  connected: '/newapp/app/payment/packages?stripe=connected',
  incomplete: '/newapp/app/payment/packages?stripe=incomplete',
} as const;

const isLive = (key: string) => /^(sk|rk|pk)_live_/.test(key);

/** A pasted secret key Stripe refused: said on the key's field. */
function keyFailure(e: unknown, what: string): Error {
  if (e instanceof Stripe.errors.StripeAuthenticationError) return fieldError('payment_auth_field1', 'payments.invalidSecretKey');
  if (e instanceof Stripe.errors.StripePermissionError) return fieldError('payment_auth_field1', 'payments.needsReadWrite');
  return paymentsStripeFailure(e, what);
}

/**
 * The site's Stripe connection, in the payment settings (permission payment: read to see it, write to change
 * it). One connection per site: Connect onboarding (the platform's key) or the operator's own keys; starting
 * one replaces the other. Disconnecting keeps the packages and the ledger.
 */
export function createConnectionService(deps: Deps) {
  const { config, secrets, sites } = deps;
  const { connections, siteStripe } = deps.payments;
  const viewOf = createConnectionView(deps);
  const platformLive = isLive(config.stripe.secretKey);

  const access = (actor: Actor | null, siteId: number, mode: AccessMode) => sites.siteFor(actor, siteId, 'payment', mode);

  /** The endpoint made on an operator's account for their keys, deleted there; a failure is only logged. */
  async function dropKeysEndpoint(row: PaymentConnectionRow, log: FastifyBaseLogger) {
    if (row.mode !== 'keys' || !row.webhookEndpointId || !row.secretKeyEnc) return;
    try {
      await siteStripe.clientOfKey(secrets.open(row.secretKeyEnc)).webhookEndpoints.del(row.webhookEndpointId);
    } catch (e) {
      const stripe = e instanceof Stripe.errors.StripeError ? { stripeRequestId: e.requestId, type: e.type, code: e.code } : {};
      log.warn(
        { ...stripe, err: e instanceof Error ? e.message : String(e), site: row.siteId, endpoint: row.webhookEndpointId },
        'payments: the webhook endpoint on the operator’s Stripe account could not be deleted',
      );
    }
  }

  return {
    async get(actor: Actor | null, siteId: number): Promise<StripeConnection> {
      const { row: site } = await access(actor, siteId, 'read');
      return viewOf(site, await connections.bySite(siteId));
    },

    /**
     * Connect onboarding: the site's connected account (made now if it has none) and a link to Stripe's
     * onboarding, which comes back to `return` below.
     */
    async connect(actor: Actor | null, siteId: number, log: FastifyBaseLogger): Promise<{ url: string }> {
      const { row: site, actor: who } = await access(actor, siteId, 'write');
      const platform = siteStripe.platform;
      if (!platform) throw new AppError(409, 'payments.connectUnavailable');
      let row = await connections.bySite(siteId);
      if (row?.mode !== 'connect') {
        const account = await callPaymentsStripe('create a connected account', () =>
          platform.accounts.create({
            type: 'standard',
            email: who.email,
            metadata: { site_id: String(siteId), account_id: String(site.accountId) },
          }),
        );
        if (row) await dropKeysEndpoint(row, log);
        row = await connections.upsert({
          accountId: site.accountId,
          siteId,
          mode: 'connect',
          stripeAccountId: account.id,
          chargesEnabled: Boolean(account.charges_enabled),
          livemode: platformLive,
          secretKeyEnc: null,
          publishableKey: '',
          webhookEndpointId: null,
          webhookSecretEnc: null,
        });
      }
      const back = `${config.publicUrl}/s/${siteId}/api/v1/paymentloginconfig/stripe/return`;
      const accountId = row.stripeAccountId;
      const link = await callPaymentsStripe('create an onboarding link', () =>
        platform.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: back, refresh_url: back }),
      );
      return { url: link.url };
    },

    /**
     * The operator's browser back from onboarding (or from an expired link): what Stripe says of the account
     * now is stored, and the dashboard is told whether it can take payments. Stripe out of reach leaves it to
     * the account.updated event.
     */
    async returnFromOnboarding(actor: Actor | null, siteId: number, log: FastifyBaseLogger): Promise<string> {
      await access(actor, siteId, 'read');
      const row = await connections.bySite(siteId);
      const platform = siteStripe.platform;
      if (!row || row.mode !== 'connect' || !platform) return AFTER_ONBOARDING.incomplete;
      try {
        const account = await platform.accounts.retrieve(row.stripeAccountId);
        await connections.update(siteId, { chargesEnabled: Boolean(account.charges_enabled) });
        return account.charges_enabled ? AFTER_ONBOARDING.connected : AFTER_ONBOARDING.incomplete;
      } catch (e) {
        const stripe = e instanceof Stripe.errors.StripeError ? { stripeRequestId: e.requestId, type: e.type } : {};
        log.error({ ...stripe, err: e instanceof Error ? e.message : String(e) }, 'stripe: read the connected account failed');
        return row.chargesEnabled ? AFTER_ONBOARDING.connected : AFTER_ONBOARDING.incomplete;
      }
    },

    /** account.updated of a connected account: whether it can take charges now. */
    onAccountUpdated: (async (event, connection) => {
      const account = event.data.object as Stripe.Account;
      if (connection.mode !== 'connect' || account.id !== connection.stripeAccountId) return;
      await connections.update(connection.siteId, { chargesEnabled: Boolean(account.charges_enabled) });
    }) satisfies PaymentEventHandler,

    /**
     * The operator's own keys: the secret key is checked with Stripe (it must read and write the account),
     * a webhook endpoint is made on their account for their guests' payments, and both secrets are stored
     * sealed. Replaces keys pasted before (their endpoint is deleted) or a Connect connection.
     */
    async saveKeys(
      actor: Actor | null,
      siteId: number,
      keys: { payment_auth_field1: string; payment_auth_field2: string },
      log: FastifyBaseLogger,
    ): Promise<StripeConnection> {
      const { row: site } = await access(actor, siteId, 'write');
      const { payment_auth_field1: secretKey, payment_auth_field2: publishableKey } = keys;
      if (isLive(secretKey) !== isLive(publishableKey)) throw fieldError('payment_auth_field2', 'payments.keysModeMismatch');
      const client = siteStripe.clientOfKey(secretKey);
      let account: Stripe.Account;
      try {
        account = await client.accounts.retrieveCurrent();
      } catch (e) {
        throw keyFailure(e, 'check the secret key');
      }

      const before = await connections.bySite(siteId);
      // The endpoint's address names our row: one is made first when the site has none.
      const row =
        before ??
        (await connections.upsert({
          accountId: site.accountId,
          siteId,
          mode: 'keys',
          stripeAccountId: account.id,
          livemode: isLive(secretKey),
          publishableKey,
        }));
      let endpoint: Stripe.WebhookEndpoint;
      try {
        endpoint = await client.webhookEndpoints.create({
          url: `${config.publicUrl}/webhooks/stripe/payments/${row.id}`,
          enabled_events: [...KEYS_WEBHOOK_EVENTS],
          description: `Splashboard: guest Wi-Fi payments of ${site.name}`,
          metadata: { site_id: String(siteId) },
        });
      } catch (e) {
        if (!before) await connections.deleteOfSite(siteId);
        throw keyFailure(e, 'create the webhook endpoint');
      }
      const saved = await connections.upsert({
        accountId: site.accountId,
        siteId,
        mode: 'keys',
        stripeAccountId: account.id,
        chargesEnabled: true,
        livemode: isLive(secretKey),
        secretKeyEnc: secrets.seal(secretKey),
        publishableKey,
        webhookEndpointId: endpoint.id,
        webhookSecretEnc: secrets.seal(endpoint.secret ?? ''),
      });
      if (before) await dropKeysEndpoint(before, log);
      return viewOf(site, saved);
    },

    /** Deletes the site's connection (and the endpoint on the operator's account); packages and the ledger stay. */
    async disconnect(actor: Actor | null, siteId: number, log: FastifyBaseLogger): Promise<StripeConnection> {
      const { row: site } = await access(actor, siteId, 'write');
      const row = await connections.bySite(siteId);
      if (row) {
        await dropKeysEndpoint(row, log);
        await connections.deleteOfSite(siteId);
      }
      return viewOf(site, undefined);
    },
  };
}
export type ConnectionService = ReturnType<typeof createConnectionService>;
