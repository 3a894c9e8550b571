import type Stripe from 'stripe';
import {
  PLAN_LIMITS,
  planIdOf,
  splitPlanId,
  type PlanId,
  type PlanUsage,
  type Plans,
  type Subscription,
} from '@splashboard/contract';
import type { AccountRow, BillingChanges } from '../../platform/accounts.repo.ts';
import { asPlanType, effectiveStatus } from '../../platform/subscription-status.ts';

/** What GET /subscription/ adds to the account's row (read from Stripe and the plan-limits area). */
export interface SubscriptionExtras {
  prices: Plans;
  hasCard: boolean;
  usage: PlanUsage | null;
}

export function toSubscription(account: AccountRow, { prices, hasCard, usage }: SubscriptionExtras): Subscription {
  const plan = asPlanType(account.planType);
  const cycle = account.billingCycle === 'yearly' ? 'yearly' : 'monthly';
  const status = effectiveStatus(account);
  const price = plan ? prices[plan][cycle] : 0;
  const currency = plan ? prices[plan].currency : 'USD';
  // Stripe charges the plan's price at the end of the trial or the period, unless it is ending.
  const chargeDate = status === 'trialing' ? account.trialEnd : status === 'active' ? account.currentPeriodEnd : null;
  const charging = Boolean(account.stripeSubscriptionId) && !account.cancelAtPeriodEnd && chargeDate && plan;
  return {
    billing_enabled: true,
    plan_type: plan,
    plan_id: plan ? planIdOf(plan, cycle) : null,
    status,
    trial_end: account.trialEnd?.toISOString() ?? null,
    current_period_start: account.currentPeriodStart?.toISOString() ?? null,
    current_period_end: (account.currentPeriodEnd ?? account.trialEnd)?.toISOString() ?? null,
    price,
    currency,
    billing_cycle: cycle,
    cancel_at_period_end: account.cancelAtPeriodEnd,
    next_charge: charging ? { amount: price, currency, date: chargeDate.toISOString() } : null,
    transaction_fee_percent: PLAN_LIMITS[plan ?? 'provider'].transaction_fee_percent,
    has_card: hasCard,
    usage,
  };
}

/** With billing off every account has the provider plan without limits. */
export function billingOffSubscription(account: AccountRow, prices: Plans): Subscription {
  const cycle = account.billingCycle === 'yearly' ? 'yearly' : 'monthly';
  return {
    billing_enabled: false,
    plan_type: 'provider',
    plan_id: planIdOf('provider', cycle),
    status: 'active',
    trial_end: null,
    current_period_start: null,
    current_period_end: null,
    price: 0,
    currency: prices.provider.currency,
    billing_cycle: cycle,
    cancel_at_period_end: false,
    next_charge: null,
    transaction_fee_percent: PLAN_LIMITS.provider.transaction_fee_percent,
    has_card: false,
    usage: null,
  };
}

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Stripe's statuses as the account's: a failed renewal is past due (the owner is sent to update the card). */
const STATUS_OF: Record<string, string> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'cancelled',
  incomplete_expired: 'cancelled',
};

/** The account's billing columns as a Stripe subscription holds them (its plan found by its price's lookup key). */
export function changesFromSubscription(
  sub: Stripe.Subscription,
  planOf: (price: Stripe.Price) => PlanId | null,
): BillingChanges {
  const item = sub.items.data[0];
  const planId = item ? planOf(item.price) : null;
  const status = STATUS_OF[sub.status];
  return {
    stripeSubscriptionId: sub.id,
    stripeStatus: sub.status,
    ...(status ? { subscriptionStatus: status } : {}),
    ...(status === 'past_due' ? { cardUpdatedRequired: true } : status === 'active' ? { cardUpdatedRequired: false } : {}),
    ...(planId ? { planType: splitPlanId(planId).tier, billingCycle: splitPlanId(planId).cycle } : {}),
    ...(item ? { currentPeriodStart: date(item.current_period_start), currentPeriodEnd: date(item.current_period_end) } : {}),
    ...(sub.trial_end ? { trialEnd: date(sub.trial_end) } : {}),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
}

/** Whether a Stripe subscription still runs (or may again, once paid). */
export const isLive = (sub: Pick<Stripe.Subscription, 'status'>) =>
  !['canceled', 'incomplete_expired', 'incomplete'].includes(sub.status);
