import { eq } from 'drizzle-orm';
import { controllerSettings, sites } from '../src/db/schema/index.ts';
import { FakeUnifiController } from './fakes/unifi-controller.ts';
import { createSite, registerAccount, type TestClient, type TestServer } from './harness.ts';

export interface PortalSite {
  owner: TestClient;
  siteId: number;
  portalKey: string;
  /** `/s/{siteId}/api/v1` */
  api: string;
  unifi: FakeUnifiController;
  unifiSite: string;
}

let macCounter = 0x10;
/** A fresh, locally administered client MAC (as phones randomise them). */
export const randomMac = () => {
  const n = macCounter++;
  return `02:00:00:${((n >> 16) & 0xff).toString(16).padStart(2, '0')}:${((n >> 8) & 0xff).toString(16).padStart(2, '0')}:${(n & 0xff).toString(16).padStart(2, '0')}`;
};

/**
 * An account with a UniFi site whose controller is a fake UniFi controller on loopback. The controller
 * settings are written the way the settings page stores them (secrets sealed).
 */
export async function unifiPortalSite(
  server: TestServer,
  authMethods: string[],
  opts: { unifiSite?: string; mode?: 'classic' | 'unifios' } = {},
): Promise<PortalSite> {
  const unifiSite = opts.unifiSite ?? `site${Math.random().toString(36).slice(2, 8)}`;
  const unifi = await new FakeUnifiController({ mode: opts.mode ?? 'classic', sites: [unifiSite] }).start();
  const { client } = await registerAccount(server);
  const site = await createSite(client, { auth_methods: authMethods, router_type: 'unifi' });
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, site.id));
  await server.handle.db.insert(controllerSettings).values({
    siteId: site.id,
    accountId: row!.accountId,
    family: 'unifi',
    config: { url: unifi.url, username: 'admin', site: unifiSite, skipTlsVerify: true, mode: 'auto' },
    secretsEnc: server.built.ctx.secrets.seal(JSON.stringify({ password: 'secret-pass' })),
    lookupKey: unifiSite,
    status: 'Online',
  });
  return { owner: client, siteId: site.id, portalKey: row!.portalKey, api: `/s/${site.id}/api/v1`, unifi, unifiSite };
}

export interface GuestBrowser {
  mac: string;
  /** The page address after arrival (under /guest/{key}/p/{pass}/). */
  base: string;
  get(path?: string): Promise<Page>;
  post(path: string, form: Record<string, string>): Promise<Page>;
}

export interface Page {
  status: number;
  html: string;
  location: string | null;
  url: string;
  /** The Retry-After header (every 429 carries one). */
  retryAfter: string | null;
}

export async function fetchPage(
  server: TestServer,
  url: string,
  init: RequestInit & { lang?: string; userAgent?: string } = {},
): Promise<Page> {
  const res = await fetch(new URL(url, server.url), {
    ...init,
    redirect: 'manual',
    headers: {
      'accept-language': init.lang ?? 'en-US,en;q=0.9',
      'user-agent':
        init.userAgent ??
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  return {
    status: res.status,
    html: await res.text(),
    location: res.headers.get('location'),
    url,
    retryAfter: res.headers.get('retry-after'),
  };
}

/**
 * A guest's phone sent to the portal by the UniFi controller, following the portal's redirects like a
 * browser (without running any script).
 */
export async function arriveFromUnifi(
  server: TestServer,
  site: PortalSite,
  opts: { mac?: string; lang?: string; url?: string; userAgent?: string } = {},
): Promise<{ guest: GuestBrowser; first: Page }> {
  const mac = opts.mac ?? randomMac();
  const query = new URLSearchParams({
    ap: 'f0:9f:c2:00:00:01',
    id: mac,
    t: String(Math.floor(Date.now() / 1000)),
    url: opts.url ?? 'http://example.com/news',
    ssid: 'Guest Wi-Fi',
  });
  const first = await fetchPage(server, `/guest/s/${site.unifiSite}/?${query}`, opts);
  const base = first.location ?? '';
  const guest: GuestBrowser = {
    mac,
    base,
    get: (path = '') => fetchPage(server, new URL(path, new URL(base, server.url)).pathname, opts),
    post: (path, form) =>
      fetchPage(server, new URL(path, new URL(base, server.url)).pathname, {
        ...opts,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      }),
  };
  return { guest, first };
}

/** The text of a page without tags, for asserting what a guest reads. */
export const textOf = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
