import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Agent, fetch } from 'undici';
import { guestSessions } from '../db/schema/index.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { textOf } from '../../test/portal.ts';
import { arriveAt, gatewaySite, returnFromGateway } from '../../test/portal-gateways.ts';
import { FakeMerakiGrant } from '../../test/fakes/meraki-grant.ts';

let server: TestServer;
let meraki: FakeMerakiGrant;
beforeAll(async () => {
  [server, meraki] = await Promise.all([
    startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' }),
    new FakeMerakiGrant().start(),
  ]);
});
afterAll(async () => {
  await meraki?.close();
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
    expect(session!.grantDetail).toBe('The gateway does not enforce every limit');
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
