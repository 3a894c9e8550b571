import type { Area } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Controllers } from '../routers/controllers.ts';
import { createSessionSweep, SESSION_SWEEP_JOB } from './session-sweep.ts';

type Deps = Pick<AppContext, 'db' | 'secrets' | 'jobs' | 'log' | 'config'> & { controllers: Controllers };

/** The worker's sweep of sessions the gateways no longer hold (session-sweep.ts); no routes. */
export const sessionSweepArea: Area<Deps> = {
  name: 'session-sweep',
  register: async (_app, deps) => {
    const sweep = createSessionSweep(deps);
    deps.jobs.register(SESSION_SWEEP_JOB, async () => {
      await sweep.run();
    });
    const every = deps.config.sessionSweepMinutes;
    if (every > 0) deps.jobs.schedule(SESSION_SWEEP_JOB, `*/${every} * * * *`);
  },
};
