import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, fetch } from 'undici';
import { FakeMistPortal } from '../../../../test/fakes/mist-portal.ts';
import { MistPortal, parseMistArrival } from './mist.ts';

const SECRET = 'wlan-portal-secret-1';
let fake: FakeMistPortal;
beforeAll(async () => {
  fake = await new FakeMistPortal(SECRET).start();
});
afterAll(() => fake.close());

const QUERY =
  'wlan_id=be22bba7-8e22-e1cf-5185-b880816fe2cf&ap_mac=5c5b35000001&client_mac=020d00000001&url=http%3A%2F%2Fexample.test%2F&ap_name=Lobby&site_name=Cafe';
const insecure = new Agent({ connect: { rejectUnauthorized: false } });

describe('parseMistArrival', () => {
  it('reads the redirect and keeps the MACs as Mist wrote them', () => {
    expect(parseMistArrival(QUERY)).toEqual({
      family: 'mist',
      clientMac: '02:0d:00:00:00:01',
      apMac: '5c:5b:35:00:00:01',
      clientIp: null,
      originalUrl: 'http://example.test/',
      ssid: null,
      gateway: { wlanId: 'be22bba7-8e22-e1cf-5185-b880816fe2cf', apMacRaw: '5c5b35000001', clientMacRaw: '020d00000001' },
    });
  });
  it('refuses a redirect without the client, the WLAN or the access point', () => {
    expect(() => parseMistArrival('wlan_id=w&ap_mac=5c5b35000001')).toThrow(/client MAC/);
    expect(() => parseMistArrival('client_mac=020d00000001&ap_mac=5c5b35000001')).toThrow(/wlan_id/);
  });
});

describe('Mist grant by signed authorize URL', () => {
  it('signs a link the Mist portal accepts, carrying the session, rates and quota in Mist units', async () => {
    const adapter = new MistPortal({ portalUrl: fake.url, secret: SECRET });
    const result = await adapter.grantAccess({
      arrival: parseMistArrival(QUERY),
      limits: { minutes: 90, upKbps: 512, downKbps: 2048, quotaMB: 300 },
      continueUrl: 'https://cafe.example/welcome?x=1&y=2',
    });
    expect(result).toMatchObject({ kind: 'redirect', limitsApplied: true });
    if (result.kind !== 'redirect') return;
    expect(result.url.startsWith(`${fake.url}/authorize?signature=`)).toBe(true);
    const res = await fetch(result.url, { redirect: 'manual', dispatcher: insecure });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://cafe.example/welcome?x=1&y=2');
    expect(fake.authorizations.at(-1)).toEqual({
      wlanId: 'be22bba7-8e22-e1cf-5185-b880816fe2cf',
      apMac: '5c5b35000001',
      clientMac: '020d00000001',
      minutes: 90,
      downKbps: 2048,
      upKbps: 512,
      quotaMB: 300,
      forward: 'https://cafe.example/welcome?x=1&y=2',
    });
  });

  it('makes a link the portal refuses when the secret differs, and a default link to portal.mist.com', async () => {
    const wrong = new MistPortal({ portalUrl: fake.url, secret: 'another-secret' });
    const result = await wrong.grantAccess({ arrival: parseMistArrival(QUERY), limits: { minutes: 5 } });
    const res = await fetch((result as { url: string }).url, { redirect: 'manual', dispatcher: insecure });
    expect(res.status).toBe(403);
    expect(fake.refusals.at(-1)).toBe('bad signature');
    const cloud = await new MistPortal({ secret: SECRET }).grantAccess({
      arrival: parseMistArrival(QUERY),
      limits: { minutes: 5 },
    });
    expect((cloud as { url: string }).url).toMatch(/^https:\/\/portal\.mist\.com\/authorize\?signature=/);
  });

  it('is Not configured without a secret, and cannot disconnect', async () => {
    const adapter = new MistPortal({ secret: '' });
    expect((await adapter.checkStatus()).status).toBe('Not configured');
    await expect(adapter.grantAccess({ arrival: parseMistArrival(QUERY), limits: { minutes: 5 } })).rejects.toMatchObject({
      code: 'not_configured',
    });
    await expect(adapter.revokeAccess()).rejects.toMatchObject({ code: 'unsupported' });
  });
});
