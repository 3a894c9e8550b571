import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { ownerWithSite, storedRow } from '../../../test/fixtures/router-settings.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ PUBLIC_URL: 'https://wifi.example.test' });
});
afterAll(() => server?.close());

describe('Juniper Mist router settings', () => {
  it('is Not configured until the secret is saved, then has nothing to ask; the secret stays sealed', async () => {
    const { client, base, portalKey, siteId } = await ownerWithSite(server, 'mist');
    const empty = await client.get(`${base}/mist`);
    expect(empty.body).toEqual({
      public_address: { url: 'https://wifi.example.test', problem: null },
      family: 'mist',
      values: { portal_url: 'https://portal.mist.com' },
      secrets_set: { secret: false },
      status: 'Not configured',
      status_detail: 'Enter the portal API secret of the WLAN, then save',
      status_checked_at: null,
      router_type: 'mist',
      instructions: [
        { key: 'portal_url', value: `https://wifi.example.test/guest/${portalKey}/` },
        { key: 'walled_garden', value: 'wifi.example.test' },
      ],
    });
    const put = await client.put(`${base}/mist`, { portal_url: 'https://portal.eu.mist.com/', secret: 'wlan-secret-1' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      values: { portal_url: 'https://portal.eu.mist.com' },
      secrets_set: { secret: true },
      status: null,
      status_detail: expect.stringContaining('no interface the portal can ask'),
    });
    expect(JSON.stringify(put.body)).not.toContain('wlan-secret-1');
    const row = await storedRow(server, siteId);
    expect(row).toMatchObject({ family: 'mist', config: { portalUrl: 'https://portal.eu.mist.com' } });
    expect(JSON.parse(server.built.ctx.secrets.open(row!.secretsEnc!))).toEqual({ secret: 'wlan-secret-1' });
    // The secret is kept when none is sent; the default cloud is used when no address is given.
    const kept = await client.put(`${base}/mist`, {});
    expect(kept.body).toMatchObject({
      values: { portal_url: 'https://portal.mist.com' },
      secrets_set: { secret: true },
      status: null,
    });
    expect((await client.post(`${base}/mist/status`)).body.status).toBeNull();
  });

  it('refuses bad input and a first save without a secret, storing nothing; another account gets 404', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'mist');
    const bad = await client.put(`${base}/mist`, { portal_url: 'portal.mist.com', secret: 'x'.repeat(257) });
    expect(bad.status).toBe(422);
    expect(bad.body.schema_errors).toEqual({
      portal_url: ['Enter the Mist portal address, such as https://portal.mist.com'],
      secret: [expect.any(String)],
    });
    const missing = await client.put(`${base}/mist`, { portal_url: 'https://portal.mist.com' });
    expect(missing.status).toBe(422);
    expect(missing.body.schema_errors).toEqual({ secret: ['Enter the secret'] });
    const stranger = await ownerWithSite(server, 'mist');
    expect((await stranger.client.get(`${base}/mist`)).status).toBe(404);
    expect((await stranger.client.put(`${base}/mist`, { secret: 'abc' })).status).toBe(404);
    expect(await storedRow(server, siteId)).toBeUndefined();
  });
});
