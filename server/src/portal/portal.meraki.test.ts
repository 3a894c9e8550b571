import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Agent, fetch } from 'undici';
import { guestSessions, guests } from '../db/schema/index.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { textOf } from '../../test/portal.ts';
import { arriveAt, gatewaySite, returnFromGateway } from '../../test/portal-gateways.ts';
import { FakeMerakiGrant } from '../../test/fakes/meraki-grant.ts';
import { FakeMerakiDashboard } from '../../test/fakes/meraki-dashboard.ts';

let server: TestServer;
let meraki: FakeMerakiGrant;
let dashboard: FakeMerakiDashboard;
beforeAll(async () => {
  [server, meraki, dashboard] = await Promise.all([
    startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' }),
    new FakeMerakiGrant().start(),
    new FakeMerakiDashboard({ keys: ['dash-key'], networks: ['N_5150'] }).start(),
  ]);
});
afterAll(async () => {
  await meraki?.close();
  await dashboard?.close();
  await server?.close();
});

const redirect = (clientMac: string) => ({
  base_grant_url: meraki.baseGrantUrl,
  user_continue_url: 'http://example.com/news',
  node_id: '149624922840320',
  node_mac: '88:15:44:00:00:01',
  gateway_id: '149624922840320',
  client_ip: '10.0.0.23',
  client_mac: clientMac,
});
const insecure = new Agent({ connect: { rejectUnauthorized: false } });

describe('a guest sent by a Meraki or Meraki Go access point', () => {
  for (const family of ['meraki', 'merakigo'] as const) {
    it(`clicks through and is sent to the grant URL with the session length in seconds (${family})`, async () => {
      // Nothing to configure: the site works with no controller settings at all.
      const s = await gatewaySite(server, family, ['clickthrough'], null);
      await s.owner.put(`${s.api}/clickthrpughloginconfig/`, { time_limit: 120, speed_ul: 0, speed_dl: 0, data_limit: 0 });
      const mac = family === 'meraki' ? '02:0c:00:00:00:01' : '02:0c:00:00:00:02';
      const { guest, first } = await arriveAt(server, s, redirect(mac), mac);
      expect(first.status).toBe(303);
      const splash = await guest.get();
      expect(textOf(splash.html)).toContain('Welcome! Enjoy free Wi-Fi');
      const done = await guest.post('clickthrough', {});
      expect(done.status).toBe(303);
      const grant = new URL(done.location!);
      expect(`${grant.origin}${grant.pathname}`).toBe(meraki.baseGrantUrl);
      expect(grant.searchParams.get('duration')).toBe('7200');
      // Meraki is told to send the browser back through the portal, which then knows the grant took.
      const returnUrl = grant.searchParams.get('continue_url')!;
      const session = async () =>
        (await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId)))[0];
      expect(await session()).toMatchObject({ family, grantStatus: 'granted', mac, minutes: 120, grantDetail: '' });

      // The phone's browser follows it; Meraki lets the device in and sends it on.
      const before = meraki.grants.length;
      const res = await fetch(done.location!, { redirect: 'manual', dispatcher: insecure });
      expect(res.status).toBe(302);
      expect(meraki.grants.slice(before)).toEqual([{ continueUrl: returnUrl, durationSeconds: 7200 }]);
      expect(res.headers.get('location')).toBe(returnUrl);

      const back = await returnFromGateway(server, s, returnUrl);
      expect(back.status).toBe(303);
      expect(back.location).toBe('http://example.com/news');
      expect(await session()).toMatchObject({ grantStatus: 'confirmed', confirmedAt: expect.any(Date) });
    });
  }

  it("goes on to the site's redirect URL and records that rates are left to Meraki's group policy", async () => {
    const s = await gatewaySite(server, 'meraki', ['clickthrough'], null);
    await s.owner.put(`${s.api}/clickthrpughloginconfig/`, { time_limit: 30, speed_ul: 256, speed_dl: 1024, data_limit: 0 });
    await s.owner.put(`/s/api/v1/site/${s.siteId}/redirecturl`, { redirect_url: 'https://cafe.example/welcome' });
    const { guest } = await arriveAt(server, s, redirect('02:0c:00:00:00:03'), '02:0c:00:00:00:03');
    const done = await guest.post('clickthrough', {});
    const back = await returnFromGateway(server, s, new URL(done.location!).searchParams.get('continue_url')!);
    expect(back.location).toBe('https://cafe.example/welcome');
    expect(new URL(done.location!).searchParams.get('duration')).toBe('1800');
    const [session] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
    expect(session!.grantDetail).toBe('limits: upload_rate,download_rate');
  });

  it("confirms nothing from a forged return address or from another site's", async () => {
    const s = await gatewaySite(server, 'meraki', ['clickthrough'], null);
    const other = await gatewaySite(server, 'meraki', ['clickthrough'], null);
    const { guest } = await arriveAt(server, s, redirect('02:0c:00:00:00:05'), '02:0c:00:00:00:05');
    const returnUrl = new URL(new URL((await guest.post('clickthrough', {})).location!).searchParams.get('continue_url')!);
    const token = returnUrl.pathname.split('/').at(-1)!;
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const forged = await returnFromGateway(server, s, `${returnUrl.origin}/guest/${s.portalKey}/through/${flipped}`);
    expect(forged.status).toBe(404);
    expect(textOf(forged.html)).toContain('Please reconnect');
    const elsewhere = await returnFromGateway(server, other, `${returnUrl.origin}/guest/${other.portalKey}/through/${token}`);
    expect(elsewhere.status).toBe(303);
    const [session] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
    expect(session).toMatchObject({ grantStatus: 'granted', confirmedAt: null });
  });

  it('refuses an arrival whose grant address is not a Meraki one', async () => {
    const s = await gatewaySite(server, 'meraki', ['clickthrough'], null);
    const { first } = await arriveAt(
      server,
      s,
      { ...redirect('02:0c:00:00:00:04'), base_grant_url: 'https://evil.example/login' },
      '',
    );
    expect(first.status).toBe(400);
    expect(textOf(first.html)).toContain('Connect to the Wi-Fi first');
  });
});

