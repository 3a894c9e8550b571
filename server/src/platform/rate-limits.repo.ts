import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

/** rate_limits: fixed-window counters, in the database so that every process shares them. The only module that queries it. */
export function createRateLimitsRepo(db: Database) {
  return {
    async window(key: string) {
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
      return row ?? null;
    },

    /** Counts one hit in the key's window, starting a new window when the last one is over. */
    async hit(key: string, windowSeconds: number) {
      const window = sql`make_interval(secs => ${windowSeconds})`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: sql`now()`, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStart} <= now() - ${window} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${rateLimits.windowStart} <= now() - ${window} then now() else ${rateLimits.windowStart} end`,
          },
        })
        .returning();
      return row!;
    },

    async reset(key: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    /** Windows that started over a day ago: how many went. */
    async deleteStale() {
      const gone = await db
        .delete(rateLimits)
        .where(lt(rateLimits.windowStart, sql`now() - interval '1 day'`))
        .returning({ key: rateLimits.key });
      return gone.length;
    },
  };
}
export type RateLimitsRepo = ReturnType<typeof createRateLimitsRepo>;
