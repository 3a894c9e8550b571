import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config.ts';
import { buildApp, type BuiltApp } from '../app.ts';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.ts';
import { openReadReplica, type ReadTarget } from './read-replica.ts';
import { TestClient, createSite, uniqueEmail } from '../../test/harness.ts';
import { startPgCluster, type PgCluster, type PgNode } from '../../test/pg-cluster.ts';

const DB = 'splashboard';

interface ClusterServer {
  url: string;
  built: BuiltApp;
  log: string[];
  close(): Promise<void>;
}

/** Every server of this file shares the cluster's database, so it shares its secret key too, as nodes must. */
const SECRET_KEY = randomBytes(32).toString('hex');

/** The real server on the cluster: writes on the primary, the dashboard's stale-tolerant reads on the replica. */
async function startOnCluster(cluster: PgCluster, replica: PgNode, maxLagSeconds: number): Promise<ClusterServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-replica-'));
  const log: string[] = [];
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SECRET_KEY,
    PORT: '0',
    HOST: '127.0.0.1',
    ROLES: 'api',
    STRIPE_SECRET_KEY: '',
    RATE_LIMIT_REGISTRATIONS_PER_IP: '10000',
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    SESSION_SWEEP_MINUTES: '0',
    DATABASE_URL: cluster.primary.url(DB),
    DATABASE_READ_URL: replica.url(DB),
    DATABASE_READ_MAX_LAG_SECONDS: String(maxLagSeconds),
  });
  const built = await buildApp(config, { logStream: { write: (line) => void log.push(line) }, console: { write: () => {} } });
  await built.startWorkers();
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    built,
    log,
    async close() {
      await built.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
    last = await read();
  }
  return last;
}

