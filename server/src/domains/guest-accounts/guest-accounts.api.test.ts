import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { guestAccountDevices, guestAccounts, guestSessions, sites } from '../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { unifiPortalSite, type PortalSite } from '../../../test/portal.ts';
import { csvForm } from './test-files.ts';

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});

const db = () => server.handle.db;
const portalSite = async () => {
  const s = await unifiPortalSite(server, ['guestuser']);
  fakes.push(s);
  return s;
};
const rowOf = async (id: number) => (await db().select().from(guestAccounts).where(eq(guestAccounts.id, id)))[0];
const accountsOf = (siteId: number) => db().select().from(guestAccounts).where(eq(guestAccounts.siteId, siteId));
const accountIdOfSite = async (siteId: number) => (await db().select().from(sites).where(eq(sites.id, siteId)))[0]!.accountId;

describe('creating and editing guest accounts', () => {
  it('creates an account with the site defaults for what is left out, and never answers the password', async () => {
    const s = await portalSite();
    await s.owner.put(`${s.api}/guestuserloginconfig/`, {
      num_devices: 3,
      duration_val: 12,
      duration_type: 'hours',
      speed_dl: 4096,
    });
    const defaults = await s.owner.get(`${s.api}/guestuser/defaults`);
    expect(defaults.body).toMatchObject({
      num_devices: 3,
      duration_val: 12,
      duration_type: 'hours',
      speed_dl: 4096,
      self_signup: false,
    });

    const res = await s.owner.post(`${s.api}/guestuser/create`, {
      username: '  Ana.Lopez ',
      password: 'sunny-day-7',
      name: 'Ana López',
      email: 'Ana@Example.com',
      bytes_t: 2,
      bytes_type: 'GB',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      username: 'ana.lopez',
      name: 'Ana López',
      email: 'ana@example.com',
      num_devices: 3,
      duration_val: 12,
      duration_type: 'hours',
      bytes_t: 2,
      bytes_type: 'GB',
      speed_ul: 0,
      speed_dl: 4096,
      source: 'dashboard',
      status: 'unused',
      first_login_at: null,
      expires_at: null,
      devices: [],
      sessions: [],
      can_write: true,
    });
    expect(JSON.stringify(res.body)).not.toContain('sunny-day-7');
    const row = await rowOf(res.body.id);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('sunny-day-7');
  });

  it('keeps usernames unique per site without case, and says which field is wrong without storing anything', async () => {
    const s = await portalSite();
    expect((await s.owner.post(`${s.api}/guestuser/create`, { username: 'room101', password: 'welcome-1' })).status).toBe(200);
    const dup = await s.owner.post(`${s.api}/guestuser/create`, { username: 'ROOM101', password: 'welcome-2' });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({
      status: 422,
      message: 'This username is already taken at this site',
      schema_errors: { username: ['This username is already taken at this site'] },
      code: 'guestAccounts.usernameTaken',
    });

    const bad = await s.owner.post(`${s.api}/guestuser/create`, {
      username: 'a b',
      password: 'short',
      email: 'nope',
      num_devices: 0,
      duration_type: 'weeks',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.schema_errors).toMatchObject({
      username: ['Use 3 to 64 letters, numbers or . _ - @ + (no spaces)'],
      password: ['Password must be at least 7 characters'],
      email: expect.any(Array),
      num_devices: ['At least 1'],
      duration_type: expect.any(Array),
    });
    expect(await accountsOf(s.siteId)).toHaveLength(1);

    // The same username is free at another site.
    const other = await createSite(s.owner, { name: 'Second', auth_methods: ['guestuser'] });
    expect(
      (await s.owner.post(`/s/${other.id}/api/v1/guestuser/create`, { username: 'room101', password: 'welcome-3' })).status,
    ).toBe(200);
  });

  it('edits an account: a new password replaces the hash, an empty one keeps it, a taken username is refused', async () => {
    const s = await portalSite();
    const { body: a } = await s.owner.post(`${s.api}/guestuser/create`, { username: 'guest-a', password: 'first-pass-1' });
    await s.owner.post(`${s.api}/guestuser/create`, { username: 'guest-b', password: 'first-pass-2' });
    const before = (await rowOf(a.id))!.passwordHash;

    const kept = await s.owner.put(`${s.api}/guestuser/${a.id}`, { name: 'Renamed', password: '', num_devices: 4 });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: 'Renamed', num_devices: 4, username: 'guest-a' });
    expect((await rowOf(a.id))!.passwordHash).toBe(before);

    expect((await s.owner.put(`${s.api}/guestuser/${a.id}`, { password: 'second-pass-1' })).status).toBe(200);
    expect((await rowOf(a.id))!.passwordHash).not.toBe(before);

    const clash = await s.owner.put(`${s.api}/guestuser/${a.id}`, { username: 'Guest-B' });
    expect(clash.status).toBe(422);
    expect(clash.body.schema_errors.username).toEqual(['This username is already taken at this site']);
    expect((await rowOf(a.id))!.username).toBe('guest-a');
  });

  it('recomputes the expiry from the first use when the duration changes', async () => {
    const s = await portalSite();
    const { body: a } = await s.owner.post(`${s.api}/guestuser/create`, {
      username: 'timed',
      password: 'timed-pass',
      duration_val: 1,
      duration_type: 'days',
    });
    const firstUse = new Date(Date.now() - 2 * 86_400_000);
    await db()
      .update(guestAccounts)
      .set({ firstLoginAt: firstUse, expiresAt: new Date(firstUse.getTime() + 86_400_000) })
      .where(eq(guestAccounts.id, a.id));
    expect((await s.owner.get(`${s.api}/guestuser/${a.id}`)).body.status).toBe('expired');
    const longer = await s.owner.put(`${s.api}/guestuser/${a.id}`, { duration_val: 3 });
    expect(longer.body).toMatchObject({ status: 'active', first_login_at: firstUse.toISOString() });
    expect(longer.body.expires_at).toBe(new Date(firstUse.getTime() + 3 * 86_400_000).toISOString());
  });
});

