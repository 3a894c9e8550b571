import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueEmail } from '../../server/test/harness.ts';
import { FakeUnifiController } from '../../server/test/fakes/unifi-controller.ts';
import { freePort, nodeEnvironment, startHaproxy, startNode, type NodeProcess } from './processes.ts';
import { accountingStart, guestLogin, keepGoing, type AccountingOutcome, type GuestOutcome } from './traffic.ts';

// Splashboard on several nodes as the deployment guide sets it up (deploy/: HAProxy's file, the systemd
// environment files), on one PostgreSQL: two HTTP nodes behind HAProxy, a worker and a RADIUS node, each its
// own process. Guests log in through the portal and a gateway sends RADIUS accounting while an HTTP node is
// killed (SIGKILL) and started again.

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const UNIFI_SITE = 'clusterlobby';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let databaseUrl: string;
let databaseName: string;
let dataDir: string;
let unifi: FakeUnifiController;
let nodes: { a: NodeProcess; b: NodeProcess; worker: NodeProcess; radius: NodeProcess };
let radiusPorts: { auth: number; acct: number };
let haproxy: Awaited<ReturnType<typeof startHaproxy>>;
let db: pg.Pool;

beforeAll(async () => {
  databaseName = `sb_cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // The uploads directory every node shares (a shared mount in the guide).
  dataDir = mkdtempSync(path.join(tmpdir(), 'sb-cluster-'));
  unifi = await new FakeUnifiController({ mode: 'classic', sites: [UNIFI_SITE] }).start();
  radiusPorts = { auth: await freePort(), acct: await freePort() };
  const haproxyPort = await freePort();
  const common = {
    PUBLIC_URL: `http://127.0.0.1:${haproxyPort}`,
    DATABASE_URL: databaseUrl,
    DATABASE_READ_URL: '',
    SECRET_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    SMTP_URL: '',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Plain HTTP on loopback here; the guide's nodes are behind Caddy's TLS.
    COOKIE_SECURE: 'false',
    // Every guest and operator of the test comes from one loopback address.
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    RATE_LIMIT_REGISTRATIONS_PER_IP: '10000',
    INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true',
    SESSION_SWEEP_MINUTES: '0',
  };
  const httpEnv = async () => nodeEnvironment('http', { ...common, PORT: String(await freePort()) });
  const [envA, envB, envWorker, envRadius] = await Promise.all([
    httpEnv(),
    httpEnv(),
    freePort().then((port) => nodeEnvironment('worker', { ...common, PORT: String(port) })),
    freePort().then((port) =>
      nodeEnvironment('radius', {
        ...common,
        PORT: String(port),
        RADIUS_HOST: '127.0.0.1',
        RADIUS_AUTH_PORT: String(radiusPorts.auth),
        RADIUS_ACCT_PORT: String(radiusPorts.acct),
      }),
    ),
  ]);
  // All four at once on a new database: one migrates, the others wait for it.
  const [a, b, worker, radius] = await Promise.all([
    startNode('http-a', envA),
    startNode('http-b', envB),
    startNode('worker', envWorker),
    startNode('radius', envRadius),
  ]);
  nodes = { a, b, worker, radius };
  haproxy = await startHaproxy([a, b], path.join(dataDir, 'haproxy.sock'), haproxyPort);
}, 240_000);

