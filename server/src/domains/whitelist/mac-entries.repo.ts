import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { macEntries } from '../../db/schema/index.ts';

/** mac_entries: each site's whitelisted devices. The only module that queries this table. */
export function createMacEntriesRepo(db: Database) {
  return {
    /** The normalized MACs whitelisted at a site. */
    async macsOf(siteId: number): Promise<string[]> {
      const rows = await db.select({ mac: macEntries.mac }).from(macEntries).where(eq(macEntries.siteId, siteId));
      return rows.map((r) => r.mac);
    },
  };
}
export type MacEntriesRepo = ReturnType<typeof createMacEntriesRepo>;
