import { sql, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { rateLimited } from './errors.ts';

/** Fixed-window counters in the database, so every process shares them. */
export function createRateLimiter(db: Database) {
  async function count(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
    const rows = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
    const row = rows[0];
    if (!row) return { count: 0, retryAfter: 0 };
    const elapsed = (Date.now() - row.windowStart.getTime()) / 1000;
    if (elapsed >= windowSeconds) return { count: 0, retryAfter: 0 };
    return { count: row.count, retryAfter: windowSeconds - elapsed };
  }

  async function hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
    const window = sql`make_interval(secs => ${windowSeconds})`;
    const rows = await db
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
    const row = rows[0]!;
    const elapsed = (Date.now() - row.windowStart.getTime()) / 1000;
    return { count: row.count, retryAfter: Math.max(1, windowSeconds - elapsed) };
  }

  return {
    /** Throws 429 when the key is already at its limit, without counting this attempt. */
    async assertUnder(key: string, limit: number, windowSeconds: number) {
      const c = await count(key, windowSeconds);
      if (c.count >= limit) throw rateLimited(c.retryAfter);
    },
    /** Counts one attempt and throws 429 when it goes past the limit. */
    async consume(key: string, limit: number, windowSeconds: number) {
      const c = await hit(key, windowSeconds);
      if (c.count > limit) throw rateLimited(c.retryAfter);
    },
    /** Counts one attempt without throwing (failures counted after the fact). */
    hit,
    reset: (key: string) => db.delete(rateLimits).where(eq(rateLimits.key, key)),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
