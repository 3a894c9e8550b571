// Helpers shared by the benchmarks: start processes on loopback, run autocannon, print a table.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** A signed-in API client, as the dashboard is: session cookie and the XSRF header. */
export async function signIn(base) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@splashboard.local', password: 'bench-password' }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return async (method, path, body) => {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: { cookie: cookies.join('; '), 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return JSON.parse(text);
  };
}
