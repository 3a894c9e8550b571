import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { macEntries, nasClients, radiusSessions, users } from '../../db/schema/index.ts';
import type { RadiusServer } from '../../adapters/radius/server.ts';
import { buildApp } from '../../app.ts';

let server: TestServer;
let radius: RadiusServer;
beforeAll(async () => {
  server = await startServer({ RADIUS_HOST: '127.0.0.1', RADIUS_AUTH_PORT: '0', RADIUS_ACCT_PORT: '0' });
  radius = await server.built.startRadius();
});
afterAll(() => server?.close());

async function accountIdOf(email: string) {
  const [u] = await server.handle.db.select().from(users).where(eq(users.email, email));
  return u!.accountId;
}

function radclient(kind: 'auth' | 'acct', secret: string, lines: string[], to: RadiusServer = radius) {
  const port = kind === 'auth' ? to.ports.auth : to.ports.acct;
  return new Promise<string>((resolve) => {
    const child = execFile(
      'radclient',
      ['-x', '-r', '1', '-t', '1', `127.0.0.1:${port}`, kind, secret],
      { timeout: 10_000 },
      (_e, out, err) => resolve(out + err),
    );
    child.stdin!.end(lines.join('\n') + '\n');
  });
}

describe('whitelisted devices', () => {
  it('creates, lists with search and paging, updates and deletes, storing the MAC in one format', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client);
    const base = `/s/${site.id}/api/v1/macentry/`;
    const a = await client.post(base, { mac: 'aa-bb-cc-dd-ee-01', external_ip: '203.0.113.7', description: 'Till' });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ mac: 'AA:BB:CC:DD:EE:01', external_ip: '203.0.113.7', description: 'Till' });
    await client.post(base, { mac: 'AABB.CCDD.EE02', external_ip: '2001:db8::2' });
    const list = await client.get(`${base}?page=1&per_page=1`);
    expect(list.body.metadata).toEqual({ page: 1, per_page: 1, total: 2 });
    expect(list.body.items).toHaveLength(1);
    const search = await client.get(`${base}?search=${encodeURIComponent('aa:bb:cc:dd:ee:01')}`);
    expect(search.body.items.map((i: { description: string }) => i.description)).toEqual(['Till']);
    const dup = await client.post(base, { mac: 'AA:BB:CC:DD:EE:01', external_ip: '203.0.113.9' });
    expect(dup.status).toBe(422);
    const upd = await client.put(`${base}${a.body.id}`, {
      mac: 'aa:bb:cc:dd:ee:03',
      external_ip: '198.51.100.1',
      description: 'Kiosk',
    });
    expect(upd.body).toMatchObject({ mac: 'AA:BB:CC:DD:EE:03', description: 'Kiosk' });
    expect((await client.del(`${base}${a.body.id}`)).status).toBe(200);
    expect((await client.get(base)).body.metadata.total).toBe(1);
  });

  it('says how each router family admits the devices: by API, by our RADIUS server, or by the gateway’s own list', async () => {
    const { client } = await registerAccount(server);
    const admission = async (router_type: string) => {
      const site = await createSite(client, { router_type });
      return (await client.get(`/s/${site.id}/api/v1/macentry/`)).body.admission;
    };
    expect(await admission('unifi')).toBe('controller');
    expect(await admission('mikrotik')).toBe('radius');
    expect(await admission('opennds')).toBe('gateway');
  });

  it("answers 'MAC address and external IP are required' and stores nothing", async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client);
    const res = await client.post(`/s/${site.id}/api/v1/macentry/`, { mac: '', external_ip: '' });
    expect(res.status).toBe(422);
    expect(res.body.schema_errors.mac).toEqual(['MAC address and external IP are required']);
    expect(res.body.schema_errors.external_ip).toEqual(['MAC address and external IP are required']);
    const bad = await client.post(`/s/${site.id}/api/v1/macentry/`, { mac: 'zz:zz', external_ip: '999.1.1.1' });
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual(['external_ip', 'mac']);
    expect(await server.handle.db.select().from(macEntries).where(eq(macEntries.siteId, site.id))).toHaveLength(0);
  });

  it('keeps other accounts out (404) and lets a Read Only client look but not change (403)', async () => {
    const owner = await registerAccount(server);
    const site = await createSite(owner.client);
    const entry = (
      await owner.client.post(`/s/${site.id}/api/v1/macentry/`, { mac: '00:11:22:33:44:55', external_ip: '192.0.2.10' })
    ).body;
    const other = await registerAccount(server);
    expect((await other.client.get(`/s/${site.id}/api/v1/macentry/`)).status).toBe(404);
    expect((await other.client.del(`/s/${site.id}/api/v1/macentry/${entry.id}`)).status).toBe(404);
    const { client } = await signedInClient(server, await accountIdOf(owner.email), [
      { siteId: site.id, area: 'device_whitelisting', level: 'read' },
    ]);
    const seen = await client.get(`/s/${site.id}/api/v1/macentry/`);
    expect(seen.body.items).toHaveLength(1);
    expect(seen.body.can_write).toBe(false);
    expect((await client.get(`/s/${site.id}/api/v1/macentry/${entry.id}`)).body).toMatchObject({
      mac: '00:11:22:33:44:55',
      can_write: false,
    });
    expect((await owner.client.get(`/s/${site.id}/api/v1/macentry/`)).body.can_write).toBe(true);
    expect((await other.client.get(`/s/${site.id}/api/v1/macentry/${entry.id}`)).status).toBe(404);
    expect(
      (await client.post(`/s/${site.id}/api/v1/macentry/`, { mac: '00:11:22:33:44:66', external_ip: '192.0.2.11' })).status,
    ).toBe(403);
    expect((await client.del(`/s/${site.id}/api/v1/macentry/${entry.id}`)).status).toBe(403);
    const none = await signedInClient(server, await accountIdOf(owner.email), [
      { siteId: site.id, area: 'device_whitelisting', level: 'none' },
    ]);
    expect((await none.client.get(`/s/${site.id}/api/v1/macentry/`)).status).toBe(404);
  });
});

