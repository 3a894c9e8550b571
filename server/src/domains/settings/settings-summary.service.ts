import type { SettingsSummary, SmsGatewayState } from '@splashboard/contract';
import { can, type Actor } from '../../platform/access.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { RouterStatusOf } from '../routers/router-status.ts';
import type { SmsGatewaysRepo } from '../sms/sms-gateways.repo.ts';
import type { MacEntriesRepo } from '../whitelist/mac-entries.repo.ts';

type Deps = {
  sites: SiteAccess;
  routerStatus: RouterStatusOf;
  smsGateways: Pick<SmsGatewaysRepo, 'read'>;
  macEntries: Pick<MacEntriesRepo, 'countOf'>;
};

/**
 * The state of each settings page of a site in one answer, for the settings list (permission
 * sitesettings). Each page's part needs that page's own permission, else it is null. Nothing here asks
 * a controller: the router's status is the one its settings page last stored.
 */
export function createSettingsSummaryService({ sites, routerStatus, smsGateways, macEntries }: Deps) {
  return {
    async summary(actorIn: Actor | null, siteId: number): Promise<SettingsSummary> {
      const { actor, access, row: site } = await sites.siteFor(actorIn, siteId, 'sitesettings', 'read');
      const may = (permission: 'routersettings' | 'smsgateway' | 'macauth') => can(actor, siteId, permission, 'read', access);

      const router = async () =>
        may('routersettings') ? { router_type: site.routerType, ...(await routerStatus(actor, site)) } : null;
      const sms = async (): Promise<{ state: SmsGatewayState } | null> => {
        if (!may('smsgateway')) return null;
        const config = (await smsGateways.read(siteId))?.config;
        if (!config?.url) return { state: 'not_set' };
        return { state: config.enabled ? 'on' : 'off' };
      };
      const whitelist = async () => (may('macauth') ? { devices: await macEntries.countOf(siteId) } : null);

      const [routerPart, smsPart, whitelistPart] = await Promise.all([router(), sms(), whitelist()]);
      return {
        general: { name: site.name, timezone: site.timezone, currency: site.currency },
        redirect_url: site.redirectUrl,
        login_methods: site.authMethods,
        router: routerPart,
        sms_gateway: smsPart,
        whitelist: whitelistPart,
      };
    },
  };
}
export type SettingsSummaryService = ReturnType<typeof createSettingsSummaryService>;
