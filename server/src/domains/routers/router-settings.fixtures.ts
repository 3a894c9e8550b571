import { eq } from 'drizzle-orm';
import { createServer } from 'node:net';
import { controllerSettings, sites, users } from '../../db/schema/index.ts';
import { createSite, registerAccount, type TestServer } from '../../../test/harness.ts';

/** An owner signed in, with one site of the given router type. */
export async function ownerWithSite(server: TestServer, routerType: string, authMethods = ['clickthrough']) {
  const owner = await registerAccount(server);
  const site = await createSite(owner.client, { router_type: routerType, auth_methods: authMethods });
  const [user] = await server.handle.db.select().from(users).where(eq(users.email, owner.email));
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, site.id));
  return {
    ...owner,
    siteId: site.id as number,
    accountId: user!.accountId,
    portalKey: row!.portalKey,
    base: `/s/${site.id}/api/v1/routersettings`,
  };
}

/** The controller_settings row as stored, or undefined. */
export async function storedRow(server: TestServer, siteId: number) {
  const [row] = await server.handle.db.select().from(controllerSettings).where(eq(controllerSettings.siteId, siteId));
  return row;
}

/** A loopback port nobody listens on. */
export const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
