import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestClient } from '../../server/test/harness.ts';
import { FakeUnifiController } from '../../server/test/fakes/unifi-controller.ts';
import { csvForm } from '../../server/src/domains/guest-accounts/test-files.ts';
import { startPgCluster, type PgCluster, type PgNode } from '../../server/test/pg-cluster.ts';
import { freePort } from '../free-port.ts';
import { unifiOperator } from './operator.ts';
import { loopbackNodeSettings, nodeEnvironment, startHaproxy, startNode, type NodeProcess } from './processes.ts';
import { accountingStart, guestLogin, keepGoing, type AccountingOutcome, type GuestOutcome } from './traffic.ts';

// Splashboard on several nodes as the deployment guide sets it up (deploy/: HAProxy's file, the systemd
// environment files), on a PostgreSQL primary with a streaming replica for the dashboard's reads: two HTTP
// nodes behind HAProxy, a worker and a RADIUS node, each its own process. Guests log in through the portal, a
// gateway sends RADIUS accounting and an operator reads the guest list while, in turn, the worker is killed in
// the middle of an import of guest accounts, an HTTP node is killed (SIGKILL) and started again, the primary is
// restarted, and the replica is stopped and started again.

const UNIFI_SITE = 'clusterlobby';
/** Accounts in the imported file: argon2 hashes them a few at a time, so the import runs for a while. */
const IMPORTED = 1200;
/** A job of a killed worker is retried after this (JOB_TIMEOUT_SECONDS), not the guide's 300 s. */
const JOB_TIMEOUT_SECONDS = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let postgres: PgCluster;
let replica: PgNode;
let dataDir: string;
let unifi: FakeUnifiController;
let nodes: { a: NodeProcess; b: NodeProcess; worker: NodeProcess; radius: NodeProcess };
let radiusPorts: { auth: number; acct: number };
let haproxy: Awaited<ReturnType<typeof startHaproxy>>;
let db: pg.Pool;

