import {
  createControllerAdapter,
  settingsFreeAdapter,
  type ControllerAdapter,
  type ControllerFamily,
  type AuthmonQueue,
  type ControllerSettings,
  type OpenNdsSettings,
  type RadiusGatewayOptions,
  RADIUS_GATEWAY_TYPES,
  isRadiusGatewayType,
  radiusGatewayOptionsFrom,
} from '../../adapters/controllers/index.ts';
import type { SiteChanges } from '../../platform/site-changes.ts';
import type { SitesRepo } from '../sites/sites.repo.ts';
import type { ControllerSettingsRepo } from './controller-settings.repo.ts';

/** Families with an adapter in the portal; the others come with their own adapters. */
export const PORTAL_FAMILIES: ControllerFamily[] = [
  'unifi',
  'opennds',
  'omada',
  'meraki',
  'merakigo',
  'mist',
  'smartzone',
  'ruckus_cloud',
  ...RADIUS_GATEWAY_TYPES,
];

/**
 * A site's controller as the portal uses it: settings opened from the database (secrets unsealed only
 * here, just before use) and one adapter per site kept while its settings stay the same, so that a
 * UniFi login session serves many guests. The settings' version (a primary-key read) is checked again
 * once an adapter is older than `ttlMs`, as the portal's site snapshots are: a change saved through this
 * process (`invalidate`, called by every service that writes the settings) is used by the next login,
 * one saved by another process within that time.
 */
export function createControllers({
  settings: settingsRepo,
  sites,
  authmon,
  ttlMs = 5000,
  siteChanges,
}: {
  settings: Pick<ControllerSettingsRepo, 'read' | 'version' | 'withLookupKey'>;
  sites: Pick<SitesRepo, 'routerTypes'>;
  /** The site's queue of openNDS level 3 grants (the portal's), for the adapters. */
  authmon?: (siteId: number) => AuthmonQueue;
  /** How long an adapter is used without reading its settings' version again. */
  ttlMs?: number;
  /** A site changed in this process (platform/site-changes.ts): its adapter is read again too. */
  siteChanges?: Pick<SiteChanges, 'subscribe'>;
}) {
  const adapters = new Map<number, { adapter: ControllerAdapter | null; updatedAt: number; checkedAt: number }>();
  /** Counts invalidate calls, so that a read overtaken by one is not kept as fresh. */
  let invalidations = 0;
  const invalidate = (siteId: number) => {
    invalidations++;
    adapters.delete(siteId);
  };
  siteChanges?.subscribe(invalidate, () => {
    invalidations++;
    adapters.clear();
  });

  async function settingsOf(siteId: number): Promise<{ settings: ControllerSettings | null }> {
    const stored = await settingsRepo.read(siteId);
    if (!stored) return { settings: null };
    const all = { ...stored.config, ...stored.secrets };
    if (isRadiusGatewayType(stored.family)) return { settings: radiusGatewayOptionsFrom(stored.family, all) };
    return { settings: { family: stored.family, ...all } as ControllerSettings };
  }

  /** The adapter of the site's saved settings, kept while they stay the same. */
  async function configuredAdapter(siteId: number, routerType: string | null): Promise<ControllerAdapter | null> {
    const ofType = (adapter: ControllerAdapter | null) => (adapter?.family === routerType ? adapter : null);
    let cached = adapters.get(siteId);
    if (cached && Date.now() - cached.checkedAt < ttlMs) return ofType(cached.adapter);
    const generation = invalidations;
    const checkedAt = Date.now();
    const updatedAt = await settingsRepo.version(siteId);
    cached = adapters.get(siteId);
    if (cached && cached.updatedAt === updatedAt) {
      cached.checkedAt = checkedAt;
      return ofType(cached.adapter);
    }
    const { settings } = await settingsOf(siteId);
    const adapter =
      settings && PORTAL_FAMILIES.includes(settings.family)
        ? createControllerAdapter(settings, { authmon: authmon?.(siteId) })
        : null;
    // Settings saved while they were read (invalidated meanwhile) may be newer than these: the next
    // call checks the version again instead of trusting them for ttlMs.
    adapters.set(siteId, { adapter, updatedAt, checkedAt: invalidations === generation ? checkedAt : 0 });
    return ofType(adapter);
  }

  return {
    /**
     * The adapter for a site, or null when its controller is not configured, its family has no adapter
     * yet, or the settings are of another family than the site's router now (the router was changed).
     * Meraki works without settings: its saved ones (a Dashboard API key) are used when there are some.
     */
    async adapterFor(siteId: number, routerType: string | null): Promise<ControllerAdapter | null> {
      const configured = await configuredAdapter(siteId, routerType);
      return configured ?? settingsFreeAdapter(routerType);
    },

    /** openNDS needs its level and faskey to read a guest's arrival. */
    async openNdsSettings(siteId: number): Promise<OpenNdsSettings | null> {
      const { settings } = await settingsOf(siteId);
      return settings?.family === 'opennds' ? { level: settings.level, faskey: settings.faskey } : null;
    },

    /** A RADIUS gateway family's options (IgniteNet's field names, the OpenMesh uamsecret...), when saved. */
    async radiusGatewayOptions(siteId: number): Promise<RadiusGatewayOptions | null> {
      const { settings } = await settingsOf(siteId);
      return settings && isRadiusGatewayType(settings.family) ? (settings as RadiusGatewayOptions) : null;
    },

    /**
     * Sites whose gateway names them by a key of its own (UniFi's site name in `/guest/s/{name}/`).
     * Several sites can share one (every controller has a `default`): their known access points tell
     * them apart.
     */
    async findByLookupKey(family: ControllerFamily, key: string, apMac: string | null): Promise<number | null> {
      const keyed = await settingsRepo.withLookupKey(family, key);
      // Only sites whose router is still of that family: a changed router leaves its old settings behind.
      const routerTypes = keyed.length ? await sites.routerTypes(keyed.map((r) => r.siteId)) : new Map<number, string | null>();
      const rows = keyed.filter((r) => routerTypes.get(r.siteId) === family);
      if (rows.length === 1) return rows[0]!.siteId;
      if (!apMac) return null;
      const byAp = rows.filter((r) => r.knownAps.includes(apMac));
      return byAp.length === 1 ? byAp[0]!.siteId : null;
    },

    /**
     * The site's settings were saved (or removed) in this process, or its controller just failed a
     * grant (the settings may have been fixed elsewhere since): the next call reads them again.
     */
    invalidate,
  };
}

export type Controllers = ReturnType<typeof createControllers>;