describe('listing', () => {
  it('pages and searches by username, name, email and a bound device', async () => {
    const s = await portalSite();
    for (const [username, name, email] of [
      ['alpha', 'Alice Green', 'alice@example.com'],
      ['bravo', 'Bob Stone', 'bob@example.com'],
      ['charlie', 'Carla Green', ''],
    ])
      await s.owner.post(`${s.api}/guestuser/create`, { username, password: 'list-pass-1', name, email });
    const page2 = await s.owner.get(`${s.api}/guestuser/?page=2&per_page=2`);
    expect(page2.body.metadata).toEqual({ page: 2, per_page: 2, total: 3 });
    expect(page2.body.items.map((i: { username: string }) => i.username)).toEqual(['alpha']);
    expect(page2.body.can_write).toBe(true);

    const green = await s.owner.get(`${s.api}/guestuser/?search=green`);
    expect(green.body.items.map((i: { username: string }) => i.username)).toEqual(['charlie', 'alpha']);
    expect((await s.owner.get(`${s.api}/guestuser/?search=bob%40`)).body.items).toHaveLength(1);
    expect((await s.owner.get(`${s.api}/guestuser/?search=%25`)).body.items).toHaveLength(0);

    const [bravo] = (await s.owner.get(`${s.api}/guestuser/?search=bravo`)).body.items;
    await s.owner.post(`${s.api}/guestuser/${bravo.id}/connect`, { guestmac: '02:aa:bb:cc:dd:01' });
    const byMac = await s.owner.get(`${s.api}/guestuser/?search=AA-BB-CC`);
    expect(byMac.body.items).toMatchObject([{ username: 'bravo', devices_count: 1 }]);
  });
});

