import type { Area } from '../../platform/area.ts';
import { ACCOUNT_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService, type ProfileService } from './profile.service.ts';

type Deps = Pick<AppContext, 'db' | 'accounts' | 'config' | 'sessions' | 'rateLimiter'>;

/** The signed-in user's profile as sign-in and sign-up answer it too. */
export const profilesOf = (deps: Deps): ProfileService => createProfileService({ ...deps, sites: createSitesRepo(deps.db) });

/** The signed-in user's profile, password and API key: /a/api/v1/profile/. */
export const profileArea: Area<Deps> = {
  name: 'profile',
  register: async (app, deps) => {
    await app.register(profileRoutes(profilesOf(deps)), { prefix: ACCOUNT_API });
  },
};
