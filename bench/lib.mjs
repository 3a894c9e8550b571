// Helpers shared by the benchmarks: start processes on loopback, run autocannon, print a table.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { URLSearchParams } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

export function startProcess(args, env, readyPattern, onReady) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d) => {
      out += d;
      if (readyPattern.test(out)) {
        onReady?.(out);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`process exited (${code}) before it was ready:\n${out}`)));
  });
}

/**
 * A TCP port on loopback that the OS says is free now (it listens on port 0, reads the port and closes),
 * for a process that takes its port from a setting. Benchmarks never use fixed ports: other work on the
 * machine may hold them.
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The bare Fastify route (bench/bare-server.mjs) on a port the OS chose: `{ child, url }` of `GET /bare`.
 */
export async function startBare() {
  let url;
  const child = await startProcess(['bench/bare-server.mjs'], { PORT: '0' }, /bare server ready at (\S+)\n/, (out) => {
    url = /bare server ready at (\S+)\n/.exec(out)[1];
  });
  return { child, pid: child.pid, url: `${url}/bare` };
}

/**
 * The built server on a fresh embedded database (or `DATABASE_URL` of extraEnv), on `port`, or on a free
 * port when it is omitted: answers the process, with `port` and `base` (its address) set on it.
 */
/**
 * The secret key of every server a bench starts: the kept databases (bench/*-data.mjs) store the first
 * key's fingerprint, and a server with another key refuses to start on them.
 */
const BENCH_SECRET_KEY = 'b3'.repeat(32);

export async function startSplashboard(port, extraEnv = {}) {
  port ??= await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-'));
  const child = await startProcess(
    // BENCH_PROFILE=<dir>: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      'server/dist/main.js',
      'start',
    ],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECRET_KEY: BENCH_SECRET_KEY,
      LOG_LEVEL: 'warn',
      ROLES: 'api,portal,worker',
      DEMO_EMAIL: 'bench@splashboard.local',
      DEMO_PASSWORD: 'bench-password',
      RATE_LIMIT_LOGIN_PER_IP: '100000000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000000',
      ...extraEnv,
    },
    /Splashboard is running/,
  );
  child.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  child.port = port;
  child.base = `http://127.0.0.1:${port}`;
  return child;
}

export function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: 10, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export function summarize(name, r) {
  return {
    name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** A fresh PostgreSQL database for one benchmark run, when BENCH_DATABASE_URL names a server. */
export async function freshPgDatabase() {
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) return null;
  const { default: pg } = await import('pg');
  const name = `sb_bench_${process.pid}`;
  const run = async (sql) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await run(`drop database if exists ${name}`);
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * A signed-in API client, as the dashboard is: session cookie and the XSRF header. Signs in as the demo
 * account startSplashboard seeds, or as `credentials` ({ email, password }).
 */
export async function signIn(base, credentials = { email: 'bench@splashboard.local', password: 'bench-password' }) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const headers = { cookie: cookies.join('; '), 'x-xsrf-token': xsrf };
  const api = async (method, path, body) => {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return JSON.parse(text);
  };
  // The session's headers, for a caller that sends its own requests (to any node: sessions are shared).
  api.headers = headers;
  return api;
}

/** What Safari on an iPhone sends with every request. */
export const PHONE = {
  'user-agent':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-GB,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};

const hex = (n) => (n & 0xff).toString(16).padStart(2, '0');
/** The `i`th of the locally administered MACs the benchmarks' guests arrive with. */
export const macOf = (i) => `02:b0:${hex(i >> 24)}:${hex(i >> 16)}:${hex(i >> 8)}:${hex(i)}`;

/** Where a UniFi controller sends a guest's phone with `mac` on the controller's site `unifiSite`. */
export const unifiArrivalPath = (unifiSite, mac) =>
  `/guest/s/${unifiSite}/?${new URLSearchParams({ ap: 'f0:9f:c2:00:00:01', id: mac, t: String(Math.floor(Date.now() / 1000)), url: 'http://example.com/', ssid: 'Guest' })}`;

/** The `p`th percentile of an ascending array (nearest rank). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * CPU time (user + system) a process has used, in microseconds, from Linux's /proc (clock ticks of
 * 1/100 s); NaN elsewhere. Unlike requests per second it hardly depends on what else the machine runs.
 */
export function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return NaN;
  }
}

/**
 * The fake UniFi controller of the tests (bench/unifi-controller.mjs) in its own process, serving the
 * UniFi `sites`: `{ child, url, granted(), authorized() }`; `granted()` answers how many guests it let in,
 * `authorized()` the set of MACs it let in.
 */
