import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, fetch } from 'undici';
import { FakeMerakiGrant } from '../../../test/fakes/meraki-grant.ts';
import { MerakiSplash, parseMerakiArrival } from './meraki.ts';

let fake: FakeMerakiGrant;
beforeAll(async () => {
  fake = await new FakeMerakiGrant().start();
});
afterAll(() => fake.close());

const query = (over: Record<string, string> = {}) =>
  new URLSearchParams({
    base_grant_url: fake.baseGrantUrl,
    user_continue_url: 'http://example.test/news',
    node_id: '149624922840320',
    node_mac: '88:15:44:00:00:01',
    gateway_id: '149624922840320',
    client_ip: '10.110.154.195',
    client_mac: '02:0b:00:00:00:01',
    ...over,
  });

describe('parseMerakiArrival', () => {
  it('reads the splash redirect of a Meraki access point', () => {
    expect(parseMerakiArrival(query(), 'merakigo')).toEqual({
      family: 'merakigo',
      clientMac: '02:0b:00:00:00:01',
      apMac: '88:15:44:00:00:01',
      clientIp: '10.110.154.195',
      originalUrl: 'http://example.test/news',
      ssid: null,
      gateway: { baseGrantUrl: fake.baseGrantUrl, nodeId: '149624922840320', gatewayId: '149624922840320' },
    });
  });

  it('refuses a redirect without a client MAC or with a grant address a browser must not be sent to', () => {
    expect(() => parseMerakiArrival(query({ client_mac: '' }))).toThrow(/client MAC/);
    for (const bad of [
      '',
      'javascript:alert(1)//grant',
      'https://evil.example/phish',
      'https://u:p@n1.network-auth.com/splash/grant',
    ])
      expect(() => parseMerakiArrival(query({ base_grant_url: bad })), bad).toThrow(/grant/);
  });
});

describe('Meraki grant by URL', () => {
  for (const family of ['meraki', 'merakigo'] as const) {
    it(`sends the browser to the grant address with the duration in seconds, which lets the device in (${family})`, async () => {
      const adapter = new MerakiSplash(family);
      const result = await adapter.grantAccess({
        arrival: parseMerakiArrival(query(), family),
        limits: { minutes: 90 },
        continueUrl: 'https://cafe.example/welcome',
      });
      expect(result).toEqual({
        kind: 'redirect',
        url: `${fake.baseGrantUrl}?continue_url=${encodeURIComponent('https://cafe.example/welcome')}&duration=5400`,
        limitsApplied: true,
      });
      if (result.kind !== 'redirect') return;
      const before = fake.grants.length;
      const res = await fetch(result.url, {
        redirect: 'manual',
        dispatcher: new Agent({ connect: { rejectUnauthorized: false } }),
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://cafe.example/welcome');
      expect(fake.grants.slice(before)).toEqual([{ continueUrl: 'https://cafe.example/welcome', durationSeconds: 5400 }]);
    });
  }

  it('says rates and quotas are left to the network, and that there is nothing to ask or disconnect', async () => {
    const adapter = new MerakiSplash('meraki');
    const result = await adapter.grantAccess({ arrival: parseMerakiArrival(query()), limits: { minutes: 1, downKbps: 1000 } });
    expect(result).toMatchObject({ kind: 'redirect', limitsApplied: false });
    expect(result.kind === 'redirect' && new URL(result.url).searchParams.get('continue_url')).toBe('http://example.test/news');
    expect(await adapter.checkStatus()).toEqual({ status: 'Online' });
    await expect(adapter.revokeAccess()).rejects.toMatchObject({ code: 'unsupported' });
  });
});
