import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { FakeMerakiDashboard } from '../../../test/fakes/meraki-dashboard.ts';
import { closedPort, ownerWithSite, storedRow } from '../../../test/fixtures/router-settings.ts';

let server: TestServer;
let dashboard: FakeMerakiDashboard;
beforeAll(async () => {
  [server, dashboard] = await Promise.all([
    startServer({ PUBLIC_URL: 'https://wifi.example.test' }),
    new FakeMerakiDashboard({ keys: ['dash-key-1', 'dash-key-2'], networks: ['N_24329156'] }).start(),
  ]);
});
afterAll(async () => {
  await dashboard?.close();
  await server?.close();
});

const NO_KEY =
  'Without a Dashboard API key, Meraki lets guests in by the grant address each one arrives with: there is nothing to ask, and guests cannot be disconnected from here';
const instructions = (portalKey: string) => [
  { key: 'portal_url', value: `https://wifi.example.test/guest/${portalKey}/` },
  { key: 'walled_garden', value: 'wifi.example.test' },
];

describe('Meraki Go router settings', () => {
  it('has nothing to enter or ask, and answers the splash page URL and walled garden', async () => {
    const { client, base, portalKey, siteId } = await ownerWithSite(server, 'merakigo');
    const expected = {
      family: 'merakigo',
      values: {},
      secrets_set: {},
      status: null,
      status_detail: 'Meraki lets guests in by the grant address each one arrives with: there is no controller to ask',
      status_checked_at: null,
      router_type: 'merakigo',
      instructions: instructions(portalKey),
      public_address: { url: 'https://wifi.example.test', problem: null },
    };
    expect((await client.get(`${base}/merakigo`)).body).toEqual(expected);
    const check = await client.post(`${base}/merakigo/status`);
    expect(check.status).toBe(200);
    expect(check.body).toEqual(expected);
    // No settings to save: nothing is stored, and the portal works without a row.
    expect((await client.put(`${base}/merakigo`, {})).status).toBe(404);
    expect(await storedRow(server, siteId)).toBeUndefined();
  });
});

