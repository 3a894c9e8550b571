import { and, eq } from 'drizzle-orm';
import { DEFAULT_DASHBOARD_LAYOUTS, type DashboardConfig, type DashboardConfigInput } from '@splashboard/contract';
import type { Database, Executor } from '../../db/client.ts';
import { dashboardConfigs } from '../../db/schema/index.ts';

/**
 * dashboard_configs: a user's layout per site (site 0: the control panel). It is the user's own view,
 * not site data, so saving it needs only read access to the site (a Read Only client may arrange their
 * dashboard too). Breakpoints left out of a saved layout fall back to the default one. The only module
 * that queries the table.
 */
export function createDashboardLayoutsRepo(db: Database) {
  async function get(userId: number, siteId: number): Promise<DashboardConfig> {
    const [row] = await db
      .select()
      .from(dashboardConfigs)
      .where(and(eq(dashboardConfigs.userId, userId), eq(dashboardConfigs.siteId, siteId)));
    if (!row) return { layouts: DEFAULT_DASHBOARD_LAYOUTS, hidden: [], saved: false, updated_at: null };
    return {
      layouts: { ...DEFAULT_DASHBOARD_LAYOUTS, ...row.layouts },
      hidden: row.hidden,
      saved: true,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  return {
    get,

    async removeOfSite(siteId: number, tx: Executor = db) {
      await tx.delete(dashboardConfigs).where(eq(dashboardConfigs.siteId, siteId));
    },

    async save(userId: number, siteId: number, input: DashboardConfigInput): Promise<DashboardConfig> {
      const values = { layouts: input.layouts, hidden: input.hidden, updatedAt: new Date() };
      await db
        .insert(dashboardConfigs)
        .values({ userId, siteId, ...values })
        .onConflictDoUpdate({ target: [dashboardConfigs.userId, dashboardConfigs.siteId], set: values });
      return get(userId, siteId);
    },
  };
}
