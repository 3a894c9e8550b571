import { API_ROUTER_FAMILIES, isRadiusGatewayType, type ApiRouterFamily, type RouterStatus } from '@splashboard/contract';
import type { Actor } from '../../platform/access.ts';
import type { SiteRow } from '../../platform/site-access.ts';
import type { createApiRouterSettingsService } from './api-router-settings.service.ts';
import { API_FAMILIES } from './api-router-settings.ts';
import type { createRadiusGatewaySettingsService } from './radius-gateway-settings.service.ts';
import type { createRouterSettingsService } from './router-settings.service.ts';

type Services = {
  routerSettings: Pick<ReturnType<typeof createRouterSettingsService>, 'getUnifi' | 'getOpenNds'>;
  apiSettings: Pick<ReturnType<typeof createApiRouterSettingsService>, 'get'>;
  radiusSettings: Pick<ReturnType<typeof createRadiusGatewaySettingsService>, 'get'>;
};

const isApiFamily = (t: string): t is ApiRouterFamily =>
  (API_ROUTER_FAMILIES as readonly string[]).includes(t) && Boolean(API_FAMILIES[t as ApiRouterFamily]);

/**
 * A site's router status as its settings page shows it (the stored answer of the last check; nothing is
 * asked of the controller here), or null for a router type with no settings page. Needs routersettings.
 */
export function createRouterStatus({ routerSettings, apiSettings, radiusSettings }: Services) {
  return async (actor: Actor, site: SiteRow): Promise<{ status: RouterStatus | null; has_settings: boolean }> => {
    const type = site.routerType ?? '';
    const answer = async () => {
      if (type === 'unifi') return routerSettings.getUnifi(actor, site.id);
      if (type === 'opennds') return routerSettings.getOpenNds(actor, site.id);
      if (isApiFamily(type)) return apiSettings.get(actor, site.id, type);
      if (isRadiusGatewayType(type)) return radiusSettings.get(actor, site.id, type);
      return null;
    };
    const found = await answer();
    return found ? { status: found.status, has_settings: true } : { status: null, has_settings: false };
  };
}
export type RouterStatusOf = ReturnType<typeof createRouterStatus>;