describe('devices', () => {
  it('connects a MAC on UniFi now, counts it as a device, and disconnects it on the controller', async () => {
    const s = await portalSite();
    const { body: a } = await s.owner.post(`${s.api}/guestuser/create`, {
      username: 'laptop-owner',
      password: 'laptop-pass',
      num_devices: 1,
      duration_val: 90,
      duration_type: 'minutes',
      speed_ul: 512,
    });
    const bad = await s.owner.post(`${s.api}/guestuser/${a.id}/connect`, { guestmac: 'not-a-mac' });
    expect(bad.status).toBe(422);
    expect(bad.body.schema_errors.guestmac).toEqual(['Enter a MAC address such as AA:BB:CC:DD:EE:FF']);

    const res = await s.owner.post(`${s.api}/guestuser/${a.id}/connect`, { guestmac: '02-AA-00-00-00-01' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      access: 'granted_now',
      device: { mac: '02:AA:00:00:00:01', source: 'operator', online: true },
    });
    expect(s.unifi.commands).toEqual([
      { site: s.unifiSite, body: { cmd: 'authorize-guest', mac: '02:aa:00:00:00:01', minutes: 90, up: 512 } },
    ]);
    const details = await s.owner.get(`${s.api}/guestuser/${a.id}`);
    expect(details.body).toMatchObject({
      status: 'active',
      devices_count: 1,
      sessions: [{ mac: '02:AA:00:00:00:01', grant_status: 'confirmed' }],
    });

    // Connecting the same device again is not a new device; a second one is over the limit.
    expect((await s.owner.post(`${s.api}/guestuser/${a.id}/connect`, { guestmac: '02:aa:00:00:00:01' })).status).toBe(200);
    const over = await s.owner.post(`${s.api}/guestuser/${a.id}/connect`, { guestmac: '02:aa:00:00:00:02' });
    expect(over.status).toBe(422);
    expect(over.body.schema_errors.guestmac).toEqual([
      'This account already has as many devices as it allows. Disconnect one first',
    ]);

    // A device belongs to one account of the site.
    const { body: b } = await s.owner.post(`${s.api}/guestuser/create`, { username: 'other-owner', password: 'other-pass' });
    const taken = await s.owner.post(`${s.api}/guestuser/${b.id}/connect`, { guestmac: '02:aa:00:00:00:01' });
    expect(taken.body.schema_errors.guestmac).toEqual(['This device is connected to another guest account of this site']);

    const off = await s.owner.post(`${s.api}/guestuser/${a.id}/disconnect/02:AA:00:00:00:01`);
    expect(off.body).toMatchObject({ status: 200, revoked: true });
    expect(s.unifi.commands.at(-1)).toEqual({ site: s.unifiSite, body: { cmd: 'unauthorize-guest', mac: '02:aa:00:00:00:01' } });
    expect(await db().select().from(guestAccountDevices).where(eq(guestAccountDevices.guestAccountId, a.id))).toHaveLength(0);
    const sessions = await db()
      .select()
      .from(guestSessions)
      .where(and(eq(guestSessions.siteId, s.siteId), eq(guestSessions.mac, '02:aa:00:00:00:01')));
    expect(sessions.every((x) => x.endedAt !== null && x.endCause === 'operator')).toBe(true);
    expect((await s.owner.post(`${s.api}/guestuser/${a.id}/disconnect/02:AA:00:00:00:01`)).status).toBe(404);
  });

  it('on a gateway that cannot let a MAC in by itself, binds it for its next arrival', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client, { router_type: 'opennds', auth_methods: ['guestuser'] });
    const api = `/s/${site.id}/api/v1`;
    const { body: a } = await client.post(`${api}/guestuser/create`, { username: 'gateway-guest', password: 'gateway-pass' });
    const res = await client.post(`${api}/guestuser/${a.id}/connect`, { guestmac: '02:bb:00:00:00:01' });
    expect(res.body).toMatchObject({ access: 'on_next_arrival', device: { mac: '02:BB:00:00:00:01', online: false } });
    // The duration starts when the device is let in, not when it is bound.
    expect((await client.get(`${api}/guestuser/${a.id}`)).body).toMatchObject({ status: 'unused', devices_count: 1 });
  });

  it('deletes an account with its devices, ending their access on the controller', async () => {
    const s = await portalSite();
    const { body: a } = await s.owner.post(`${s.api}/guestuser/create`, {
      username: 'leaving',
      password: 'leaving-pass',
      num_devices: 2,
    });
    await s.owner.post(`${s.api}/guestuser/${a.id}/connect`, { guestmac: '02:cc:00:00:00:01' });
    expect((await s.owner.del(`${s.api}/guestuser/${a.id}`)).body).toEqual({ status: 200, message: 'Deleted' });
    expect(await rowOf(a.id)).toBeUndefined();
    expect(await db().select().from(guestAccountDevices).where(eq(guestAccountDevices.siteId, s.siteId))).toHaveLength(0);
    expect(s.unifi.commands.at(-1)?.body).toEqual({ cmd: 'unauthorize-guest', mac: '02:cc:00:00:00:01' });
    expect((await s.owner.get(`${s.api}/guestuser/${a.id}`)).status).toBe(404);
  });
});

