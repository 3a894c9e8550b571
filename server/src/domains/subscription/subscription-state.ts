import { PLAN_LIMITS, planIdOf, type PlanType, type Subscription } from '@splashboard/contract';
import type { AccountRow } from '../../platform/accounts.repo.ts';
import { asPlanType, effectiveStatus } from '../../platform/subscription-status.ts';

export const PLAN_PRICES: Record<PlanType, { monthly: number; yearly: number; currency: string }> = {
  collect: { monthly: 29, yearly: 290, currency: 'USD' },
  engage: { monthly: 79, yearly: 790, currency: 'USD' },
  provider: { monthly: 199, yearly: 1990, currency: 'USD' },
};

export function toSubscription(account: AccountRow, billingEnabled: boolean): Subscription {
  const plan = asPlanType(account.planType);
  const cycle = account.billingCycle === 'yearly' ? 'yearly' : 'monthly';
  return {
    billing_enabled: billingEnabled,
    plan_type: plan,
    plan_id: plan ? planIdOf(plan, cycle) : null,
    status: effectiveStatus(account),
    trial_end: account.trialEnd?.toISOString() ?? null,
    current_period_start: account.currentPeriodStart?.toISOString() ?? null,
    current_period_end: (account.currentPeriodEnd ?? account.trialEnd)?.toISOString() ?? null,
    price: plan ? PLAN_PRICES[plan][cycle] : 0,
    currency: plan ? PLAN_PRICES[plan].currency : 'USD',
    billing_cycle: cycle,
    cancel_at_period_end: account.cancelAtPeriodEnd,
    next_charge: null,
    transaction_fee_percent: PLAN_LIMITS[plan ?? 'provider'].transaction_fee_percent,
    has_card: false,
    usage: null,
  };
}
