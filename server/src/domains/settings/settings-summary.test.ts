import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { FakeUnifiController } from '../../../test/fakes/unifi-controller.ts';
import { users } from '../../db/schema/index.ts';

let server: TestServer;
let unifi: FakeUnifiController;
beforeAll(async () => {
  [server, unifi] = await Promise.all([
    startServer(),
    new FakeUnifiController({
      mode: 'classic',
      users: [{ username: 'admin', password: 'secret-pass', isSuper: true }],
      sites: ['shop1'],
    }).start(),
  ]);
});
afterAll(async () => {
  await unifi?.close();
  await server?.close();
});

async function owner() {
  const o = await registerAccount(server);
  const [u] = await server.handle.db.select().from(users).where(eq(users.email, o.email));
  return { ...o, accountId: u!.accountId };
}

describe('GET /s/{siteId}/api/v1/settings/summary', () => {
  it('sums up each settings page of a site, and follows what is saved on them', async () => {
    const { client } = await owner();
    const site = await createSite(client, { name: 'Pier', router_type: 'unifi', auth_methods: ['email', 'voucher'] });
    const path = `/s/${site.id}/api/v1/settings/summary`;
    const first = await client.get(path);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      general: { name: 'Pier', timezone: expect.any(String), currency: expect.any(String) },
      redirect_url: '',
      login_methods: ['email', 'voucher'],
      router: { router_type: 'unifi', status: 'Not configured', has_settings: true },
      sms_gateway: { state: 'not_set' },
      whitelist: { devices: 0 },
    });

    const saved = await client.put(`/s/${site.id}/api/v1/routersettings/unifi`, {
      url: unifi.url,
      username: 'admin',
      password: 'secret-pass',
      site: 'shop1',
      skip_tls_verify: true,
      mode: 'auto',
    });
    expect(saved.body.status).toBe('Online');
    await client.put(`/s/${site.id}/api/v1/smsgateway/`, { enabled: false, url: 'https://sms.example.test/send' });
    for (const mac of ['aa:bb:cc:dd:ee:01', 'aa:bb:cc:dd:ee:02'])
      await client.post(`/s/${site.id}/api/v1/macentry/`, { mac, external_ip: '203.0.113.7' });
    const after = await client.get(path);
    expect([after.body.router.status, after.body.sms_gateway, after.body.whitelist]).toEqual([
      'Online',
      { state: 'off' },
      { devices: 2 },
    ]);
    await client.put(`/s/${site.id}/api/v1/smsgateway/`, { enabled: true });
    expect((await client.get(path)).body.sms_gateway).toEqual({ state: 'on' });
  });

  it('says openNDS has no status to know, and a RADIUS gateway with no NAS client is Not configured', async () => {
    const { client } = await owner();
    const nds = await createSite(client, { router_type: 'opennds' });
    const saved = await client.put(`/s/${nds.id}/api/v1/routersettings/opennds`, { level: 2, faskey: 'Gateway-Key.2024' });
    expect(saved.status).toBe(200);
    expect((await client.get(`/s/${nds.id}/api/v1/settings/summary`)).body.router).toEqual({
      router_type: 'opennds',
      status: null,
      has_settings: true,
    });
    const mikrotik = await createSite(client, { router_type: 'mikrotik' });
    expect((await client.get(`/s/${mikrotik.id}/api/v1/settings/summary`)).body.router).toMatchObject({
      router_type: 'mikrotik',
      status: 'Not configured',
    });
  });

  it('answers 404 for another account’s site and leaves out the pages a client may not read', async () => {
    const a = await owner();
    const site = await createSite(a.client);
    const other = await owner();
    expect((await other.client.get(`/s/${site.id}/api/v1/settings/summary`)).status).toBe(404);

    const { client: reader } = await signedInClient(server, a.accountId, [{ siteId: site.id, area: 'settings', level: 'read' }]);
    const res = await reader.get(`/s/${site.id}/api/v1/settings/summary`);
    expect(res.status).toBe(200);
    expect(res.body.whitelist).toBeNull();
    expect(res.body.sms_gateway).toEqual({ state: 'not_set' });
    expect(res.body.router).not.toBeNull();

    const { client: guestsOnly } = await signedInClient(server, a.accountId, [
      { siteId: site.id, area: 'guest_data', level: 'read' },
    ]);
    expect((await guestsOnly.get(`/s/${site.id}/api/v1/settings/summary`)).status).toBe(403);
  });
});
