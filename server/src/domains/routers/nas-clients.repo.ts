import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nasClients } from '../../db/schema/index.ts';

export type NasClientRow = typeof nasClients.$inferSelect;

/**
 * nas_clients: the gateways of a site that may ask our RADIUS server, by source address, with their sealed
 * shared secret. The only module that queries it.
 */
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

    /** The gateway that sends from an address (every site's gateways have their own addresses). */
    async byIpAddress(ip: string): Promise<NasClientRow | undefined> {
      const [row] = await db.select().from(nasClients).where(eq(nasClients.ipAddress, ip));
      return row;
    },

    async ipAddressOf(id: number): Promise<string | undefined> {
      const [nas] = await db.select({ ip: nasClients.ipAddress }).from(nasClients).where(eq(nasClients.id, id));
      return nas?.ip;
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
