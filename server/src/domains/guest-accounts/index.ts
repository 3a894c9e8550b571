import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Controllers } from '../routers/controllers.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { createGuestImports } from './guest-accounts.import.ts';
import { guestAccountsRoutes } from './guest-accounts.routes.ts';
import { createGuestAccountsService } from './guest-accounts.service.ts';
import type { DevicePlanLimits } from './network-access.ts';

type Deps = Pick<AppContext, 'db' | 'secrets' | 'jobs' | 'log' | 'config'> & {
  sites: SiteAccess;
  controllers: Controllers;
  planLimits: DevicePlanLimits;
};

/** Username and password accounts for guests, one by one or imported from a file: /s/{siteId}/api/v1/guestuser/. */
export const guestAccountsArea: Area<Deps> = {
  name: 'guest-accounts',
  register: async (app, deps) => {
    await app.register(guestAccountsRoutes(createGuestAccountsService(deps), createGuestImports(deps)), { prefix: SITE_API });
  },
};