describe('RADIUS with the database, against radclient', () => {
  it('admits a whitelisted device by MAC in the gateway’s format, refuses others, and records accounting', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client, { router_type: 'mikrotik' });
    const nas = await client.post(`/s/${site.id}/api/v1/radiusclients/`, { name: 'Lobby router', ip_address: '127.0.0.1' });
    expect(nas.status).toBe(200);
    const secret: string = nas.body.secret;
    // Typed into a router's form or a command line: letters and digits only (a leading '-' reads as an option).
    expect(secret).toMatch(/^[A-Za-z0-9]{24}$/);
    const [stored] = await server.handle.db.select().from(nasClients).where(eq(nasClients.id, nas.body.id));
    expect(stored!.secretEnc).not.toContain(secret);
    const listed = (await client.get(`/s/${site.id}/api/v1/radiusclients/`)).body.items[0];
    expect(listed.secret).not.toBe(secret);
    expect(listed.secret.startsWith(secret.slice(0, 4))).toBe(true);

    await client.post(`/s/${site.id}/api/v1/macentry/`, { mac: 'AA:BB:CC:00:11:22', external_ip: '203.0.113.5' });
    // Gateways send the MAC in their own format, with the MAC, an empty or no password. Without a password
    // (radclient sends none for "") the request must say it is MAC authentication (RFC 2865 4.1): User-Name
    // the MAC of Calling-Station-Id, as every gateway sends it, or Service-Type Call-Check.
    const ok = await radclient('auth', secret, [
      'User-Name = "AA:BB:CC:00:11:22"',
      'User-Password = "AA:BB:CC:00:11:22"',
      'Message-Authenticator = 0x00',
    ]);
    expect(ok).toContain('Received Access-Accept');
    const bare = await radclient('auth', secret, [
      'User-Name = "aabbcc001122"',
      'User-Password = ""',
      'Calling-Station-Id = "AA-BB-CC-00-11-22"',
      'Message-Authenticator = 0x00',
    ]);
    expect(bare).toContain('Received Access-Accept');
    // Every vendor's way of writing it: dashes (Aruba, Meraki), Cisco's dotted groups, lower case, and a
    // gateway that names the device only in Calling-Station-Id.
    for (const lines of [
      ['User-Name = "AA-BB-CC-00-11-22"', 'User-Password = "AA-BB-CC-00-11-22"'],
      ['User-Name = "aabb.cc00.1122"', 'User-Password = "aabb.cc00.1122"'],
      ['User-Name = "aa:bb:cc:00:11:22"', 'User-Password = ""', 'Calling-Station-Id = "AABBCC001122"'],
      ['User-Name = "aabbcc001122"', 'Service-Type = Call-Check'],
      ['User-Name = "AABBCC001122"', 'User-Password = "AABBCC001122"'],
      ['User-Name = "guest-device"', 'Calling-Station-Id = "AA-BB-CC-00-11-22"', 'Service-Type = Call-Check'],
    ]) {
      expect(await radclient('auth', secret, [...lines, 'Message-Authenticator = 0x00']), lines[0]).toContain(
        'Received Access-Accept',
      );
    }
    const stranger = await radclient('auth', secret, [
      'User-Name = "aabbcc999999"',
      'User-Password = "aabbcc999999"',
      'Message-Authenticator = 0x00',
    ]);
    expect(stranger).toContain('Received Access-Reject');
    const wrongSecret = await radclient('auth', 'not-the-secret', [
      'User-Name = "aabbcc001122"',
      'User-Password = ""',
      'Calling-Station-Id = "AA-BB-CC-00-11-22"',
      'Message-Authenticator = 0x00',
    ]);
    expect(wrongSecret).toMatch(/No reply from server/);

    const acct = ['Acct-Session-Id = "db-sess-1"', 'User-Name = "aabbcc001122"', 'Calling-Station-Id = "AA-BB-CC-00-11-22"'];
    expect(await radclient('acct', secret, [...acct, 'Acct-Status-Type = Start'])).toContain('Received Accounting-Response');
    expect(
      await radclient('acct', secret, [
        ...acct,
        'Acct-Status-Type = Stop',
        'Acct-Input-Octets = 10',
        'Acct-Output-Octets = 20',
        'Acct-Output-Gigawords = 1',
        'Acct-Session-Time = 42',
        'Acct-Terminate-Cause = Idle-Timeout',
      ]),
    ).toContain('Received Accounting-Response');
    // A late interim after the stop neither reopens the session nor moves its counters back.
    await radclient('acct', secret, [
      ...acct,
      'Acct-Status-Type = Interim-Update',
      'Acct-Input-Octets = 5',
      'Acct-Session-Time = 30',
    ]);
    const [row] = await server.handle.db.select().from(radiusSessions).where(eq(radiusSessions.acctSessionId, 'db-sess-1'));
    expect(row).toMatchObject({
      siteId: site.id,
      status: 'Stop',
      inputOctets: 10,
      outputOctets: 2 ** 32 + 20,
      sessionTime: 42,
      terminateCause: 'Idle-Timeout',
    });
    expect(row!.stoppedAt).not.toBeNull();
    // A new session's records arriving at once (a Start and its interims from gateways that resend, several
    // nodes): one row, with the highest counters (radius_sessions is partitioned: no unique index keeps it one).
    const burst = ['Acct-Session-Id = "db-sess-2"', 'User-Name = "aabbcc001122"', 'Calling-Station-Id = "AA-BB-CC-00-11-22"'];
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((n) =>
        radclient('acct', secret, [
          ...burst,
          `Acct-Status-Type = ${n === 0 ? 'Start' : 'Interim-Update'}`,
          `Acct-Input-Octets = ${n * 100}`,
          `Acct-Session-Time = ${n * 60}`,
        ]),
      ),
    );
    answers.forEach((a) => expect(a).toContain('Received Accounting-Response'));
    const burstRows = await server.handle.db.select().from(radiusSessions).where(eq(radiusSessions.acctSessionId, 'db-sess-2'));
    expect(burstRows).toHaveLength(1);
    expect(burstRows[0]).toMatchObject({ inputOctets: 500, sessionTime: 300 });
    // radclient sends from 127.0.0.1 only: the next tests register that address again.
    expect((await client.del(`/s/${site.id}/api/v1/radiusclients/${nas.body.id}`)).status).toBe(200);
  });

  it('refuses a second gateway with the same address', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client);
    await client.post(`/s/${site.id}/api/v1/radiusclients/`, { name: 'A', ip_address: '127.0.0.9' });
    const again = await client.post(`/s/${site.id}/api/v1/radiusclients/`, { name: 'B', ip_address: '127.0.0.9' });
    expect(again.status).toBe(422);
    expect(again.body.schema_errors.ip_address).toBeDefined();
  });
});

