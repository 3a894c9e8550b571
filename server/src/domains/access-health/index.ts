import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { accessHealthRoutes } from './access-health.routes.ts';
import { createAccessHealthService } from './access-health.service.ts';

/** The recent grants with what each gateway answered: /s/{siteId}/api/v1/accesshealth/grants. */
export const accessHealthArea: Area<Pick<AppContext, 'db'> & { sites: SiteAccess }> = {
  name: 'access-health',
  register: async (app, deps) => {
    await app.register(accessHealthRoutes(createAccessHealthService(deps)), { prefix: SITE_API });
  },
};
