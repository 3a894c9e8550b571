import { PLAN_TYPES, type PlanType, type Subscription, type SubscriptionStatus } from '@splashboard/contract';
import type { accounts } from '../../db/schema/index.ts';

type AccountRow = typeof accounts.$inferSelect;

export const PLAN_PRICES: Record<PlanType, { monthly: number; yearly: number; currency: string }> = {
  collect: { monthly: 29, yearly: 290, currency: 'USD' },
  engage: { monthly: 79, yearly: 790, currency: 'USD' },
  provider: { monthly: 199, yearly: 1990, currency: 'USD' },
};

export const asPlanType = (v: string | null): PlanType | null =>
  (PLAN_TYPES as readonly string[]).includes(v ?? '') ? (v as PlanType) : null;

/** The status as of now: a trial or a paid period that has run out reads as expired. */
type StatusFields = Pick<AccountRow, 'subscriptionStatus' | 'trialEnd' | 'currentPeriodEnd' | 'planType'>;

export function effectiveStatus(account: StatusFields, now = new Date()): SubscriptionStatus {
  const status = account.subscriptionStatus as SubscriptionStatus;
  if (status === 'trialing' && account.trialEnd && account.trialEnd <= now) return 'expired';
  if (status === 'active' && account.currentPeriodEnd && account.currentPeriodEnd <= now) return 'expired';
  return status;
}

export const isSubscriptionActive = (account: StatusFields, now = new Date()) =>
  ['trialing', 'active', 'past_due'].includes(effectiveStatus(account, now)) && asPlanType(account.planType) !== null;

export function toSubscription(account: AccountRow): Subscription {
  const plan = asPlanType(account.planType);
  const cycle = account.billingCycle === 'yearly' ? 'yearly' : 'monthly';
  return {
    plan_type: plan,
    status: effectiveStatus(account),
    trial_end: account.trialEnd?.toISOString() ?? null,
    current_period_end: (account.currentPeriodEnd ?? account.trialEnd)?.toISOString() ?? null,
    price: plan ? PLAN_PRICES[plan][cycle] : 0,
    currency: plan ? PLAN_PRICES[plan].currency : 'USD',
    billing_cycle: cycle,
    cancel_at_period_end: account.cancelAtPeriodEnd,
  };
}
