import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { ownerWithSite, storedRow } from './router-settings.fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ PUBLIC_URL: 'https://wifi.example.test' });
});
afterAll(() => server?.close());

describe('Meraki and Meraki Go router settings', () => {
  for (const family of ['meraki', 'merakigo'] as const) {
    it(`has nothing to enter or ask, and answers the splash page URL and walled garden (${family})`, async () => {
      const { client, base, portalKey, siteId } = await ownerWithSite(server, family);
      const expected = {
        family,
        values: {},
        secrets_set: {},
        status: null,
        status_detail: 'Meraki lets guests in by the grant address each one arrives with: there is no controller to ask',
        status_checked_at: null,
        router_type: family,
        instructions: [
          { key: 'portal_url', value: `https://wifi.example.test/guest/${portalKey}/` },
          { key: 'walled_garden', value: 'wifi.example.test' },
        ],
      };
      expect((await client.get(`${base}/${family}`)).body).toEqual(expected);
      const check = await client.post(`${base}/${family}/status`);
      expect(check.status).toBe(200);
      expect(check.body).toEqual(expected);
      // No settings to save: nothing is stored, and the portal works without a row.
      expect((await client.put(`${base}/${family}`, {})).status).toBe(404);
      expect(await storedRow(server, siteId)).toBeUndefined();
    });
  }

  it('answers 404 to another account and 422 for a check on a site of another router type', async () => {
    const { base } = await ownerWithSite(server, 'meraki');
    const stranger = await ownerWithSite(server, 'omada');
    expect((await stranger.client.get(`${base}/meraki`)).status).toBe(404);
    expect((await stranger.client.post(`${base}/meraki/status`)).status).toBe(404);
    expect((await server.client().get(`${base}/meraki`)).status).toBe(401);
    const mismatch = await stranger.client.post(`${stranger.base}/merakigo/status`);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toMatch(/router is TP-Link Omada: Meraki Go settings apply only/);
    const read = await stranger.client.get(`${stranger.base}/merakigo`);
    expect(read.body).toMatchObject({ router_type: 'omada', status: null });
  });
});
