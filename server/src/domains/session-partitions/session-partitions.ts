import type { FastifyBaseLogger } from 'fastify';
import { defineScheduledJob, type JobQueue } from '../../platform/jobs.ts';
import { PARTITIONED_TABLES, type SessionPartitionsRepo } from './session-partitions.repo.ts';

export const PARTITIONS_ENSURE_JOB = defineScheduledJob('session-partitions.ensure');
/** Months made ahead: a quarter of missed daily runs before a row has to wait in a default partition. */
export const MONTHS_AHEAD = 3;

/**
 * The daily job that makes the session tables' month partitions ahead (and moves any row that waited in a default
 * partition into its month's). The migrations made this month's and the next ones when they ran.
 */
export function registerPartitionsJob(deps: { jobs: JobQueue; repo: SessionPartitionsRepo; log: FastifyBaseLogger }) {
  deps.jobs.register(PARTITIONS_ENSURE_JOB, async () => {
    for (const table of PARTITIONED_TABLES) {
      const made = await deps.repo.ensure(table, MONTHS_AHEAD);
      if (made > 0) deps.log.info({ table, made }, 'session partitions made');
    }
  });
  deps.jobs.schedule(PARTITIONS_ENSURE_JOB, '41 2 * * *');
}
