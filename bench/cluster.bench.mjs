// One HTTP node against two behind HAProxy, in one run, on PostgreSQL: the deployment of the guide (deploy/:
// the systemd environment files, haproxy.cfg as written) with two HTTP nodes and a worker node, each the
// built server in its own process, and the fake UniFi controller of the tests. Measured the same way, in
// slices that take turns, for (1) node A directly, (2) node A behind HAProxy (its two `server` lines on
// node A) and (3) nodes A and B behind HAProxy:
// - click-through logins from CALLERS concurrent guests' phones, each a new MAC (the arrival's 303, then the
//   login POST; p50/p95 of the POST), and afterwards every acknowledged login checked: stored once in
//   guest_sessions and authorized at the controller (exits 1 otherwise, or on any refused login);
// - the dashboard's tile calls for a site of its own (filled with sessions by logins before the measuring),
//   from CALLERS concurrent callers, each asking the 19 calls in turn;
// - the CPU time per request of every process (from /proc): the nodes, the worker, HAProxy, the
//   PostgreSQL backends serving the bench's database and the fake controller.
// On 2 cores this shows what HAProxy and a second process cost, and that nothing is lost, not the gain.
// Usage: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/cluster.bench.mjs [seconds]
// (seconds per measurement and layout, in 3 slices; 12 by default: about 2.5 minutes in all).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Agent, request } from 'undici';
import {
  cpuMicros,
  DASHBOARD_TILES,
  freePort,
  freshPgDatabase,
  last30,
  macOf,
  nodeEnvironment,
  percentile,
  PHONE,
  signIn,
  startHaproxy,
  startNode,
  startUnifiController,
  unifiArrivalPath,
} from './lib.mjs';

const seconds = Number(process.argv[2] ?? 12);
const ROUNDS = 3;
const sliceMs = (Math.max(ROUNDS, seconds) / ROUNDS) * 1000;
const CALLERS = 8;
/** The controller's sites: one for the measured logins, one whose sessions the tiles count. */
const UNIFI = { logins: 'clusterlogins', tiles: 'clustertiles' };
/** Logins into the tiles' site before measuring (through both nodes: also their warm-up). */
const TILE_SITE_LOGINS = 400;
/** PostgreSQL flushes a backend's statistics within 10 s of its going idle (PGSTAT_IDLE_INTERVAL). */
const STATS_FLUSH_MS = 11_000;

if (!process.env.BENCH_DATABASE_URL) {
  console.log('cluster.bench.mjs runs the deployment on PostgreSQL: set BENCH_DATABASE_URL to run it (skipped)');
  process.exit(0);
}