describe('RADIUS after the operator changes gateways or the whitelist', () => {
  const device = ['User-Name = "AA-BB-CC-00-33-44"', 'User-Password = "AA-BB-CC-00-33-44"', 'Message-Authenticator = 0x00'];

  async function siteWithGateway() {
    const { client } = await registerAccount(server);
    const site = await createSite(client, { router_type: 'mikrotik' });
    const api = `/s/${site.id}/api/v1`;
    const nas = await client.post(`${api}/radiusclients/`, { name: 'Lobby router', ip_address: '127.0.0.1' });
    expect(nas.status).toBe(200);
    const entry = await client.post(`${api}/macentry/`, { mac: 'AA:BB:CC:00:33:44', external_ip: '203.0.113.5' });
    expect(entry.status).toBe(200);
    return { client, site, api, nas: nas.body as { id: number; secret: string }, entry: entry.body as { id: number } };
  }

  it('refuses a removed device, a deleted gateway, an old secret, an old address and a deleted site from the next request on', async () => {
    const { client, site, api, nas, entry } = await siteWithGateway();
    expect(await radclient('auth', nas.secret, device)).toContain('Received Access-Accept');

    expect((await client.del(`${api}/macentry/${entry.id}`)).status).toBe(200);
    expect(await radclient('auth', nas.secret, device)).toContain('Received Access-Reject');
    expect((await client.post(`${api}/macentry/`, { mac: 'aabbcc003344', external_ip: '203.0.113.5' })).status).toBe(200);
    expect(await radclient('auth', nas.secret, device)).toContain('Received Access-Accept');

    expect((await client.del(`${api}/radiusclients/${nas.id}`)).status).toBe(200);
    expect(await radclient('auth', nas.secret, device)).toMatch(/No reply from server/);

    // Registered again at the same address: a new secret, and only that one is answered.
    const again = (await client.post(`${api}/radiusclients/`, { name: 'New router', ip_address: '127.0.0.1' })).body;
    expect(again.secret).not.toBe(nas.secret);
    expect(await radclient('auth', nas.secret, device)).toMatch(/No reply from server/);
    expect(await radclient('auth', again.secret, device)).toContain('Received Access-Accept');

    // Moved to another address: the old one is a stranger.
    expect((await client.del(`${api}/radiusclients/${again.id}`)).status).toBe(200);
    const moved = (await client.post(`${api}/radiusclients/`, { name: 'New router', ip_address: '127.0.0.2' })).body;
    expect(await radclient('auth', moved.secret, device)).toMatch(/No reply from server/);
    expect((await client.del(`${api}/radiusclients/${moved.id}`)).status).toBe(200);

    const last = (await client.post(`${api}/radiusclients/`, { name: 'Last router', ip_address: '127.0.0.1' })).body;
    expect(await radclient('auth', last.secret, device)).toContain('Received Access-Accept');
    expect((await client.del(`/s/api/v1/site/${site.id}`)).status).toBe(200);
    expect(await radclient('auth', last.secret, device)).toMatch(/No reply from server/);
  });

  it('a separate radius process (its own cache, the same database) follows the changes within its cache time', async () => {
    const ttlMs = 1000;
    const other = await buildApp(
      { ...server.config, roles: new Set(['radius']), radius: { ...server.config.radius, cacheTtlMs: ttlMs } },
      { handle: server.handle },
    );
    try {
      const separate = await other.startRadius();
      const { client, site, api, nas, entry } = await siteWithGateway();
      expect(await radclient('auth', nas.secret, device, separate)).toContain('Received Access-Accept');
      // What the other process may still believe until its cache time is over.
      const afterCacheTime = async () => new Promise((resolve) => setTimeout(resolve, ttlMs + 50));

      expect((await client.del(`${api}/macentry/${entry.id}`)).status).toBe(200);
      await afterCacheTime();
      expect(await radclient('auth', nas.secret, device, separate)).toContain('Received Access-Reject');
      expect((await client.post(`${api}/macentry/`, { mac: 'AA-BB-CC-00-33-44', external_ip: '203.0.113.5' })).status).toBe(200);
      await afterCacheTime();
      expect(await radclient('auth', nas.secret, device, separate)).toContain('Received Access-Accept');

      expect((await client.del(`${api}/radiusclients/${nas.id}`)).status).toBe(200);
      const again = (await client.post(`${api}/radiusclients/`, { name: 'New router', ip_address: '127.0.0.1' })).body;
      await afterCacheTime();
      expect(await radclient('auth', nas.secret, device, separate)).toMatch(/No reply from server/);
      expect(await radclient('auth', again.secret, device, separate)).toContain('Received Access-Accept');

      expect((await client.del(`/s/api/v1/site/${site.id}`)).status).toBe(200);
      await afterCacheTime();
      expect(await radclient('auth', again.secret, device, separate)).toMatch(/No reply from server/);
    } finally {
      await other.close();
    }
  });
});
