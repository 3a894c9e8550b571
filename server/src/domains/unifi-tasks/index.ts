import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { Controllers } from '../routers/controllers.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { createUnifiTaskRunner } from './tasks-runner.ts';
import { createUnifiTasksRepo } from './unifi-tasks.repo.ts';
import { unifiTasksRoutes } from './unifi-tasks.routes.ts';
import { createUnifiTasksService } from './unifi-tasks.service.ts';

type Deps = Pick<AppContext, 'db' | 'jobs' | 'log'> & { sites: SiteAccess; controllers: Controllers };

/** UniFi scheduled tasks (reboot APs, RF scan, restart the console), run by the worker: /s/{siteId}/api/v1/unifitasks/. */
export const unifiTasksArea: Area<Deps> = {
  name: 'unifi-tasks',
  register: async (app, deps) => {
    const tasks = createUnifiTasksRepo(deps.db);
    const runner = createUnifiTaskRunner({ ...deps, tasks, sites: createSitesRepo(deps.db) });
    await app.register(unifiTasksRoutes(createUnifiTasksService({ tasks, sites: deps.sites, runner })), { prefix: SITE_API });
  },
};
