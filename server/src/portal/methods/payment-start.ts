import { PASSWORD_MIN } from '@splashboard/contract';
import { fill, type PaymentScreen } from '@splashboard/splash';
import type Stripe from 'stripe';
import type { PackageRow } from '../../domains/payments/checkout/checkout.repo.ts';
import type { SiteStripe } from '../../domains/payments/site-stripe.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { CHECKOUT_SCRIPT_PATH } from '../checkout/checkout-script.ts';
import { checkoutCsp } from '../checkout/checkout-csp.ts';
import { elsewhereOf } from '../checkout/pre-grant.ts';
import { customerFor, startPackagePayment } from '../checkout/package-payment.ts';
import { packageView } from '../checkout/package-view.ts';
import type { Collected } from '../login-fields.ts';
import { messagePage, page, type PortalAnswer } from '../views.ts';
import { countFailure, perPortal, refusedByLimits, type AttemptLimit } from './attempts.ts';
import { baseScreen, formAgain, type MethodContext } from './method.ts';
import { detailsScreen } from './payment-screens.ts';

/** Checkouts a device may start in an hour (each makes a PaymentIntent): retries and a change of mind, not a flood. */
const CHECKOUTS_PER_HOUR = 20;
const WRONG_PASSWORDS = 10;
const WINDOW_SECONDS = 15 * 60;

/** The customer of the guest's payment account on the site's Stripe account (saved cards, receipts). */
/** Step 3: the card, in the page, for a transaction just made pending with its PaymentIntent. */
function payPage(ctx: MethodContext, p: PackageRow, site: SiteStripe, intent: Stripe.PaymentIntent): PortalAnswer {
  const base = baseScreen(ctx, 'payment');
  const screen: PaymentScreen = {
    kind: 'payment',
    step: 'pay',
    styles: base.styles,
    backHref: 'payment',
    chosen: packageView(p),
    checkout: {
      stripeJsUrl: ctx.deps.config.stripe.jsUrl,
      scriptUrl: CHECKOUT_SCRIPT_PATH,
      publishableKey: site.publishableKey,
      stripeAccount: site.stripeJsAccount,
      clientSecret: intent.client_secret!,
      returnPath: 'payment-return',
    },
    elsewhere: elsewhereOf(ctx, Number(intent.metadata.transaction_id)),
  };
  return { ...page(ctx.snap, ctx.lang, screen), csp: checkoutCsp(ctx.deps.config.stripe) };
}

/**
 * The details posted for a paid package: checked like every method's fields, then the transaction is made
 * `pending` (the package as it is now, the fee computed once) and its PaymentIntent on the site's Stripe
 * (idempotent per transaction), and the guest gets the card form. A guest whose email already has an
 * account here gives its password: the purchase goes to that account.
 */
export async function startPurchase(
  ctx: MethodContext,
  p: PackageRow,
  site: SiteStripe,
  form: Record<string, string>,
  checked: { errors: Record<string, string>; collected: Collected },
): Promise<PortalAnswer> {
  const { deps, snap, pass } = ctx;
  const { errors, collected } = checked;
  const screen = detailsScreen(ctx, p);
  const password = form.password ?? '';
  if (!password) errors.password = ctx.t.required;
  else if (password.length < PASSWORD_MIN || password.length > 200)
    errors.password = fill(ctx.t.passwordTooShort, { min: PASSWORD_MIN });
  const email = (collected.email ?? '').toLowerCase();
  if (!email && !errors.email) errors.email = ctx.t.required;
  if (Object.keys(errors).length) return formAgain(ctx, screen, form, errors);
  if (pass.test)
    return messagePage(snap, ctx.lang, (t) => ({
      tone: 'info',
      title: t.notAvailableTitle,
      body: t.paymentTestMode,
      action: { label: t.back, href: 'payment' },
    }));

  const device = pass.arrival.clientMac ?? ctx.request.ip;
  const limits: AttemptLimit[] = [
    { key: `portal:payment-password:${snap.site.id}:${device}`, limit: WRONG_PASSWORDS, windowSeconds: WINDOW_SECONDS },
    perPortal(ctx, 'payment-password'),
    { key: `portal:payment-checkout:${snap.site.id}:${device}`, limit: CHECKOUTS_PER_HOUR, windowSeconds: 3600 },
  ];
  const blocked = await refusedByLimits(ctx, limits);
  if (blocked) return blocked;
  const existing = await deps.payments.ledger.accountByEmail(snap.site.id, email);
  if (existing && !(await verifyPassword(existing.passwordHash, password.slice(0, 200)))) {
    await countFailure(ctx, limits.slice(0, 2));
    return formAgain(ctx, screen, form, { password: ctx.t.paymentEmailHasAccount });
  }
  await countFailure(ctx, limits.slice(2));

  const name = [collected.firstName, collected.lastName].filter(Boolean).join(' ').slice(0, 120);
  const customerId = await customerFor(site, snap.site.id, { email, name, known: existing?.stripeCustomerId });
  const fields = Object.fromEntries(Object.entries(collected.custom).map(([k, v]) => [k, String(v)]));
  const { intent } = await startPackagePayment(deps, snap, site, {
    p,
    kind: 'purchase',
    paymentAccountId: existing?.id ?? null,
    mac: pass.arrival.clientMac?.toLowerCase() ?? null,
    checkout: {
      email,
      passwordHash: existing?.passwordHash ?? (await hashPassword(password)),
      firstName: collected.firstName ?? '',
      lastName: collected.lastName ?? '',
      phone: collected.phone ?? '',
      fields,
      lang: ctx.lang.slice(0, 2),
      pass: ctx.passToken,
      customerId,
      recurring: p.recurring,
    },
  });
  return payPage(ctx, p, site, intent);
}
