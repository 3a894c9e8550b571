import type { PlanUsage } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import type { AccountsRepo } from '../../platform/accounts.repo.ts';
import type { PlanUsageReader } from '../../platform/plan-usage.ts';
import { billingPeriodOf, planLimitsOf } from '../../platform/subscription-status.ts';
import { createVouchersRepo } from '../vouchers/vouchers.repo.ts';
import { periodKey } from '../vouchers/voucher-plan.ts';
import { createPlanLimitsRepo } from './plan-limits.repo.ts';

/** One limit's line of the usage: how much of it is used, in percent (rounded down), and whether it is reached. */
export const usageLine = (used: number, limit: number) => ({
  used,
  limit,
  percent: limit > 0 ? Math.min(100, Math.floor((used * 100) / limit)) : 100,
  reached: used >= limit,
});

/**
 * An account's plan usage in its current billing period: active guest devices and vouchers activated
 * against its plan's limits. Null with billing off (no limits) or for an account that does not exist.
 */
export function createPlanUsageReader(deps: {
  db: Database;
  accounts: AccountsRepo;
  config: { stripe: { enabled: boolean } };
}): PlanUsageReader {
  const planLimits = createPlanLimitsRepo(deps.db);
  const vouchers = createVouchersRepo(deps.db);
  return {
    async usageOf(accountId: number, now = new Date()): Promise<PlanUsage | null> {
      const account = await deps.accounts.planAndPeriodOf(accountId);
      const limits = account && planLimitsOf(account, deps.config.stripe.enabled);
      if (!account || !limits) return null;
      const period = billingPeriodOf(account, now);
      const [devices, activated] = await Promise.all([
        planLimits.devicesIn(accountId, period.start),
        vouchers.activatedIn(accountId, periodKey(period.start)),
      ]);
      return {
        period_start: period.start.toISOString(),
        period_end: period.end.toISOString(),
        active_guest_devices: usageLine(devices, limits.active_guest_devices),
        vouchers_activated: usageLine(activated, limits.vouchers_activated),
      };
    },
  };
}
