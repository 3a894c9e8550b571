import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dgram from 'node:dgram';
import net from 'node:net';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, textOf, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';
import { radiusGatewaySite, type GatewaySite } from '../../../test/radius-gateway.ts';
import { sendAccessRequest } from '../../../test/radius-nas.ts';
import type { RadiusServer } from '../../adapters/radius/server.ts';

/**
 * An SMTP server that is down: it hangs up on every connection before greeting. Held for the whole file, so
 * that no other listener in the run can take its port (a port merely closed again could be handed to the next
 * server started on port 0, and an SMTP client would then wait for a greeting that never comes).
 */
async function smtpThatHangsUp(): Promise<net.Server> {
  const s = net.createServer((socket) => socket.destroy());
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  return s;
}

/** The value of one sample of a Prometheus text exposition, by name and labels (all given must match). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function scrape(server: TestServer, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** Scrapes until `check` holds (a job runs on the worker's next poll), for at most `ms`. */
async function scrapeUntil(server: TestServer, check: (text: string) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  let text = '';
  while (Date.now() < deadline) {
    text = (await scrape(server)).text;
    if (check(text)) return text;
    await new Promise((r) => setTimeout(r, 250));
  }
  return text;
}

describe('health and metrics of a server without METRICS_TOKEN', () => {
  let server: TestServer;
  let radius: RadiusServer;
  let smtp: net.Server;
  const fakes: PortalSite[] = [];

  beforeAll(async () => {
    smtp = await smtpThatHangsUp();
    server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${(smtp.address() as net.AddressInfo).port}`,
      RADIUS_HOST: '127.0.0.1',
      RADIUS_AUTH_PORT: '0',
      RADIUS_ACCT_PORT: '0',
    });
    radius = await server.built.startRadius();
  });
  afterAll(async () => {
    await Promise.all(fakes.map((f) => f.unifi.close()));
    await server?.close();
    await new Promise((r) => smtp?.close(r));
  });

  it('answers /healthz and /readyz with every check passing', async () => {
    const health = await server.client().get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });

    const ready = await server.client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, migrations: { ok: true }, queue: { ok: true } },
    });
  });

  it('counts HTTP answers by route pattern and status, never by raw address', async () => {
    const { client, site } = await (async () => {
      const s = await unifiPortalSite(server, ['clickthrough']);
      fakes.push(s);
      return { client: s.owner, site: s };
    })();
    expect((await client.get(`${site.api}/macentry/`)).status).toBe(200);
    expect((await server.client().post('/login', { email: 12 })).status).toBe(422);
    expect((await server.client().get('/a/api/v1/no-such-thing')).status).toBe(404);

    const { status, type, text } = await scrape(server);
    expect(status).toBe(200);
    expect(type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(text).toContain('# TYPE splashboard_http_requests_total counter');
    const route = '/s/:siteId/api/v1/macentry/';
    expect(sample(text, 'splashboard_http_requests_total', { route, method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'splashboard_http_requests_total', { route: '/login', method: 'POST', status: '422' })).toBe(1);
    expect(sample(text, 'splashboard_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(sample(text, 'splashboard_http_request_duration_seconds_count', { route, method: 'GET' })).toBeGreaterThanOrEqual(1);
    // No site id and no raw address in any label.
    expect(text).not.toContain(`/s/${site.siteId}/`);
    expect(text).not.toContain('no-such-thing');
    // Process metrics and the database's connections.
    expect(sample(text, 'splashboard_process_cpu_seconds_total')).toBeGreaterThan(0);
    const total = sample(text, 'splashboard_db_pool_connections', { state: 'total' });
    expect(total).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'splashboard_db_pool_connections', { state: 'waiting' })).toBe(0);
  });

  it('counts a guest portal login and its grant by method, controller family and outcome', async () => {
    const s = await unifiPortalSite(server, ['clickthrough']);
    fakes.push(s);
    const { guest } = await arriveFromUnifi(server, s);
    const done = await guest.post('clickthrough', {});
    expect(textOf(done.html)).toContain('You are connected');

    // A second site whose controller is down: the login is recorded, the grant fails.
    const down = await unifiPortalSite(server, ['clickthrough']);
    const { guest: other } = await arriveFromUnifi(server, down);
    await down.unifi.close();
    const failed = await other.post('clickthrough', {});
    expect(failed.status).toBe(502);

    const { text } = await scrape(server);
    expect(sample(text, 'splashboard_portal_logins_total', { method: 'clickthrough', outcome: 'ok' })).toBe(2);
    expect(sample(text, 'splashboard_portal_grants_total', { family: 'unifi', outcome: 'granted' })).toBe(1);
    expect(sample(text, 'splashboard_portal_grants_total', { family: 'unifi', outcome: 'failed' })).toBe(1);
  });

  it('counts RADIUS requests by kind and result', async () => {
    const site: GatewaySite = await radiusGatewaySite(server, 'mikrotik');
    const known = '02:00:5e:20:00:01';
    expect((await site.owner.post(`${site.api}/macentry/`, { mac: known, external_ip: '203.0.113.5' })).status).toBe(200);
    const ask = (mac: string) =>
      sendAccessRequest({
        port: radius.ports.auth,
        secret: site.secret,
        attributes: [
          ['User-Name', mac],
          ['User-Password', mac],
          ['Calling-Station-Id', mac],
        ],
      });
    expect((await ask(known))?.code).toBe('Access-Accept');
    expect((await ask('02:00:5e:20:00:99'))?.code).toBe('Access-Reject');
    // Junk on the accounting port is dropped without an answer.
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((r) => socket.send(Buffer.from('not radius'), radius.ports.acct, '127.0.0.1', () => r()));
    socket.close();

    const text = await scrapeUntil(
      server,
      (t) => (sample(t, 'splashboard_radius_requests_total', { kind: 'acct', result: 'drop' }) ?? 0) >= 1,
    );
    expect(sample(text, 'splashboard_radius_requests_total', { kind: 'auth', result: 'accept' })).toBe(1);
    expect(sample(text, 'splashboard_radius_requests_total', { kind: 'auth', result: 'reject' })).toBe(1);
    expect(sample(text, 'splashboard_radius_requests_total', { kind: 'acct', result: 'drop' })).toBe(1);
  });

  it('counts a failed job by queue and shows the queues’ depth', async () => {
    // The SMTP server hangs up: the password reset’s email fails to leave and waits for a retry.
    const email = `reset-${Date.now()}@example.test`;
    const registered = await server.client().post('/a/api/v1/registration/', {
      account_name: 'Mail Test',
      displayname: 'Mail Test',
      email,
      password: 'correct-horse-7',
      plan_type: 'engage',
    });
    expect(registered.status).toBe(200);
    expect((await server.client().post('/password/forgot', { email })).status).toBe(200);

    const text = await scrapeUntil(
      server,
      (t) => (sample(t, 'splashboard_jobs_failed_total', { queue: 'mail.deliver' }) ?? 0) >= 1,
    );
    expect(sample(text, 'splashboard_jobs_failed_total', { queue: 'mail.deliver' })).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE splashboard_jobs_queue_depth gauge');
    // The failed emails wait for their retry.
    expect(sample(text, 'splashboard_jobs_queue_depth', { queue: 'mail.deliver' })).toBeGreaterThanOrEqual(1);
  });

  it('answers /metrics only to loopback clients that no proxy forwarded', async () => {
    expect((await scrape(server)).status).toBe(200);
    const forwarded = await scrape(server, { 'x-forwarded-for': '198.51.100.7' });
    expect(forwarded.status).toBe(404);
    expect(forwarded.text).not.toContain('splashboard_');
  });
});

describe('a server with METRICS_TOKEN', () => {
  let server: TestServer;
  const token = 'scrape-token-0123456789abcdef';
  const log: string[] = [];

  beforeAll(async () => {
    server = await startServer(
      { METRICS_TOKEN: token, STRIPE_SECRET_KEY: '', LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => void log.push(line) } },
    );
  });
  afterAll(() => server?.close());

  it('asks for the bearer token, even on loopback', async () => {
    const none = await scrape(server);
    expect(none.status).toBe(401);
    expect(none.text).not.toContain('splashboard_');
    expect((await scrape(server, { authorization: 'Bearer wrong-token' })).status).toBe(401);
    expect((await scrape(server, { authorization: `Bearer ${token}x` })).status).toBe(401);
    const ok = await scrape(server, { authorization: `Bearer ${token}` });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('splashboard_http_requests_total');
    // A proxied scraper with the token is answered too.
    expect((await scrape(server, { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);
  });

  it('refuses a client that keeps guessing the token, even once it guesses right', async () => {
    // 3 wrong tries above; 7 more reach the limit.
    for (let i = 0; i < 7; i++) expect((await scrape(server, { authorization: `Bearer guess-${i}` })).status).toBe(401);
    const limited = await scrape(server, { authorization: `Bearer ${token}` });
    expect(limited.status).toBe(429);
    expect(limited.text).not.toContain('splashboard_');
    await server.built.ctx.rateLimiter.reset('metrics-token:127.0.0.1');
    expect((await scrape(server, { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('stays ready on a database a newer release migrated, and is not ready on one behind this build', async () => {
    const [{ id, created_at: latest }] = (
      await server.handle.executeSql('select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1')
    ).rows as [{ id: number; created_at: string }];
    const setLast = (when: number) =>
      server.handle.executeSql('update drizzle.__drizzle_migrations set created_at = $1 where id = $2', [when, id]);
    try {
      // A migration newer than this build's last: the previous release's node keeps serving while it is replaced.
      await setLast(Number(latest) + 60_000);
      const ahead = await server.client().get('/readyz');
      expect(ahead.status).toBe(200);
      expect(ahead.body.checks.migrations.ok).toBe(true);
      expect(ahead.body.checks.migrations.detail).toMatch(
        /^the database is ahead of \d{4}_\w+, the latest migration of this build$/,
      );
      // The last migration not applied yet: this node needs `migrate`.
      await setLast(Number(latest) - 60_000);
      const behind = await server.client().get('/readyz');
      expect(behind.status).toBe(503);
      expect(behind.body.checks.migrations).toEqual({
        ok: false,
        detail: expect.stringMatching(/^the database is not at \d{4}_\w+, the latest migration of this build$/),
      });
    } finally {
      await setLast(Number(latest));
    }
    expect((await server.client().get('/readyz')).body.checks.migrations).toEqual({ ok: true });
  });

  it('answers /readyz 503 naming the database when it is gone, while /healthz stays 200', async () => {
    expect((await server.client().get('/readyz')).status).toBe(200);
    // The database goes away under the running server (closed once: the harness closes it again at the end).
    const close = server.handle.close.bind(server.handle);
    let closed: Promise<void> | undefined;
    server.handle.close = () => (closed ??= close());
    await server.handle.close();
    const ready = await server.client().get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('not_ready');
    expect(ready.body.checks.database.ok).toBe(false);
    expect(ready.body.checks.migrations.ok).toBe(false);
    expect(ready.body.checks.queue).toEqual({ ok: true });
    expect((await server.client().get('/healthz')).body).toEqual({ status: 'ok' });
    expect(log.some((line) => line.includes('not ready: database, migrations'))).toBe(true);
  });
});
