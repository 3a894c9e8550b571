import { type RadiusGatewayType } from '@splashboard/contract';
import type { NasClientsRepo } from './nas-clients.repo.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { requireRouterFamily } from './router-family.ts';
import type { SiteAccess, SiteRow } from '../../platform/site-access.ts';
import type { ControllerSettingsRepo } from './controller-settings.repo.ts';
import type { RadiusSessionsRepo } from './radius-sessions.repo.ts';
import { mikrotikLoginHtml, radiusGatewayRecord, radiusGatewayView, type RadiusGatewayInput } from './radius-gateway-settings.ts';

type Deps = Pick<AppContext, 'config' | 'siteChanges'> & {
  sites: SiteAccess;

  settings: ControllerSettingsRepo;
  nasClients: NasClientsRepo;
  radiusSessions: Pick<RadiusSessionsRepo, 'lastSeenAt'>;
};

/**
 * The settings pages of the gateways that ask our RADIUS server (permission routersettings): their
 * options in controller_settings, and the values the operator enters on the gateway.
 */
export function createRadiusGatewaySettingsService({
  settings: store,
  nasClients,
  radiusSessions,
  config,
  sites,
  siteChanges,
}: Deps) {
  async function answer(site: SiteRow, family: RadiusGatewayType) {
    return radiusGatewayView(await store.read(site.id), {
      family,
      routerType: site.routerType,
      publicUrl: config.publicUrl,
      portalKey: site.portalKey,
      radius: config.radius,
      nasClients: await nasClients.countOfSite(site.id),
      lastSeenAt: await radiusSessions.lastSeenAt(site.id),
      payment: site.authMethods.includes('payment'),
    });
  }

  return {
    async get(actor: Actor | null, siteId: number, family: RadiusGatewayType) {
      const { row } = await sites.siteFor(actor, siteId, 'routersettings', 'read');
      return answer(row, family);
    },

    async update(actor: Actor | null, siteId: number, family: RadiusGatewayType, input: RadiusGatewayInput) {
      const { row, actor: a } = await sites.siteFor(actor, siteId, 'routersettings', 'write');
      requireRouterFamily(row, family);
      await store.write(siteId, a.accountId, radiusGatewayRecord(family, input, await store.read(siteId)));
      siteChanges.publish(siteId);
      return answer(row, family);
    },

    /** The MikroTik login.html for this site, to upload to the router. */
    async mikrotikLoginHtml(actor: Actor | null, siteId: number, labels: { title: string; button: string }) {
      const { row } = await sites.siteFor(actor, siteId, 'routersettings', 'read');
      return mikrotikLoginHtml(`${new URL(config.publicUrl).origin}/guest/${row.portalKey}/`, labels);
    },
  };
}
export type RadiusGatewaySettingsService = ReturnType<typeof createRadiusGatewaySettingsService>;
