import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { ownerWithSite, storedRow } from '../../../test/fixtures/router-settings.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ PUBLIC_URL: 'https://wifi.example.test', RADIUS_AUTH_PORT: '1812', RADIUS_ACCT_PORT: '1813' });
});
afterAll(() => server?.close());

describe('RADIUS gateway router settings', () => {
  it('answers the values to enter on the gateway, Not configured before saving and without a NAS client', async () => {
    const { client, base, portalKey, siteId } = await ownerWithSite(server, 'ciscowlc');
    const res = await client.get(`${base}/ciscowlc`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      family: 'ciscowlc',
      router_type: 'ciscowlc',
      saved: false,
      status: 'Not configured',
      idle_timeout: 900,
      interim_interval: 300,
      instructions: {
        radius_server: 'wifi.example.test',
        auth_port: 1812,
        acct_port: 1813,
        disconnect_port: 3799,
        portal_url: `https://wifi.example.test/guest/${portalKey}/`,
        walled_garden: ['wifi.example.test'],
        login_html_path: null,
      },
    });
    const saved = await client.put(`${base}/ciscowlc`, { role_name: 'guest-role' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ saved: true, role_name: 'guest-role', status: 'Not configured' });
    expect(saved.body.status_detail).toMatch(/NAS client/);
    const nas = await client.post(`/s/${siteId}/api/v1/radiusclients/`, { name: 'WLC', ip_address: '198.51.100.7' });
    expect(nas.status).toBe(200);
    const after = await client.get(`${base}/ciscowlc`);
    expect(after.body).toMatchObject({ status: null, status_detail: expect.stringMatching(/No RADIUS accounting/) });
    expect(await storedRow(server, siteId)).toMatchObject({
      family: 'ciscowlc',
      config: expect.objectContaining({ roleName: 'guest-role' }),
    });
  });

  it('keeps the OpenMesh uamsecret sealed, never answers it, and keeps it when left out', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'openmesh');
    const put = await client.put(`${base}/openmesh`, { uam_secret: 'mesh-secret-1' });
    expect(put.body).toMatchObject({ uam_secret_set: true });
    expect(JSON.stringify(put.body)).not.toContain('mesh-secret-1');
    const row = await storedRow(server, siteId);
    expect(JSON.stringify(row)).not.toContain('mesh-secret-1');
    expect(JSON.parse(server.built.ctx.secrets.open(row!.secretsEnc!))).toEqual({ uamSecret: 'mesh-secret-1' });
    const again = await client.put(`${base}/openmesh`, { idle_timeout: 600 });
    expect(again.body).toMatchObject({ uam_secret_set: true, idle_timeout: 600 });
  });

  it('refuses bad input field by field, and settings for another router type', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'ignitenet');
    const bad = await client.put(`${base}/ignitenet`, {
      role_name: ' "admin" ',
      controller_host: 'https://x/y',
      login_method: 'put',
      field_names: { client_mac: 'mac address' },
      uam_secret: 'with space',
      idle_timeout: 5,
      interim_interval: 99999,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual([
      'controller_host',
      'field_names.client_mac',
      'idle_timeout',
      'interim_interval',
      'login_method',
      'role_name',
      'uam_secret',
    ]);
    const other = await client.put(`${base}/mikrotik`, {});
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/router is IgniteNet/);
    expect(await storedRow(server, siteId)).toBeUndefined();
    const fields = await client.put(`${base}/ignitenet`, { field_names: { client_mac: 'client', password: 'pass' } });
    expect(fields.body.field_names).toMatchObject({ client_mac: 'client', password: 'pass', username: 'username' });
  });

  it("answers 404 for another account's site, its login.html and its NAS secrets", async () => {
    const a = await ownerWithSite(server, 'mikrotik');
    const b = await ownerWithSite(server, 'mikrotik');
    expect((await b.client.get(`${a.base}/mikrotik`)).status).toBe(404);
    expect((await b.client.put(`${a.base}/mikrotik`, {})).status).toBe(404);
    expect((await b.client.get(`${a.base}/mikrotik/login.html`)).status).toBe(404);
    const nas = await a.client.post(`/s/${a.siteId}/api/v1/radiusclients/`, { name: 'hAP', ip_address: '198.51.100.8' });
    expect((await b.client.get(`/s/${a.siteId}/api/v1/radiusclients/${nas.body.id}/secret`)).status).toBe(404);
  });

  it('serves the MikroTik login.html that sends guests to the portal with the router variables', async () => {
    const { client, base, portalKey } = await ownerWithSite(server, 'mikrotik');
    const res = await client.get(`${base}/mikrotik/login.html?lang=es`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="login.html"');
    expect(res.body).toContain(`action="https://wifi.example.test/guest/${portalKey}/" method="get"`);
    for (const v of ['mac', 'ip', 'link-login-only', 'link-orig', 'chap-id', 'chap-challenge', 'error'])
      expect(res.body).toContain(`name="${v}" value="$(${v})"`);
    expect(res.body).toContain('<button type="submit">Continuar</button>');
    expect((await client.get(`${base}/mikrotik`)).body.instructions.login_html_path).toBe('routersettings/mikrotik/login.html');
  });

  it('shows a NAS secret masked, and whole on request to whoever may change the settings', async () => {
    const { client, siteId } = await ownerWithSite(server, 'arubaiap');
    const created = await client.post(`/s/${siteId}/api/v1/radiusclients/`, { name: 'VC', ip_address: '198.51.100.9' });
    const listed = await client.get(`/s/${siteId}/api/v1/radiusclients/`);
    expect(listed.body.items[0].secret).toMatch(/^.{4}•{12}$/);
    const revealed = await client.get(`/s/${siteId}/api/v1/radiusclients/${created.body.id}/secret`);
    expect(revealed).toMatchObject({ status: 200, body: { secret: created.body.secret } });
  });
});