beforeAll(async () => {
  // A PostgreSQL primary and a streaming replica of the test's own (the machine's is never restarted).
  postgres = await startPgCluster();
  await postgres.primary.query('create database splashboard');
  replica = await postgres.addReplica();
  db = new pg.Pool({ connectionString: postgres.primary.url('splashboard'), max: 2 });
  // The uploads directory every node shares (a shared mount in the guide).
  dataDir = mkdtempSync(path.join(tmpdir(), 'sb-cluster-'));
  unifi = await new FakeUnifiController({ mode: 'classic', sites: [UNIFI_SITE] }).start();
  radiusPorts = { auth: await freePort(), acct: await freePort() };
  const haproxyPort = await freePort();
  const common = {
    PUBLIC_URL: `http://127.0.0.1:${haproxyPort}`,
    DATABASE_URL: postgres.primary.url('splashboard'),
    DATABASE_READ_URL: replica.url('splashboard'),
    ...loopbackNodeSettings(dataDir),
    INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true',
    JOB_TIMEOUT_SECONDS: String(JOB_TIMEOUT_SECONDS),
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
  await postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

/** An operator's location through HAProxy: click-through, its UniFi controller, and a RADIUS gateway. */
async function operatorSetUp() {
  const { operator, siteId } = await unifiOperator(haproxy.url, {
    accountName: 'Cluster Hotels',
    unifiUrl: unifi.url,
    unifiSite: UNIFI_SITE,
  });
  const nas = await operator.post(`/s/${siteId}/api/v1/radiusclients/`, { name: 'Lobby gateway', ip_address: '127.0.0.1' });
  expect(nas.status).toBe(200);
  const frontDesk = await operator.post('/s/api/v1/site/', {
    name: 'Front desk',
    router_type: 'unifi',
    auth_methods: ['guestuser'],
    skip_image: true,
  });
  expect(frontDesk.status).toBe(200);
  return { operator, siteId, nasSecret: nas.body.secret as string, importSiteId: frontDesk.body.id as number };
}

/** The import as its page polls it. */
async function importState(operator: TestClient, siteId: number, id: number) {
  const res = await operator.get(`/s/${siteId}/api/v1/guestuser/import/${id}`);
  expect(res.status).toBe(200);
  return res.body as { status: string; total: number; processed: number; created: number; rejected: unknown[] };
}

const macOf = (i: number) =>
  `02:c1:00:00:${((i >> 8) & 0xff).toString(16).padStart(2, '0')}:${(i & 0xff).toString(16).padStart(2, '0')}`;

describe('several nodes behind HAProxy on a PostgreSQL primary and replica', () => {
  it('loses no acknowledged write through a killed HTTP node, a PostgreSQL restart and a stopped replica', async () => {
    const { operator, siteId, nasSecret, importSiteId } = await operatorSetUp();
    const csv = ['Username;Password', ...Array.from({ length: IMPORTED }, (_, i) => `desk${i};desk-pass-${i}`)].join('\r\n');
    const upload = await operator.post(`/s/${importSiteId}/api/v1/guestuser/import`, csvForm(csv, 'front-desk.csv'));
    expect(upload.status).toBe(200);
    const importId = upload.body.id as number;
    let stopping = false;
    let phase = 'steady';
    const dashboard = new Map<string, { answered: number; failed: string[] }>();
    const started = Date.now();
    const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    const enter = (name: string) => {
      phase = name;
      console.log(`cluster: ${name} at ${elapsed()}`);
    };
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
          const at = phase;
          const list = await operator.get(`/s/${siteId}/api/v1/guest/?page=1&per_page=25`).catch((e: Error) => e);
          const counts = dashboard.get(at) ?? { answered: 0, failed: [] };
          dashboard.set(at, counts);
          if (!(list instanceof Error) && list.status === 200) counts.answered++;
          else counts.failed.push(`${elapsed()}: ${list instanceof Error ? list.message : list.status}`);
          await sleep(200);
        },
      ),
    ]);
    await sleep(4_000);
    // The worker dies with the import under way: its job is retried once it is past JOB_TIMEOUT_SECONDS, and
    // the import goes on from the last row it committed.
    await expect
      .poll(async () => (await importState(operator, importSiteId, importId)).processed, { timeout: 60_000 })
      .toBeGreaterThan(8);
    const atKill = await importState(operator, importSiteId, importId);
    expect(atKill.processed).toBeLessThan(IMPORTED);
    enter(`worker killed mid-import (row ${atKill.processed} of ${IMPORTED})`);
    await nodes.worker.kill();
    await sleep(2_000);
    await nodes.worker.restart();
    enter('node A killed');
    await nodes.a.kill();
    await sleep(6_000);
    await nodes.a.restart();
    enter('node A back');
    await sleep(4_000);
    enter('PostgreSQL restarting');
    await postgres.primary.stop('fast');
    await sleep(3_000);
    await postgres.primary.start();
    enter('PostgreSQL back');
    await sleep(8_000);
    enter('replica stopped');
    await replica.stop('fast');
    await sleep(8_000);
    await replica.start();
    enter('replica back');
    await sleep(4_000);
    stopping = true;
    const [guests, accounting] = await traffic;
    const imported = await vi
      .waitFor(
        async () => {
          const state = await importState(operator, importSiteId, importId);
          if (state.status !== 'done') throw new Error(`import ${state.status} at row ${state.processed}`);
          return state;
        },
        { timeout: 180_000, interval: 1000 },
      )
      .catch(async (err: unknown) => {
        // What the worker said and where the import's jobs stand, for whoever reads the failure.
        const { rows } = await db.query(
          `select state, retry_count, started_on, output from pgboss.job where name = 'guest-accounts.import'`,
        );
        console.log(`worker's last output:\n${nodes.worker.output().slice(-6000)}\nimport jobs: ${JSON.stringify(rows)}`);
        throw err;
      });
    const { rows: importRuns } = await db.query<{ state: string; retries: number }>(
      `select state, retry_count as retries from pgboss.job where name = 'guest-accounts.import' order by created_on`,
    );
    console.log(
      `cluster: import of ${IMPORTED} accounts done at ${elapsed()}; its jobs (state, retries): ` +
        importRuns.map((r) => `${r.state} ${r.retries}`).join(', '),
    );
    const summary = [...dashboard].map(([name, c]) => `${name}: ${c.answered} answered, ${c.failed.length} failed`).join('; ');
    const retried = guests.filter((g) => g.tries > 1).length;
    console.log(
      `cluster: ${guests.length} guest logins (${retried} needed a retry), ${accounting.length} accounting starts ` +
        `(${accounting.filter((a) => a.sends > 1).length} sent again); dashboard: ${summary}`,
    );

    // Every guest got online in the end, some after a retry.
    expect(guests.length).toBeGreaterThan(20);
    expect(guests.filter((g) => !g.ok)).toEqual([]);
    // Every acknowledged login is stored, once, and was granted by the controller.
    const { rows: sessions } = await db.query<{ mac: string; n: number }>(
      'select mac, count(*)::int as n from guest_sessions where site_id = $1 group by mac',
      [siteId],
    );
    const stored = new Map(sessions.map((r) => [r.mac, r.n]));
    expect(guests.filter((g) => !stored.has(g.mac)).map((g) => g.mac)).toEqual([]);
    const authorized = new Set(unifi.commands.filter((c) => c.body.cmd === 'authorize-guest').map((c) => String(c.body.mac)));
    expect(guests.filter((g) => !authorized.has(g.mac)).map((g) => g.mac)).toEqual([]);
    // Every accounting record the RADIUS node answered is stored, once (a record sent again is the same record).
    expect(accounting.filter((a) => !a.acknowledged)).toEqual([]);
    const { rows: acct } = await db.query<{ id: string; n: number }>(
      'select acct_session_id as id, count(*)::int as n from radius_sessions group by acct_session_id',
    );
    const kept = new Map(acct.map((r) => [r.id, r.n]));
    expect(accounting.filter((a) => kept.get(a.sessionId) !== 1).map((a) => a.sessionId)).toEqual([]);
    // Every node rode out the primary's restart (the worker too: pg-boss records a job's end unawaited).
    expect(
      Object.values(nodes)
        .filter((n) => n.child.exitCode !== null || n.child.signalCode !== null)
        .map((n) => n.name),
    ).toEqual([]);
    // The import ran once in effect: every account created once, none refused as "already taken".
    expect(imported).toMatchObject({ status: 'done', total: IMPORTED, processed: IMPORTED, created: IMPORTED, rejected: [] });
    const { rows: desk } = await db.query<{ n: number; names: number }>(
      'select count(*)::int as n, count(distinct username)::int as names from guest_accounts where site_id = $1',
      [importSiteId],
    );
    expect(desk[0]).toEqual({ n: IMPORTED, names: IMPORTED });
    // The dashboard kept answering: through the other node while one was down (only a request under way on
    // the killed node failed), and from the primary while the replica was stopped.
    expect(dashboard.get('node A killed')!.answered).toBeGreaterThan(5);
    expect(dashboard.get('node A killed')!.failed.length).toBeLessThanOrEqual(1);
    expect(dashboard.get('replica stopped')!.answered).toBeGreaterThan(5);
    expect(dashboard.get('replica stopped')!.failed).toEqual([]);
    expect(dashboard.get('replica back')!.failed).toEqual([]);
  }, 600_000);
});