export function startUnifiController(sites) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/unifi-controller.mjs', ...sites], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const waiting = { count: [], macs: [] };
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [word, value = ''] = line.split(' ');
      if (word === 'ready') resolve({ child, url: value, granted, authorized });
      if (word === 'count') waiting.count.shift()?.(Number(value));
      if (word === 'macs') waiting.macs.shift()?.(new Set(value.split(',').filter(Boolean)));
    });
    child.on('exit', (code) => reject(new Error(`the fake UniFi controller exited (${code})`)));
    const ask = (word) =>
      new Promise((done) => {
        waiting[word].push(done);
        child.stdin.write(`${word}\n`);
      });
    function granted() {
      return ask('count');
    }
    function authorized() {
      return ask('macs');
    }
  });
}

// The dashboard's tiles as the contract names their calls (packages/contract/src/dashboard.ts), under
// /s/{site}/api/v1/dashboard/ for one site and /a/api/v1/dashboard/ for the control panel.
export const DASHBOARD_TILES = {
  total_guests: 'total_guests',
  bounce_rate: 'bounce_rate',
  dwell_time: 'dwell_time',
  online_now: 'online_now',
  first_time_guests: 'onlyonce',
  wifi_logins: 'logins/graph',
  guest_activity: 'acitivity/graph',
  gender: 'gender/pie',
  segments: 'segments/pie',
  latest_guests: 'latestguests/table',
  active_vouchers: 'voucher/num_active_vouchers/',
  unused_vouchers: 'voucher/num_unused_vouchers/',
  expiring_vouchers: 'voucher/num_about_to_expire/',
  activated_vouchers: 'voucher/num_vouchers_activated/',
  recurring_revenue: 'payment/recurring_amount/',
  payments_collected: 'payment/total_amount/',
  daily_transactions: 'payment/get_daily_transactions/',
  latest_transactions: 'payment/get_latest_transactions/',
  popular_packages: 'payment/get_most_transaction_package/',
};

const ddmmyyyy = (d) => d.toISOString().slice(0, 10).split('-').reverse().join('/');
/** The tiles' query for the last 30 days ending `back` days ago (0: today). */
export const last30 = (back = 0) => {
  const to = new Date(Date.now() - back * 86_400_000);
  return `fromdate=${ddmmyyyy(new Date(to.getTime() - 29 * 86_400_000))}&todate=${ddmmyyyy(to)}`;
};

// A deployment on several nodes as the guide sets it up (deploy/: the systemd environment files and
// HAProxy's file). e2e/cluster/processes.ts does the same for the cluster test in TypeScript.
const DEPLOY = path.join(root, 'deploy');

/** A systemd environment file of deploy/env: NAME=value lines, comments and blank lines ignored. */
export function readEnvFile(name) {
  const env = {};
  for (const line of readFileSync(path.join(DEPLOY, 'env', name), 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]] = match[2];
  }
  return env;
}

/**
 * What a node of `role` runs with: common.env and the role's file, then what this machine changes
 * (`local`: addresses, ports, the database). A placeholder of the guide left unchanged stops the bench.
 */
export function nodeEnvironment(role, local) {
  const env = { ...readEnvFile('common.env'), ...readEnvFile(`${role}.env`), ...local };
  const placeholders = Object.entries(env).filter(([, v]) => /CHANGE-ME|\.internal\b|example\.com/.test(v));
  if (placeholders.length) throw new Error(`placeholders left for ${role}: ${placeholders.map(([k]) => k).join(', ')}`);
  return env;
}

/** The built server as a node of the guide with `env` (from nodeEnvironment); resolves once it serves. */
export async function startNode(env) {
  const child = await startProcess(
    ['server/dist/main.js', 'start'],
    { NODE_ENV: 'production', ...env },
    /Splashboard is running/,
  );
  child.port = Number(env.PORT);
  child.base = `http://127.0.0.1:${child.port}`;
  return child;
}

/**
 * HAProxy (Debian's /usr/sbin/haproxy) on deploy/haproxy.cfg as written, listening on `port`, its two
 * `server` lines on the nodes `a` and `b` (HOST:PORT; the same node twice for one node behind it), its
 * statistics socket at `socket`. Resolves once a request through it reaches a ready node.
 */
export async function startHaproxy({ port, a, b, socket }) {
  const child = spawn('/usr/sbin/haproxy', ['-f', path.join(DEPLOY, 'haproxy.cfg'), '-db'], {
    env: {
      PATH: process.env.PATH,
      SPLASHBOARD_BIND: `127.0.0.1:${port}`,
      SPLASHBOARD_NODE_A: a,
      SPLASHBOARD_NODE_B: b,
      SPLASHBOARD_HAPROXY_SOCKET: socket,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`HAProxy did not come up:\n${out}`);
    await sleep(200);
  }
  child.base = base;
  return child;
}
