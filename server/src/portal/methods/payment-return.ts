import { fill } from '@splashboard/splash';
import type Stripe from 'stripe';
import { connectedPage, messagePage, type PortalAnswer } from '../views.ts';
import { continueUrlOf } from '../grant.ts';
import type { MethodContext } from './method.ts';
import { packagesPage } from './payment-screens.ts';
import { grantPackage } from './payment-grant.ts';

const notCompleted = (ctx: MethodContext) =>
  messagePage(
    ctx.snap,
    ctx.lang,
    (t) => ({
      tone: 'error',
      title: t.paymentIncompleteTitle,
      body: t.paymentIncompleteBody,
      action: { label: t.tryAgain, href: 'payment' },
    }),
    402,
  );

/**
 * Where Stripe.js sends the guest once the card is confirmed (`payment-return?payment_intent=pi_…`). The
 * query is only a pointer: the intent is read from the site's Stripe, and its transaction must be this
 * guest's (the device in their pass). A succeeded payment is recorded once (shared with the webhook:
 * whichever comes first) and the guest is let in once with the package's limits; a payment whose device
 * found no place left on the account was refunded, and the page says so.
 */
export async function paymentReturn(ctx: MethodContext, intentId: string | null): Promise<PortalAnswer> {
  const { deps, snap, pass } = ctx;
  if (!intentId || !/^pi_\w{1,200}$/.test(intentId)) return packagesPage(ctx);
  let row = await deps.checkout.repo.transactionOfIntent(snap.site.id, intentId);
  if (!row || (row.mac ?? null) !== (pass.arrival.clientMac?.toLowerCase() ?? null)) return packagesPage(ctx);
  if (row.status !== 'succeeded') {
    const site = await deps.payments.siteStripe.forSite(snap.site.id);
    if (!site) return notCompleted(ctx);
    const intent: Stripe.PaymentIntent = await site.stripe.paymentIntents.retrieve(intentId, {}, site.requestOptions);
    if (intent.metadata?.transaction_id !== String(row.id)) return packagesPage(ctx);
    if (intent.status === 'processing')
      return messagePage(snap, ctx.lang, (t) => ({
        tone: 'info',
        title: t.paymentProcessingTitle,
        body: t.paymentProcessingBody,
        action: { label: t.continue, href: `payment-return?payment_intent=${intent.id}` },
      }));
    if (intent.status !== 'succeeded') return notCompleted(ctx);
    row = (await deps.checkout.succeedPayment(intent)) ?? row;
  }
  if (row.checkout?.slot === 'full')
    return messagePage(
      snap,
      ctx.lang,
      (t) => ({
        tone: 'error',
        title: t.paymentRefundedTitle,
        body: fill(t.paymentRefundedBody, { count: row.numDevices }),
        action: { label: t.back, href: 'payment' },
      }),
      409,
    );
  // The guest is let in once per payment: a reload (or a second tab) finds it done.
  if (!(await deps.checkout.repo.claimGrant(row.id))) return connectedPage(snap, ctx.lang, continueUrlOf(snap, pass));
  const outcome = await grantPackage(ctx, {
    terms: row.terms,
    endtime: row.endtime ?? new Date(),
    collected: { custom: {}, email: row.checkout?.email },
  });
  if (!outcome.ok) await deps.checkout.repo.releaseGrant(row.id);
  return outcome.answer;
}
