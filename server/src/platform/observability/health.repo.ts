import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** What /readyz asks the database: that it answers, and which migration drizzle applied last. */
export function createHealthRepo(db: Database) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
    /** The journal time (`when`) of the last migration applied, or null before any. */
    async lastMigration(): Promise<number | null> {
      const r = (await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { last: string | number | null }[];
      };
      const last = r.rows[0]?.last;
      return last === null || last === undefined ? null : Number(last);
    },
  };
}
