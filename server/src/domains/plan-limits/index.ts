import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { defineScheduledJob } from '../../platform/jobs.ts';
import type { LimitCount, PlanLimitAlerts, PlanUsageReader } from '../../platform/plan-usage.ts';
import { DeviceLimitReached, claimDevice } from './device-claim.ts';
import { createDashboardAddress } from '../custom-domain/dashboard-address.ts';
import { createLimitAlerts } from './limit-alerts.ts';
import { createPlanLimitsRepo } from './plan-limits.repo.ts';
import { createPlanUsageReader } from './plan-usage.reader.ts';

export { createPlanUsageReader } from './plan-usage.reader.ts';
export { DeviceLimitReached } from './device-claim.ts';
export { billingPeriodOf } from '../../platform/subscription-status.ts';

/** What the portal and the billing area use of the plan's limits. */
export interface PlanLimits extends PlanLimitAlerts {
  usage: PlanUsageReader;
  /** Whether guest devices are counted at all (billing on): without it a login needs no transaction for them. */
  countsDevices: boolean;
  /**
   * Counts a guest device against the plan in the login's transaction (see device-claim.ts): what it
   * counted, for `counted` once the login has committed; throws DeviceLimitReached over the limit.
   */
  countDevice(accountId: number, mac: string | null, tx: Executor): Promise<LimitCount | null>;
}

/** Forgets which devices logged in during periods long over (a yearly period is the longest). */
export const DEVICE_SWEEP_JOB = defineScheduledJob('plan-limits.devices.sweep');
const DEVICES_KEPT_DAYS = 400;

/**
 * The plan's limits of one process: the usage reader, the device claim of the guests' logins, the owner's
 * alert emails and the daily sweep of old devices (their job handlers are registered here, once).
 */
export function createPlanLimits(deps: Pick<AppContext, 'db' | 'accounts' | 'config' | 'jobs' | 'mailer'>): PlanLimits {
  const planLimits = createPlanLimitsRepo(deps.db);
  const usage = createPlanUsageReader(deps);
  const dashboardUrlOf = createDashboardAddress(deps.db, deps.config.publicUrl);
  const alerts = createLimitAlerts({ ...deps, planLimits, usage, dashboardUrlOf });
  deps.jobs.register(DEVICE_SWEEP_JOB, async () => {
    await planLimits.deleteDevicesBefore(new Date(Date.now() - DEVICES_KEPT_DAYS * 86_400_000));
  });
  deps.jobs.schedule(DEVICE_SWEEP_JOB, '29 3 * * *');
  return {
    usage,
    countsDevices: deps.config.stripe.enabled,
    counted: alerts.counted,
    async countDevice(accountId, mac, tx) {
      const claim = await claimDevice({ ...deps, planLimits }, accountId, mac, tx);
      if (!claim.ok) throw new DeviceLimitReached(claim.limit, claim.periodEnd);
      return claim.count;
    },
  };
}
