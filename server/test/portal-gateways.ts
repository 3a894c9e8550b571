import { eq } from 'drizzle-orm';
import { controllerSettings, sites } from '../src/db/schema/index.ts';
import { createSite, registerAccount, type TestClient, type TestServer } from './harness.ts';
import { fetchPage, type GuestBrowser, type Page } from './portal.ts';

export interface GatewaySite {
  owner: TestClient;
  siteId: number;
  portalKey: string;
  /** `/s/{siteId}/api/v1` */
  api: string;
}

/**
 * An account with a site of the given router type whose controller settings are written the way the
 * settings page stores them (plain config, secrets sealed). No settings at all when `config` is null.
 */
export async function gatewaySite(
  server: TestServer,
  family: string,
  authMethods: string[],
  config: Record<string, unknown> | null,
  secrets: Record<string, string> = {},
): Promise<GatewaySite> {
  const { client } = await registerAccount(server);
  const site = await createSite(client, { auth_methods: authMethods, router_type: family });
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, site.id));
  if (config) {
    await server.handle.db.insert(controllerSettings).values({
      siteId: site.id,
      accountId: row!.accountId,
      family,
      config,
      secretsEnc: Object.keys(secrets).length ? server.built.ctx.secrets.seal(JSON.stringify(secrets)) : null,
      status: 'Online',
    });
  }
  return { owner: client, siteId: site.id, portalKey: row!.portalKey, api: `/s/${site.id}/api/v1` };
}

/**
 * The guest's browser sent back to the portal by a gateway that has let it in, at the return address the
 * portal gave that gateway; opened on the test server (the tests' PUBLIC_URL is not its address).
 */
export async function returnFromGateway(server: TestServer, site: GatewaySite, returnUrl: string): Promise<Page> {
  const { pathname } = new URL(returnUrl);
  if (!pathname.startsWith(`/guest/${site.portalKey}/through/`)) throw new Error(`Not this site's return address: ${returnUrl}`);
  return fetchPage(server, pathname);
}

/**
 * A guest's phone sent to `/guest/{portalKey}/` by its gateway with the gateway's own query, following
 * the portal's redirect like a browser (without running any script).
 */
export async function arriveAt(
  server: TestServer,
  site: GatewaySite,
  query: Record<string, string>,
  mac: string,
): Promise<{ guest: GuestBrowser; first: Page }> {
  const first = await fetchPage(server, `/guest/${site.portalKey}/?${new URLSearchParams(query)}`);
  const base = first.location ?? '';
  const at = (path: string) => new URL(path, new URL(base, server.url)).pathname;
  return {
    first,
    guest: {
      mac,
      base,
      get: (path = '') => fetchPage(server, at(path)),
      post: (path, form) =>
        fetchPage(server, at(path), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }),
    },
  };
}
