import { PLAN_LIMITS, PLAN_TYPES, TRIAL_DAYS, type PlanType, type SubscriptionStatus } from '@splashboard/contract';

export const asPlanType = (v: string | null): PlanType | null =>
  (PLAN_TYPES as readonly string[]).includes(v ?? '') ? (v as PlanType) : null;

/** What an account's subscription status is read from. */
export interface SubscriptionFields {
  subscriptionStatus: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  planType: string | null;
}

/** The status as of now: a trial or a paid period that has run out reads as expired. */
export function effectiveStatus(account: SubscriptionFields, now = new Date()): SubscriptionStatus {
  const status = account.subscriptionStatus as SubscriptionStatus;
  if (status === 'trialing' && account.trialEnd && account.trialEnd <= now) return 'expired';
  if (status === 'active' && account.currentPeriodEnd && account.currentPeriodEnd <= now) return 'expired';
  return status;
}

/**
 * The plan an account has: the stored one with billing on; with billing off (no STRIPE_SECRET_KEY, a
 * self-hosted server) every account has the provider plan, whatever was picked at sign-up.
 */
export const effectivePlan = (account: Pick<SubscriptionFields, 'planType'>, billingEnabled: boolean): PlanType | null =>
  billingEnabled ? asPlanType(account.planType) : 'provider';

/** Whether the account may still change things (every signed-in request reads it into the actor). */
export const isSubscriptionActive = (account: SubscriptionFields, billingEnabled: boolean, now = new Date()) =>
  !billingEnabled ||
  (['trialing', 'active', 'past_due'].includes(effectiveStatus(account, now)) && asPlanType(account.planType) !== null);

export type PlanLimits = (typeof PLAN_LIMITS)[PlanType];

/**
 * The limits an account is held to: its plan's (an account without a plan yet is held to the smallest),
 * or none (null) with billing off.
 */
export const planLimitsOf = (account: Pick<SubscriptionFields, 'planType'>, billingEnabled: boolean): PlanLimits | null =>
  billingEnabled ? PLAN_LIMITS[asPlanType(account.planType) ?? 'collect'] : null;

/** What an account's billing period is read from. */
export interface PeriodFields {
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  createdAt: Date;
}

export interface BillingPeriod {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

/** The month-long slice of `from` + n months that holds `now` (an account with neither a period nor a trial). */
function monthlyFrom(from: Date, now: Date): BillingPeriod {
  const at = (n: number) => {
    const d = new Date(from);
    d.setUTCMonth(d.getUTCMonth() + n);
    return d;
  };
  let n = Math.max(0, (now.getUTCFullYear() - from.getUTCFullYear()) * 12 + now.getUTCMonth() - from.getUTCMonth() - 1);
  while (at(n + 1) <= now) n++;
  return { start: at(n), end: at(n + 1) };
}

/**
 * The billing period the plan's limits are counted in: Stripe's current period (the billing area writes
 * it from the webhooks); during a local trial without one, from the account's creation (or the trial's
 * start, if the trial was given later) to the trial's end. A period or trial that has run out stays the
 * one counted in (nothing can sign in to start another). An account with neither counts by months from
 * its creation.
 */
export function billingPeriodOf(account: PeriodFields, now = new Date()): BillingPeriod {
  const { currentPeriodStart: start, currentPeriodEnd: end, trialEnd } = account;
  if (start && end && start < end) return { start, end };
  if (trialEnd) {
    const trialStart = new Date(trialEnd.getTime() - TRIAL_DAYS * DAY_MS);
    return { start: account.createdAt < trialEnd ? account.createdAt : trialStart, end: trialEnd };
  }
  return monthlyFrom(account.createdAt, now);
}
