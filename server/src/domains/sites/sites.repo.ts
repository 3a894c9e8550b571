import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sites } from '../../db/schema/index.ts';

export type SiteRow = typeof sites.$inferSelect;

/** sites: an account's locations. The only module that queries this table. */
export function createSitesRepo(db: Database) {
  return {
    async byId(id: number): Promise<SiteRow | undefined> {
      const [site] = await db.select().from(sites).where(eq(sites.id, id));
      return site;
    },

    async byPortalKey(portalKey: string): Promise<SiteRow | undefined> {
      const [site] = await db.select().from(sites).where(eq(sites.portalKey, portalKey));
      return site;
    },

    async idOfPortalKey(portalKey: string): Promise<number | undefined> {
      const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.portalKey, portalKey));
      return site?.id;
    },

    async accountAndPortalKeyOf(id: number) {
      const [site] = await db
        .select({ accountId: sites.accountId, portalKey: sites.portalKey })
        .from(sites)
        .where(eq(sites.id, id));
      return site;
    },

    async routerTypeOf(id: number) {
      const [site] = await db.select({ routerType: sites.routerType }).from(sites).where(eq(sites.id, id));
      return site;
    },

    /** Which of these ids are sites of the account. */
    async idsOfAccount(accountId: number, ids: number[]): Promise<number[]> {
      const rows = await db
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.accountId, accountId), inArray(sites.id, ids)));
      return rows.map((r) => r.id);
    },

    /** The names of these sites, ordered by name (then id). */
    async namesOf(ids: number[]): Promise<{ id: number; name: string }[]> {
      if (!ids.length) return [];
      return db
        .select({ id: sites.id, name: sites.name })
        .from(sites)
        .where(inArray(sites.id, ids))
        .orderBy(sites.name, sites.id);
    },
  };
}
export type SitesRepo = ReturnType<typeof createSitesRepo>;
