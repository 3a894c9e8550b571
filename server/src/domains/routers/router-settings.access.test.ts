import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { FakeUnifiController } from '../../../test/fakes/unifi-controller.ts';
import { ownerWithSite, storedRow } from '../../../test/fixtures/router-settings.ts';

let server: TestServer;
let fake: FakeUnifiController;
beforeAll(async () => {
  [server, fake] = await Promise.all([startServer(), new FakeUnifiController({ mode: 'classic' }).start()]);
});
afterAll(async () => {
  await fake?.close();
  await server?.close();
});

const unifi = () => ({ url: fake.url, username: 'admin', password: 'secret-pass', skip_tls_verify: true });

describe('router settings input', () => {
  it('refuses bad UniFi input field by field and stores nothing', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'unifi');
    const bad = await client.put(`${base}/unifi`, {
      url: 'ftp://controller.example',
      username: '',
      password: 'x'.repeat(257),
      site: 'main site!',
      skip_tls_verify: 'yes',
      mode: 'cloud',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual([
      'mode',
      'password',
      'site',
      'skip_tls_verify',
      'url',
      'username',
    ]);
    expect(bad.body.schema_errors.url).toEqual(['Enter the controller address, such as https://unifi.example.com:8443']);
    for (const url of ['not a url', 'https://user:pw@controller.example', 'https://controller.example/?x=1', 'x'.repeat(501)]) {
      const res = await client.put(`${base}/unifi`, { ...unifi(), url });
      expect(res.status, url).toBe(422);
      expect(Object.keys(res.body.schema_errors), url).toEqual(['url']);
    }
    const noPassword = await client.put(`${base}/unifi`, { ...unifi(), password: '' });
    expect(noPassword.status).toBe(422);
    expect(noPassword.body.schema_errors).toEqual({ password: ['Enter the password of the controller account'] });
    expect(await storedRow(server, siteId)).toBeUndefined();
  });

  it('refuses bad openNDS input and a level above 0 without a faskey, storing nothing', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'opennds');
    for (const body of [{ level: 4 }, { level: '1' }, { level: 1.5 }, {}]) {
      const res = await client.put(`${base}/opennds`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.schema_errors)).toEqual(['level']);
    }
    for (const faskey of ['short', 'has space inside', "quote'd-key-123", 'back\\slash-key', 'x'.repeat(129), 'dollar$key123']) {
      const res = await client.put(`${base}/opennds`, { level: 1, faskey });
      expect(res.status, faskey).toBe(422);
      expect(Object.keys(res.body.schema_errors), faskey).toEqual(['faskey']);
    }
    const missing = await client.put(`${base}/opennds`, { level: 2 });
    expect(missing.status).toBe(422);
    expect(missing.body.schema_errors.faskey[0]).toMatch(/required from level 1/);
    expect(await storedRow(server, siteId)).toBeUndefined();
  });

  it('answers 422 with a clear message when the site has another router type, and stores nothing', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'opennds');
    const res = await client.put(`${base}/unifi`, unifi());
    expect(res.status).toBe(422);
    const message =
      "This location's router is openNDS: UniFi settings apply only to a UniFi location. Change the location's router first.";
    expect(res.body).toEqual({
      status: 422,
      message,
      schema_errors: { router_type: [message] },
      code: 'routers.wrongRouter',
      params: { router: 'openNDS', family: 'UniFi' },
    });
    expect((await client.post(`${base}/unifi/status`)).status).toBe(422);
    const read = await client.get(`${base}/unifi`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: 'Not configured', router_type: 'opennds', url: '' });

    const other = await ownerWithSite(server, 'omada');
    expect((await other.client.put(`${other.base}/opennds`, { level: 0 })).body.message).toMatch(/router is TP-Link Omada/);
    expect((await other.client.post(`${other.base}/opennds/faskey`)).status).toBe(422);
    expect(await storedRow(server, siteId)).toBeUndefined();
    expect(await storedRow(server, other.siteId)).toBeUndefined();
  });
});

describe('router settings access', () => {
  const calls = (base: string) =>
    [
      ['GET', `${base}/unifi`],
      ['PUT', `${base}/unifi`, unifi()],
      ['POST', `${base}/unifi/status`, {}],
      ['GET', `${base}/opennds`],
      ['PUT', `${base}/opennds`, { level: 0 }],
      ['POST', `${base}/opennds/faskey`, {}],
    ] as const;

  it('answers 401 without a session and 404 for another account, site 0 or an unknown site', async () => {
    const { base, siteId } = await ownerWithSite(server, 'unifi');
    const stranger = await ownerWithSite(server, 'unifi');
    for (const [method, url, body] of calls(base)) {
      expect((await server.client().request(method, url, body)).status, `${method} ${url}`).toBe(401);
      const foreign = await stranger.client.request(method, url, body);
      expect(foreign.status, `${method} ${url}`).toBe(404);
      expect(foreign.body.schema_errors).toEqual({});
    }
    for (const [method, url, body] of [...calls('/s/0/api/v1/routersettings'), ...calls('/s/99999999/api/v1/routersettings')])
      expect((await stranger.client.request(method, url, body)).status, `${method} ${url}`).toBe(404);
    expect(await storedRow(server, siteId)).toBeUndefined();
  });

  it('lets an invited client read with settings read access, change with write access, and nothing without it', async () => {
    const { client: owner, base, siteId, accountId } = await ownerWithSite(server, 'unifi');
    await owner.put(`${base}/unifi`, unifi());
    const reader = await signedInClient(server, accountId, [{ siteId, area: 'settings', level: 'read' }]);
    const read = await reader.client.get(`${base}/unifi`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ username: 'admin', password_set: true });
    expect(JSON.stringify(read.body)).not.toContain('secret-pass');
    for (const [method, url, body] of calls(base).filter(([m]) => m !== 'GET'))
      expect((await reader.client.request(method, url, body)).status, `${method} ${url}`).toBe(403);

    const other = await signedInClient(server, accountId, [{ siteId, area: 'guest_data', level: 'write' }]);
    for (const [method, url, body] of calls(base))
      expect((await other.client.request(method, url, body)).status, `${method} ${url}`).toBe(403);
    const none = await signedInClient(server, accountId, []);
    expect((await none.client.get(`${base}/unifi`)).status).toBe(404);

    const writer = await signedInClient(server, accountId, [{ siteId, area: 'settings', level: 'write' }]);
    const put = await writer.client.put(`${base}/unifi`, { ...unifi(), password: '', username: 'admin' });
    expect(put.status).toBe(200);
    expect(put.body.status).toBe('Online');
  });
});
