import { isPlanId, planIdOf, type PlanId, type Subscription, type SubscriptionFlow } from '@splashboard/contract';

/** The charge calls behind the flows: the gate's `update` (no plan) buys like `buy_now`. */
export type ChargeFlow = 'buynow' | 'reactivate' | 'change';

export function chargeFlowOf(flow: SubscriptionFlow): ChargeFlow {
  if (flow === 'reactivate') return 'reactivate';
  if (flow === 'change') return 'change';
  return 'buynow';
}

/** The preview (with the plan) or, without one, the confirming call of a charge flow. */
export function chargePath(flow: ChargeFlow, planId?: PlanId) {
  const path = `/a/api/v1/subscription/${flow}`;
  return planId ? `${path}?plan_id=${encodeURIComponent(planId)}` : path;
}

/**
 * The plan chosen when the page opens: `?plan=` (a plan id, or a tier taken monthly), else the current
 * plan (for a change, the other cycle of the same tier would be a change too, so it stays), else Engage monthly.
 */
export function initialPlan(
  query: string | null,
  sub: Pick<Subscription, 'plan_id' | 'plan_type' | 'billing_cycle'> | null,
): PlanId {
  if (isPlanId(query)) return query;
  if (query === 'collect' || query === 'engage' || query === 'provider') return planIdOf(query, sub?.billing_cycle ?? 'monthly');
  if (sub?.plan_id) return sub.plan_id;
  if (sub?.plan_type) return planIdOf(sub.plan_type, sub.billing_cycle);
  return 'engage_monthly';
}

/** During a trial nothing is charged when buying: the card is charged when the trial ends. */
export const chargedAtTrialEnd = (sub: Pick<Subscription, 'status' | 'trial_end'> | null, flow: ChargeFlow) =>
  flow === 'buynow' && sub?.status === 'trialing' && sub.trial_end !== null && Date.parse(sub.trial_end) > Date.now();

/** The flow in the address, or `change` for anything else. */
export const flowOf = (param: string | undefined): SubscriptionFlow =>
  param === 'update' || param === 'buy_now' || param === 'reactivate' || param === 'change' ? param : 'change';
