import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from './free-port.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TestClient } from '../server/test/harness.ts';

// What `npm start` runs once it has installed and built: the built server's `start` command, which
// migrates, seeds the demo account and serves the dashboard. Run here as its own process, as a user would;
// a first start on the embedded database takes about half a minute on a busy machine.

const ROOT = path.resolve(import.meta.dirname, '..');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Starts `main.js start`; resolves with its output once it says where it runs (or rejects if it exits). */
function start(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['server/dist/main.js', 'start'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start-up message within 90 s:\n${out}`)), 90_000);
    child.stdout!.on('data', () => {
      if (out.includes('Sign in with')) {
        clearTimeout(timer);
        resolve({ child, output: () => out });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
}

/** Runs one of the built server's other commands to its end. */
function runMain(command: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['server/dist/main.js', command], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** The id of a process that has ended (what a crashed server leaves in its lock). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

async function checkServes(env: Record<string, string>) {
  const port = await freePort();
  const email = `owner-${randomBytes(3).toString('hex')}@demo.test`;
  const password = 'demo-pass-1234';
  const { child, output } = await start({
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_EMAIL: email,
    DEMO_PASSWORD: password,
    // The default roles, RADIUS included, on ports of the system's choosing.
    RADIUS_HOST: '127.0.0.1',
    RADIUS_AUTH_PORT: '0',
    RADIUS_ACCT_PORT: '0',
  });
  expect(output()).toContain(`Demo account created: ${email}`);
  expect(output()).toContain(`running at http://localhost:${port}/newapp`);
  expect(output()).toContain(`Sign in with ${email} / ${password}`);

  const page = await fetch(`http://127.0.0.1:${port}/newapp`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root"');

  const client = new TestClient(`http://127.0.0.1:${port}`);
  const login = await client.post('/login', { email, password });
  expect(login.status).toBe(200);
  expect(login.body.user.sites.length).toBeGreaterThanOrEqual(3);
  // No Stripe key: billing is off, and the demo account has the Provider plan without limits.
  expect((await client.get('/a/api/v1/subscription/')).body).toMatchObject({
    billing_enabled: false,
    plan_type: 'provider',
    status: 'active',
    usage: null,
  });

  child.kill('SIGTERM');
  expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
  return { output };
}

describe('npm start', () => {
  it('migrates, seeds the demo login it was given and serves the dashboard on the embedded database in DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-start-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { output } = await checkServes({ DATA_DIR: dataDir });
    expect(output()).toContain(`embedded PGlite in ${path.join(dataDir, 'pglite')}`);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'secret.key'))).toBe(true);
  }, 120_000);

  it('keeps the embedded database to one process: demo-data is refused while the server runs, and loses nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-start-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const email = `owner-${randomBytes(3).toString('hex')}@demo.test`;
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_EMAIL: email,
      DEMO_PASSWORD: 'demo-pass-1234',
      ROLES: 'api,portal,worker',
    };
    const first = await start(env);
    const lock = path.join(dataDir, 'pglite.lock');
    expect(readFileSync(lock, 'utf8')).toBe(String(first.child.pid));

    const refused = await runMain('demo-data', env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`The embedded database in ${path.join(dataDir, 'pglite')} is in use by another process`);

    // The running server is unharmed; its demo user changes the password.
    const client = new TestClient(`http://127.0.0.1:${port}`);
    expect((await client.post('/login', { email, password: 'demo-pass-1234' })).status).toBe(200);
    const changed = await client.post('/a/api/v1/profile/password', {
      current_password: 'demo-pass-1234',
      password: 'changed-pass-99',
    });
    expect(changed.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await new Promise((resolve) => first.child.once('exit', resolve))).toBe(0);
    expect(existsSync(lock)).toBe(false);

    // A lock left by a process that died is taken over; the login printed no longer offers the old password.
    writeFileSync(lock, String(await deadPid()));
    const second = await start(env);
    expect(second.output()).toContain(`Sign in with ${email} and the password you gave it`);
    expect(second.output()).not.toContain(`Sign in with ${email} / demo-pass-1234`);
    expect((await client.post('/login', { email, password: 'changed-pass-99' })).status).toBe(200);
  }, 180_000);

  // On PostgreSQL when the suite has one (as in CI), like the server tests.
  const postgres = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];
  for (const adminUrl of postgres)
    it('runs on PostgreSQL with DATABASE_URL', async () => {
      const name = `sb_start_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-start-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const { output } = await checkServes({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
      expect(output()).toContain('(database: PostgreSQL)');
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    }, 120_000);
});
