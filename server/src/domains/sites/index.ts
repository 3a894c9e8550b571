import type { Area } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import { createSplashRepo } from '../splash/splash.repo.ts';
import { createSitesRepo } from './sites.repo.ts';
import { sitesRoutes } from './sites.routes.ts';
import { createSitesService, type SitesService } from './sites.service.ts';

type Deps = Pick<AppContext, 'db' | 'accounts' | 'config' | 'sessions' | 'storage' | 'siteChanges'>;

/** The sites service every site-scoped area checks access with (made once, in app.ts). */
export const createSites = (deps: Deps): SitesService =>
  createSitesService({ ...deps, sitesRepo: createSitesRepo(deps.db), splash: createSplashRepo(deps.db) });

/** An account's locations and their general settings: /s/api/v1/site/. */
export const sitesArea: Area<{ sites: SitesService }> = {
  name: 'sites',
  register: async (app, deps) => {
    await app.register(sitesRoutes(deps.sites), { prefix: '/s/api/v1' });
  },
};
