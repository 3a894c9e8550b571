import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Agent, fetch } from 'undici';
import { guestSessions } from '../db/schema/index.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { arriveAt, gatewaySite, returnFromGateway } from '../../test/portal-gateways.ts';
import { FakeMistPortal } from '../../test/fakes/mist-portal.ts';

let server: TestServer;
let mist: FakeMistPortal;
beforeAll(async () => {
  [server, mist] = await Promise.all([
    startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' }),
    new FakeMistPortal('mist-wlan-secret').start(),
  ]);
});
afterAll(async () => {
  await mist?.close();
  await server?.close();
});

const redirect = (clientMac: string) => ({
  wlan_id: 'be22bba7-8e22-e1cf-5185-b880816fe2cf',
  ap_mac: '5c5b35000001',
  client_mac: clientMac,
  url: 'http://example.com/news',
  ap_name: 'Lobby',
  site_name: 'Cafe',
});
const insecure = new Agent({ connect: { rejectUnauthorized: false } });

describe('a guest sent by a Juniper Mist access point', () => {
  it('clicks through and is sent to the signed authorize URL, which Mist accepts with the limits in its units', async () => {
    const s = await gatewaySite(server, 'mist', ['clickthrough'], { portalUrl: mist.url }, { secret: 'mist-wlan-secret' });
    await s.owner.put(`${s.api}/clickthrpughloginconfig/`, { time_limit: 60, speed_ul: 256, speed_dl: 1024, data_limit: 200 });
    const { guest, first } = await arriveAt(server, s, redirect('020e00000001'), '02:0e:00:00:00:01');
    expect(first.status).toBe(303);
    const done = await guest.post('clickthrough', {});
    expect(done.status).toBe(303);
    expect(done.location!.startsWith(`${mist.url}/authorize?`)).toBe(true);

    const res = await fetch(done.location!, { redirect: 'manual', dispatcher: insecure });
    expect(res.status).toBe(302);
    // Mist sends the browser back through the portal, which records that the grant took and sends it on.
    const returnUrl = res.headers.get('location')!;
    expect(mist.authorizations.at(-1)).toEqual({
      wlanId: 'be22bba7-8e22-e1cf-5185-b880816fe2cf',
      apMac: '5c5b35000001',
      clientMac: '020e00000001',
      minutes: 60,
      downKbps: 1024,
      upKbps: 256,
      quotaMB: 200,
      forward: returnUrl,
    });
    const session = async () =>
      (await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId)))[0];
    expect(await session()).toMatchObject({ family: 'mist', grantStatus: 'granted', mac: '02:0e:00:00:00:01', grantDetail: '' });
    const back = await returnFromGateway(server, s, returnUrl);
    expect(back.status).toBe(303);
    expect(back.location).toBe('http://example.com/news');
    expect(await session()).toMatchObject({ grantStatus: 'confirmed', confirmedAt: expect.any(Date) });
  });

  it('says the Wi-Fi is not ready when the secret was never saved', async () => {
    const s = await gatewaySite(server, 'mist', ['clickthrough'], null);
    const { guest } = await arriveAt(server, s, redirect('020e00000002'), '02:0e:00:00:00:02');
    const refused = await guest.post('clickthrough', {});
    expect(refused.status).toBe(503);
    expect(await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId))).toHaveLength(0);
  });
});
