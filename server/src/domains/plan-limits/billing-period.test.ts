import { describe, expect, it } from 'vitest';
import { billingPeriodOf } from '../../platform/subscription-status.ts';
import { crossesThreshold } from '../../platform/plan-usage.ts';
import { usageLine } from './plan-usage.reader.ts';

const d = (iso: string) => new Date(iso);
const none = { currentPeriodStart: null, currentPeriodEnd: null, trialEnd: null };

describe('the billing period the plan’s limits are counted in', () => {
  it('is Stripe’s current period, while it runs and after it ran out', () => {
    const account = {
      ...none,
      currentPeriodStart: d('2026-11-03T10:00:00Z'),
      currentPeriodEnd: d('2026-12-03T10:00:00Z'),
      trialEnd: d('2026-10-20T00:00:00Z'),
      createdAt: d('2026-10-06T00:00:00Z'),
    };
    const period = { start: d('2026-11-03T10:00:00Z'), end: d('2026-12-03T10:00:00Z') };
    expect(billingPeriodOf(account, d('2026-11-28T00:00:00Z'))).toEqual(period);
    expect(billingPeriodOf(account, d('2027-01-15T00:00:00Z'))).toEqual(period);
  });

  it('is the local trial, from the account’s creation to the trial’s end, before Stripe has a period', () => {
    const account = { ...none, trialEnd: d('2026-12-10T12:00:00Z'), createdAt: d('2026-11-26T12:00:00Z') };
    const trial = { start: d('2026-11-26T12:00:00Z'), end: d('2026-12-10T12:00:00Z') };
    expect(billingPeriodOf(account, d('2026-11-28T00:00:00Z'))).toEqual(trial);
    // An expired trial stays the period: nothing can sign in to start another.
    expect(billingPeriodOf(account, d('2027-02-01T00:00:00Z'))).toEqual(trial);
  });

  it('starts a trial given after the account was made (its end earlier than the creation) TRIAL_DAYS before its end', () => {
    const account = { ...none, trialEnd: d('2026-11-20T00:00:00Z'), createdAt: d('2026-11-25T00:00:00Z') };
    expect(billingPeriodOf(account)).toEqual({ start: d('2026-11-06T00:00:00Z'), end: d('2026-11-20T00:00:00Z') });
  });

  it('runs by months from the creation for an account with neither a period nor a trial', () => {
    const account = { ...none, createdAt: d('2026-01-31T08:00:00Z') };
    expect(billingPeriodOf(account, d('2026-01-31T09:00:00Z'))).toEqual({
      start: d('2026-01-31T08:00:00Z'),
      end: d('2026-03-03T08:00:00Z'),
    });
    const later = billingPeriodOf(account, d('2026-11-28T00:00:00Z'));
    expect(later.start <= d('2026-11-28T00:00:00Z') && d('2026-11-28T00:00:00Z') < later.end).toBe(true);
    expect(later.start.getUTCMonth()).toBe(9);
  });

  it('ignores a period whose end is not after its start', () => {
    const account = {
      currentPeriodStart: d('2026-11-03T00:00:00Z'),
      currentPeriodEnd: d('2026-11-03T00:00:00Z'),
      trialEnd: d('2026-11-17T00:00:00Z'),
      createdAt: d('2026-11-03T00:00:00Z'),
    };
    expect(billingPeriodOf(account)).toEqual({ start: d('2026-11-03T00:00:00Z'), end: d('2026-11-17T00:00:00Z') });
  });
});

describe('a usage line and its alert thresholds', () => {
  it('rounds the percent down and says reached only at the limit', () => {
    expect(usageLine(3999, 5000)).toEqual({ used: 3999, limit: 5000, percent: 79, reached: false });
    expect(usageLine(5000, 5000)).toEqual({ used: 5000, limit: 5000, percent: 100, reached: true });
  });

  it('crosses a threshold at exactly 80 % and 100 % of a limit', () => {
    expect([399, 400, 401, 499, 500].map((used) => crossesThreshold({ used, limit: 500 }))).toEqual([
      false,
      true,
      false,
      false,
      true,
    ]);
    expect(crossesThreshold({ used: 1200, limit: 1500 })).toBe(true);
  });
});
