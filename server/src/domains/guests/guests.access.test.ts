import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guestSessions, guests, sites } from '../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import type { PortalSite } from '../../../test/portal.ts';
import { guestIdOf, guestSite, portalLogin } from '../../../test/fixtures/guests.ts';

let server: TestServer;
let s: PortalSite;
let guestId: number;
let mac: string;
let accountId: number;
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
  s = await guestSite(server);
  mac = await portalLogin(server, s, { email: 'ana@example.com', firstname: 'Ana' });
  guestId = await guestIdOf(server, s.siteId, 'ana@example.com');
  [{ accountId }] = (await server.handle.db.select({ accountId: sites.accountId }).from(sites).where(eq(sites.id, s.siteId))) as [
    { accountId: number },
  ];
});
afterAll(async () => {
  await s?.unifi.close();
  await server?.close();
});

/** Every guests call of the site, with what it changes. */
const calls = () => [
  { name: 'list', run: (c: TestClient) => c.get(`${s.api}/guest/`) },
  { name: 'details', run: (c: TestClient) => c.get(`${s.api}/guest/${guestId}`) },
  { name: 'download guests', run: (c: TestClient) => c.get(`${s.api}/guest/download/guests`) },
  { name: 'download sessions', run: (c: TestClient) => c.get(`${s.api}/guest/download/sessions`) },
  { name: 'disconnect', write: true, run: (c: TestClient) => c.post(`${s.api}/guest/${guestId}/disconnect/${mac}`) },
  { name: 'delete', write: true, run: (c: TestClient) => c.del(`${s.api}/guest/${guestId}`) },
];

/** The guest and their session are as the portal left them, and the controller was never asked. */
async function unchanged() {
  expect(await server.handle.db.select().from(guests).where(eq(guests.id, guestId))).toHaveLength(1);
  const [session] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.guestId, guestId));
  expect(session!.endedAt).toBeNull();
  expect(s.unifi.commands.filter((c) => c.body.cmd === 'unauthorize-guest' && c.body.mac === mac)).toEqual([]);
}

describe('access to guests', () => {
  it('answers 401 without a session', async () => {
    for (const call of calls()) expect((await call.run(server.client())).status, call.name).toBe(401);
    await unchanged();
  });

  it("answers 404 for another account's site, and for site 0 (guests live inside a site)", async () => {
    const { client } = await registerAccount(server);
    await createSite(client);
    for (const call of calls()) {
      const res = await call.run(client);
      expect(res.status, call.name).toBe(404);
      expect(res.body.message, call.name).toBe(`No site exist with site id ${s.siteId}`);
    }
    expect((await s.owner.get('/s/0/api/v1/guest/')).status).toBe(404);
    await unchanged();
  });

  it('lets a Read Only client see guests and download them, but not disconnect or delete', async () => {
    const { client } = await signedInClient(server, accountId, [{ siteId: s.siteId, area: 'guest_data', level: 'read' }]);
    for (const call of calls()) expect((await call.run(client)).status, call.name).toBe(call.write ? 403 : 200);
    expect((await client.get(`${s.api}/guest/${guestId}`)).body.can_write).toBe(false);
    await unchanged();
  });

  it('answers 403 on everything to a client with No Access to guest data, even with other areas open', async () => {
    const { client } = await signedInClient(server, accountId, [
      { siteId: s.siteId, area: 'guest_data', level: 'none' },
      { siteId: s.siteId, area: 'settings', level: 'write' },
    ]);
    for (const call of calls()) {
      const res = await call.run(client);
      expect(res.status, call.name).toBe(403);
      expect(res.body).toMatchObject({ status: 403, schema_errors: {} });
    }
    const site = await client.get(`/s/api/v1/site/${s.siteId}`);
    expect(site.body.permissions.guests).toBe(false);
    await unchanged();
  });

  it('lets a Read/Write client disconnect and delete', async () => {
    const { client } = await signedInClient(server, accountId, [{ siteId: s.siteId, area: 'guest_data', level: 'write' }]);
    expect((await client.get(`${s.api}/guest/${guestId}`)).body.can_write).toBe(true);
    const bensMac = await portalLogin(server, s, { email: 'ben@example.com' });
    const ben = await guestIdOf(server, s.siteId, 'ben@example.com');
    expect((await client.post(`${s.api}/guest/${ben}/disconnect/${bensMac}`)).body).toMatchObject({ disconnected: true });
    expect(s.unifi.commands.at(-1)!.body).toEqual({ cmd: 'unauthorize-guest', mac: bensMac });
    expect((await client.del(`${s.api}/guest/${ben}`)).status).toBe(200);
    expect(await server.handle.db.select().from(guests).where(eq(guests.id, ben))).toEqual([]);
  });
});
