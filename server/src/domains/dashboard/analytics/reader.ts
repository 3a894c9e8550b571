import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';

/**
 * Runs one tile's reads in their own transaction with JIT off: these are short queries over many index
 * entries, where compiling them (about 100 ms) costs more than it saves.
 */
export function createAnalyticsReader(db: Database) {
  return <T>(run: (reader: Database) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return run(tx as unknown as Database);
    });
}
