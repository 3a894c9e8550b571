import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Controllers } from '../routers/controllers.ts';
import type { SiteAccess, SiteRemovals } from '../../platform/site-access.ts';
import { createGuestExports, exportFilesSiteRemoval } from './guest-exports.ts';
import { guestsRoutes } from './guests.routes.ts';
import { createGuestsService } from './guests.service.ts';
import { guestsSiteRemoval } from './site-removal.ts';

type Deps = Pick<AppContext, 'db' | 'reads' | 'jobs' | 'config' | 'log' | 'secrets' | 'guestChanges' | 'exportFiles'> & {
  sites: SiteAccess & SiteRemovals;
  controllers: Controllers;
};

/** The site's guests, their devices, sessions and consents, and their downloads: /s/{siteId}/api/v1/guest/. */
export const guestsArea: Area<Deps> = {
  name: 'guests',
  register: async (app, deps) => {
    deps.sites.onRemove(guestsSiteRemoval(deps.db, deps.controllers));
    deps.sites.onRemove(exportFilesSiteRemoval(deps.exportFiles));
    await app.register(guestsRoutes(createGuestsService(deps), createGuestExports(deps)), { prefix: SITE_API });
  },
};
