import { fill, type PaymentPackageView, type PaymentScreen } from '@splashboard/splash';
import type { AccessLimits } from '../../adapters/controllers/index.ts';
import type { TransactionRow } from '../../domains/payments/ledger.repo.ts';
import { createPreGrantRepo } from '../../domains/payments/pre-grant/pre-grant.repo.ts';
import { SERVER_SIDE_GRANT } from '../../domains/guest-accounts/network-access.ts';
import type { PortalDeps } from '../deps.ts';
import { login } from '../grant.ts';
import { contextFor, type MethodContext } from '../methods/method.ts';
import { grantPackage } from '../methods/payment-grant.ts';
import { portalBaseUrl } from '../pass.ts';
import { messagePage, type PortalAnswer } from '../views.ts';
import { dataMbOf } from './package-view.ts';

/**
 * What a guest finishing the payment in their normal browser (a wallet, a bank app the captive portal's
 * mini browser cannot open) gets meanwhile: a few minutes, slowly, enough to pay and no more.
 */
export const PRE_GRANT_LIMITS: Required<AccessLimits> = { minutes: 5, upKbps: 256, downKbps: 1024, quotaMB: 50 };

const repos = new WeakMap<PortalDeps['db'], ReturnType<typeof createPreGrantRepo>>();
export function preGrantRepoOf(deps: Pick<PortalDeps, 'db'>) {
  let repo = repos.get(deps.db);
  if (!repo) repos.set(deps.db, (repo = createPreGrantRepo(deps.db)));
  return repo;
}

/** The signed token naming a transaction in the finish page's address (no pass needed outside the portal). */
export const finishTokenOf = (deps: Pick<PortalDeps, 'signer'>, transactionId: number) => deps.signer.tag(`pay-${transactionId}`);

/** The transaction a finish token names, or null for a token we did not sign. */
export function transactionIdOf(deps: Pick<PortalDeps, 'signer'>, token: string): number | null {
  if (token.length > 200) return null;
  const match = /^pay-(\d{1,15})$/.exec(deps.signer.untag(token) ?? '');
  return match ? Number(match[1]) : null;
}

/** The finish page's absolute address (on the guest's white-label domain when they arrived on one). */
export const finishUrlOf = (ctx: MethodContext, transactionId: number) =>
  `${portalBaseUrl(ctx.deps, ctx.pass)}/guest/${encodeURIComponent(ctx.snap.site.portalKey)}/finish/${finishTokenOf(ctx.deps, transactionId)}`;

/** The pay page's "Finish in your browser" (a device the controller can name: a MAC, not test mode). */
export function elsewhereOf(ctx: MethodContext, transactionId: number): PaymentScreen['elsewhere'] {
  if (!ctx.pass.arrival.clientMac || ctx.pass.test) return undefined;
  return {
    action: 'payment',
    hidden: { step: 'elsewhere', t: finishTokenOf(ctx.deps, transactionId) },
    minutes: PRE_GRANT_LIMITS.minutes,
  };
}

/** The package a transaction pays for, as the pay screens show packages. */
export const packageViewOf = (row: TransactionRow): PaymentPackageView => ({
  id: row.packageId ?? 0,
  name: row.packageName,
  description: '',
  price: row.amount,
  currency: row.currency,
  trial: false,
  recurring: row.checkout?.recurring === true,
  durationType: row.terms.duration_type,
  durationVal: row.terms.duration_val,
  dataMb: dataMbOf(row.terms),
  upKbps: row.terms.speed_ul,
  downKbps: row.terms.speed_dl,
  devices: row.terms.num_devices,
});

const unavailable = (ctx: MethodContext) =>
  messagePage(
    ctx.snap,
    ctx.lang,
    (t) => ({
      tone: 'error',
      title: t.notAvailableTitle,
      body: t.elsewhereUnavailable,
      action: { label: t.back, href: 'payment' },
    }),
    409,
  );

/** The mini browser's page once the device is in: the finish page's address, to open and to copy. */
const openElsewherePage = (ctx: MethodContext, url: string) =>
  messagePage(ctx.snap, ctx.lang, (t) => ({
    tone: 'info',
    title: t.elsewhereTitle,
    body: fill(t.elsewhereBody, { minutes: PRE_GRANT_LIMITS.minutes }),
    extra: `${t.elsewhereCopy} ${url}`,
    action: { label: t.elsewhereOpen, href: url },
  }));

