import { and, desc, eq, isNull, or, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { splashAdDailyCounts, splashAds } from '../../../db/schema/index.ts';

export type SplashAdRow = typeof splashAds.$inferSelect;
type NewSplashAd = typeof splashAds.$inferInsert;
export type SplashAdWithCounts = SplashAdRow & { impressions: number; clicks: number };

const impressions = sql<number>`(select coalesce(sum(c.impressions), 0) from ${splashAdDailyCounts} c
  where c.ad_id = ${splashAds}.id)::int`;
const clicks = sql<number>`(select coalesce(sum(c.clicks), 0) from ${splashAdDailyCounts} c
  where c.ad_id = ${splashAds}.id)::int`;

const flatten = (r: { row: SplashAdRow; impressions: number; clicks: number }): SplashAdWithCounts => ({
  ...r.row,
  impressions: Number(r.impressions),
  clicks: Number(r.clicks),
});

/** splash_ads and their daily counts: the dashboard's list and edits, the portal's live ads and counting. */
export function createSplashAdsRepo(db: Database) {
  const notDeleted = (siteId: number) => and(eq(splashAds.siteId, siteId), isNull(splashAds.deletedAt));
  const withCounts = { row: splashAds, impressions, clicks };

  return {
    async list(siteId: number): Promise<SplashAdWithCounts[]> {
      const rows = await db.select(withCounts).from(splashAds).where(notDeleted(siteId)).orderBy(desc(splashAds.id));
      return rows.map(flatten);
    },

    async byId(siteId: number, id: number): Promise<SplashAdWithCounts | undefined> {
      const [row] = await db
        .select(withCounts)
        .from(splashAds)
        .where(and(eq(splashAds.id, id), notDeleted(siteId)));
      return row && flatten(row);
    },

    async insert(values: NewSplashAd): Promise<SplashAdRow> {
      const [row] = await db.insert(splashAds).values(values).returning();
      if (!row) throw new Error('splash ad not inserted');
      return row;
    },

    async update(siteId: number, id: number, changes: Partial<NewSplashAd>) {
      await db
        .update(splashAds)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(splashAds.id, id), notDeleted(siteId)));
    },

    /**
     * The site's ads a guest may see at this placement now or later (active, not ended), the latest started
     * first; the portal keeps them with the site's snapshot and checks start and end itself.
     */
    async showable(siteId: number, placement: string, now: Date): Promise<SplashAdRow[]> {
      return db
        .select()
        .from(splashAds)
        .where(
          and(
            notDeleted(siteId),
            eq(splashAds.active, 1),
            eq(splashAds.placement, placement),
            or(isNull(splashAds.endTime), gt(splashAds.endTime, now)),
          ),
        )
        .orderBy(sql`${splashAds.startTime} desc nulls last`, desc(splashAds.id));
    },

    /** A live-or-not ad of the site by id (the portal's skip and click links name it). */
    async ofSite(siteId: number, id: number): Promise<SplashAdRow | undefined> {
      const [row] = await db
        .select()
        .from(splashAds)
        .where(and(eq(splashAds.id, id), notDeleted(siteId)));
      return row;
    },

    /** One more impression or click on the ad's row of the day. */
    async count(adId: number, what: 'impressions' | 'clicks', now: Date) {
      const day = now.toISOString().slice(0, 10);
      const column = what === 'impressions' ? splashAdDailyCounts.impressions : splashAdDailyCounts.clicks;
      await db
        .insert(splashAdDailyCounts)
        .values({ adId, day, [what]: 1 })
        .onConflictDoUpdate({
          target: [splashAdDailyCounts.adId, splashAdDailyCounts.day],
          set: { [what]: sql`${column} + 1` },
        });
    },
  };
}
export type SplashAdsRepo = ReturnType<typeof createSplashAdsRepo>;
