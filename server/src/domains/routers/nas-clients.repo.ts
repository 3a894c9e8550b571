import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nasClients } from '../../db/schema/index.ts';

export type NasClientRow = typeof nasClients.$inferSelect;

/** nas_clients: the gateways of a site that may ask our RADIUS server, with their sealed shared secret. The only module that queries it. */
export function createNasClientsRepo(db: Database) {
  return {
    async ofSite(siteId: number): Promise<NasClientRow[]> {
      return db.select().from(nasClients).where(eq(nasClients.siteId, siteId)).orderBy(asc(nasClients.id));
    },

    async countOfSite(siteId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(nasClients).where(eq(nasClients.siteId, siteId));
      return row?.n ?? 0;
    },

    async byId(siteId: number, id: number): Promise<NasClientRow | null> {
      const [row] = await db
        .select()
        .from(nasClients)
        .where(and(eq(nasClients.id, id), eq(nasClients.siteId, siteId)));
      return row ?? null;
    },

    /** The new gateway, or null when its address is already registered (at any site). */
    async insert(values: typeof nasClients.$inferInsert): Promise<NasClientRow | null> {
      const [row] = await db.insert(nasClients).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** Whether there was such a gateway to delete. */
    async delete(siteId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(nasClients)
        .where(and(eq(nasClients.id, id), eq(nasClients.siteId, siteId)))
        .returning({ id: nasClients.id });
      return deleted.length > 0;
    },
  };
}
export type NasClientsRepo = ReturnType<typeof createNasClientsRepo>;
