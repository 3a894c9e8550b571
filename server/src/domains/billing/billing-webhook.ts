import type Stripe from 'stripe';
import type { AccountRow } from '../../platform/accounts.repo.ts';
import type { BillingChanges } from '../../platform/accounts.repo.ts';
import { AppError } from '../../platform/errors.ts';
import type { BillingContext } from './billing-context.ts';
import type { BillingRepo } from './billing.repo.ts';
import { callStripe } from './stripe-client.ts';
import { changesFromSubscription, isLive } from './subscription-state.ts';

/** The events the webhook endpoint should be sent (README); others are acknowledged and ignored. */
export const BILLING_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The subscription and customer an event is about. */
function subjectOf(event: Stripe.Event): { subscriptionId: string | null; customerId: string | null } {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.'))
    return { subscriptionId: object.id as string, customerId: idOf(object.customer as string | null) };
  if (event.type.startsWith('invoice.')) {
    const invoice = object as unknown as Stripe.Invoice;
    return {
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      customerId: idOf(invoice.customer),
    };
  }
  return { subscriptionId: null, customerId: null };
}

/**
 * Stripe's signed events: each applied once (its id stored in the same transaction as the change), the
 * subscription read again from Stripe rather than taken from the event, so events arriving out of order or
 * twice end in the state Stripe holds.
 */
export function createBillingWebhook(ctx: BillingContext, repo: BillingRepo) {
  async function accountOf(sub: Stripe.Subscription | null, customerId: string | null): Promise<AccountRow | null> {
    const fromMetadata = Number(sub?.metadata?.account_id);
    if (Number.isInteger(fromMetadata) && fromMetadata > 0) {
      const account = await ctx.accounts.accountById(fromMetadata);
      if (account) return account;
    }
    return customerId ? ctx.accounts.accountByStripeCustomer(customerId) : null;
  }

  function changesFor(event: Stripe.Event, account: AccountRow, sub: Stripe.Subscription | null): BillingChanges {
    // An old subscription's events do not undo a newer one that runs.
    const applies = sub && (!account.stripeSubscriptionId || account.stripeSubscriptionId === sub.id || isLive(sub));
    const changes: BillingChanges = applies ? changesFromSubscription(sub, ctx.catalogue!.planOfPrice) : {};
    const behind = sub ? ['past_due', 'unpaid'].includes(sub.status) : false;
    if (event.type === 'invoice.payment_failed' && sub?.status !== 'active') changes.cardUpdatedRequired = true;
    if (event.type === 'invoice.paid' && !behind) changes.cardUpdatedRequired = false;
    return changes;
  }

  return async function receive(rawBody: Buffer, signature: string | undefined, requestId: string) {
    const stripe = ctx.stripe;
    if (!stripe || !ctx.catalogue) throw new AppError(409, 'billing.billingOff');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', ctx.config.stripe.webhookSecret);
    } catch {
      ctx.log.warn({ requestId }, 'billing webhook: signature does not match');
      throw new AppError(400, 'billing.webhookSignature');
    }
    const { subscriptionId, customerId } = subjectOf(event);
    const retrieve = async () =>
      subscriptionId
        ? callStripe('read subscription', () =>
            stripe.subscriptions.retrieve(subscriptionId).catch((e: Stripe.errors.StripeError) => {
              if (e.statusCode === 404) return null;
              throw e;
            }),
          )
        : null;
    // Whose event it is comes from the event itself (a subscription's metadata, else its customer); only the
    // state is read again from Stripe, once, under the account's lock.
    const described = event.type.startsWith('customer.subscription.') ? (event.data.object as Stripe.Subscription) : null;
    const found = subscriptionId || customerId ? await accountOf(described, customerId) : null;
    const { applied, changes } = await ctx.accounts.transaction(async (tx) => {
      // Stripe is read again with the account locked, as the services write: the last writer read it last.
      const account = found ? await ctx.accounts.lockAccount(found.id, tx) : null;
      const changes = account ? changesFor(event, account, await retrieve()) : {};
      if (!(await repo.claimEvent({ id: event.id, type: event.type, accountId: account?.id ?? null }, tx)))
        return { applied: false, changes: {} };
      if (account && Object.keys(changes).length) await ctx.accounts.updateBilling(account.id, changes, tx);
      return { applied: true, changes };
    });
    ctx.log.info(
      {
        requestId,
        event: event.id,
        type: event.type,
        accountId: found?.id,
        status: changes.subscriptionStatus,
        duplicate: !applied,
      },
      applied ? 'billing webhook: event applied' : 'billing webhook: event already applied',
    );
    return { received: true };
  };
}
