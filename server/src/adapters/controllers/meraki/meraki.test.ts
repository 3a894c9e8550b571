import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, fetch } from 'undici';
import { FakeMerakiGrant } from '../../../../test/fakes/meraki-grant.ts';
import { FakeMerakiDashboard } from '../../../../test/fakes/meraki-dashboard.ts';
import { closedPort } from '../../../../test/fixtures/router-settings.ts';
import { MerakiSplash, parseMerakiArrival } from './meraki.ts';

let fake: FakeMerakiGrant;
let dashboard: FakeMerakiDashboard;
beforeAll(async () => {
  fake = await new FakeMerakiGrant().start();
  dashboard = await new FakeMerakiDashboard({ keys: ['good-key'], networks: ['N_1001'] }).start();
  dashboard.addClient('N_1001', '02:0b:00:00:00:01');
});
afterAll(async () => {
  await fake.close();
  await dashboard.close();
});

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
        unenforced: [],
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
    await expect(adapter.revokeAccess('02:0b:00:00:00:01')).rejects.toMatchObject({ code: 'unsupported' });
  });
});

describe('Meraki Dashboard API (with a key)', () => {
  const withKey = (over: Partial<ConstructorParameters<typeof MerakiSplash>[1]> = {}) =>
    new MerakiSplash('meraki', {
      apiKey: 'good-key',
      networkId: 'N_1001',
      ssidNumber: '3',
      apiUrl: dashboard.apiUrl,
      skipTlsVerify: true,
      timeoutMs: 3000,
      ...over,
    });

  it('is Online when the key reaches the network, sending the key as a Bearer token', async () => {
    const before = dashboard.requests.length;
    expect(await withKey().checkStatus()).toEqual({ status: 'Online' });
    expect(dashboard.requests.slice(before)).toEqual([{ call: 'GET /api/v1/networks/N_1001', key: 'good-key' }]);
  });

  it('tells a refused key, an unknown network, a missing network id, an unreachable host and an untrusted certificate', async () => {
    expect(await withKey({ apiKey: 'wrong' }).checkStatus()).toEqual({
      status: 'Invalid Credentials',
      detail: `The Meraki Dashboard API at ${dashboard.apiUrl} refused the API key (HTTP 401: Invalid API key)`,
    });
    expect(await withKey({ networkId: 'N_9999' }).checkStatus()).toEqual({
      status: 'Not Reachable',
      detail: `The Meraki Dashboard API at ${dashboard.apiUrl} does not know the network N_9999, or the API key has no access to it: Network not found`,
    });
    expect(await withKey({ networkId: '' }).checkStatus()).toEqual({
      status: 'Not configured',
      detail: 'Enter the Dashboard network id to use the API key',
    });
    const port = await closedPort();
    expect(await withKey({ apiUrl: `https://127.0.0.1:${port}/api/v1` }).checkStatus()).toMatchObject({
      status: 'Not Reachable',
      detail: expect.stringMatching(/cannot be reached \(ECONNREFUSED\)/),
    });
    expect(await withKey({ skipTlsVerify: false }).checkStatus()).toMatchObject({
      status: 'Not Reachable',
      detail: expect.stringMatching(/TLS certificate that is not trusted/),
    });
  });

  it('disconnects a guest by ending its splash authorization on the configured SSID, the client named by its MAC', async () => {
    await withKey().revokeAccess('02-0B-00-00-00-01');
    expect(dashboard.splashUpdates.at(-1)).toEqual({
      networkId: 'N_1001',
      clientId: '02:0b:00:00:00:01',
      ssids: { '3': { isAuthorized: false } },
    });
    expect(dashboard.requests.at(-1)).toEqual({
      call: 'PUT /api/v1/networks/N_1001/clients/02%3A0b%3A00%3A00%3A00%3A01/splashAuthorizationStatus',
      key: 'good-key',
    });
  });

  it('says why a disconnect failed: a refused key, a client the network does not know, no network id', async () => {
    const count = dashboard.splashUpdates.length;
    await expect(withKey({ apiKey: 'wrong' }).revokeAccess('02:0b:00:00:00:01')).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    await expect(withKey().revokeAccess('02:0b:00:00:00:99')).rejects.toMatchObject({
      code: 'rejected',
      message: expect.stringMatching(/does not know the client 02:0b:00:00:00:99 on network N_1001/),
    });
    await expect(withKey({ networkId: '' }).revokeAccess('02:0b:00:00:00:01')).rejects.toMatchObject({ code: 'not_configured' });
    expect(dashboard.splashUpdates.length).toBe(count);
  });

  it('still grants by the grant address with a key: the API is only for status and disconnects', async () => {
    const result = await withKey().grantAccess({ arrival: parseMerakiArrival(query()), limits: { minutes: 2 } });
    expect(result).toMatchObject({ kind: 'redirect', url: expect.stringContaining(`${fake.baseGrantUrl}?`) });
  });
});
