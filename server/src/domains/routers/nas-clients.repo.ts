import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nasClients } from '../../db/schema/index.ts';

export type NasClientRow = typeof nasClients.$inferSelect;

/** nas_clients: the gateways that may ask our RADIUS server, by source address. The only module that queries this table. */
export function createNasClientsRepo(db: Database) {
  return {
    async byIpAddress(ip: string): Promise<NasClientRow | undefined> {
      const [row] = await db.select().from(nasClients).where(eq(nasClients.ipAddress, ip));
      return row;
    },

    async ipAddressOf(id: number): Promise<string | undefined> {
      const [nas] = await db.select({ ip: nasClients.ipAddress }).from(nasClients).where(eq(nasClients.id, id));
      return nas?.ip;
    },
  };
}
export type NasClientsRepo = ReturnType<typeof createNasClientsRepo>;
