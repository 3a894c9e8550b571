import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { planDeviceCounts, planDeviceUsage, planLimitAlerts } from '../../db/schema/index.ts';

/**
 * plan_device_usage, plan_device_counts and plan_limit_alerts: the guest devices counted against an
 * account's plan per billing period, and the owner's emails about its limits. The only module that queries them.
 */
export function createPlanLimitsRepo(db: Database) {
  return {
    /**
     * Counts a device in the period unless `limit` are already counted: 'known' when it already was (it
     * always gets in), the count made, or null when the limit is reached. Inside the login's transaction:
     * a refused login rolls its device row back, and two logins of one new device wait on its row.
     */
    async claimDevice(
      accountId: number,
      periodStart: Date,
      mac: string,
      limit: number,
      tx: Executor,
    ): Promise<'known' | number | null> {
      const added = await tx
        .insert(planDeviceUsage)
        .values({ accountId, periodStart, mac })
        .onConflictDoNothing()
        .returning({ mac: planDeviceUsage.mac });
      if (!added.length) return 'known';
      const rows = await tx
        .insert(planDeviceCounts)
        .values({ accountId, periodStart, used: 1 })
        .onConflictDoUpdate({
          target: [planDeviceCounts.accountId, planDeviceCounts.periodStart],
          set: { used: sql`${planDeviceCounts.used} + 1` },
          setWhere: lt(planDeviceCounts.used, limit),
        })
        .returning({ used: planDeviceCounts.used });
      return rows[0]?.used ?? null;
    },

    async devicesIn(accountId: number, periodStart: Date): Promise<number> {
      const [row] = await db
        .select({ used: planDeviceCounts.used })
        .from(planDeviceCounts)
        .where(and(eq(planDeviceCounts.accountId, accountId), eq(planDeviceCounts.periodStart, periodStart)));
      return row?.used ?? 0;
    },

    /** Records an alert as sent; false when it already was (by this node or another). */
    async markAlertSent(accountId: number, periodStart: Date, kind: string, threshold: number): Promise<boolean> {
      const rows = await db
        .insert(planLimitAlerts)
        .values({ accountId, periodStart, kind, threshold })
        .onConflictDoNothing()
        .returning({ kind: planLimitAlerts.kind });
      return rows.length > 0;
    },
  };
}
export type PlanLimitsRepo = ReturnType<typeof createPlanLimitsRepo>;
