import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { FakeRuckusNbi } from '../../../test/fakes/ruckus-nbi.ts';
import { ownerWithSite, storedRow } from '../../../test/fixtures/router-settings.ts';

let server: TestServer;
let fake: FakeRuckusNbi;
beforeAll(async () => {
  [server, fake] = await Promise.all([
    startServer({ PUBLIC_URL: 'https://wifi.example.test', RADIUS_AUTH_PORT: '1812', RADIUS_ACCT_PORT: '1813' }),
    new FakeRuckusNbi({ password: 'nbi-pass' }).start(),
  ]);
});
afterAll(async () => {
  await fake?.close();
  await server?.close();
});

describe('Ruckus SmartZone and RUCKUS One router settings', () => {
  for (const family of ['smartzone', 'ruckus_cloud'] as const) {
    it(`answers the portal and RADIUS values, saves, checks Online and seals the password and RADIUS key (${family})`, async () => {
      const { client, base, portalKey, siteId } = await ownerWithSite(server, family);
      const empty = await client.get(`${base}/${family}`);
      expect(empty.body).toMatchObject({
        family,
        values: { url: '', skip_tls_verify: false },
        secrets_set: { password: false },
        status: 'Not configured',
        instructions: [
          { key: 'portal_url', value: `https://wifi.example.test/guest/${portalKey}/` },
          { key: 'walled_garden', value: 'wifi.example.test' },
          { key: 'radius_server', value: 'wifi.example.test' },
          { key: 'radius_auth_port', value: '1812' },
          { key: 'radius_acct_port', value: '1813' },
        ],
      });
      const put = await client.put(`${base}/${family}`, { url: fake.url, password: 'nbi-pass', skip_tls_verify: true });
      expect(put.body).toMatchObject({ status: 'Online', secrets_set: { password: true }, values: { url: fake.url } });
      const row = await storedRow(server, siteId);
      const sealed = JSON.parse(server.built.ctx.secrets.open(row!.secretsEnc!));
      expect(sealed).toEqual({ password: 'nbi-pass', radiusKey: expect.stringMatching(/^[\w-]{43}$/) });
      // A later save keeps the key, so credentials already handed out stay valid.
      const again = await client.put(`${base}/${family}`, { url: fake.url, skip_tls_verify: true, password: 'wrong' });
      expect(again.body.status).toBe('Invalid Credentials');
      const after = JSON.parse(server.built.ctx.secrets.open((await storedRow(server, siteId))!.secretsEnc!));
      expect(after.radiusKey).toBe(sealed.radiusKey);
      expect(JSON.stringify(again.body)).not.toMatch(/nbi-pass|wrong|radiusKey/);
    });
  }

  it('refuses bad input, answers 404 to another account and stores nothing', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'smartzone');
    const bad = await client.put(`${base}/smartzone`, { url: 'smartzone.example:9443', skip_tls_verify: 1 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual(['skip_tls_verify', 'url']);
    const noPassword = await client.put(`${base}/smartzone`, { url: fake.url });
    expect(noPassword.body.schema_errors).toEqual({ password: ['Enter the password of the controller account'] });
    const stranger = await ownerWithSite(server, 'smartzone');
    expect((await stranger.client.get(`${base}/smartzone`)).status).toBe(404);
    expect((await stranger.client.post(`${base}/smartzone/status`)).status).toBe(404);
    expect(await storedRow(server, siteId)).toBeUndefined();
  });
});
