import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guestConsents, guestDevices, guestSessions, guests, portalChallenges } from '../../db/schema/index.ts';
import { registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, type PortalSite } from '../../../test/portal.ts';
import { DASHBOARD_DISCONNECT } from './guests.service.ts';
import { guestIdOf, guestSite, openNdsGuest, portalLogin } from '../../../test/fixtures/guests.ts';

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close().catch(() => undefined)));
  await server?.close();
});
const site = async () => {
  const s = await guestSite(server);
  fakes.push(s);
  return s;
};
const db = () => server.handle.db;
const sessionsOf = (guestId: number) => db().select().from(guestSessions).where(eq(guestSessions.guestId, guestId));

describe('guest details', () => {
  it('shows the profile with custom answers, devices, sessions, consents with their text version, and usage', async () => {
    const s = await site();
    const phone = await portalLogin(server, s, {
      email: 'ana@example.com',
      firstname: 'Ana',
      lastname: 'García',
      phone: '+34 600 111 222',
      room: '204',
      marketing: true,
    });
    // New terms: the next login is recorded against version 2 of the texts.
    expect((await s.owner.put(`${s.api}/splashpage/design`, { tos_text: 'House rules v2' })).status).toBe(200);
    const laptop = await portalLogin(server, s, { email: 'ana@example.com' });
    const id = await guestIdOf(server, s.siteId, 'ana@example.com');
    await db().update(guestSessions).set({ bytesUp: 1_000, bytesDown: 5_000 }).where(eq(guestSessions.mac, phone));

    const res = await s.owner.get(`${s.api}/guest/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.guest).toMatchObject({
      id,
      email: 'ana@example.com',
      first_name: 'Ana',
      last_name: 'García',
      phone: '+34600111222',
      fields: { Room: '204' },
      marketing_consent: false,
      first_method: 'email',
      visits: 2,
    });
    expect(res.body.devices.map((d: { mac: string }) => d.mac).sort()).toEqual([laptop, phone].sort());
    expect(res.body.devices.every((d: { online: boolean; device_type: string }) => d.online && d.device_type === 'phone')).toBe(
      true,
    );
    expect(res.body.sessions.total).toBe(2);
    expect(res.body.sessions.items[0]).toMatchObject({ mac: laptop, method: 'email', family: 'unifi', ended_at: null });
    expect(res.body.sessions.items[1]).toMatchObject({ mac: phone, bytes_up: 1000, bytes_down: 5000 });
    expect(res.body.usage).toMatchObject({ sessions: 2, bytes_up: 1000, bytes_down: 5000 });

    const consents = res.body.consents.items as { kind: string; granted: boolean; text_version: number; mac: string }[];
    expect(res.body.consents.total).toBe(8);
    expect(consents.filter((c) => c.kind === 'marketing').map((c) => [c.granted, c.text_version, c.mac])).toEqual([
      [false, 2, laptop],
      [true, 1, phone],
    ]);
    expect(res.body.consent_texts['2'].tos_text).toBe('House rules v2');
    expect(res.body.consent_texts['1'].tos_text).not.toBe('House rules v2');
  });

  it('answers 404 for an unknown guest and for a guest of another site', async () => {
    const s = await site();
    const other = await site();
    await portalLogin(server, other, { email: 'elsewhere@example.com' });
    const id = await guestIdOf(server, other.siteId, 'elsewhere@example.com');
    expect((await s.owner.get(`${s.api}/guest/${id}`)).status).toBe(404);
    expect((await s.owner.get(`${s.api}/guest/999999`)).status).toBe(404);
    expect((await s.owner.get(`${s.api}/guest/abc`)).status).toBe(422);
  });
});

describe('disconnecting a device', () => {
  it('asks the UniFi controller to unauthorize the guest and ends the open sessions of that MAC', async () => {
    const s = await site();
    const mac = await portalLogin(server, s, { email: 'dee@example.com' });
    const id = await guestIdOf(server, s.siteId, 'dee@example.com');
    const res = await s.owner.post(`${s.api}/guest/${id}/disconnect/${mac.toUpperCase().replace(/:/g, '-')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'Device disconnected', disconnected: true, ended_sessions: 1 });
    expect(s.unifi.commands.at(-1)).toEqual({ site: s.unifiSite, body: { cmd: 'unauthorize-guest', mac } });
    const [session] = await sessionsOf(id);
    expect(session).toMatchObject({ endedAt: expect.any(Date), endCause: DASHBOARD_DISCONNECT });
    const details = await s.owner.get(`${s.api}/guest/${id}`);
    expect(details.body.devices[0].online).toBe(false);
    // Nothing open is left: a second click still reaches the controller and ends nothing more.
    expect((await s.owner.post(`${s.api}/guest/${id}/disconnect/${mac}`)).body.ended_sessions).toBe(0);
  });

  it("refuses a MAC that is not the guest's, and a value that is not a MAC", async () => {
    const s = await site();
    await portalLogin(server, s, { email: 'eve@example.com' });
    const stranger = await portalLogin(server, s, { email: 'fox@example.com' });
    const id = await guestIdOf(server, s.siteId, 'eve@example.com');
    const before = s.unifi.commands.length;
    expect((await s.owner.post(`${s.api}/guest/${id}/disconnect/${stranger}`)).status).toBe(404);
    const bad = await s.owner.post(`${s.api}/guest/${id}/disconnect/not-a-mac`);
    expect(bad.status).toBe(422);
    expect(bad.body.schema_errors.mac).toBeDefined();
    expect(s.unifi.commands.length).toBe(before);
    expect((await sessionsOf(await guestIdOf(server, s.siteId, 'fox@example.com')))[0]!.endedAt).toBeNull();
  });

  it('answers Disconnecting device failed when the controller cannot be reached, and leaves the session open', async () => {
    const s = await site();
    const mac = await portalLogin(server, s, { email: 'gus@example.com' });
    const id = await guestIdOf(server, s.siteId, 'gus@example.com');
    await s.unifi.close();
    const res = await s.owner.post(`${s.api}/guest/${id}/disconnect/${mac}`);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'guests.disconnectFailedDetail', params: { detail: expect.any(String) } });
    expect(res.body.message).toBe(`Disconnecting device failed: ${res.body.params.detail}`);
    expect((await sessionsOf(id))[0]!.endedAt).toBeNull();
  });

  it('on openNDS, which cannot disconnect from the portal, says so and still ends the session record', async () => {
    const { client: owner } = await registerAccount(server);
    const { siteId, mac } = await openNdsGuest(server, owner);
    const [guest] = await db().select().from(guests).where(eq(guests.siteId, siteId));
    const res = await owner.post(`/s/${siteId}/api/v1/guest/${guest!.id}/disconnect/${mac}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ disconnected: false, ended_sessions: 1 });
    expect(res.body.message).toMatch(/cannot disconnect a device from here/);
    expect((await sessionsOf(guest!.id))[0]).toMatchObject({ endedAt: expect.any(Date), endCause: DASHBOARD_DISCONNECT });
  });
});

describe('deleting a guest', () => {
  it('erases the guest with devices, sessions, consents and pending email confirmations; other guests stay', async () => {
    const s = await site();
    await s.owner.put(`${s.api}/emailconfig/`, {
      enable_verification: true,
      enable_grace_period: true,
      grace_period_duration: 5,
    });
    const { guest } = await arriveFromUnifi(server, s);
    expect((await guest.post('email', { email: 'hal@example.com', firstname: 'Hal' })).status).toBe(200);
    await s.owner.put(`${s.api}/emailconfig/`, { enable_verification: false });
    await portalLogin(server, s, { email: 'ivy@example.com' });
    const id = await guestIdOf(server, s.siteId, 'hal@example.com');
    const challenges = async () =>
      (await db().select().from(portalChallenges).where(eq(portalChallenges.siteId, s.siteId))).filter(
        (c) => (c.data as { guestId?: number }).guestId === id,
      );
    expect(await challenges()).toHaveLength(1);

    const res = await s.owner.del(`${s.api}/guest/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'Guest deleted' });
    expect(await db().select().from(guests).where(eq(guests.id, id))).toEqual([]);
    expect(await db().select().from(guestDevices).where(eq(guestDevices.guestId, id))).toEqual([]);
    expect(await sessionsOf(id)).toEqual([]);
    expect(await db().select().from(guestConsents).where(eq(guestConsents.guestId, id))).toEqual([]);
    expect(await challenges()).toEqual([]);
    expect((await s.owner.get(`${s.api}/guest/${id}`)).status).toBe(404);
    expect((await s.owner.del(`${s.api}/guest/${id}`)).status).toBe(404);
    const left = await s.owner.get(`${s.api}/guest/`);
    expect(left.body.items.map((g: { email: string }) => g.email)).toEqual(['ivy@example.com']);
  });
});