describe('access', () => {
  it('lets a Read Only client read but not change anything, and the API says so', async () => {
    const s = await portalSite();
    const { body: a } = await s.owner.post(`${s.api}/guestuser/create`, { username: 'shared', password: 'shared-pass' });
    const { client } = await signedInClient(server, await accountIdOfSite(s.siteId), [
      { siteId: s.siteId, area: 'guest_accounts', level: 'read' },
    ]);
    const list = await client.get(`${s.api}/guestuser/`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ can_write: false, metadata: { total: 1 } });
    expect((await client.get(`${s.api}/guestuser/${a.id}`)).body.can_write).toBe(false);

    const writes = [
      client.post(`${s.api}/guestuser/create`, { username: 'sneaky', password: 'sneaky-pass' }),
      client.put(`${s.api}/guestuser/${a.id}`, { name: 'Changed' }),
      client.post(`${s.api}/guestuser/${a.id}/connect`, { guestmac: '02:dd:00:00:00:01' }),
      client.post(`${s.api}/guestuser/${a.id}/disconnect/02:dd:00:00:00:01`),
      client.del(`${s.api}/guestuser/${a.id}`),
      client.post(`${s.api}/guestuser/import`, csvForm('username,password\nsneaky2,sneaky-pass\n')),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ message: 'You do not have permission to do this', code: 'common.forbidden' });
    }
    expect(await accountsOf(s.siteId)).toMatchObject([{ username: 'shared', name: '' }]);
    expect(s.unifi.commands).toHaveLength(0);
  });

  it('answers 403 to a client with No Access here, and 404 to other accounts and other sites', async () => {
    const s = await portalSite();
    const { body: a } = await s.owner.post(`${s.api}/guestuser/create`, { username: 'private', password: 'private-pass' });
    const accountId = await accountIdOfSite(s.siteId);
    const { client: noAccess } = await signedInClient(server, accountId, [
      { siteId: s.siteId, area: 'guest_accounts', level: 'none' },
      { siteId: s.siteId, area: 'guest_data', level: 'read' },
    ]);
    expect((await noAccess.get(`${s.api}/guestuser/`)).status).toBe(403);
    expect((await noAccess.get(`${s.api}/guestuser/${a.id}`)).status).toBe(403);

    const other = await registerAccount(server);
    for (const res of await Promise.all([
      other.client.get(`${s.api}/guestuser/`),
      other.client.get(`${s.api}/guestuser/${a.id}`),
      other.client.put(`${s.api}/guestuser/${a.id}`, { name: 'x' }),
      other.client.del(`${s.api}/guestuser/${a.id}`),
    ])) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        message: `No site exist with site id ${s.siteId}`,
        code: 'common.siteNotFound',
        params: { siteId: s.siteId },
      });
    }
    // Their own site does not reach this account either.
    const theirs = await createSite(other.client, { auth_methods: ['guestuser'] });
    const viaTheirs = await other.client.get(`/s/${theirs.id}/api/v1/guestuser/${a.id}`);
    expect(viaTheirs.status).toBe(404);
    expect(viaTheirs.body).toMatchObject({
      message: 'No guest account with this id at this site',
      code: 'guestAccounts.accountNotFound',
    });
    expect(viaTheirs.body.params).toBeUndefined();
    expect((await other.client.del(`/s/${theirs.id}/api/v1/guestuser/${a.id}`)).status).toBe(404);
    expect(await rowOf(a.id)).toBeDefined();
    expect((await server.client().get(`${s.api}/guestuser/`)).status).toBe(401);
  });
});
