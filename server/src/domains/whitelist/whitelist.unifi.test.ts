import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { controllerSettings, macEntries } from '../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { FakeUnifiController } from '../../../test/fakes/unifi-controller.ts';
import { ownerWithSite } from '../../../test/fixtures/router-settings.ts';
import { WHITELIST_MINUTES, WHITELIST_REFRESH_JOB } from './whitelist-sync.ts';

// A whitelisted device on a UniFi site is let in by the controller itself (authorize-guest), through the
// job queue, and let go again when the entry is deleted or its MAC changes.

let server: TestServer;
let unifi: FakeUnifiController;
beforeAll(async () => {
  [server, unifi] = await Promise.all([startServer(), new FakeUnifiController({ mode: 'unifios', sites: ['shop'] }).start()]);
});
afterAll(async () => {
  await unifi?.close();
  await server?.close();
});

async function unifiSite(password = 'secret-pass') {
  const owner = await ownerWithSite(server, 'unifi');
  await server.handle.db.insert(controllerSettings).values({
    siteId: owner.siteId,
    accountId: owner.accountId,
    family: 'unifi',
    config: { url: unifi.url, username: 'admin', site: 'shop', skipTlsVerify: true, mode: 'auto' },
    secretsEnc: server.built.ctx.secrets.seal(JSON.stringify({ password })),
    lookupKey: `shop-${owner.siteId}`,
    status: 'Online',
  });
  return { ...owner, macs: `/s/${owner.siteId}/api/v1/macentry/` };
}

async function until<T>(what: () => Promise<T> | T, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const commandsFor = (mac: string) => unifi.commands.filter((c) => c.body.mac === mac).map((c) => c.body.cmd);

describe('whitelisted devices on a UniFi site', () => {
  it('authorizes the MAC on the controller when added, and unauthorizes it when deleted', async () => {
    const { client, macs } = await unifiSite();
    const created = await client.post(macs, { mac: 'AA-BB-CC-00-00-01', external_ip: '203.0.113.7', description: 'Till' });
    expect(created.status).toBe(200);
    expect(created.body.network_status).toBe('pending');

    await until(
      () => commandsFor('aa:bb:cc:00:00:01'),
      (c) => c.length > 0,
    );
    const grant = unifi.commands.find((c) => c.body.mac === 'aa:bb:cc:00:00:01')!;
    expect(grant).toEqual({
      site: 'shop',
      body: { cmd: 'authorize-guest', mac: 'aa:bb:cc:00:00:01', minutes: WHITELIST_MINUTES },
    });
    const shown = await until(
      () => client.get(`${macs}${created.body.id}`),
      (r) => r.body.network_status !== 'pending',
    );
    expect(shown.body).toMatchObject({ network_status: 'authorized', network_detail: '', can_write: true });

    expect((await client.del(`${macs}${created.body.id}`)).status).toBe(200);
    const cmds = await until(
      () => commandsFor('aa:bb:cc:00:00:01'),
      (c) => c.length > 1,
    );
    expect(cmds).toEqual(['authorize-guest', 'unauthorize-guest']);
  });

  it('moves the authorization when the MAC of an entry changes', async () => {
    const { client, macs } = await unifiSite();
    const created = await client.post(macs, { mac: 'aa:bb:cc:00:00:02', external_ip: '203.0.113.8' });
    await until(
      () => commandsFor('aa:bb:cc:00:00:02'),
      (c) => c.length > 0,
    );
    const updated = await client.put(`${macs}${created.body.id}`, { mac: 'aabbcc000003', external_ip: '203.0.113.8' });
    expect(updated.body).toMatchObject({ mac: 'AA:BB:CC:00:00:03', network_status: 'pending' });
    await until(
      () => [...commandsFor('aa:bb:cc:00:00:02'), ...commandsFor('aa:bb:cc:00:00:03')],
      (c) => c.length >= 3,
    );
    expect(commandsFor('aa:bb:cc:00:00:02')).toEqual(['authorize-guest', 'unauthorize-guest']);
    expect(commandsFor('aa:bb:cc:00:00:03')).toEqual(['authorize-guest']);
    // A change of the description alone does not bother the controller.
    const before = unifi.commands.length;
    await client.put(`${macs}${created.body.id}`, { mac: 'aabbcc000003', external_ip: '203.0.113.8', description: 'Kiosk' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(unifi.commands.length).toBe(before);
  });

  it('shows the controller’s refusal on the entry', async () => {
    const { client, macs, siteId } = await unifiSite('wrong-password');
    const created = await client.post(macs, { mac: 'aa:bb:cc:00:00:04', external_ip: '203.0.113.9' });
    const [row] = await until(
      () => server.handle.db.select().from(macEntries).where(eq(macEntries.siteId, siteId)),
      (rows) => rows[0]?.networkStatus === 'failed',
    );
    expect(row!.networkStatus).toBe('failed');
    expect(row!.networkDetail).toMatch(/refused the username or password/);
    const listed = (await client.get(macs)).body.items[0];
    expect(listed).toMatchObject({ id: created.body.id, network_status: 'failed' });
    expect(commandsFor('aa:bb:cc:00:00:04')).toEqual([]);

    // Once the operator fixes the controller's password, the daily refresh lets the device in.
    await server.handle.db
      .update(controllerSettings)
      .set({ secretsEnc: server.built.ctx.secrets.seal(JSON.stringify({ password: 'secret-pass' })), updatedAt: new Date() })
      .where(eq(controllerSettings.siteId, siteId));
    await server.built.ctx.jobs.enqueue(WHITELIST_REFRESH_JOB, {});
    const fixed = await until(
      () => client.get(`${macs}${created.body.id}`),
      (r) => r.body.network_status === 'authorized',
    );
    expect(fixed.body).toMatchObject({ network_status: 'authorized', network_detail: '' });
    // The queue's own retry of the first attempt may authorize it too: harmless, the same command again.
    expect([...new Set(commandsFor('aa:bb:cc:00:00:04'))]).toEqual(['authorize-guest']);
  });

  it('leaves a site whose gateway asks RADIUS to RADIUS (nothing sent to a controller)', async () => {
    const owner = await ownerWithSite(server, 'mikrotik');
    const created = await owner.client.post(`/s/${owner.siteId}/api/v1/macentry/`, {
      mac: 'aa:bb:cc:00:00:05',
      external_ip: '203.0.113.10',
    });
    expect(created.body.network_status).toBe('none');
    await new Promise((r) => setTimeout(r, 1000));
    expect(commandsFor('aa:bb:cc:00:00:05')).toEqual([]);
  });
});
