import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { FakeUnifiController } from '../../../test/fakes/unifi-controller.ts';
import { closedPort, ownerWithSite, storedRow } from '../../../test/fixtures/router-settings.ts';

const users = [
  { username: 'admin', password: 'secret-pass', isSuper: true },
  { username: 'limited', password: 'limited-pass', isSuper: false },
];
const devices = [
  { mac: 'f0:9f:c2:00:00:0b', site: 'shop1' },
  { mac: 'f0:9f:c2:00:00:0a', site: 'shop1', type: 'udm' },
  { mac: '74:ac:b9:00:00:01', site: 'other' },
];

let server: TestServer;
const fakes: Record<'classic' | 'unifios', FakeUnifiController> = {} as never;
beforeAll(async () => {
  [server, fakes.classic, fakes.unifios] = await Promise.all([
    startServer({ PUBLIC_URL: 'http://192.0.2.10:8080' }),
    new FakeUnifiController({ mode: 'classic', users, sites: ['shop1', 'other'], devices }).start(),
    new FakeUnifiController({ mode: 'unifios', users, sites: ['shop1', 'other'], devices }).start(),
  ]);
});
afterAll(async () => {
  await Promise.all(Object.values(fakes).map((f) => f?.close()));
  await server?.close();
});

const settingsFor = (fake: FakeUnifiController, over: Record<string, unknown> = {}) => ({
  url: fake.url,
  username: 'admin',
  password: 'secret-pass',
  site: 'shop1',
  skip_tls_verify: true,
  mode: 'auto',
  ...over,
});

