import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { FakeOmadaController } from '../../../test/fakes/omada-controller.ts';
import { closedPort, ownerWithSite, storedRow } from '../../../test/fixtures/router-settings.ts';

let server: TestServer;
let fake: FakeOmadaController;
beforeAll(async () => {
  [server, fake] = await Promise.all([
    startServer({ PUBLIC_URL: 'https://wifi.example.test' }),
    new FakeOmadaController().start(),
  ]);
});
afterAll(async () => {
  await fake?.close();
  await server?.close();
});

const settings = (over: Record<string, unknown> = {}) => ({
  url: fake.url,
  username: 'operator',
  password: 'operator-pass',
  skip_tls_verify: true,
  ...over,
});

describe('Omada router settings', () => {
  it('answers defaults, Not configured and the portal URL to enter before anything is saved', async () => {
    const { client, base, portalKey, siteId } = await ownerWithSite(server, 'omada');
    const res = await client.get(`${base}/omada`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      public_address: { url: 'https://wifi.example.test', problem: null },
      family: 'omada',
      values: { url: '', controller_id: '', username: '', skip_tls_verify: false, time_unit: 'microseconds' },
      secrets_set: { password: false },
      status: 'Not configured',
      status_detail: 'Enter the controller address and the hotspot operator, then save',
      status_checked_at: null,
      router_type: 'omada',
      instructions: [
        { key: 'portal_url', value: `https://wifi.example.test/guest/${portalKey}/` },
        { key: 'walled_garden', value: 'wifi.example.test' },
      ],
    });
    expect((await client.post(`${base}/omada/status`)).body).toMatchObject({ status: 'Not configured' });
    expect(await storedRow(server, siteId)).toBeUndefined();
  });

  it('saves, checks the operator as Online, keeps the password sealed and never answers it', async () => {
    const { client, base, siteId, accountId } = await ownerWithSite(server, 'omada');
    const put = await client.put(`${base}/omada`, settings({ url: `${fake.url}/`, time_unit: 'milliseconds' }));
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      values: { url: fake.url, controller_id: '', username: 'operator', skip_tls_verify: true, time_unit: 'milliseconds' },
      secrets_set: { password: true },
      status: 'Online',
      status_detail: '',
      status_checked_at: expect.any(String),
    });
    expect((await client.get(`${base}/omada`)).body).toEqual(put.body);
    expect(JSON.stringify(put.body)).not.toContain('operator-pass');
    const row = await storedRow(server, siteId);
    expect(row).toMatchObject({
      accountId,
      family: 'omada',
      config: { url: fake.url, controllerId: '', username: 'operator', skipTlsVerify: true, timeUnit: 'milliseconds' },
      status: 'Online',
    });
    expect(JSON.stringify(row)).not.toContain('operator-pass');
    expect(JSON.parse(server.built.ctx.secrets.open(row!.secretsEnc!))).toEqual({ password: 'operator-pass' });
  });

  it('keeps the stored password when none is sent; says Invalid Credentials, Not Reachable as the controller answers', async () => {
    const { client, base } = await ownerWithSite(server, 'omada');
    await client.put(`${base}/omada`, settings());
    expect((await client.put(`${base}/omada`, settings({ password: '', controller_id: fake.controllerId }))).body).toMatchObject({
      status: 'Online',
      secrets_set: { password: true },
    });
    const wrong = await client.put(`${base}/omada`, settings({ password: 'wrong' }));
    expect(wrong.body).toMatchObject({ status: 'Invalid Credentials', status_detail: expect.stringContaining('operator') });
    const gone = await client.put(`${base}/omada`, settings({ url: `https://127.0.0.1:${await closedPort()}` }));
    expect(gone.body.status).toBe('Not Reachable');
    const untrusted = await client.put(`${base}/omada`, settings({ skip_tls_verify: false }));
    expect(untrusted.body).toMatchObject({ status: 'Not Reachable', status_detail: expect.stringContaining('not trusted') });
  });

  it('refuses bad input field by field, a first save without a password, and stores nothing', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'omada');
    const bad = await client.put(`${base}/omada`, {
      url: 'ftp://omada.example',
      controller_id: 'not-hex',
      username: '',
      password: 'x'.repeat(257),
      skip_tls_verify: 'yes',
      time_unit: 'seconds',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual([
      'controller_id',
      'password',
      'skip_tls_verify',
      'time_unit',
      'url',
      'username',
    ]);
    expect(bad.body.schema_errors.url).toEqual(['Enter the controller address, such as https://omada.example.com:8043']);
    const noPassword = await client.put(`${base}/omada`, settings({ password: '' }));
    expect(noPassword.status).toBe(422);
    expect(noPassword.body.schema_errors).toEqual({ password: ['Enter the password of the controller account'] });
    expect(await storedRow(server, siteId)).toBeUndefined();
  });

  it('answers 404 to another account and 422 on a site of another router type', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'omada');
    const stranger = await ownerWithSite(server, 'unifi');
    for (const [method, url, body] of [
      ['GET', `${base}/omada`, undefined],
      ['PUT', `${base}/omada`, settings()],
      ['POST', `${base}/omada/status`, {}],
    ] as const) {
      expect((await stranger.client.request(method, url, body)).status, `${method} ${url}`).toBe(404);
      expect((await server.client().request(method, url, body)).status, `${method} ${url}`).toBe(401);
    }
    const mismatch = await stranger.client.put(`${stranger.base}/omada`, settings());
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toMatch(/router is UniFi: TP-Link Omada settings apply only/);
    expect(await storedRow(server, siteId)).toBeUndefined();
    expect(await storedRow(server, stranger.siteId)).toBeUndefined();
    expect((await client.get(`${base}/omada`)).status).toBe(200);
  });
});