const started = performance.now();
const load = [loadavg()[0]];
const db = await freshPgDatabase();
const dbName = new URL(db.url).pathname.slice(1);
const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
await admin.connect();
const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-cluster-bench-'));
const children = [];
let exitCode = 0;
try {
  const controller = await startUnifiController([UNIFI.logins, UNIFI.tiles]);
  children.push(controller.child);
  const [portA, portB, portWorker, portHap1, portHap2] = await Promise.all(Array.from({ length: 5 }, freePort));
  // What this machine changes in the guide's files: loopback addresses, free ports, the bench's database
  // (no read replica: the tiles read from the primary), no mail, plain HTTP, and the rate limits of one
  // address opened (every guest here comes from 127.0.0.1).
  const common = {
    PUBLIC_URL: `http://127.0.0.1:${portHap2}`,
    DATABASE_URL: db.url,
    DATABASE_READ_URL: '',
    SECRET_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    SMTP_URL: '',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    COOKIE_SECURE: 'false',
    RATE_LIMIT_LOGIN_PER_IP: '100000000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000000',
  };
  // All three at once on the new database: one migrates, the others wait for it.
  const [nodeA, nodeB, worker] = await Promise.all([
    startNode(nodeEnvironment('http', { ...common, PORT: String(portA) })),
    startNode(nodeEnvironment('http', { ...common, PORT: String(portB) })),
    startNode(nodeEnvironment('worker', { ...common, PORT: String(portWorker) })),
  ]);
  children.push(nodeA, nodeB, worker);
  const nodeAddress = (node) => `127.0.0.1:${node.port}`;
  const hap1 = await startHaproxy({
    port: portHap1,
    a: nodeAddress(nodeA),
    b: nodeAddress(nodeA),
    socket: path.join(dataDir, 'haproxy-1.sock'),
  });
  children.push(hap1);
  const hap2 = await startHaproxy({
    port: portHap2,
    a: nodeAddress(nodeA),
    b: nodeAddress(nodeB),
    socket: path.join(dataDir, 'haproxy-2.sock'),
  });
  children.push(hap2);
  const layouts = [
    { name: 'one node', base: nodeA.base, haproxy: null },
    { name: 'one node behind HAProxy', base: hap1.base, haproxy: hap1 },
    { name: 'two nodes behind HAProxy', base: hap2.base, haproxy: hap2 },
  ];

  // The operator signs up and sets up two click-through sites on the controller, through HAProxy.
  const operator = { email: `cluster-${process.pid}@splashboard.local`, password: 'cluster-bench-7' };
  const registered = await fetch(`${hap2.base}/a/api/v1/registration/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account_name: 'Bench Hotels', displayname: 'Owner', plan_type: 'engage', ...operator }),
  });
  if (registered.status !== 200) throw new Error(`registration: ${registered.status} ${await registered.text()}`);
  const api = await signIn(hap2.base, operator);
  const sites = {};
  for (const [key, unifiSite] of Object.entries(UNIFI)) {
    const site = await api('POST', '/s/api/v1/site/', {
      name: `Bench ${key}`,
      router_type: 'unifi',
      auth_methods: ['clickthrough'],
      skip_image: true,
    });
    const unifi = await api('PUT', `/s/${site.id}/api/v1/routersettings/unifi`, {
      url: controller.url,
      username: 'admin',
      password: 'secret-pass',
      site: unifiSite,
      skip_tls_verify: true,
    });
    if (unifi.status !== 'Online') throw new Error(`the controller is ${unifi.status}: ${unifi.status_detail}`);
    sites[key] = site.id;
  }

  let nextMac = 0;
  const acknowledged = [];
  const refused = [];
  /** A guest's phone: the arrival (303 to the splash page), then the click-through login, timed. */
  async function guestLogin(dispatcher, base, unifiSite) {
    const mac = macOf(nextMac++);
    const arrival = await request(`${base}${unifiArrivalPath(unifiSite, mac)}`, { headers: PHONE, dispatcher });
    await arrival.body.dump();
    const location = arrival.headers.location;
    if (arrival.statusCode !== 303 || typeof location !== 'string') {
      refused.push(`${mac}: arrival ${arrival.statusCode}`);
      return null;
    }
    const page = new URL(location, base);
    const t0 = performance.now();
    const login = await request(`${base}${page.pathname}${page.search}clickthrough`, {
      method: 'POST',
      headers: { ...PHONE, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      dispatcher,
    });
    await login.body.dump();
    const ms = performance.now() - t0;
    if (login.statusCode !== 200) {
      refused.push(`${mac}: login ${login.statusCode}`);
      return null;
    }
    acknowledged.push(mac);
    return ms;
  }
  const tilePaths = Object.values(DASHBOARD_TILES);
  let nextTile = 0;
  async function tileCall(dispatcher, base) {
    const t0 = performance.now();
    const path = `/s/${sites.tiles}/api/v1/dashboard/${tilePaths[nextTile++ % tilePaths.length]}?${last30()}`;
    const answer = await request(`${base}${path}`, { headers: api.headers, dispatcher });
    const body = await answer.body.text();
    if (answer.statusCode !== 200) throw new Error(`GET ${path}: ${answer.statusCode} ${body}`);
    return performance.now() - t0;
  }

  /** The PostgreSQL backends connected to the bench's database now. */
  const backends = async () =>
    (await admin.query('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map((r) => r.pid);
  const processes = (layout) => ({
    'node A': [nodeA.pid],
    'node B': [nodeB.pid],
    worker: [worker.pid],
    HAProxy: layout.haproxy ? [layout.haproxy.pid] : [],
    controller: [controller.child.pid],
  });
  /**
   * `work` on CALLERS callers at once, each one call after another, for `ms` (a call under way then is
   * waited for): the calls' times, the time taken, and each process's CPU time meanwhile. The PostgreSQL
   * backends are those of the bench's database at the end (one that ended meanwhile is not counted).
   */
  async function slice(layout, ms, work) {
    const dispatcher = new Agent({ connections: CALLERS });
    const before = Object.fromEntries(Object.entries(processes(layout)).map(([name, pids]) => [name, pids.map(cpuMicros)]));
    const pgBefore = new Map((await backends()).map((pid) => [pid, cpuMicros(pid)]));
    const times = [];
    const t0 = performance.now();
    const until = t0 + ms;
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        while (performance.now() < until) {
          const time = await work(dispatcher, layout.base);
          if (time !== null) times.push(time);
        }
      }),
    );
    const elapsed = performance.now() - t0;
    const cpu = Object.fromEntries(
      Object.entries(processes(layout)).map(([name, pids]) => [
        name,
        pids.reduce((n, pid, i) => n + cpuMicros(pid) - before[name][i], 0),
      ]),
    );
    cpu.PostgreSQL = (await backends()).reduce((n, pid) => n + cpuMicros(pid) - (pgBefore.get(pid) ?? 0), 0);
    await dispatcher.close();
    return { times, elapsed, cpu };
  }

  // Sessions for the tiles to count, through both nodes (their warm-up as well), then the tiles asked a
  // few times through both.
  {
    const dispatcher = new Agent({ connections: CALLERS });
    let left = TILE_SITE_LOGINS;
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        while (left-- > 0) await guestLogin(dispatcher, hap2.base, UNIFI.tiles);
      }),
    );
    for (let n = 0; n < tilePaths.length * 4; n++) await tileCall(dispatcher, hap2.base);
    await dispatcher.close();
  }
  const warmUpLogins = acknowledged.length;

  // Rows written by the measured logins, from PostgreSQL's statistics of the bench's database (flushed
  // by a backend within STATS_FLUSH_MS of its last statement).
  const rowsWritten = async () => {
    await admin.query('select pg_stat_clear_snapshot()');
    const { rows } = await admin.query(
      'select tup_inserted + tup_updated + tup_deleted as n, xact_commit as commits from pg_stat_database where datname = $1',
      [dbName],
    );
    return { rows: Number(rows[0].n), commits: Number(rows[0].commits) };
  };
  await sleep(STATS_FLUSH_MS);
  const writtenBefore = await rowsWritten();

  // The measurements take turns in slices, the layouts' order turning each round, so that a busy
  // neighbour on the machine weighs on all of them alike.
  const results = layouts.map(() => ({ logins: [], tiles: [] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < layouts.length; k++) {
      const i = (k + round) % layouts.length;
      results[i].logins.push(await slice(layouts[i], sliceMs, (d, base) => guestLogin(d, base, UNIFI.logins)));
      results[i].tiles.push(await slice(layouts[i], sliceMs, tileCall));
      load.push(loadavg()[0]);
    }
  }
  const measuredLogins = acknowledged.length - warmUpLogins;
  await sleep(STATS_FLUSH_MS);
  const writtenAfter = await rowsWritten();

  // Every acknowledged login stored once and authorized at the controller.
  const check = new pg.Client({ connectionString: db.url });
  await check.connect();
  const { rows: sessions } = await check.query(
    'select mac, count(*)::int as n from guest_sessions where site_id = any($1) group by mac',
    [[sites.logins, sites.tiles]],
  );
  await check.end();
  const storedCount = new Map(sessions.map((r) => [r.mac, r.n]));
  const authorized = await controller.authorized();
  const missing = acknowledged.filter((mac) => !storedCount.has(mac));
  const doubled = acknowledged.filter((mac) => (storedCount.get(mac) ?? 0) > 1);
  const unauthorized = acknowledged.filter((mac) => !authorized.has(mac));

  // The table: per layout and measurement, calls per second, p50/p95 ms, CPU µs per call of each process.
  const rows = [];
  const summary = [];
  let workerCpu = 0;
  let workerElapsed = 0;
  for (const [i, layout] of layouts.entries()) {
    const s = {};
    for (const what of ['logins', 'tiles']) {
      const slices = results[i][what];
      const times = slices.flatMap((r) => r.times).sort((a, b) => a - b);
      const elapsed = slices.reduce((n, r) => n + r.elapsed, 0);
      const cpu = {};
      for (const r of slices) for (const [name, us] of Object.entries(r.cpu)) cpu[name] = (cpu[name] ?? 0) + us;
      const per = (us) => Math.round(us / times.length);
      // What serves the calls: the HTTP nodes (node B idle in the first two layouts) and HAProxy. The
      // worker's CPU is mostly its queue's polling, per second rather than per call: shown on its own.
      const servers = cpu['node A'] + cpu['node B'] + cpu.HAProxy;
      workerCpu += cpu.worker;
      workerElapsed += elapsed;
      s[what] = {
        rate: (times.length / elapsed) * 1000,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        cpu: servers / times.length,
        pg: cpu.PostgreSQL / times.length,
      };
      rows.push({
        layout: layout.name,
        what: what === 'logins' ? 'click-through login' : 'dashboard tile call',
        calls: times.length,
        'per s': Math.round(s[what].rate),
        'p50 ms': Number(s[what].p50.toFixed(1)),
        'p95 ms': Number(s[what].p95.toFixed(1)),
        'node A µs': per(cpu['node A']),
        'node B µs': per(cpu['node B']),
        'worker µs': per(cpu.worker),
        'HAProxy µs': per(cpu.HAProxy),
        'nodes + HAProxy µs': per(servers),
        'PostgreSQL µs': per(cpu.PostgreSQL),
        'controller µs': per(cpu.controller),
      });
    }
    summary.push(s);
  }
  console.table(rows);
  const ratio = (to, what, key) => (summary[2][what][key] / summary[to][what][key]).toFixed(2);
  for (const [to, name] of [
    [0, 'one node'],
    [1, 'one node behind HAProxy'],
  ])
    for (const what of ['logins', 'tiles'])
      console.log(
        `two nodes behind HAProxy / ${name}, ${what}: per s ${ratio(to, what, 'rate')}, p50 ${ratio(to, what, 'p50')}, ` +
          `p95 ${ratio(to, what, 'p95')}, CPU of the nodes and HAProxy per call ${ratio(to, what, 'cpu')}, ` +
          `of PostgreSQL's backends per call ${ratio(to, what, 'pg')}`,
      );
  console.log(
    `the worker node: ${(workerCpu / workerElapsed).toFixed(1)} ms of CPU a second while measuring, whatever the layout`,
  );
  const written = writtenAfter.rows - writtenBefore.rows;
  console.log(
    `PostgreSQL, the bench's database while measuring: ${written} rows written (${(written / measuredLogins).toFixed(1)} ` +
      `per measured login, the tiles write none) and ${writtenAfter.commits - writtenBefore.commits} transactions ` +
      `committed (the tiles' reads included) for ${measuredLogins} logins`,
  );
  console.log(
    `checked ${acknowledged.length} acknowledged logins (${warmUpLogins} before measuring): ${missing.length} missing ` +
      `from guest_sessions, ${doubled.length} stored twice or more, ${unauthorized.length} not authorized at the ` +
      `controller; ${refused.length} refused${refused.length ? ` (${refused.slice(0, 5).join('; ')})` : ''}`,
  );
  console.log(
    `load average (1 min) ${Math.min(...load).toFixed(1)} to ${Math.max(...load).toFixed(1)}; ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s in all`,
  );
  if (missing.length || doubled.length || unauthorized.length || refused.length) exitCode = 1;
} finally {
  for (const child of children.reverse()) child.kill('SIGTERM');
  await sleep(500);
  await admin.end();
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
