import type { GuestLang, PaymentScreen } from '@splashboard/splash';
import type Stripe from 'stripe';
import type { PaymentAccountRow } from '../../domains/payments/ledger.repo.ts';
import { CHECKOUT_SCRIPT_PATH } from '../checkout/checkout-script.ts';
import { checkoutCsp } from '../checkout/checkout-csp.ts';
import { customerFor, startPackagePayment } from '../checkout/package-payment.ts';
import { packageView } from '../checkout/package-view.ts';
import type { PortalDeps } from '../deps.ts';
import type { SiteSnapshot } from '../site-snapshot.ts';
import { messagePage, page, stylesOf, type PortalAnswer } from '../views.ts';
import { accountPathOf } from './account-session.ts';

export type AccountPage = { snap: SiteSnapshot; lang: GuestLang; account: PaymentAccountRow };

const back = (a: AccountPage) => accountPathOf(a.snap.site.portalKey);

/**
 * "Renew" with a package on sale as the guest saw it (same price): a pending `renewal` transaction of the
 * account (no device: the account's devices get the package when they next arrive) with its PaymentIntent
 * on the site's Stripe, and the same Payment Element as the checkout. When it succeeds (the return below
 * or Stripe's webhook, the checkout's succeedPayment) the account's end moves on by the package's time.
 */
export async function startRenewal(deps: PortalDeps, a: AccountPage, form: Record<string, string>): Promise<PortalAnswer | null> {
  const { snap, account } = a;
  const p = await deps.checkout.repo.packageOnSale(snap.site.id, Number(form.package));
  if (!p || p.isTrial || p.price <= 0 || Number(form.price) !== p.price) return null;
  const site = await deps.payments.siteStripe.forSite(snap.site.id);
  if (!site?.ready) return null;
  const customerId = await customerFor(site, snap.site.id, { email: account.email, known: account.stripeCustomerId });
  const { intent } = await startPackagePayment(deps, snap, site, {
    p,
    kind: 'renewal',
    paymentAccountId: account.id,
    mac: null,
    checkout: {
      email: account.email,
      passwordHash: account.passwordHash,
      firstName: account.firstName,
      lastName: account.lastName,
      phone: account.phone,
      fields: account.fields,
      lang: a.lang.slice(0, 2),
      pass: '',
      customerId,
      recurring: p.recurring,
    },
  });
  const screen: PaymentScreen = {
    kind: 'payment',
    step: 'pay',
    styles: stylesOf(snap, 'paymentloginconfig', a.lang),
    backHref: back(a),
    chosen: packageView(p),
    checkout: {
      stripeJsUrl: deps.config.stripe.jsUrl,
      scriptUrl: CHECKOUT_SCRIPT_PATH,
      publishableKey: site.publishableKey,
      stripeAccount: site.stripeJsAccount,
      clientSecret: intent.client_secret!,
      returnPath: 'renewed',
    },
  };
  return { ...page(snap, a.lang, screen, 200, false), csp: checkoutCsp(deps.config.stripe) };
}

/**
 * Where Stripe.js sends the guest after paying a renewal: the intent (read from the site's Stripe) must be
 * a renewal of this account; a succeeded one is recorded once (shared with the webhook) and the account
 * page says until when it now runs.
 */
export async function renewed(deps: PortalDeps, a: AccountPage, intentId: string | null): Promise<PortalAnswer> {
  const { snap, account } = a;
  const row =
    intentId && /^pi_\w{1,200}$/.test(intentId)
      ? await deps.checkout.repo.transactionOfIntent(snap.site.id, intentId)
      : undefined;
  if (!row || row.paymentAccountId !== account.id || row.kind !== 'renewal') return { redirect: back(a) };
  let status = row.status;
  if (status === 'pending') {
    const site = await deps.payments.siteStripe.forSite(snap.site.id);
    const intent: Stripe.PaymentIntent | null = site
      ? await site.stripe.paymentIntents.retrieve(row.stripePaymentIntentId!, {}, site.requestOptions)
      : null;
    if (intent?.status === 'processing')
      return messagePage(
        snap,
        a.lang,
        (t) => ({
          tone: 'info',
          title: t.paymentProcessingTitle,
          body: t.paymentProcessingBody,
          action: { label: t.continue, href: `renewed?payment_intent=${intent.id}` },
        }),
        200,
        false,
      );
    if (intent?.status === 'succeeded') status = (await deps.checkout.succeedPayment(intent))?.status ?? status;
  }
  if (status !== 'succeeded')
    return messagePage(
      snap,
      a.lang,
      (t) => ({
        tone: 'error',
        title: t.paymentIncompleteTitle,
        body: t.paymentIncompleteBody,
        action: { label: t.back, href: back(a) },
      }),
      402,
      false,
    );
  // The account page says until when the account now runs.
  return { redirect: `${back(a)}?n=renewed` };
}