/** The value of one sample of a Prometheus text exposition, by name and labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('dashboard reads on a streaming read replica', () => {
  let cluster: PgCluster;
  let replica: PgNode;
  /** Reads go to the primary once the replica is a minute behind: long enough to see stale answers. */
  let patient: ClusterServer;
  /** Reads go to the primary once the replica is 2 s behind. */
  let strict: ClusterServer;
  let owner: TestClient;
  let siteId: number;
  let accountId: number;

  const readyz = async (server: ClusterServer) => {
    const res = await new TestClient(server.url).get('/readyz');
    return { status: res.status, replica: res.body.replica };
  };
  const scrape = async (server: ClusterServer) => (await fetch(`${server.url}/metrics`)).text();
  /** The owner's session, on either server (both serve the same account). */
  const ownerOn = (server: ClusterServer) => {
    const client = new TestClient(server.url);
    for (const [k, v] of owner.cookies) client.cookies.set(k, v);
    return client;
  };
  const guestEmails = async (server: ClusterServer) => {
    const res = await ownerOn(server).get(`/s/${siteId}/api/v1/guest/?per_page=100`);
    expect(res.status).toBe(200);
    return (res.body.items as { email: string }[]).map((g) => g.email);
  };
  const onlineNow = async (server: ClusterServer) => {
    const res = await ownerOn(server).get(`/s/${siteId}/api/v1/dashboard/online_now`);
    expect(res.status).toBe(200);
    return res.body.value as number;
  };
  /** A guest online now, written straight on the primary as a portal login would. */
  const guestOnPrimary = async () => {
    const email = uniqueEmail('guest');
    const [g] = await cluster.primary.query<{ id: string }>(
      `insert into guests (account_id, site_id, identity, email, first_method, last_method, visits)
       values ($1, $2, $3, $3, 'email', 'email', 1) returning id`,
      [accountId, siteId, email],
      DB,
    );
    await cluster.primary.query(
      `insert into guest_sessions (account_id, site_id, guest_id, method, family, expires_at, minutes, grant_status)
       values ($1, $2, $3, 'email', 'unifi', now() + interval '1 hour', 60, 'granted')`,
      [accountId, siteId, g!.id],
      DB,
    );
    return email;
  };
  const paused = (node: PgNode, on: boolean) => node.query(on ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()');

  beforeAll(async () => {
    cluster = await startPgCluster();
    await cluster.primary.query(`create database ${DB}`);
    const handle = await openDatabase({ url: cluster.primary.url(DB), poolSize: 2 });
    await handle.migrate();
    await handle.close();
    replica = await cluster.addReplica();
    await cluster.waitForReplay();
    patient = await startOnCluster(cluster, replica, 60);
    strict = await startOnCluster(cluster, replica, 2);
    for (const server of [patient, strict]) {
      await until(
        'replica healthy',
        () => readyz(server),
        (r) => r.replica?.state === 'healthy',
      );
    }
    owner = new TestClient(patient.url);
    const registered = await owner.post('/a/api/v1/registration/', {
      account_name: 'Replica Test',
      displayname: 'Owner',
      email: uniqueEmail('owner'),
      password: 'correct-horse-7',
      plan_type: 'engage',
    });
    expect(registered.status).toBe(200);
    siteId = (await createSite(owner)).id;
    const [site] = await cluster.primary.query<{ account_id: number }>(
      `select account_id from sites where id = $1`,
      [siteId],
      DB,
    );
    accountId = site!.account_id;
  }, 300_000);

  afterAll(async () => {
    await patient?.close();
    await strict?.close();
    await cluster?.destroy();
  });

  it('answers the guest list and the tiles from the replica: a guest appears only once replayed', async () => {
    await cluster.waitForReplay();
    expect(await onlineNow(patient)).toBe(0);
    await paused(replica, true);
    const email = await guestOnPrimary();
    // The replica has not replayed it: the list and the tile, read there, do not show it yet.
    expect(await guestEmails(patient)).not.toContain(email);
    expect(await onlineNow(patient)).toBe(0);
    expect((await readyz(patient)).replica).toMatchObject({ state: 'healthy', reads: 'replica' });
    // Our reads are on the replica's connections, under our application name.
    const ours = await replica.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where application_name = 'splashboard-reads' and datname = $1`,
      [DB],
    );
    expect(ours[0]!.n).toBeGreaterThan(0);

    await paused(replica, false);
    await until(
      'the guest replayed onto the list',
      () => guestEmails(patient),
      (emails) => emails.includes(email),
    );
    expect(await onlineNow(patient)).toBe(1);
    const metrics = await scrape(patient);
    expect(sample(metrics, 'splashboard_db_reads_total', { target: 'replica' })).toBeGreaterThanOrEqual(4);
    expect(sample(metrics, 'splashboard_db_replica_state', { state: 'healthy' })).toBe(1);
    expect(sample(metrics, 'splashboard_db_replica_lag_seconds')).toBeLessThan(60);
  });

  it('reads its own write from the primary while the replica is paused', async () => {
    await paused(replica, true);
    try {
      const saved = await owner.post(`/s/${siteId}/api/v1/dashboard/config`, { layouts: {}, hidden: ['gender'] });
      expect(saved.status).toBe(200);
      const read = await owner.get(`/s/${siteId}/api/v1/dashboard/config`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ saved: true, hidden: ['gender'] });
    } finally {
      await paused(replica, false);
    }
  });

  it('sends reads to the primary while the replica is behind more than the bound, and back once it catches up', async () => {
    await cluster.waitForReplay();
    await until(
      'replica healthy',
      () => readyz(strict),
      (r) => r.replica?.state === 'healthy',
    );
    const before = await scrape(strict);
    const count = (text: string, name: string, labels: Record<string, string>) => sample(text, name, labels) ?? 0;
    const logged = strict.log.filter((l) => l.includes('read replica lagging')).length;
    await paused(replica, true);
    const email = await guestOnPrimary();
    const behind = await until(
      'replica lagging',
      () => readyz(strict),
      (r) => r.replica?.state === 'lagging',
    );
    expect(behind.status).toBe(200);
    expect(behind.replica).toMatchObject({ reads: 'primary' });
    expect(behind.replica.lag_seconds).toBeGreaterThan(2);
    expect(behind.replica.bytes_behind).toBeGreaterThan(0);
    // Answered by the primary: the guest the replica has not replayed is there.
    const primaryReads = count(await scrape(strict), 'splashboard_db_reads_total', { target: 'primary' });
    expect(await guestEmails(strict)).toContain(email);
    expect(count(await scrape(strict), 'splashboard_db_reads_total', { target: 'primary' })).toBeGreaterThan(primaryReads);
    // The patient server (a minute's bound) still reads the stale replica.
    expect(await guestEmails(patient)).not.toContain(email);

    await paused(replica, false);
    const back = await until(
      'replica healthy',
      () => readyz(strict),
      (r) => r.replica?.state === 'healthy',
    );
    expect(back.replica).toMatchObject({ reads: 'replica' });
    expect(back.replica.lag_seconds).toBeLessThanOrEqual(2);
    const after = await scrape(strict);
    const entered = (to: string) =>
      count(after, 'splashboard_db_replica_transitions_total', { to }) -
      count(before, 'splashboard_db_replica_transitions_total', { to });
    expect(entered('lagging')).toBe(1);
    expect(entered('healthy')).toBe(1);
    expect(strict.log.filter((l) => l.includes('read replica lagging')).length).toBe(logged + 1);
    const replicaReads = count(after, 'splashboard_db_reads_total', { target: 'replica' });
    expect(await guestEmails(strict)).toContain(email);
    expect(count(await scrape(strict), 'splashboard_db_reads_total', { target: 'replica' })).toBeGreaterThan(replicaReads);
  });

  it('keeps answering from the primary while the replica is down, and readyz stays ready', async () => {
    await cluster.waitForReplay();
    const email = await guestOnPrimary();
    await replica.stop('fast');
    try {
      // At once, before the monitor notices: a read that finds the replica gone runs again on the primary.
      expect(await guestEmails(patient)).toContain(email);
      expect(await onlineNow(patient)).toBeGreaterThanOrEqual(3);
      const down = await until(
        'replica down',
        () => readyz(patient),
        (r) => r.replica?.state === 'down',
      );
      expect(down.status).toBe(200);
      expect(down.replica).toMatchObject({ reads: 'primary', lag_seconds: null });
      expect(down.replica.detail).toMatch(/unreachable|a read failed/);
      expect(await guestEmails(patient)).toContain(email);
      expect(await onlineNow(patient)).toBeGreaterThanOrEqual(3);
      expect(patient.log.filter((l) => l.includes('read replica down'))).toHaveLength(1);
      const metrics = await scrape(patient);
      expect(sample(metrics, 'splashboard_db_replica_state', { state: 'down' })).toBe(1);
      expect(sample(metrics, 'splashboard_db_replica_transitions_total', { to: 'down' })).toBe(1);
    } finally {
      await replica.start();
    }
    const back = await until(
      'replica healthy',
      () => readyz(patient),
      (r) => r.replica?.state === 'healthy',
    );
    expect(back.status).toBe(200);
    expect(await guestEmails(patient)).toContain(email);
  });

  it('runs a read again on the primary when the replica drops it before the monitor has noticed', async () => {
    await cluster.waitForReplay();
    const primary = await openDatabase({ url: cluster.primary.url(DB), poolSize: 2 });
    const open = () => {
      const counted: string[] = [];
      // Checked once at the start only: the replica's loss is found by the reads themselves.
      const reads = openReadReplica({
        primary: primary.pool!,
        url: replica.url(DB),
        maxLagSeconds: 10,
        checkEveryMs: 3_600_000,
        log: { info: () => {}, warn: () => {} },
        hooks: { read: (t: ReadTarget) => counted.push(t), retried: () => counted.push('retried'), transition: () => {} },
      });
      return { reads, counted };
    };
    const forQuery = open();
    const forTransaction = open();
    const count = sql`select count(*)::int as n, pg_is_in_recovery() as standby from guests`;
    type Counted = { rows: { n: number; standby: boolean }[] };
    try {
      for (const { reads } of [forQuery, forTransaction]) {
        await until(
          'first check',
          async () => reads.status().state,
          (state) => state === 'healthy',
        );
      }
      const onReplica = (await forQuery.reads.db.execute(count)) as unknown as Counted;
      expect(onReplica.rows[0]).toMatchObject({ standby: true });
      await replica.stop('fast');

      const plain = (await forQuery.reads.db.execute(count)) as unknown as Counted;
      expect(plain.rows[0]).toEqual({ n: onReplica.rows[0]!.n, standby: false });
      expect(forQuery.reads.status()).toMatchObject({ state: 'down', reads: 'primary' });
      expect(forQuery.reads.status().detail).toMatch(/^a read failed/);
      expect(forQuery.counted).toEqual(['replica', 'replica', 'retried', 'primary']);

      // The tiles' reads run in a transaction: its connection to the replica fails, it runs on the primary.
      const inTransaction = await forTransaction.reads.db.transaction(
        async (tx) => (await tx.execute(count)) as unknown as Counted,
      );
      expect(inTransaction.rows[0]).toEqual({ n: onReplica.rows[0]!.n, standby: false });
      expect(forTransaction.reads.status()).toMatchObject({ state: 'down', reads: 'primary' });
      expect(forTransaction.counted.filter((c) => c === 'retried')).toHaveLength(1);
      expect(forTransaction.counted.at(-1)).toBe('primary');
    } finally {
      await forQuery.reads.close();
      await forTransaction.reads.close();
      await primary.close();
      if (!replica.running) await replica.start();
    }
  });
});
