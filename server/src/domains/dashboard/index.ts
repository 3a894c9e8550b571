import type { Area } from '../../platform/area.ts';
import { ACCOUNT_API, SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { dashboardAdminRoutes, dashboardSiteRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The dashboard's tiles and layouts, for one site and for the control panel (all sites). */
export const dashboardArea: Area<Pick<AppContext, 'db' | 'sessions'> & { sites: SiteAccess }> = {
  name: 'dashboard',
  register: async (app, deps) => {
    const dashboard = createDashboardService({ ...deps, sitesRepo: createSitesRepo(deps.db) });
    await app.register(dashboardAdminRoutes(dashboard), { prefix: ACCOUNT_API });
    await app.register(dashboardSiteRoutes(dashboard), { prefix: SITE_API });
  },
};
