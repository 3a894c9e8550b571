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
 * UniFi login session serves many guests. The settings row is read on every grant (one primary-key
 * read): a change made by any process is used at once.
 */
export function createControllers({
  settings: settingsRepo,
  sites,
  authmon,
}: {
  settings: Pick<ControllerSettingsRepo, 'read' | 'version' | 'withLookupKey'>;
  sites: Pick<SitesRepo, 'routerTypes'>;
  /** The site's queue of openNDS level 3 grants (the portal's), for the adapters. */
  authmon?: (siteId: number) => AuthmonQueue;
}) {
  const adapters = new Map<number, { adapter: ControllerAdapter | null; updatedAt: number }>();

  async function settingsOf(siteId: number): Promise<{ settings: ControllerSettings | null }> {
    const stored = await settingsRepo.read(siteId);
    if (!stored) return { settings: null };
    const all = { ...stored.config, ...stored.secrets };
    if (isRadiusGatewayType(stored.family)) return { settings: radiusGatewayOptionsFrom(stored.family, all) };
    return { settings: { family: stored.family, ...all } as ControllerSettings };
  }

  /** The adapter of the site's saved settings, kept while they stay the same. */
  async function configuredAdapter(siteId: number, routerType: string | null): Promise<ControllerAdapter | null> {
    const updatedAt = await settingsRepo.version(siteId);
    const cached = adapters.get(siteId);
    if (cached && cached.updatedAt === updatedAt) return cached.adapter?.family === routerType ? cached.adapter : null;
    const { settings } = await settingsOf(siteId);
    const adapter =
      settings && PORTAL_FAMILIES.includes(settings.family)
        ? createControllerAdapter(settings, { authmon: authmon?.(siteId) })
        : null;
    adapters.set(siteId, { adapter, updatedAt });
    return adapter && adapter.family === routerType ? adapter : null;
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

    invalidate(siteId: number) {
      adapters.delete(siteId);
    },
  };
}

export type Controllers = ReturnType<typeof createControllers>;
