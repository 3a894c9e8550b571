import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { controllerSettings, unifiScheduledTasks, users } from '../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { FakeUnifiController } from '../../../test/fakes/unifi-controller.ts';
import { UNIFI_TASKS_TICK_JOB } from './tasks-runner.ts';

// Scheduled UniFi tasks through the HTTP API, run by the job queue against fake controllers that record
// the device manager commands they receive.

const devices = [
  { mac: 'f0:9f:c2:00:00:01', type: 'uap', site: 'hq' },
  { mac: 'f0:9f:c2:00:00:02', type: 'uap', site: 'hq' },
  { mac: 'f0:9f:c2:00:00:0a', type: 'udm', site: 'hq' },
  { mac: 'f0:9f:c2:00:00:0b', type: 'usw', site: 'hq' },
];

let server: TestServer;
let os: FakeUnifiController;
let classic: FakeUnifiController;
beforeAll(async () => {
  [server, os, classic] = await Promise.all([
    startServer(),
    new FakeUnifiController({ mode: 'unifios', sites: ['hq'], devices }).start(),
    // A classic controller runs on a server: its site has no console among its devices.
    new FakeUnifiController({ mode: 'classic', sites: ['hq'], devices: devices.filter((d) => d.type !== 'udm') }).start(),
  ]);
});
afterAll(async () => {
  await Promise.all([os?.close(), classic?.close()]);
  await server?.close();
});

