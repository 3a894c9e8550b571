import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { ExtraValues } from './extra-values.ts';
import { fontsRoutes } from './fonts.routes.ts';
import { createSplashRepo } from './splash.repo.ts';
import { splashRoutes } from './splash.routes.ts';
import { createSplashService } from './splash.service.ts';

type Deps = Pick<AppContext, 'db' | 'storage' | 'siteChanges'> & {
  sites: SiteAccess;
  /** Fields another area adds to a login method's values (the payment settings' Stripe connection). */
  extraValues?: ExtraValues;
};

/** A site's splash page design and login methods, and the guest fonts it can use. */
export const splashArea: Area<Deps> = {
  name: 'splash',
  register: async (app, deps) => {
    const service = createSplashService({ ...deps, splash: createSplashRepo(deps.db) });
    await app.register(splashRoutes(service, deps.extraValues), { prefix: SITE_API });
    await app.register(fontsRoutes);
  },
};
