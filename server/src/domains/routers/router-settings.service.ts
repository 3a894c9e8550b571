import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AppContext } from '../../platform/context.ts';
import type { AccessMode, Actor } from '../../platform/access.ts';
import { requireRouterFamily } from './router-family.ts';
import type { SiteAccess, SiteRow } from '../../platform/site-access.ts';
import type { ControllerSettingsRepo } from './controller-settings.repo.ts';
import { checkUnifi, unifiRecord, unifiView, type UnifiInput } from './unifi-settings.ts';
import { generateFaskey, openNdsRecord, openNdsView, withFaskey, type OpenNdsInput } from './opennds-settings.ts';

type Deps = Pick<AppContext, 'config' | 'siteChanges'> & { sites: SiteAccess; settings: ControllerSettingsRepo };

/** How long a status check waits for the controller, per request: the operator is waiting on the page. */
const STATUS_TIMEOUT_MS = 10_000;
const DNS_TIMEOUT_MS = 1500;
const DNS_CACHE_MS = 5 * 60_000;

/**
 * The router settings pages of a site (permission routersettings): UniFi and openNDS, stored in
 * controller_settings where the portal reads them. Every change is published as a site change,
 * so every process's portal drops its cached adapter and the next guest is served with the new settings.
 */
export function createRouterSettingsService({ settings: store, config, sites, siteChanges }: Deps) {
  const access = (actor: Actor | null, siteId: number, mode: AccessMode) => sites.siteFor(actor, siteId, 'routersettings', mode);

  const resolved = new Map<string, { ip: string | null; at: number }>();
  /** The portal host's one IPv4 address, for openNDS's fasremoteip; null when it has none or several. */
  async function portalIp(): Promise<string | null> {
    const host = new URL(config.publicUrl).hostname;
    if (isIP(host.replace(/^\[|\]$/g, ''))) return null;
    const cached = resolved.get(host);
    if (cached && Date.now() - cached.at < DNS_CACHE_MS) return cached.ip;
    const timeout = new Promise<null>((resolve) => setTimeout(resolve, DNS_TIMEOUT_MS, null).unref());
    const answer = await Promise.race([lookup(host, { family: 4, all: true }).catch(() => null), timeout]);
    const ip = answer && answer.length === 1 ? answer[0]!.address : null;
    resolved.set(host, { ip, at: Date.now() });
    return ip;
  }

  async function unifiAnswer(site: SiteRow) {
    return unifiView(await store.read(site.id), site.routerType, config.publicUrl, site.authMethods.includes('payment'));
  }

  async function openNdsAnswer(site: SiteRow) {
    const address = {
      publicUrl: config.publicUrl,
      portalKey: site.portalKey,
      resolvedIp: await portalIp(),
      payment: site.authMethods.includes('payment'),
    };
    return openNdsView(await store.read(site.id), site.routerType, address);
  }

  /** Asks the controller with the stored settings and keeps the answer (no network call inside the transaction). */
  async function refreshUnifiStatus(siteId: number) {
    const stored = await store.read(siteId);
    if (stored?.family !== 'unifi') return;
    const result = await checkUnifi(stored, STATUS_TIMEOUT_MS);
    // Only the status and known access points change: the portal's cached adapter (and its controller
    // session) stays valid, and findByLookupKey reads known_aps from the table itself.
    await store.writeStatus(siteId, stored.updatedAt, result);
  }

  return {
    async getUnifi(actor: Actor | null, siteId: number) {
      const { row } = await access(actor, siteId, 'read');
      return unifiAnswer(row);
    },

    /** Saves, then asks the controller at once, so the answer carries the status of what was saved. */
    async updateUnifi(actor: Actor | null, siteId: number, input: UnifiInput) {
      const { row, actor: a } = await access(actor, siteId, 'write');
      requireRouterFamily(row, 'unifi');
      const record = unifiRecord(input, await store.read(siteId));
      await store.write(siteId, a.accountId, record);
      siteChanges.publish(siteId);
      await refreshUnifiStatus(siteId);
      return unifiAnswer(row);
    },

    async checkUnifiStatus(actor: Actor | null, siteId: number) {
      const { row } = await access(actor, siteId, 'write');
      requireRouterFamily(row, 'unifi');
      await refreshUnifiStatus(siteId);
      return unifiAnswer(row);
    },

    async getOpenNds(actor: Actor | null, siteId: number) {
      const { row } = await access(actor, siteId, 'read');
      return openNdsAnswer(row);
    },

    async updateOpenNds(actor: Actor | null, siteId: number, input: OpenNdsInput) {
      const { row, actor: a } = await access(actor, siteId, 'write');
      requireRouterFamily(row, 'opennds');
      const record = openNdsRecord(input, await store.read(siteId));
      await store.write(siteId, a.accountId, record);
      siteChanges.publish(siteId);
      return openNdsAnswer(row);
    },

    /** A new random faskey, saved at once and answered this one time so the operator can copy it to the gateway. */
    async generateOpenNdsFaskey(actor: Actor | null, siteId: number) {
      const { row, actor: a } = await access(actor, siteId, 'write');
      requireRouterFamily(row, 'opennds');
      const faskey = generateFaskey();
      await store.write(siteId, a.accountId, withFaskey(await store.read(siteId), faskey));
      siteChanges.publish(siteId);
      return { faskey, settings: await openNdsAnswer(row) };
    },
  };
}
export type RouterSettingsService = ReturnType<typeof createRouterSettingsService>;
