import { describe, expect, it } from 'vitest';
import { chargeFlowOf, chargePath, chargedAtTrialEnd, flowOf, initialPlan } from './flows.ts';

describe('the change-subscription flows', () => {
  it("use the buy-now call for the gate's update and the banners' buy now, and their own calls otherwise", () => {
    expect(chargeFlowOf('update')).toBe('buynow');
    expect(chargeFlowOf('buy_now')).toBe('buynow');
    expect(chargeFlowOf('reactivate')).toBe('reactivate');
    expect(chargeFlowOf('change')).toBe('change');
  });

  it('preview with the plan in the query and confirm without it', () => {
    expect(chargePath('change', 'engage_yearly')).toBe('/a/api/v1/subscription/change?plan_id=engage_yearly');
    expect(chargePath('buynow', 'collect_monthly')).toBe('/a/api/v1/subscription/buynow?plan_id=collect_monthly');
    expect(chargePath('reactivate')).toBe('/a/api/v1/subscription/reactivate');
  });

  it('read an unknown flow in the address as a change', () => {
    expect(flowOf('buy_now')).toBe('buy_now');
    expect(flowOf(undefined)).toBe('change');
    expect(flowOf('nonsense')).toBe('change');
  });

  it("start from the address's plan, else the current one, else Engage monthly", () => {
    const sub = { plan_id: 'collect_yearly', plan_type: 'collect', billing_cycle: 'yearly' } as const;
    expect(initialPlan('provider_monthly', sub)).toBe('provider_monthly');
    expect(initialPlan('engage', sub)).toBe('engage_yearly');
    expect(initialPlan('gold_plan', sub)).toBe('collect_yearly');
    expect(initialPlan(null, { plan_id: null, plan_type: 'provider', billing_cycle: 'monthly' })).toBe('provider_monthly');
    expect(initialPlan(null, null)).toBe('engage_monthly');
  });

  it('charge a purchase during a trial at its end, and nothing else', () => {
    const now = Date.now();
    const trial = { status: 'trialing', trial_end: new Date(now + 5 * 86_400_000).toISOString() } as const;
    expect(chargedAtTrialEnd(trial, 'buynow')).toBe(true);
    expect(chargedAtTrialEnd(trial, 'change')).toBe(false);
    expect(chargedAtTrialEnd({ status: 'trialing', trial_end: new Date(now - 1000).toISOString() }, 'buynow')).toBe(false);
    expect(chargedAtTrialEnd({ status: 'active', trial_end: null }, 'buynow')).toBe(false);
  });
});
