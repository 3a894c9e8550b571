import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The processes of a deployment on several nodes, started as the deployment guide (README, deploy/) says:
// each node the built server with deploy/env/common.env and its role's file, HAProxy with deploy/haproxy.cfg.

export const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPLOY = path.join(ROOT, 'deploy');

/** A systemd environment file: NAME=value lines, comments and blank lines ignored. */
export function readEnvFile(name: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(path.join(DEPLOY, 'env', name), 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

/**
 * What a node of `role` runs with: the guide's files, then what this machine changes (addresses, ports,
 * the database). A value the guide leaves as a placeholder must be given here, or the test stops.
 */
export function nodeEnvironment(role: 'http' | 'worker' | 'radius', local: Record<string, string>) {
  const env = { ...readEnvFile('common.env'), ...readEnvFile(`${role}.env`), ...local };
  const placeholders = Object.entries(env).filter(([, v]) => /CHANGE-ME|\.internal\b|example\.com/.test(v));
  if (placeholders.length) throw new Error(`placeholders left for ${role}: ${placeholders.map(([k]) => k).join(', ')}`);
  return env;
}

/**
 * What every node of a test on loopback runs with besides its addresses and database: a new secret key, the
 * test's data folder, no mail, plain HTTP (the guide's nodes are behind Caddy's TLS), and limits per address
 * that a test's guests and operators, all from one loopback address, do not reach.
 */
export const loopbackNodeSettings = (dataDir: string) => ({
  SECRET_KEY: randomBytes(32).toString('hex'),
  DATA_DIR: dataDir,
  SMTP_URL: '',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  COOKIE_SECURE: 'false',
  RATE_LIMIT_LOGIN_PER_IP: '10000',
  RATE_LIMIT_REGISTRATIONS_PER_IP: '10000',
  SESSION_SWEEP_MINUTES: '0',
});

export interface NodeProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no chance to finish anything. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** Starts it again with the same environment. */
  restart(): Promise<void>;
}

/**
 * The built server (`server/dist/main.js start`) as a node; resolves once it serves. `main`: another build's
 * bundle (an older release's, e2e/expand-contract.test.ts).
 */
export async function startNode(name: string, env: Record<string, string>, main = 'server/dist/main.js'): Promise<NodeProcess> {
  const port = Number(env.PORT);
  let child!: ChildProcess;
  let out = '';
  const launch = () =>
    new Promise<void>((resolve, reject) => {
      child = spawn(process.execPath, [main, 'start'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env },
      });
      const onData = (d: Buffer) => {
        out += String(d);
        if (out.includes('Splashboard is running')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code, signal) => {
        if (!out.includes('Splashboard is running')) reject(new Error(`${name} exited (${code ?? signal}):\n${out}`));
      });
    });
  const exited = () =>
    new Promise((resolve) => (child.exitCode !== null || child.signalCode ? resolve(null) : child.once('exit', resolve)));
  await launch();
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    get child() {
      return child;
    },
    output: () => out,
    async kill() {
      child.kill('SIGKILL');
      await exited();
    },
    async stop() {
      child.kill('SIGTERM');
      await exited();
    },
    async restart() {
      out += `\n--- ${name} restarted ---\n`;
      await launch();
    },
  };
}

/** HAProxy on deploy/haproxy.cfg as written, in front of two HTTP nodes. */
export async function startHaproxy(nodes: [NodeProcess, NodeProcess], socket: string, port: number) {
  const child = spawn('haproxy', ['-f', path.join(DEPLOY, 'haproxy.cfg'), '-db'], {
    env: {
      PATH: process.env.PATH,
      SPLASHBOARD_BIND: `127.0.0.1:${port}`,
      SPLASHBOARD_NODE_A: `127.0.0.1:${nodes[0].port}`,
      SPLASHBOARD_NODE_B: `127.0.0.1:${nodes[1].port}`,
      SPLASHBOARD_HAPROXY_SOCKET: socket,
    },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`HAProxy did not come up:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => out,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
