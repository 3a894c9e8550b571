import type { AccountsRepo } from './accounts.repo.ts';
import { defineScheduledJob, type JobQueue } from './jobs.ts';
import type { RateLimitsRepo } from './rate-limits.repo.ts';

export const CLEANUP_JOB = defineScheduledJob('maintenance.cleanup');

/** What expires and is deleted hourly: sessions, spent or stale one-time tokens, finished rate-limit windows. */
export function createMaintenance(deps: { accounts: AccountsRepo; rateLimits: RateLimitsRepo; jobs: JobQueue }) {
  async function cleanupExpired() {
    const [identity, rateLimits] = await Promise.all([deps.accounts.deleteExpired(), deps.rateLimits.deleteStale()]);
    return { ...identity, rateLimits };
  }
  deps.jobs.register(CLEANUP_JOB, async () => void (await cleanupExpired()));
  deps.jobs.schedule(CLEANUP_JOB, '17 * * * *');
  return { cleanupExpired };
}
