import { and, count, desc, eq, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { macEntries } from '../../db/schema/index.ts';

export type MacEntryRow = typeof macEntries.$inferSelect;
type EntryChanges = Partial<Pick<MacEntryRow, 'mac' | 'externalIp' | 'description' | 'networkStatus' | 'networkDetail'>>;

/** mac_entries: each site's whitelisted devices and what their controller said of them. The only module that queries it. */
export function createMacEntriesRepo(db: Database) {
  const ofSiteWithMac = (siteId: number, mac: string) => and(eq(macEntries.siteId, siteId), eq(macEntries.mac, mac));

  return {
    async byId(siteId: number, id: number): Promise<MacEntryRow | null> {
      const [row] = await db
        .select()
        .from(macEntries)
        .where(and(eq(macEntries.id, id), eq(macEntries.siteId, siteId)));
      return row ?? null;
    },

    /** The id of the site's entry for a MAC (twelve lowercase hex digits), if there is one. */
    async idOf(siteId: number, mac: string): Promise<number | null> {
      const [row] = await db.select({ id: macEntries.id }).from(macEntries).where(ofSiteWithMac(siteId, mac));
      return row?.id ?? null;
    },

    /** A page of the site's entries, newest first, searched by MAC, address or description, and how many match. */
    async page(siteId: number, q: { page: number; per_page: number; search: string }) {
      const term = q.search.toLowerCase().replace(/[^0-9a-z.]/g, '');
      const where = and(
        eq(macEntries.siteId, siteId),
        q.search
          ? or(
              ilike(macEntries.mac, `%${term}%`),
              ilike(macEntries.externalIp, `%${q.search}%`),
              ilike(macEntries.description, `%${q.search}%`),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(macEntries)
          .where(where)
          .orderBy(desc(macEntries.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(macEntries).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** How many devices a site has on its list. */
    async countOf(siteId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(macEntries).where(eq(macEntries.siteId, siteId));
      return row?.n ?? 0;
    },

    /** Every whitelisted MAC of a site (normalized). */
    async macsOf(siteId: number): Promise<string[]> {
      const rows = await db.select({ mac: macEntries.mac }).from(macEntries).where(eq(macEntries.siteId, siteId));
      return rows.map((r) => r.mac);
    },

    /** The new entry, or null when the site already has this MAC. */
    async insert(values: typeof macEntries.$inferInsert): Promise<MacEntryRow | null> {
      const [row] = await db.insert(macEntries).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async update(id: number, changes: EntryChanges): Promise<MacEntryRow> {
      const [row] = await db.update(macEntries).set(changes).where(eq(macEntries.id, id)).returning();
      return row!;
    },

    async delete(id: number) {
      await db.delete(macEntries).where(eq(macEntries.id, id));
    },

    /** What the controller said of a site's MAC, when it was asked. */
    async recordNetworkStatus(siteId: number, mac: string, status: 'authorized' | 'failed' | 'none', detail: string) {
      await db
        .update(macEntries)
        .set({ networkStatus: status, networkDetail: detail.slice(0, 500), networkCheckedAt: new Date() })
        .where(ofSiteWithMac(siteId, mac));
    },

    /**
     * Entries of these sites to send to their controller again: refused ones, authorizations older than
     * `authorizedBefore`, and pending ones an hour old (their job was lost).
     */
    async dueForRefresh(siteIds: number[], authorizedBefore: Date, limit: number) {
      return db
        .select({ siteId: macEntries.siteId, mac: macEntries.mac })
        .from(macEntries)
        .where(
          and(
            inArray(macEntries.siteId, siteIds),
            or(
              eq(macEntries.networkStatus, 'failed'),
              and(eq(macEntries.networkStatus, 'authorized'), lt(macEntries.networkCheckedAt, authorizedBefore)),
              and(eq(macEntries.networkStatus, 'pending'), lt(macEntries.createdAt, sql`now() - interval '1 hour'`)),
            ),
          ),
        )
        .limit(limit);
    },
  };
}
export type MacEntriesRepo = ReturnType<typeof createMacEntriesRepo>;
