import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { LimitCount, PlanLimitAlerts, PlanUsageReader } from '../../platform/plan-usage.ts';
import { DeviceLimitReached, claimDevice } from './device-claim.ts';
import { createLimitAlerts } from './limit-alerts.ts';
import { createPlanLimitsRepo } from './plan-limits.repo.ts';
import { createPlanUsageReader } from './plan-usage.reader.ts';

export { createPlanUsageReader } from './plan-usage.reader.ts';
export { DeviceLimitReached } from './device-claim.ts';
export { billingPeriodOf } from '../../platform/subscription-status.ts';

/** What the portal and the billing area use of the plan's limits. */
export interface PlanLimits extends PlanLimitAlerts {
  usage: PlanUsageReader;
  /**
   * Counts a guest device against the plan in the login's transaction (see device-claim.ts): what it
   * counted, for `counted` once the login has committed; throws DeviceLimitReached over the limit.
   */
  countDevice(accountId: number, mac: string | null, tx: Executor): Promise<LimitCount | null>;
}

/**
 * The plan's limits of one process: the usage reader, the device claim of the guests' logins, and the
 * owner's alert emails (their job handler is registered here, once).
 */
export function createPlanLimits(deps: Pick<AppContext, 'db' | 'accounts' | 'config' | 'jobs' | 'mailer'>): PlanLimits {
  const planLimits = createPlanLimitsRepo(deps.db);
  const usage = createPlanUsageReader(deps);
  const alerts = createLimitAlerts({ ...deps, planLimits, usage, publicUrl: deps.config.publicUrl });
  return {
    usage,
    counted: alerts.counted,
    async countDevice(accountId, mac, tx) {
      const claim = await claimDevice({ ...deps, planLimits }, accountId, mac, tx);
      if (!claim.ok) throw new DeviceLimitReached(claim.limit, claim.periodEnd);
      return claim.count;
    },
  };
}
