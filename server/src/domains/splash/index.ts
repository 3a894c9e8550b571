import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { fontsRoutes } from './fonts.routes.ts';
import { createSplashRepo } from './splash.repo.ts';
import { splashRoutes } from './splash.routes.ts';
import { createSplashService } from './splash.service.ts';

type Deps = Pick<AppContext, 'db' | 'storage' | 'siteChanges'> & { sites: SiteAccess };

/** A site's splash page design and login methods, and the guest fonts it can use. */
export const splashArea: Area<Deps> = {
  name: 'splash',
  register: async (app, deps) => {
    await app.register(splashRoutes(createSplashService({ ...deps, splash: createSplashRepo(deps.db) })), { prefix: SITE_API });
    await app.register(fontsRoutes);
  },
};
