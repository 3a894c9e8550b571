import {
  DEFAULT_LOGIN_METHOD_VALUES,
  LOGIN_METHOD_OF_PATH,
  LOGIN_METHOD_PATHS,
  defaultFieldListOf,
  type AuthMethod,
  type FieldListName,
  type LoginField,
  type BrandingSplashFooter,
  type LoginMethodPath,
} from '@splashboard/contract';
import type { Database } from '../db/client.ts';
import type { SiteChanges } from '../platform/site-changes.ts';
import { createSitesRepo, type SiteRow } from '../domains/sites/sites.repo.ts';
import { createSplashRepo } from '../domains/splash/splash.repo.ts';
import { createBrandingReader } from '../domains/branding/index.ts';

export type { SiteRow };

export interface MethodSettings {
  /** Every value, stored or default. */
  values: Record<string, unknown>;
  /** Only the styles the operator set (defaults are filled in the guest's language when drawn). */
  styles: Record<string, string>;
  fieldList(list: FieldListName): LoginField[];
}

/**
 * Everything the portal needs to draw a site's pages, read in one go and kept for a few seconds: guest
 * pages are asked for far more often than settings change, and a change drops the copy at once in this
 * process and, on PostgreSQL, in the others as soon as they hear of it (within the cache time at worst).
 */
export interface SiteSnapshot {
  site: SiteRow;
  design: Record<string, unknown>;
  methods: Record<LoginMethodPath, MethodSettings>;
  /** The site's login methods that guests choose from (not the terms page or the start page). */
  loginMethods: AuthMethod[];
  hasTerms: boolean;
  /** The account's own powered-by line (provider plan's branding), in place of the design's; null: the design's. */
  poweredBy: BrandingSplashFooter | null;
  loadedAt: number;
}

export const PATH_OF_METHOD = Object.fromEntries(
  Object.entries(LOGIN_METHOD_OF_PATH).map(([path, method]) => [method, path]),
) as Record<AuthMethod, LoginMethodPath>;

/** How many gateway keys (UniFi site name and access point) are remembered at most. */
const GATEWAY_KEYS_KEPT = 5000;

/**
 * `unavailable`: login methods this server cannot serve (Facebook without a Facebook app); the portal
 * never offers them, whatever a site has stored.
 */
export function createSiteSnapshots(
  db: Database,
  siteChanges: SiteChanges,
  ttlMs = 5000,
  unavailable: readonly AuthMethod[] = [],
  /** With billing off every account has the provider plan (its splash branding applies). */
  billingEnabled = true,
) {
  const sites = createSitesRepo(db);
  const splash = createSplashRepo(db);
  const branding = createBrandingReader(db, { billingEnabled });
  const byId = new Map<number, SiteSnapshot>();
  const idByKey = new Map<string, number>();
  const idByGatewayKey = new Map<string, { siteId: number; at: number }>();
  siteChanges.subscribe(
    (siteId) => {
      byId.delete(siteId);
      for (const [key, found] of idByGatewayKey) if (found.siteId === siteId) idByGatewayKey.delete(key);
    },
    () => {
      byId.clear();
      idByGatewayKey.clear();
    },
  );

  async function load(site: SiteRow): Promise<SiteSnapshot> {
    const design = await splash.design(site.id);
    const rows = await splash.methodSettings(site.id);
    const poweredBy = await branding.splashFooter(site.accountId);
    const methods = {} as Record<LoginMethodPath, MethodSettings>;
    for (const path of LOGIN_METHOD_PATHS) {
      const row = rows.find((r) => r.method === path);
      const stored = row?.values ?? {};
      const defaults = DEFAULT_LOGIN_METHOD_VALUES[path] as Record<string, unknown>;
      const values = Object.fromEntries(Object.keys(defaults).map((k) => [k, k in stored ? stored[k] : defaults[k]]));
      methods[path] = {
        values,
        styles: row?.styles ?? {},
        fieldList: (list) => (row?.fieldLists[list] as LoginField[] | undefined) ?? defaultFieldListOf(path, list),
      };
    }
    const snapshot: SiteSnapshot = {
      site,
      design: design ?? {},
      methods,
      loginMethods: (site.authMethods as AuthMethod[]).filter(
        (m) => m !== 'atos' && m !== 'multilanding' && !unavailable.includes(m),
      ),
      hasTerms: site.authMethods.includes('atos'),
      poweredBy,
      loadedAt: Date.now(),
    };
    byId.set(site.id, snapshot);
    idByKey.set(site.portalKey, site.id);
    return snapshot;
  }

  const fresh = (s: SiteSnapshot | undefined) => (s && Date.now() - s.loadedAt < ttlMs ? s : undefined);

  return {
    async byPortalKey(key: string): Promise<SiteSnapshot | null> {
      const id = idByKey.get(key);
      const cached = id === undefined ? undefined : fresh(byId.get(id));
      if (cached) return cached;
      const site = await sites.byPortalKey(key);
      return site ? load(site) : null;
    },
    /**
     * The site a gateway's own key names (UniFi: its site name, and the access point when several sites
     * share the name), found by `find` and kept for the cache time like the snapshots: every phone that
     * joins the Wi-Fi arrives, often several times (the system's captive-portal probes). Only sites found
     * are kept, so a site just set up is found at once; a key that stops naming a site does so within
     * the cache time, as other processes see any change.
     */
    async siteIdByGatewayKey(key: string, find: () => Promise<number | null>): Promise<number | null> {
      const known = idByGatewayKey.get(key);
      if (known && Date.now() - known.at < ttlMs) return known.siteId;
      const siteId = await find();
      idByGatewayKey.delete(key);
      if (siteId === null) return null;
      if (idByGatewayKey.size >= GATEWAY_KEYS_KEPT) idByGatewayKey.delete(idByGatewayKey.keys().next().value!);
      idByGatewayKey.set(key, { siteId, at: Date.now() });
      return siteId;
    },
    async byId(siteId: number): Promise<SiteSnapshot | null> {
      const cached = fresh(byId.get(siteId));
      if (cached) return cached;
      const site = await sites.byId(siteId);
      return site ? load(site) : null;
    },
  };
}
export type SiteSnapshots = ReturnType<typeof createSiteSnapshots>;