describe('UniFi router settings', () => {
  it('answers defaults and Not configured before anything is saved, and what to enter on the controller', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'unifi');
    const res = await client.get(`${base}/unifi`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      public_address: { url: 'http://192.0.2.10:8080', problem: null },
      url: '',
      username: '',
      password_set: false,
      site: 'default',
      skip_tls_verify: false,
      mode: 'auto',
      status: 'Not configured',
      status_detail: expect.stringMatching(/controller address, username and password/),
      status_checked_at: null,
      known_aps: [],
      router_type: 'unifi',
      instructions: {
        external_portal_server: '192.0.2.10',
        redirect_path: '/guest/s/default/',
        guest_url: 'http://192.0.2.10/guest/s/default/',
      },
    });
    const check = await client.post(`${base}/unifi/status`);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ status: 'Not configured', status_checked_at: null });
    expect(await storedRow(server, siteId)).toBeUndefined();
  });

  for (const mode of ['classic', 'unifios'] as const) {
    it(`saves, checks a ${mode} controller as Online and keeps its access points; the password stays sealed`, async () => {
      const fake = fakes[mode];
      const { client, base, siteId, accountId } = await ownerWithSite(server, 'unifi');
      const put = await client.put(`${base}/unifi`, settingsFor(fake, { url: `${fake.url}/` }));
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({
        url: fake.url,
        username: 'admin',
        password_set: true,
        site: 'shop1',
        skip_tls_verify: true,
        mode: 'auto',
        status: 'Online',
        status_detail: '',
        status_checked_at: expect.any(String),
        known_aps: ['f0:9f:c2:00:00:0a', 'f0:9f:c2:00:00:0b'],
        instructions: { redirect_path: '/guest/s/shop1/', guest_url: 'http://192.0.2.10/guest/s/shop1/' },
      });
      const prefix = mode === 'unifios' ? '/proxy/network' : '';
      expect(fake.requests).toContain(`GET ${prefix}/api/s/shop1/stat/device`);

      const get = await client.get(`${base}/unifi`);
      expect(get.body).toEqual(put.body);
      expect(JSON.stringify(get.body)).not.toContain('secret-pass');

      const row = await storedRow(server, siteId);
      expect(row).toMatchObject({
        accountId,
        family: 'unifi',
        config: { url: fake.url, username: 'admin', site: 'shop1', skipTlsVerify: true, mode: 'auto' },
        lookupKey: 'shop1',
        knownAps: ['f0:9f:c2:00:00:0a', 'f0:9f:c2:00:00:0b'],
        status: 'Online',
      });
      expect(JSON.stringify(row)).not.toContain('secret-pass');
      expect(JSON.parse(server.built.ctx.secrets.open(row!.secretsEnc!))).toEqual({ password: 'secret-pass' });
    });
  }

  it('keeps the stored password when none is sent, and says Invalid Credentials for a wrong one', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'unifi');
    await client.put(`${base}/unifi`, settingsFor(fakes.classic));
    const kept = await client.put(`${base}/unifi`, settingsFor(fakes.classic, { password: '', mode: 'classic' }));
    expect(kept.body).toMatchObject({ mode: 'classic', password_set: true, status: 'Online' });
    const omitted = { ...settingsFor(fakes.classic) } as Record<string, unknown>;
    delete omitted.password;
    expect((await client.put(`${base}/unifi`, omitted)).body).toMatchObject({ status: 'Online' });

    const wrong = await client.put(`${base}/unifi`, settingsFor(fakes.classic, { password: 'not-the-password' }));
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({
      status: 'Invalid Credentials',
      status_detail: expect.stringMatching(/refused the username or password/),
      // Seen at the last good check of the same controller and site: still known.
      known_aps: ['f0:9f:c2:00:00:0a', 'f0:9f:c2:00:00:0b'],
    });
    expect(await storedRow(server, siteId)).toMatchObject({ status: 'Invalid Credentials' });
    expect((await client.post(`${base}/unifi/status`)).body).toMatchObject({ status: 'Invalid Credentials' });
  });

  it('says Needs Super Admin for an account that is not a super administrator', async () => {
    const { client, base } = await ownerWithSite(server, 'unifi');
    const res = await client.put(`${base}/unifi`, settingsFor(fakes.unifios, { username: 'limited', password: 'limited-pass' }));
    expect(res.body).toMatchObject({
      status: 'Needs Super Admin',
      status_detail: expect.stringMatching(/"limited" is not a super administrator/),
      known_aps: [],
    });
  });

  it('says Not Reachable for a closed port or an untrusted certificate, and forgets the access points of another controller', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'unifi');
    await client.put(`${base}/unifi`, settingsFor(fakes.classic));
    const port = await closedPort();
    const closed = await client.put(`${base}/unifi`, settingsFor(fakes.classic, { url: `https://127.0.0.1:${port}` }));
    expect(closed.body).toMatchObject({
      status: 'Not Reachable',
      status_detail: expect.stringMatching(/cannot be reached \(ECONNREFUSED\)/),
      known_aps: [],
    });
    expect((await storedRow(server, siteId))!.knownAps).toEqual([]);
    const strict = await client.put(`${base}/unifi`, settingsFor(fakes.classic, { skip_tls_verify: false }));
    expect(strict.body).toMatchObject({ status: 'Not Reachable', status_detail: expect.stringMatching(/not trusted/) });
  });

  it('checks again on request and refreshes the access points', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'unifi');
    const fake = await new FakeUnifiController({
      mode: 'classic',
      users,
      sites: ['shop1'],
      devices: [{ mac: 'f0:9f:c2:00:00:01' }],
    }).start();
    try {
      const first = await client.put(`${base}/unifi`, settingsFor(fake));
      expect(first.body).toMatchObject({ status: 'Online', known_aps: ['f0:9f:c2:00:00:01'] });
      fake.devices.push({ mac: 'f0:9f:c2:00:00:02' });
      const check = await client.post(`${base}/unifi/status`);
      expect(check.status).toBe(200);
      expect(check.body).toMatchObject({ status: 'Online', known_aps: ['f0:9f:c2:00:00:01', 'f0:9f:c2:00:00:02'] });
      expect(Date.parse(check.body.status_checked_at)).toBeGreaterThanOrEqual(Date.parse(first.body.status_checked_at));
      expect((await storedRow(server, siteId))!.knownAps).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });
});