describe('Meraki router settings (optional Dashboard API key)', () => {
  const keyed = (over: Record<string, unknown> = {}) => ({
    api_key: 'dash-key-1',
    network_id: 'N_24329156',
    ssid_number: '1',
    api_url: dashboard.apiUrl,
    skip_tls_verify: true,
    ...over,
  });

  it('without a key: the defaults, nothing to ask, and saving nothing keeps it so', async () => {
    const { client, base, portalKey, siteId } = await ownerWithSite(server, 'meraki');
    const expected = {
      family: 'meraki',
      values: { network_id: '', ssid_number: '0', api_url: 'https://api.meraki.com/api/v1', skip_tls_verify: false },
      secrets_set: { api_key: false },
      status: null,
      status_detail: NO_KEY,
      status_checked_at: null,
      router_type: 'meraki',
      instructions: instructions(portalKey),
      public_address: { url: 'https://wifi.example.test', problem: null },
    };
    expect((await client.get(`${base}/meraki`)).body).toEqual(expected);
    expect((await client.post(`${base}/meraki/status`)).body).toEqual(expected);
    const before = dashboard.requests.length;
    const saved = await client.put(`${base}/meraki`, { network_id: 'N_24329156' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: null, status_detail: NO_KEY, secrets_set: { api_key: false } });
    expect(saved.body.values.network_id).toBe('N_24329156');
    expect((await client.post(`${base}/meraki/status`)).body).toMatchObject({ status: null, status_detail: NO_KEY });
    expect(dashboard.requests.length).toBe(before);
    expect((await storedRow(server, siteId))?.family).toBe('meraki');
  });

  it('with a key and network: Online from the Dashboard API; the key is sealed and never sent back', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'meraki');
    const saved = await client.put(`${base}/meraki`, keyed());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      values: { network_id: 'N_24329156', ssid_number: '1', api_url: dashboard.apiUrl, skip_tls_verify: true },
      secrets_set: { api_key: true },
      status: 'Online',
      status_detail: '',
      status_checked_at: expect.any(String),
    });
    expect(JSON.stringify(saved.body)).not.toContain('dash-key-1');
    expect(JSON.stringify((await client.get(`${base}/meraki`)).body)).not.toContain('dash-key-1');
    expect(dashboard.requests.at(-1)).toEqual({ call: 'GET /api/v1/networks/N_24329156', key: 'dash-key-1' });
    const row = await storedRow(server, siteId);
    expect(row!.secretsEnc).toBeTruthy();
    expect(row!.secretsEnc).not.toContain('dash-key-1');
    expect(JSON.stringify(row!.config)).not.toContain('dash-key-1');

    // An empty key keeps the saved one; a new one replaces it.
    const kept = await client.put(`${base}/meraki`, keyed({ api_key: '' }));
    expect(kept.body).toMatchObject({ status: 'Online', secrets_set: { api_key: true } });
    expect(dashboard.requests.at(-1)?.key).toBe('dash-key-1');
    await client.put(`${base}/meraki`, keyed({ api_key: 'dash-key-2' }));
    expect(dashboard.requests.at(-1)?.key).toBe('dash-key-2');
  });

  it('tells a refused key, an unknown network, a missing network id and an unreachable API', async () => {
    const { client, base } = await ownerWithSite(server, 'meraki');
    expect((await client.put(`${base}/meraki`, keyed({ api_key: 'revoked' }))).body).toMatchObject({
      status: 'Invalid Credentials',
      status_detail: `The Meraki Dashboard API at ${dashboard.apiUrl} refused the API key (HTTP 401: Invalid API key)`,
    });
    expect((await client.put(`${base}/meraki`, keyed({ network_id: 'L_1' }))).body).toMatchObject({
      status: 'Not Reachable',
      status_detail: expect.stringMatching(/does not know the network L_1, or the API key has no access to it/),
    });
    expect((await client.put(`${base}/meraki`, keyed({ network_id: '' }))).body).toMatchObject({
      status: 'Not configured',
      status_detail: 'Enter the Dashboard network id to use the API key',
    });
    const port = await closedPort();
    expect((await client.put(`${base}/meraki`, keyed({ api_url: `https://127.0.0.1:${port}/api/v1` }))).body).toMatchObject({
      status: 'Not Reachable',
      status_detail: expect.stringMatching(/cannot be reached/),
    });
  });

  it('refuses an SSID number outside 0-14, a network id with other characters and an address that is not http(s)', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'meraki');
    const res = await client.put(`${base}/meraki`, keyed({ ssid_number: '15', network_id: 'N 1/2', api_url: 'ftp://x' }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.schema_errors).sort()).toEqual(['api_url', 'network_id', 'ssid_number']);
    expect(res.body.schema_errors.network_id).toEqual([
      'Use the network id of the Dashboard API, such as N_24329156 or L_643703248',
    ]);
    expect(await storedRow(server, siteId)).toBeUndefined();
  });

  it('answers 404 to another account, 403 to a change by a Read Only user, and 422 on a site of another router type', async () => {
    const { client, base, siteId, accountId } = await ownerWithSite(server, 'meraki');
    await client.put(`${base}/meraki`, keyed());
    const reader = await signedInClient(server, accountId, [{ siteId, area: 'settings', level: 'read' }]);
    const read = await reader.client.get(`${base}/meraki`);
    expect(read.body).toMatchObject({ status: 'Online', secrets_set: { api_key: true } });
    expect(JSON.stringify(read.body)).not.toContain('dash-key-1');
    expect((await reader.client.put(`${base}/meraki`, keyed({ network_id: 'L_2' }))).status).toBe(403);
    expect((await reader.client.post(`${base}/meraki/status`)).status).toBe(403);
    expect((await client.get(`${base}/meraki`)).body.values.network_id).toBe('N_24329156');
    const stranger = await ownerWithSite(server, 'omada');
    expect((await stranger.client.get(`${base}/meraki`)).status).toBe(404);
    expect((await stranger.client.put(`${base}/meraki`, keyed())).status).toBe(404);
    expect((await stranger.client.post(`${base}/meraki/status`)).status).toBe(404);
    expect((await server.client().get(`${base}/meraki`)).status).toBe(401);
    const mismatch = await stranger.client.post(`${stranger.base}/merakigo/status`);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toMatch(/router is TP-Link Omada: Meraki Go settings apply only/);
    expect((await stranger.client.put(`${stranger.base}/meraki`, keyed())).status).toBe(422);
    const other = await stranger.client.get(`${stranger.base}/merakigo`);
    expect(other.body).toMatchObject({ router_type: 'omada', status: null });
  });
});
