import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { fill, guestLangFrom, type GuestLang, type PaymentScreen } from '@splashboard/splash';
import type { TransactionRow } from '../../domains/payments/ledger.repo.ts';
import { send } from '../answer.ts';
import type { PortalDeps } from '../deps.ts';
import type { SiteSnapshot } from '../site-snapshot.ts';
import { bareMessage, messagePage, page, stylesOf, type PortalAnswer } from '../views.ts';
import { CHECKOUT_SCRIPT_PATH } from './checkout-script.ts';
import { checkoutCsp } from './checkout-csp.ts';
import { packageViewOf, transactionIdOf, upgradePreGrant } from './pre-grant.ts';

type Req = FastifyRequest<{ Params: { key: string; token: string } }>;
const options = { config: { public: true, csrf: false as const }, schema: { hide: true } };

interface Found {
  snap: SiteSnapshot;
  row: TransactionRow;
  lang: GuestLang;
  token: string;
}

/** The site and transaction a finish address names (the token is ours, the transaction the site's), or the 404. */
async function find(deps: PortalDeps, r: Req): Promise<Found | { answer: PortalAnswer }> {
  const browserLang = guestLangFrom(r.headers['accept-language']);
  const snap = await deps.snapshots.byPortalKey(r.params.key);
  const id = transactionIdOf(deps, r.params.token);
  const row = snap && id !== null ? await deps.payments.ledger.transactionById(id, snap.site.id) : undefined;
  if (!snap || !row || row.kind !== 'purchase')
    return { answer: bareMessage(browserLang, (t) => ({ tone: 'error', title: t.expiredTitle, body: t.expiredBody }), 404) };
  // The language the guest chose on the portal, else their browser's.
  const lang = row.checkout?.lang ? guestLangFrom(row.checkout.lang) : browserLang;
  return { snap, row, lang, token: r.params.token };
}

const ended = (f: Found) =>
  messagePage(f.snap, f.lang, (t) => ({ tone: 'info', title: t.elsewhereEndedTitle, body: t.elsewhereEndedBody }), 410, false);

const paidPage = (f: Found, row: TransactionRow) =>
  messagePage(
    f.snap,
    f.lang,
    (t) => ({
      tone: 'success',
      title: t.elsewherePaidTitle,
      body: fill(t.elsewherePaidBody, {
        name: row.packageName,
        end: (row.endtime ?? new Date()).toLocaleString(f.lang, { timeZone: f.snap.site.timezone || 'UTC' }),
      }),
    }),
    200,
    false,
  );

/** How a paid transaction ends on the finish page: the package granted (or the gateway's page), else "paid". */
async function settled(deps: PortalDeps, f: Found, row: TransactionRow, r: FastifyRequest): Promise<PortalAnswer> {
  if (row.checkout?.slot === 'full')
    return messagePage(
      f.snap,
      f.lang,
      (t) => ({ tone: 'error', title: t.paymentRefundedTitle, body: fill(t.paymentRefundedBody, { count: row.numDevices }) }),
      409,
      false,
    );
  const answer = await upgradePreGrant(deps, row, {
    browser: true,
    request: { ip: r.ip, userAgent: String(r.headers['user-agent'] ?? '').slice(0, 500) },
  });
  // A gateway that takes the grant through the browser, or a controller that failed, has its own page.
  if (answer && ('redirect' in answer || answer.gatewayForm || (answer.status ?? 200) >= 400)) return answer;
  return paidPage(f, row);
}

/** The intent of a pending transaction as Stripe has it now (null when the site has no Stripe). */
async function intentOf(deps: PortalDeps, row: TransactionRow): Promise<Stripe.PaymentIntent | null> {
  const site = await deps.payments.siteStripe.forSite(row.siteId);
  if (!site || !row.stripePaymentIntentId) return null;
  return site.stripe.paymentIntents.retrieve(row.stripePaymentIntentId, {}, site.requestOptions);
}

/**
 * The finish page: outside the captive portal (the guest's normal browser), no pass needed, the same
 * Payment Element as the pay page for the transaction the signed token names; and its return address.
 */
export function finishRoutes(app: FastifyInstance, deps: PortalDeps) {
  app.get('/guest/:key/finish/:token', options, async (r: Req, reply) => {
    const f = await find(deps, r);
    if ('answer' in f) return send(reply, f.answer);
    const { row } = f;
    if (row.status === 'succeeded') return send(reply, await settled(deps, f, row, r));
    if (row.status !== 'pending') return send(reply, ended(f));
    const site = await deps.payments.siteStripe.forSite(row.siteId);
    const intent = await intentOf(deps, row);
    if (!site || !intent || intent.status === 'canceled') return send(reply, ended(f));
    if (intent.status === 'succeeded') {
      const paid = (await deps.checkout.succeedPayment(intent)) ?? row;
      return send(reply, await settled(deps, f, paid, r));
    }
    const screen: PaymentScreen = {
      kind: 'payment',
      step: 'pay',
      styles: stylesOf(f.snap, 'paymentloginconfig', f.lang),
      chosen: packageViewOf(row),
      checkout: {
        stripeJsUrl: deps.config.stripe.jsUrl,
        scriptUrl: CHECKOUT_SCRIPT_PATH,
        publishableKey: site.publishableKey,
        stripeAccount: site.stripeJsAccount,
        clientSecret: intent.client_secret!,
        returnPath: `${f.token}/done`,
      },
    };
    return send(reply, { ...page(f.snap, f.lang, screen, 200, false), csp: checkoutCsp(deps.config.stripe) });
  });

  app.get('/guest/:key/finish/:token/done', options, async (r: Req, reply) => {
    const f = await find(deps, r);
    if ('answer' in f) return send(reply, f.answer);
    let row = f.row;
    if (row.status === 'pending') {
      const intent = await intentOf(deps, row);
      if (intent?.status === 'processing')
        return send(
          reply,
          messagePage(
            f.snap,
            f.lang,
            (t) => ({
              tone: 'info',
              title: t.paymentProcessingTitle,
              body: t.paymentProcessingBody,
              action: { label: t.continue, href: 'done' },
            }),
            200,
            false,
          ),
        );
      if (intent?.status !== 'succeeded')
        return send(
          reply,
          messagePage(
            f.snap,
            f.lang,
            (t) => ({
              tone: 'error',
              title: t.paymentIncompleteTitle,
              body: t.paymentIncompleteBody,
              action: { label: t.tryAgain, href: `../${f.token}` },
            }),
            402,
            false,
          ),
        );
      row = (await deps.checkout.succeedPayment(intent)) ?? row;
    }
    if (row.status !== 'succeeded') return send(reply, ended(f));
    return send(reply, await settled(deps, f, row, r));
  });
}
