import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { splashDesigns, splashMethodSettings } from '../../db/schema/index.ts';

/** splash_designs, splash_method_settings and splash_uploads: how a site's portal looks and asks. The only module that queries these tables. */
export function createSplashRepo(db: Database) {
  return {
    async designOf(siteId: number) {
      const [design] = await db.select().from(splashDesigns).where(eq(splashDesigns.siteId, siteId));
      return design;
    },

    /** Every login method's stored settings at the site. */
    async methodSettingsOf(siteId: number) {
      return db.select().from(splashMethodSettings).where(eq(splashMethodSettings.siteId, siteId));
    },

    /** One method's stored values (by its settings path), when it has any. */
    async methodValuesOf(siteId: number, method: string): Promise<Record<string, unknown> | undefined> {
      const [row] = await db
        .select({ values: splashMethodSettings.values })
        .from(splashMethodSettings)
        .where(and(eq(splashMethodSettings.siteId, siteId), eq(splashMethodSettings.method, method)));
      return row?.values;
    },
  };
}
export type SplashRepo = ReturnType<typeof createSplashRepo>;