/**
 * "Finish in your browser" posted from the pay page: the guest's pending transaction (theirs: the device in
 * their pass) lets the device in once, for PRE_GRANT_LIMITS, through the site's controller like a login,
 * recorded on the transaction; the guest gets the finish page's address. A gateway that needs the guest's
 * browser for the grant (openNDS, RADIUS gateways) sends it on to the finish page itself.
 */
export async function startElsewhere(ctx: MethodContext, form: Record<string, string>): Promise<PortalAnswer> {
  const { deps, snap, pass } = ctx;
  const id = transactionIdOf(deps, form.t ?? '');
  const mac = pass.arrival.clientMac?.toLowerCase() ?? null;
  const row = id === null ? undefined : await deps.payments.ledger.transactionById(id, snap.site.id);
  if (!row || !mac || pass.test || row.mac !== mac || row.status !== 'pending' || !row.stripePaymentIntentId)
    return unavailable(ctx);
  const url = finishUrlOf(ctx, row.id);
  const now = new Date();
  if (row.preGrantEndsAt) return row.preGrantEndsAt > now ? openElsewherePage(ctx, url) : unavailable(ctx);
  const repo = preGrantRepoOf(deps);
  // Once per transaction, claimed before the controller is asked: a second tap finds it started.
  if (!(await repo.claim(row.id, new Date(now.getTime() + PRE_GRANT_LIMITS.minutes * 60_000))))
    return openElsewherePage(ctx, url);
  // After the gateway's login the browser goes to the finish page, not to the site's redirect URL.
  const outcome = await login(deps, {
    snap: snap.site.redirectUrl ? { ...snap, site: { ...snap.site, redirectUrl: '' } } : snap,
    pass: { ...pass, arrival: { ...pass.arrival, originalUrl: url } },
    method: 'payment',
    collected: { custom: {}, email: row.checkout?.email },
    request: ctx.request,
    limits: PRE_GRANT_LIMITS,
    // The short grant is the device's own, whatever the package's device count.
    maxDevices: 0,
  });
  if (!outcome.ok) {
    await repo.release(row.id);
    return outcome.answer;
  }
  await repo.setSession(row.id, outcome.sessionId);
  if ('redirect' in outcome.answer || outcome.answer.gatewayForm) return outcome.answer;
  return openElsewherePage(ctx, url);
}

/**
 * A paid transaction whose device is on a pre-grant gets the package's access instead (once: the finish
 * page's return and the webhook race). From the webhook (`browser` false) only where the controller grants
 * by MAC alone (UniFi); elsewhere the guest's browser, back on the finish page, carries the grant to the
 * gateway. Answers the grant's page, or null when there was nothing to do here.
 */
export async function upgradePreGrant(
  deps: PortalDeps,
  row: TransactionRow,
  opts: { browser: boolean; request?: MethodContext['request'] },
): Promise<PortalAnswer | null> {
  const checkout = row.checkout;
  if (!row.preGrantEndsAt || row.status !== 'succeeded' || !checkout?.pass || checkout.slot === 'full') return null;
  const snap = await deps.snapshots.byId(row.siteId);
  const pass = deps.signer.verify(checkout.pass);
  if (!snap || !pass || pass.s !== row.siteId) return null;
  if (!opts.browser) {
    const adapter = await deps.controllers.adapterFor(snap.site.id, snap.site.routerType);
    if (!adapter || !SERVER_SIDE_GRANT.includes(adapter.family)) return null;
  }
  if (!(await deps.checkout.repo.claimGrant(row.id))) return null;
  if (row.preGrantSessionId) await deps.guestSessions.end(row.preGrantSessionId, 'pre_grant_paid');
  const ctx = contextFor(deps, snap, pass, checkout.pass, opts.request ?? { ip: '', userAgent: '' });
  const outcome = await grantPackage(ctx, {
    terms: row.terms,
    endtime: row.endtime ?? new Date(),
    collected: { custom: {}, email: checkout.email },
  });
  if (!outcome.ok) await deps.checkout.repo.releaseGrant(row.id);
  return outcome.answer;
}