afterAll(async () => {
  await haproxy?.stop();
  await Promise.all(Object.values(nodes ?? {}).map((n) => n.stop()));
  await unifi?.close();
  await db?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

/** An operator's location through HAProxy: click-through, its UniFi controller, and a RADIUS gateway. */
async function operatorSetUp() {
  const operator = new TestClient(haproxy.url);
  const registered = await operator.post('/a/api/v1/registration/', {
    account_name: 'Cluster Hotels',
    displayname: 'Owner',
    email: uniqueEmail('cluster'),
    password: 'cluster-pass-7',
    plan_type: 'engage',
  });
  expect(registered.status).toBe(200);
  const site = await operator.post('/s/api/v1/site/', {
    name: 'Lobby',
    router_type: 'unifi',
    auth_methods: ['clickthrough'],
    skip_image: true,
  });
  expect(site.status).toBe(200);
  const controller = await operator.put(`/s/${site.body.id}/api/v1/routersettings/unifi`, {
    url: unifi.url,
    username: 'admin',
    password: 'secret-pass',
    site: UNIFI_SITE,
    skip_tls_verify: true,
  });
  expect(controller.body.status).toBe('Online');
  const nas = await operator.post(`/s/${site.body.id}/api/v1/radiusclients/`, { name: 'Lobby gateway', ip_address: '127.0.0.1' });
  expect(nas.status).toBe(200);
  return { operator, siteId: site.body.id as number, nasSecret: nas.body.secret as string };
}

const macOf = (i: number) =>
  `02:c1:00:00:${((i >> 8) & 0xff).toString(16).padStart(2, '0')}:${(i & 0xff).toString(16).padStart(2, '0')}`;

describe('several nodes behind HAProxy on one PostgreSQL', () => {
  it('loses no acknowledged login or accounting record when an HTTP node is killed and started again', async () => {
    const { operator, siteId, nasSecret } = await operatorSetUp();
    let stopping = false;
    const dashboard = { answered: 0, failed: [] as string[], answeredWhileADown: 0 };
    const started = Date.now();
    let aDown = false;
    const traffic = Promise.all([
      keepGoing<GuestOutcome>(
        3,
        () => stopping,
        (i) => guestLogin(haproxy.url, UNIFI_SITE, macOf(i)),
      ),
      keepGoing<AccountingOutcome>(
        2,
        () => stopping,
        (i) => accountingStart({ port: radiusPorts.acct, secret: nasSecret, sessionId: `cluster-${i}`, mac: macOf(10_000 + i) }),
      ),
      keepGoing(
        1,
        () => stopping,
        async () => {
          const list = await operator.get(`/s/${siteId}/api/v1/guest/?page=1&per_page=25`).catch((e: Error) => e);
          if (!(list instanceof Error) && list.status === 200) {
            dashboard.answered++;
            if (aDown) dashboard.answeredWhileADown++;
          } else dashboard.failed.push(`${Date.now() - started} ms: ${list instanceof Error ? list.message : list.status}`);
          await sleep(200);
        },
      ),
    ]);
    await sleep(4_000);
    console.log(`cluster: node A killed at ${Date.now() - started} ms`);
    await nodes.a.kill();
    aDown = true;
    await sleep(6_000);
    await nodes.a.restart();
    aDown = false;
    console.log(`cluster: node A serving again at ${Date.now() - started} ms`);
    await sleep(4_000);
    stopping = true;
    const [guests, accounting] = await traffic;

    // Every guest got online, some after a retry; none twice in the controller's eyes as a failure.
    expect(guests.length).toBeGreaterThan(20);
    expect(guests.filter((g) => !g.ok)).toEqual([]);
    const retried = guests.filter((g) => g.tries > 1).length;
    // Every acknowledged login is stored and was granted by the controller.
    const { rows: sessions } = await db.query<{ mac: string }>('select distinct mac from guest_sessions where site_id = $1', [
      siteId,
    ]);
    const stored = new Set(sessions.map((r) => r.mac));
    expect(guests.filter((g) => !stored.has(g.mac)).map((g) => g.mac)).toEqual([]);
    const authorized = new Set(unifi.commands.filter((c) => c.body.cmd === 'authorize-guest').map((c) => String(c.body.mac)));
    expect(guests.filter((g) => !authorized.has(g.mac)).map((g) => g.mac)).toEqual([]);
    // Every accounting record the RADIUS node answered is stored.
    expect(accounting.filter((a) => !a.acknowledged)).toEqual([]);
    const { rows: acct } = await db.query<{ id: string }>('select acct_session_id as id from radius_sessions');
    const kept = new Set(acct.map((r) => r.id));
    expect(accounting.filter((a) => !kept.has(a.sessionId)).map((a) => a.sessionId)).toEqual([]);
    // The dashboard kept answering through the other node: only a request under way on the killed node fails.
    expect(dashboard.answeredWhileADown).toBeGreaterThan(5);
    expect(dashboard.failed.length).toBeLessThanOrEqual(1);
    console.log(
      `cluster: ${guests.length} guest logins (${retried} needed a retry), ${accounting.length} accounting starts, ` +
        `dashboard ${dashboard.answered} answered / ${dashboard.failed.length} failed [${dashboard.failed.join(', ')}] (${dashboard.answeredWhileADown} while node A was down)`,
    );
  }, 180_000);
});
