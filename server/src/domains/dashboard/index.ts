import type { Area } from '../../platform/area.ts';
import { ACCOUNT_API, SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess, SiteRemovals } from '../../platform/site-access.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { dashboardAdminRoutes, dashboardSiteRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';
import { createDashboardLayoutsRepo } from './dashboard-layouts.repo.ts';

export { createSystemTiles, type SystemTiles } from './dashboard.service.ts';

/** The dashboard's tiles and layouts, for one site and for the control panel (all sites). */
export const dashboardArea: Area<Pick<AppContext, 'db' | 'reads' | 'sessions'> & { sites: SiteAccess & SiteRemovals }> = {
  name: 'dashboard',
  register: async (app, deps) => {
    // The users' layouts of a site's dashboard have no foreign key (site 0 is the control panel).
    const layouts = createDashboardLayoutsRepo(deps.db);
    deps.sites.onRemove({ removeRows: (siteId, tx) => layouts.removeOfSite(siteId, tx) });
    const dashboard = createDashboardService({ ...deps, sitesRepo: createSitesRepo(deps.db) });
    await app.register(dashboardAdminRoutes(dashboard), { prefix: ACCOUNT_API });
    await app.register(dashboardSiteRoutes(dashboard), { prefix: SITE_API });
  },
};
