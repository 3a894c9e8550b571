import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { campaignOptIns, campaignSiteSettings } from '../../../db/schema/index.ts';

export type OptInRow = typeof campaignOptIns.$inferSelect;

/** campaign_site_settings (a site's opt-in type; no row: single) and campaign_opt_ins (double opt-in). */
export function createSiteSettingsRepo(db: Database) {
  return {
    async optInType(siteId: number): Promise<string> {
      const [row] = await db.select().from(campaignSiteSettings).where(eq(campaignSiteSettings.siteId, siteId));
      return row?.optInType ?? 'single';
    },

    async saveOptInType(siteId: number, accountId: number, optInType: string) {
      await db
        .insert(campaignSiteSettings)
        .values({ siteId, accountId, optInType })
        .onConflictDoUpdate({ target: campaignSiteSettings.siteId, set: { optInType, updatedAt: new Date() } });
    },

    /** Sites whose opt-in asks for a confirmation email. */
    doubleOptInSites: async () =>
      db
        .select({ siteId: campaignSiteSettings.siteId, accountId: campaignSiteSettings.accountId })
        .from(campaignSiteSettings)
        .where(sql`${campaignSiteSettings.optInType} in ('double', 'verified_double')`),

    /** Records that a confirmation was sent (false: the guest already has one). */
    async startOptIn(row: { guestId: number; siteId: number; email: string; tokenHash: string }): Promise<boolean> {
      const inserted = await db
        .insert(campaignOptIns)
        .values(row)
        .onConflictDoNothing()
        .returning({ guestId: campaignOptIns.guestId });
      return inserted.length === 1;
    },

    /** Confirms the opt-in of a token's hash; answers its row, or undefined for an unknown token. */
    async confirm(tokenHash: string): Promise<OptInRow | undefined> {
      await db
        .update(campaignOptIns)
        .set({ confirmedAt: new Date() })
        .where(and(eq(campaignOptIns.tokenHash, tokenHash), isNull(campaignOptIns.confirmedAt)));
      return (await db.select().from(campaignOptIns).where(eq(campaignOptIns.tokenHash, tokenHash)))[0];
    },
  };
}
export type SiteSettingsRepo = ReturnType<typeof createSiteSettingsRepo>;
