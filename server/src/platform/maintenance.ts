import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { oneTimeTokens, rateLimits, sessions } from '../db/schema/index.ts';
import type { JobQueue } from './jobs.ts';

export const CLEANUP_JOB = 'maintenance.cleanup';

/** Deletes what has expired: sessions, spent or stale one-time tokens, finished rate-limit windows. */
export async function cleanupExpired(db: Database) {
  const dayAgo = sql`now() - interval '1 day'`;
  const [s, t, r] = await Promise.all([
    db
      .delete(sessions)
      .where(lt(sessions.expiresAt, sql`now()`))
      .returning({ id: sessions.id }),
    db
      .delete(oneTimeTokens)
      .where(or(lt(oneTimeTokens.expiresAt, dayAgo), and(isNotNull(oneTimeTokens.usedAt), lt(oneTimeTokens.usedAt, dayAgo))))
      .returning({ id: oneTimeTokens.id }),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo)).returning({ key: rateLimits.key }),
  ]);
  return { sessions: s.length, tokens: t.length, rateLimits: r.length };
}

export function registerMaintenance(db: Database, jobs: JobQueue) {
  jobs.register(CLEANUP_JOB, async () => {
    await cleanupExpired(db);
  });
  jobs.schedule(CLEANUP_JOB, '17 * * * *');
}
