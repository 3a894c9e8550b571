export const PLAN_TYPES = ['collect', 'engage', 'provider'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Plan limits of the specification (section 9 of the second document). */
export const PLAN_LIMITS: Record<
  PlanType,
  { active_guest_devices: number; vouchers_activated: number; transaction_fee_percent: number }
> = {
  collect: { active_guest_devices: 5000, vouchers_activated: 500, transaction_fee_percent: 5 },
  engage: { active_guest_devices: 20000, vouchers_activated: 2000, transaction_fee_percent: 3 },
  provider: { active_guest_devices: 50000, vouchers_activated: 5000, transaction_fee_percent: 1.5 },
};

export const TRIAL_DAYS = 14;
