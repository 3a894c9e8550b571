import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { Controllers } from '../routers/controllers.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { createMacEntriesRepo } from './mac-entries.repo.ts';
import { createMacEntriesService } from './macentries.service.ts';
import { createWhitelistSync } from './whitelist-sync.ts';
import { whitelistRoutes } from './whitelist.routes.ts';

type Deps = Pick<AppContext, 'db' | 'jobs' | 'log' | 'siteChanges'> & { sites: SiteAccess; controllers: Controllers };

/** Whitelisted devices of a site, and telling API controllers about them: /s/{siteId}/api/v1/macentry/. */
export const whitelistArea: Area<Deps> = {
  name: 'whitelist',
  register: async (app, deps) => {
    const macEntries = createMacEntriesRepo(deps.db);
    const sync = createWhitelistSync({ ...deps, macEntries, sites: createSitesRepo(deps.db) });
    await app.register(whitelistRoutes(createMacEntriesService({ ...deps, macEntries, sync })), { prefix: SITE_API });
  },
};
