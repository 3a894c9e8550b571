import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { AuthmonQueue } from '../../adapters/controllers/index.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { apiRouterSettingsRoutes } from './api-router-settings.routes.ts';
import { createApiRouterSettingsService } from './api-router-settings.service.ts';
import { createControllerSettingsRepo } from './controller-settings.repo.ts';
import { createControllers, type Controllers } from './controllers.ts';
import { createNasClientsRepo } from './nas-clients.repo.ts';
import { nasClientsRoutes } from './nas-clients.routes.ts';
import { createNasClientsService } from './nas-clients.service.ts';
import { createRadiusSessionsRepo } from './radius-sessions.repo.ts';
import { radiusGatewaySettingsRoutes } from './radius-gateway-settings.routes.ts';
import { createRadiusGatewaySettingsService } from './radius-gateway-settings.service.ts';
import { routerSettingsRoutes } from './router-settings.routes.ts';
import { createRouterSettingsService } from './router-settings.service.ts';
import { createRouterStatus, type RouterStatusOf } from './router-status.ts';

type Deps = Pick<AppContext, 'db' | 'secrets' | 'config' | 'siteChanges'> & { sites: SiteAccess; controllers: Controllers };

/** Each site's controller adapter, kept while its settings stay the same (made once, in app.ts). */
export const createControllersOf = (
  deps: Pick<AppContext, 'db' | 'secrets'> & Partial<Pick<AppContext, 'siteChanges' | 'config'>>,
  authmon: (siteId: number) => AuthmonQueue,
): Controllers =>
  createControllers({
    settings: createControllerSettingsRepo(deps.db, deps.secrets),
    sites: createSitesRepo(deps.db),
    authmon,
    siteChanges: deps.siteChanges,
    ttlMs: deps.config?.portalCacheTtlMs,
  });

/** A site's router status as its settings page shows it, for pages that sum up a site (settings/summary). */
export function routerStatusOf(deps: Deps): RouterStatusOf {
  const settings = createControllerSettingsRepo(deps.db, deps.secrets);
  const services = {
    ...deps,
    settings,
    nasClients: createNasClientsRepo(deps.db),
    radiusSessions: createRadiusSessionsRepo(deps.db),
  };
  return createRouterStatus({
    routerSettings: createRouterSettingsService(services),
    apiSettings: createApiRouterSettingsService(services),
    radiusSettings: createRadiusGatewaySettingsService(services),
  });
}

/**
 * The router settings pages of a site (permission routersettings): UniFi and openNDS, the API and URL
 * families, the gateways that ask our RADIUS server and the addresses they may ask from.
 */
export const routersArea: Area<Deps> = {
  name: 'routers',
  register: async (app, deps) => {
    const settings = createControllerSettingsRepo(deps.db, deps.secrets);
    const nasClients = createNasClientsRepo(deps.db);
    const services = { ...deps, settings, nasClients, radiusSessions: createRadiusSessionsRepo(deps.db) };
    await app.register(nasClientsRoutes(createNasClientsService(services)), { prefix: SITE_API });
    await app.register(routerSettingsRoutes(createRouterSettingsService(services)), { prefix: SITE_API });
    await app.register(apiRouterSettingsRoutes(createApiRouterSettingsService(services)), { prefix: SITE_API });
    await app.register(radiusGatewaySettingsRoutes(createRadiusGatewaySettingsService(services)), { prefix: SITE_API });
  },
};
