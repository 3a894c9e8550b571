import { eq } from 'drizzle-orm';
import { guestSessions, sites } from '../src/db/schema/index.ts';
import { createSite, registerAccount, type TestClient, type TestServer } from './harness.ts';

export interface GatewaySite {
  owner: TestClient;
  siteId: number;
  portalKey: string;
  api: string;
  nasId: number;
  /** The NAS client's shared secret, as the settings page shows it once. */
  secret: string;
}

/**
 * An account with a site on a RADIUS gateway family, set up the way an operator does it: the site's
 * router type, the family's settings page saved, and the gateway added as a NAS client.
 */
export async function radiusGatewaySite(
  server: TestServer,
  family: string,
  opts: { settings?: Record<string, unknown>; nasIp?: string; methods?: string[]; requireMessageAuthenticator?: boolean } = {},
): Promise<GatewaySite> {
  const { client } = await registerAccount(server);
  const site = await createSite(client, { auth_methods: opts.methods ?? ['clickthrough'], router_type: family });
  const api = `/s/${site.id}/api/v1`;
  const saved = await client.put(`${api}/routersettings/${family}`, opts.settings ?? {});
  if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${JSON.stringify(saved.body)}`);
  const nas = await client.post(`${api}/radiusclients/`, {
    name: `${family} gateway`,
    ip_address: opts.nasIp ?? '127.0.0.1',
    require_message_authenticator: opts.requireMessageAuthenticator ?? true,
  });
  if (nas.status !== 200) throw new Error(`nas client: ${nas.status} ${JSON.stringify(nas.body)}`);
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, site.id));
  return { owner: client, siteId: site.id, portalKey: row!.portalKey, api, nasId: nas.body.id, secret: nas.body.secret };
}

/** The cleartext of a session's one-time password, as only the server can read it (for CHAP with radclient). */
export async function sealedRadiusPassword(server: TestServer, username: string): Promise<string> {
  const [row] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.radiusUsername, username));
  return (JSON.parse(server.built.ctx.secrets.open(row!.radiusPasswordEnc!)) as { p: string }).p;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The self-submitting login form of a gateway page: where it goes, how, and its hidden fields. */
export function gatewayFormOf(html: string) {
  const form = /<form([^>]*id="gateway-login"[^>]*)>([\s\S]*?)<\/form>/.exec(html);
  if (!form) return null;
  const attr = (name: string) => decodeEntities(new RegExp(`${name}="([^"]*)"`).exec(form[1]!)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/?>/g))
    fields[decodeEntities(m[1]!)] = decodeEntities(m[2]!);
  return {
    action: attr('action'),
    method: attr('method'),
    fields,
    autoSubmits: html.includes("getElementById('gateway-login').submit()"),
  };
}