async function unifiSite(fake: FakeUnifiController | null, timezone = 'Europe/Madrid') {
  const owner = await registerAccount(server);
  const site = await createSite(owner.client, { router_type: 'unifi', timezone });
  const [user] = await server.handle.db.select().from(users).where(eq(users.email, owner.email));
  if (fake)
    await server.handle.db.insert(controllerSettings).values({
      siteId: site.id,
      accountId: user!.accountId,
      family: 'unifi',
      config: { url: fake.url, username: 'admin', site: 'hq', skipTlsVerify: true, mode: 'auto' },
      secretsEnc: server.built.ctx.secrets.seal(JSON.stringify({ password: 'secret-pass' })),
      lookupKey: `hq-${site.id}`,
      status: 'Online',
    });
  return { ...owner, siteId: site.id as number, accountId: user!.accountId, base: `/s/${site.id}/api/v1/unifi/scheduledtasks` };
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const localWeekdayTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

describe('UniFi scheduled tasks', () => {
  it('lists the three tasks, saves a schedule in the site’s time zone and refuses bad input', async () => {
    const { client, base } = await unifiSite(os);
    const list = await client.get(base);
    expect(list.status).toBe(200);
    expect(list.body.timezone).toBe('Europe/Madrid');
    expect(list.body.can_write).toBe(true);
    expect(list.body.tasks.map((t: { kind: string; last_status: string }) => [t.kind, t.last_status])).toEqual([
      ['reboot_aps', 'never'],
      ['rf_scan', 'never'],
      ['restart_udm', 'never'],
    ]);

    const saved = await client.put(`${base}/reboot_aps`, { enabled: true, frequency: 'weekly', weekday: 1, time: '04:00' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ kind: 'reboot_aps', enabled: true, frequency: 'weekly', weekday: 1, time: '04:00' });
    expect(localWeekdayTime(saved.body.next_run_at, 'Europe/Madrid')).toBe('Monday 04:00');
    const daily = await client.put(`${base}/rf_scan`, { enabled: true, frequency: 'daily', time: '23:15' });
    expect(localWeekdayTime(daily.body.next_run_at, 'Europe/Madrid')).toMatch(/ 23:15$/);
    expect(new Date(daily.body.next_run_at).getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const off = await client.put(`${base}/rf_scan`, { enabled: false, frequency: 'daily', time: '23:15' });
    expect(off.body.next_run_at).toBeNull();

    const bad = await client.put(`${base}/reboot_aps`, { enabled: true, frequency: 'hourly', time: '25:00' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual(['frequency', 'time']);
    expect(bad.body.schema_errors.time).toEqual(['Enter a time such as 03:30']);
    expect((await client.put(`${base}/reboot_everything`, { enabled: true, frequency: 'daily', time: '01:00' })).status).toBe(
      422,
    );
    const after = (await client.get(base)).body.tasks[0];
    expect(after).toMatchObject({ frequency: 'weekly', time: '04:00' });
  });

  it('reboots every access point (not the gateway or switches) and records the run', async () => {
    const { client, base } = await unifiSite(os);
    const before = os.commands.length;
    const queued = await client.post(`${base}/reboot_aps/run`);
    expect(queued.status).toBe(200);
    expect(queued.body.last_status).toBe('running');
    const done = await until(
      () => client.get(base),
      (r) => r.body.tasks[0].last_status !== 'running',
    );
    expect(done.body.tasks[0]).toMatchObject({ last_status: 'ok', last_count: 2, last_error: null });
    expect(done.body.tasks[0].last_run_at).not.toBeNull();
    expect(os.commands.slice(before)).toEqual([
      { site: 'hq', body: { cmd: 'restart', mac: 'f0:9f:c2:00:00:01' } },
      { site: 'hq', body: { cmd: 'restart', mac: 'f0:9f:c2:00:00:02' } },
    ]);
  });

  it('runs an RF scan on each access point, restarts a UniFi OS console, and says a classic controller cannot', async () => {
    const { client, base } = await unifiSite(os);
    const before = os.commands.length;
    await client.post(`${base}/rf_scan/run`);
    const scanned = await until(
      () => client.get(base),
      (r) => r.body.tasks[1].last_status !== 'running',
    );
    expect(scanned.body.tasks[1]).toMatchObject({ last_status: 'ok', last_count: 2 });
    expect(os.commands.slice(before).map((c) => c.body.cmd)).toEqual(['spectrum-scan', 'spectrum-scan']);

    const sent = os.commands.length;
    await client.post(`${base}/restart_udm/run`);
    const restarted = await until(
      () => client.get(base),
      (r) => r.body.tasks[2].last_status !== 'running',
    );
    expect(restarted.body.tasks[2]).toMatchObject({ last_status: 'ok', last_count: 1 });
    expect(os.commands.slice(sent)).toEqual([{ site: 'hq', body: { cmd: 'restart', mac: 'f0:9f:c2:00:00:0a' } }]);

    const old = await unifiSite(classic);
    await old.client.post(`${old.base}/restart_udm/run`);
    const refused = await until(
      () => old.client.get(old.base),
      (r) => r.body.tasks[2].last_status !== 'running',
    );
    expect(refused.body.tasks[2]).toMatchObject({ last_status: 'failed', last_error: 'unsupported', last_count: 0 });
    expect(refused.body.tasks[2].last_detail).toMatch(/lists no UniFi OS console \(UDM or UCG\) on this site/);
  });

  it('runs a due task from the worker’s tick once, and moves its next run on', async () => {
    const { client, base, siteId } = await unifiSite(os, 'America/New_York');
    await client.put(`${base}/reboot_aps`, { enabled: true, frequency: 'daily', time: '02:00' });
    const past = new Date(Date.now() - 60_000);
    await server.handle.db.update(unifiScheduledTasks).set({ nextRunAt: past }).where(eq(unifiScheduledTasks.siteId, siteId));
    const before = os.commands.length;
    await Promise.all([
      server.built.ctx.jobs.enqueue(UNIFI_TASKS_TICK_JOB, {}),
      server.built.ctx.jobs.enqueue(UNIFI_TASKS_TICK_JOB, {}),
    ]);
    const done = await until(
      () => client.get(base),
      (r) => r.body.tasks[0].last_status === 'ok',
    );
    expect(done.body.tasks[0].last_count).toBe(2);
    expect(localWeekdayTime(done.body.tasks[0].next_run_at, 'America/New_York')).toMatch(/ 02:00$/);
    expect(new Date(done.body.tasks[0].next_run_at).getTime()).toBeGreaterThan(Date.now());
    await new Promise((r) => setTimeout(r, 1000));
    // Two ticks at once still run the slot once: two access points, one restart each.
    expect(os.commands.slice(before).filter((c) => c.body.cmd === 'restart')).toHaveLength(2);
  });

  it('records a site without controller settings as not configured', async () => {
    const { client, base } = await unifiSite(null);
    await client.post(`${base}/reboot_aps/run`);
    const done = await until(
      () => client.get(base),
      (r) => r.body.tasks[0].last_status !== 'running',
    );
    expect(done.body.tasks[0]).toMatchObject({ last_status: 'failed', last_error: 'not_configured' });
  });

  it('lets a Read Only client look, keeps other accounts out and refuses a site that is not UniFi', async () => {
    const { client, base, siteId, accountId } = await unifiSite(os);
    await client.put(`${base}/reboot_aps`, { enabled: true, frequency: 'daily', time: '05:00' });
    const reader = await signedInClient(server, accountId, [{ siteId, area: 'settings', level: 'read' }]);
    const seen = await reader.client.get(base);
    expect(seen.status).toBe(200);
    expect(seen.body.can_write).toBe(false);
    expect(seen.body.tasks[0]).toMatchObject({ enabled: true, time: '05:00' });
    expect((await reader.client.put(`${base}/reboot_aps`, { enabled: false, frequency: 'daily', time: '05:00' })).status).toBe(
      403,
    );
    expect((await reader.client.post(`${base}/reboot_aps/run`)).status).toBe(403);
    const stranger = await registerAccount(server);
    expect((await stranger.client.get(base)).status).toBe(404);
    expect((await stranger.client.post(`${base}/reboot_aps/run`)).status).toBe(404);
    const [row] = await server.handle.db.select().from(unifiScheduledTasks).where(eq(unifiScheduledTasks.siteId, siteId));
    expect(row).toMatchObject({ enabled: true, time: '05:00', lastStatus: 'never' });

    const mikrotik = await createSite(client, { router_type: 'mikrotik' });
    const refused = await client.put(`/s/${mikrotik.id}/api/v1/unifi/scheduledtasks/reboot_aps`, {
      enabled: true,
      frequency: 'daily',
      time: '05:00',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This location’s router is not UniFi');
  });
});