describe('an operator disconnecting a Meraki guest from the guests page', () => {
  const clickedThrough = async (mac: string) => {
    const s = await gatewaySite(server, 'meraki', ['clickthrough'], null);
    const { guest } = await arriveAt(server, s, redirect(mac), mac);
    expect((await guest.post('clickthrough', {})).status).toBe(303);
    const [row] = await server.handle.db.select({ id: guests.id }).from(guests).where(eq(guests.siteId, s.siteId));
    return { s, guestId: row!.id };
  };

  it('with a Dashboard API key, ends the splash authorization on the SSID through the Dashboard API', async () => {
    const mac = '02:0c:00:00:00:06';
    const { s, guestId } = await clickedThrough(mac);
    const saved = await s.owner.put(`${s.api}/routersettings/meraki`, {
      api_key: 'dash-key',
      network_id: 'N_5150',
      ssid_number: '2',
      api_url: dashboard.apiUrl,
      skip_tls_verify: true,
    });
    expect(saved.body.status).toBe('Online');
    dashboard.addClient('N_5150', mac);
    const res = await s.owner.post(`${s.api}/guest/${guestId}/disconnect/${mac}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'Device disconnected', disconnected: true, ended_sessions: 1 });
    expect(dashboard.splashUpdates.at(-1)).toEqual({
      networkId: 'N_5150',
      clientId: mac,
      ssids: { '2': { isAuthorized: false } },
    });
    expect(dashboard.requests.at(-1)?.key).toBe('dash-key');
  });

  it('answers Disconnecting device failed when the Dashboard refuses, and leaves the session open', async () => {
    const mac = '02:0c:00:00:00:07';
    const { s, guestId } = await clickedThrough(mac);
    await s.owner.put(`${s.api}/routersettings/meraki`, {
      api_key: 'dash-key',
      network_id: 'N_5150',
      api_url: dashboard.apiUrl,
      skip_tls_verify: true,
    });
    // The network has not seen this client: the Dashboard answers 404.
    const res = await s.owner.post(`${s.api}/guest/${guestId}/disconnect/${mac}`);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^Disconnecting device failed: .*does not know the client 02:0c:00:00:00:07/);
    const [session] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
    expect(session!.endedAt).toBeNull();
  });

  it('without a key, says the gateway cannot disconnect from here and ends the session record only', async () => {
    const mac = '02:0c:00:00:00:08';
    const { s, guestId } = await clickedThrough(mac);
    const before = dashboard.requests.length;
    const res = await s.owner.post(`${s.api}/guest/${guestId}/disconnect/${mac}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ disconnected: false, ended_sessions: 1 });
    expect(res.body.message).toMatch(/cannot disconnect a device from here .*without a Dashboard API key/);
    expect(dashboard.requests.length).toBe(before);
  });
});
