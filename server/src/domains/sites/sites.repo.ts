import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { sites } from '../../db/schema/index.ts';
import type { SiteRow } from '../../platform/site-access.ts';

export type { SiteRow };

type SiteChanges = Partial<Omit<typeof sites.$inferInsert, 'id' | 'accountId'>>;

/** sites: an account's locations. The only module that queries the table. */
export function createSitesRepo(db: Database) {
  return {
    /** A site of an account; another account's site is not found. */
    async ofAccount(accountId: number, siteId: number): Promise<SiteRow | null> {
      const [row] = await db
        .select()
        .from(sites)
        .where(and(eq(sites.id, siteId), eq(sites.accountId, accountId)));
      return row ?? null;
    },

    /** A site by id alone, for callers without a signed-in user (the portal, jobs, RADIUS). */
    async byId(siteId: number): Promise<SiteRow | null> {
      const [row] = await db.select().from(sites).where(eq(sites.id, siteId));
      return row ?? null;
    },

    async byPortalKey(portalKey: string): Promise<SiteRow | null> {
      const [row] = await db.select().from(sites).where(eq(sites.portalKey, portalKey));
      return row ?? null;
    },

    async idOfPortalKey(portalKey: string): Promise<number | undefined> {
      const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.portalKey, portalKey));
      return site?.id;
    },

    async accountAndPortalKeyOf(siteId: number) {
      const [site] = await db
        .select({ accountId: sites.accountId, portalKey: sites.portalKey })
        .from(sites)
        .where(eq(sites.id, siteId));
      return site;
    },

    async routerTypeOf(siteId: number) {
      const [site] = await db.select({ routerType: sites.routerType }).from(sites).where(eq(sites.id, siteId));
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

    /** The account's sites, oldest first. */
    async allOfAccount(accountId: number): Promise<SiteRow[]> {
      return db.select().from(sites).where(eq(sites.accountId, accountId)).orderBy(asc(sites.id));
    },

    /** The account's sites' ids and names, oldest first. */
    async namesOfAccount(accountId: number) {
      return db
        .select({ id: sites.id, name: sites.name })
        .from(sites)
        .where(eq(sites.accountId, accountId))
        .orderBy(asc(sites.id));
    },

    /** The router type of each of these sites (missing ones are left out). */
    async routerTypes(siteIds: number[]): Promise<Map<number, string | null>> {
      const rows = await db.select({ id: sites.id, routerType: sites.routerType }).from(sites).where(inArray(sites.id, siteIds));
      return new Map(rows.map((r) => [r.id, r.routerType]));
    },

    /** The ids of the sites whose router is one of these types. */
    async idsWithRouterTypes(routerTypes: string[]): Promise<number[]> {
      const rows = await db.select({ id: sites.id }).from(sites).where(inArray(sites.routerType, routerTypes));
      return rows.map((r) => r.id);
    },

    async insert(values: typeof sites.$inferInsert): Promise<SiteRow> {
      const [row] = await db.insert(sites).values(values).returning();
      return row!;
    },

    async update(siteId: number, changes: SiteChanges): Promise<SiteRow> {
      const [row] = await db.update(sites).set(changes).where(eq(sites.id, siteId)).returning();
      return row!;
    },

    /** An operator opened the site's guest portal in test mode. */
    async markPortalTested(siteId: number) {
      await db.update(sites).set({ portalTestedAt: new Date() }).where(eq(sites.id, siteId));
    },

    async delete(accountId: number, siteId: number, tx: Executor = db) {
      await tx.delete(sites).where(and(eq(sites.id, siteId), eq(sites.accountId, accountId)));
    },
  };
}
export type SitesRepo = ReturnType<typeof createSitesRepo>;
