import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from './free-port.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TestClient } from '../server/test/harness.ts';
import { startS3Fake } from '../server/test/fakes/s3.ts';

// Several nodes on one PostgreSQL with nothing else shared: the built server started twice, as two
// machines behind a load balancer would run it (each its own port and DATA_DIR, the same SECRET_KEY
// and DATABASE_URL, uploads in an S3-compatible bucket). What one node does, the other sees.

const ROOT = path.resolve(import.meta.dirname, '..');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The portal's cache time on both nodes in this test: far longer than a notice takes, so only a notice explains a quick change. */
const PORTAL_CACHE_TTL_MS = 60_000;
/** What the README states a notice takes at most on a working connection (typically far less). */
const NOTICE_BOUND_MS = 5_000;

function spawnMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['server/dist/main.js', 'start'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
  return { child, output: () => out };
}

/** A node: `main.js start` with its own port and data folder; resolves once it serves. */
async function startNode(
  env: Record<string, string>,
): Promise<{ url: string; dataDir: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-node-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const node = spawnMain({ ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start-up message within 120 s:\n${node.output()}`)), 120_000);
    node.child.stdout.on('data', () => {
      if (node.output().includes('Sign in with')) {
        clearTimeout(timer);
        resolve();
      }
    });
    node.child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${node.output()}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, dataDir, ...node };
}

async function createDatabase(adminUrl: string) {
  const name = `sb_nodes_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  cleanups.push(() => db.end());
  return { url: url.toString(), db };
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('several nodes', () => {
  it('refuses to start with half of the S3 settings, naming the missing ones', async () => {
    const node = spawnMain({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sb-node-')), S3_ENDPOINT: 'http://127.0.0.1:9' });
    const code = await new Promise((resolve) => node.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(node.output()).toContain('S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as well');
  });

  // On PostgreSQL when the suite has one (as in CI): the embedded database is one process by design.
  const postgres = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];
  for (const adminUrl of postgres)
    it('share sessions, rate limits, site changes, uploads, guest downloads and scheduled jobs on one PostgreSQL; a node with another key is refused', async () => {
      const { url: databaseUrl, db } = await createDatabase(adminUrl);
      const s3 = await startS3Fake();
      cleanups.push(() => s3.close());
      const email = `owner-${randomBytes(3).toString('hex')}@nodes.test`;
      const password = 'nodes-pass-1234';
      const env = {
        DATABASE_URL: databaseUrl,
        SECRET_KEY: randomBytes(32).toString('hex'),
        ROLES: 'api,portal,worker',
        DEMO_EMAIL: email,
        DEMO_PASSWORD: password,
        RATE_LIMIT_LOGIN_PER_ACCOUNT: '4',
        PORTAL_CACHE_TTL_MS: String(PORTAL_CACHE_TTL_MS),
        ...s3.env(),
      };
      // One after the other: the first migrates and seeds, the second finds both done.
      const a = await startNode(env);
      const b = await startNode(env);

      // A third node with a key of its own is refused before it serves anything.
      const stranger = spawnMain({ ...env, SECRET_KEY: randomBytes(32).toString('hex'), PORT: String(await freePort()) });
      expect(await new Promise((resolve) => stranger.child.once('exit', resolve))).toBe(1);
      expect(stranger.output()).toContain("The secret key (SECRET_KEY) is not the one this database's secrets are sealed with");

      // Signed in through A, the session works on B.
      const onA = new TestClient(a.url);
      const login = await onA.post('/login', { email, password });
      expect(login.status).toBe(200);
      const onB = new TestClient(b.url);
      for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
      const profile = await onB.get('/a/api/v1/profile/');
      expect(profile.status).toBe(200);
      expect(profile.body.email).toBe(email);

      // Wrong passwords for one address, half on each node: the fifth attempt is refused on either.
      const target = `someone-${randomBytes(3).toString('hex')}@nodes.test`;
      const attempts = [a, b, a, b].map((n) => new TestClient(n.url).post('/login', { email: target, password: 'wrong-pass' }));
      for (const answer of await Promise.all(attempts)) expect(answer.status).toBe(401);
      const refused = await new TestClient(b.url).post('/login', { email: target, password: 'wrong-pass' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

      // A site's guest page on B, then its powered-by line changed through A: B's page changes well
      // within the portal's cache time, by the notice.
      const siteId = login.body.user.sites[0].id as number;
      const started = await onB.post(`/s/${siteId}/api/v1/setup/portal-test`);
      expect(started.status).toBe(200);
      const entry = await fetch(new URL(started.body.url, b.url), { redirect: 'manual' });
      expect(entry.status).toBe(303);
      const pageOnB = new URL(entry.headers.get('location')!, b.url);
      const before = await (await fetch(pageOnB)).text();
      expect(before).toContain('Powered by Splashboard');
      const line = `Wi-Fi by node A ${randomBytes(3).toString('hex')}`;
      const changed = await onA.put('/a/api/v1/branding/splash-footer', {
        hidden: false,
        text: line,
        logo_image: '',
        link_url: 'https://nodes.example',
      });
      expect(changed.status).toBe(200);
      const changedAt = Date.now();
      let seenAfter = -1;
      while (Date.now() - changedAt < PORTAL_CACHE_TTL_MS) {
        if ((await (await fetch(pageOnB)).text()).includes(line)) {
          seenAfter = Date.now() - changedAt;
          break;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      console.log(`site change through A seen on B's guest page after ${seenAfter} ms`);
      expect(seenAfter).toBeGreaterThanOrEqual(0);
      expect(seenAfter).toBeLessThan(NOTICE_BOUND_MS);

      // A logo uploaded through A is in the bucket, and B serves it at the same address.
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
      const up = await onA.post('/a/api/v1/branding/image', form);
      expect(up.status).toBe(200);
      const link = up.body.filelink as string;
      expect(s3.objects.get(link.slice('/uploads/'.length))?.body).toEqual(PNG);
      const served = await fetch(b.url + link);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

      // A guest download asked through A is written by a worker into the bucket, and either node serves it.
      const asked = await onA.get(`/s/${siteId}/api/v1/guest/download/guests`);
      expect(asked.status).toBe(200);
      let ready: { download_url: string | null; status: string } = { download_url: null, status: 'pending' };
      for (let i = 0; i < 600 && ready.status !== 'ready' && ready.status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        ready = (await onB.get(asked.body.status_url)).body;
      }
      expect(ready.status).toBe('ready');
      const object = s3.objects.get(`exports/sites/${siteId}/${asked.body.id}.csv`);
      expect(object?.body.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      for (const [node, client] of [
        [a, onA],
        [b, onB],
      ] as const) {
        const file = await fetch(node.url + ready.download_url, {
          headers: { cookie: [...client.cookies].map((c) => c.join('=')).join('; ') },
        });
        expect(file.status).toBe(200);
        expect(Buffer.from(await file.arrayBuffer())).toEqual(object!.body);
        expect(existsSync(path.join(node.dataDir, 'exports'))).toBe(false);
      }
      expect(s3.refused).toEqual([]);

      // A job scheduled every minute on both workers is queued, and run, once a minute across them.
      const slots = async () =>
        (
          await db.query<{ slot: string; n: number; done: number }>(
            `select date_trunc('minute', created_on) as slot, count(*)::int as n,
                    count(*) filter (where state = 'completed')::int as done
               from (select created_on, state::text from pgboss.job where name = $1
                     union all select created_on, state::text from pgboss.archive where name = $1) j
              group by 1 order by 1`,
            ['unifi-tasks.tick'],
          )
        ).rows;
      const deadline = Date.now() + 150_000;
      while ((await slots()).filter((s) => s.done > 0).length < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 2000));
      const ran = await slots();
      expect(ran.filter((s) => s.done > 0).length).toBeGreaterThanOrEqual(2);
      expect(ran.map((s) => s.n)).toEqual(ran.map(() => 1));

      // Both nodes are still serving.
      expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
    }, 420_000);
});
