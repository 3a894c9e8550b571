import type { Area } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import { createSessionPartitionsRepo } from './session-partitions.repo.ts';
import { registerPartitionsJob } from './session-partitions.ts';

export { PARTITIONS_ENSURE_JOB, MONTHS_AHEAD } from './session-partitions.ts';
export { archiveMonths, restoreMonth, monthStart } from './archive.ts';
export { createSessionPartitionsRepo } from './session-partitions.repo.ts';

type Deps = Pick<AppContext, 'db' | 'jobs' | 'log'>;

/** The month partitions of guest_sessions and radius_sessions (migrations 0022, 0023): the daily job; no routes. `npm run archive` uses archive.ts. */
export const sessionPartitionsArea: Area<Deps> = {
  name: 'session-partitions',
  register: async (_app, deps) => {
    registerPartitionsJob({ jobs: deps.jobs, repo: createSessionPartitionsRepo(deps.db), log: deps.log });
  },
};
