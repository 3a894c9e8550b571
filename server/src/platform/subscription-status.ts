import { PLAN_TYPES, type PlanType, type SubscriptionStatus } from '@splashboard/contract';

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

/** Whether the account may still change things (every signed-in request reads it into the actor). */
export const isSubscriptionActive = (account: SubscriptionFields, now = new Date()) =>
  ['trialing', 'active', 'past_due'].includes(effectiveStatus(account, now)) && asPlanType(account.planType) !== null;
