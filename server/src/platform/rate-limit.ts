import { rateLimited } from './errors.ts';
import type { RateLimitsRepo } from './rate-limits.repo.ts';

/** Fixed-window counters in the database, so every process shares them. */
export function createRateLimiter(repo: RateLimitsRepo) {
  async function count(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
    const row = await repo.window(key);
    if (!row) return { count: 0, retryAfter: 0 };
    const elapsed = (Date.now() - row.windowStart.getTime()) / 1000;
    if (elapsed >= windowSeconds) return { count: 0, retryAfter: 0 };
    return { count: row.count, retryAfter: windowSeconds - elapsed };
  }

  async function hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
    const row = await repo.hit(key, windowSeconds);
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
    reset: (key: string) => repo.reset(key),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
