import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../server/test/harness.ts';
import { FakeUnifiController } from '../server/test/fakes/unifi-controller.ts';
import { freePort } from './free-port.ts';
import { loopbackNodeSettings, nodeEnvironment, ROOT, startNode, type NodeProcess } from './cluster/processes.ts';
import { guestLogin } from './cluster/traffic.ts';
import { unifiOperator } from './cluster/operator.ts';

// Upgrading several nodes: expand, then contract (README). The first node of the new release migrates the
// database while the previous release's nodes still serve on it. Here the previous release's server is built
// from git and runs beside this build's on one PostgreSQL database that this build migrated: an operator and
// guests go through each, and each sees what the other wrote.

const MIGRATIONS = 'server/src/db/migrations';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const UNIFI_SITE = 'expandlobby';

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The previous release: the commit before the one that added the newest migration (HEAD while it is not committed). */
function previousRelease(): { ref: string; newest: string } {
  const journal = JSON.parse(readFileSync(path.join(ROOT, MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const newest = journal.entries.at(-1)!.tag;
  const file = `${MIGRATIONS}/${newest}.sql`;
  if (git('rev-parse', '--is-shallow-repository') === 'true')
    throw new Error(
      'The repository is a shallow clone: this test needs the previous release from git history (git fetch --unshallow).',
    );
  if (/^(\?\?|A)/.test(git('status', '--porcelain', '--', file))) return { ref: git('rev-parse', 'HEAD'), newest };
  // Along the first parents, with a merge compared to its first parent: a migration is often added by a merge.
  const added = git(
    'log',
    '-1',
    '--first-parent',
    '--diff-merges=first-parent',
    '--diff-filter=A',
    '--format=%H',
    '-s',
    '--',
    file,
  );
  if (!added) throw new Error(`No commit in the history adds ${file}: the previous release cannot be found.`);
  const parent = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${added}^`], { cwd: ROOT, encoding: 'utf8' });
  if (parent.status !== 0) throw new Error(`The commit before ${added} (which added ${file}) is not in this repository.`);
  return { ref: parent.stdout.trim(), newest };
}

/**
 * The server of `ref`, built into `dir` as `npm run build` builds it, with THIS checkout's npm packages (its
 * own workspace packages, @splashboard/*, come from `ref`). An old release whose dependencies were removed or
 * changed incompatibly since fails here, on purpose: the test has no other copy of them to run it with.
 */
function buildRelease(ref: string, dir: string): string {
  execFileSync(
    'sh',
    ['-c', `git archive --format=tar ${ref} server packages package.json tsconfig.json tsconfig.base.json | tar -x -C "${dir}"`],
    {
      cwd: ROOT,
    },
  );
  mkdirSync(path.join(dir, 'node_modules/@splashboard'), { recursive: true });
  for (const name of readdirSync(path.join(ROOT, 'node_modules')))
    if (!name.startsWith('.') && name !== '@splashboard')
      symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name));
  for (const name of readdirSync(path.join(dir, 'packages'))) {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'packages', name, 'package.json'), 'utf8')) as { name: string };
    symlinkSync(path.join(dir, 'packages', name), path.join(dir, 'node_modules', pkg.name));
  }
  if (existsSync(path.join(ROOT, 'server/node_modules')))
    symlinkSync(path.join(ROOT, 'server/node_modules'), path.join(dir, 'server/node_modules'));
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(dir, 'server'), stdio: 'pipe' });
  return path.join(dir, 'server/dist/main.js');
}

let release: { ref: string; newest: string };
let releaseDir: string;
let dataDir: string;
let databaseName: string;
let db: pg.Pool;
let unifi: FakeUnifiController;
let newNode: NodeProcess;
let oldNode: NodeProcess;

beforeAll(async () => {
  release = previousRelease();
  releaseDir = mkdtempSync(path.join(tmpdir(), 'sb-release-'));
  const oldMain = buildRelease(release.ref, releaseDir);
  expect(readFileSync(path.join(releaseDir, MIGRATIONS, 'meta/_journal.json'), 'utf8')).not.toContain(`"${release.newest}"`);

  databaseName = `sb_expand_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  db = new pg.Pool({ connectionString: url.toString(), max: 2 });

  dataDir = mkdtempSync(path.join(tmpdir(), 'sb-expand-'));
  unifi = await new FakeUnifiController({ mode: 'classic', sites: [UNIFI_SITE] }).start();
  const common = {
    DATABASE_URL: url.toString(),
    DATABASE_READ_URL: '',
    ...loopbackNodeSettings(dataDir),
  };
  const env = (port: number) =>
    nodeEnvironment('http', { ...common, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  // This build first, on the new database: it applies every migration, the newest included.
  newNode = await startNode('new', env(await freePort()));
  // Then the previous release's node on the same database, now ahead of it: its migrate step finds nothing to do.
  oldNode = await startNode('old', env(await freePort()), oldMain);
}, 180_000);

afterAll(async () => {
  await Promise.all([newNode?.stop(), oldNode?.stop()]);
  await unifi?.close();
  await db?.end();
  if (databaseName) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
  for (const dir of [releaseDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** The operator's session (kept in PostgreSQL) on another node. */
function on(node: NodeProcess, client: TestClient) {
  const there = new TestClient(node.url);
  for (const [k, v] of client.cookies) there.cookies.set(k, v);
  return there;
}

describe("the previous release's node on the schema this build migrated", () => {
  it('serves an operator and guests beside a new node, each seeing what the other wrote', async () => {
    console.log(`expand-contract: previous release ${release.ref.slice(0, 10)} (before ${release.newest})`);
    const { rows: applied } = await db.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    const journal = JSON.parse(readFileSync(path.join(ROOT, MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(applied[0]!.n).toBe(journal.entries.length);

    // The operator signs up and sets up a click-through UniFi location through the OLD node.
    const { operator, email, siteId } = await unifiOperator(oldNode.url, {
      accountName: 'Expand Hotels',
      unifiUrl: unifi.url,
      unifiSite: UNIFI_SITE,
    });

    // A guest logs in through each node's portal.
    const throughOld = await guestLogin(oldNode.url, UNIFI_SITE, '02:e5:00:00:00:01');
    const throughNew = await guestLogin(newNode.url, UNIFI_SITE, '02:e5:00:00:00:02');
    expect([throughOld, throughNew]).toEqual([
      { mac: '02:e5:00:00:00:01', tries: 1, ok: true },
      { mac: '02:e5:00:00:00:02', tries: 1, ok: true },
    ]);
    const authorized = unifi.commands.filter((c) => c.body.cmd === 'authorize-guest').map((c) => String(c.body.mac));
    expect(authorized.sort()).toEqual(['02:e5:00:00:00:01', '02:e5:00:00:00:02']);

    // As stored: the account, the site, both guests and their sessions.
    const { rows: accounts } = await db.query(
      'select u.email, a.name from users u join accounts a on a.id = u.account_id where u.email = $1',
      [email],
    );
    expect(accounts).toEqual([{ email, name: 'Expand Hotels' }]);
    const { rows: guests } = await db.query<{ id: string; mac: string }>(
      `select g.id, s.mac from guests g join guest_sessions s on s.guest_id = g.id where g.site_id = $1 order by s.mac`,
      [siteId],
    );
    expect(guests.map((g) => g.mac)).toEqual(['02:e5:00:00:00:01', '02:e5:00:00:00:02']);

    // The dashboard's guest list on each node shows both guests.
    for (const node of [oldNode, newNode]) {
      const list = await on(node, operator).get(`/s/${siteId}/api/v1/guest/?page=1&per_page=25`);
      expect(list.status, node.name).toBe(200);
      expect((list.body.items as { id: number }[]).map((g) => String(g.id)).sort(), node.name).toEqual(
        guests.map((g) => g.id).sort(),
      );
    }

    // Both nodes ready: this build on its own schema, the previous release on one ahead of it.
    const ready = await fetch(`${newNode.url}/readyz`).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(ready).toMatchObject({ status: 200, body: { checks: { migrations: { ok: true } } } });
    const oldReady = await fetch(`${oldNode.url}/readyz`).then(async (r) => ({ status: r.status, body: await r.json() }));
    const oldTag = (
      JSON.parse(readFileSync(path.join(releaseDir, MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
    ).entries.at(-1)!.tag;
    if (readFileSync(path.join(releaseDir, 'server/src/db/client.ts'), 'utf8').includes('schemaAgainstBuild')) {
      // A release that knows a schema ahead of it (since issue 24's expand/contract) says so and stays ready.
      expect(oldReady.status, JSON.stringify(oldReady.body)).toBe(200);
      expect(oldReady.body.checks.migrations).toEqual({
        ok: true,
        detail: `the database is ahead of ${oldTag}, the latest migration of this build`,
      });
      expect(oldNode.output()).toContain('The database has migrations newer than this build');
    } else {
      // A release from before that serves (above) but calls itself not ready on the migrations alone: a load
      // balancer takes it out while the new nodes take over (README, "Upgrading: expand, then contract").
      console.log(
        `expand-contract: the previous release predates the ready check of a schema ahead: ${JSON.stringify(oldReady.body)}`,
      );
      expect(oldReady).toMatchObject({
        status: 503,
        body: {
          checks: {
            database: { ok: true },
            migrations: { ok: false, detail: `the database is not at ${oldTag}, the latest migration of this build` },
            queue: { ok: true },
          },
        },
      });
    }
    // Neither node logged an error (an old query on a changed table would).
    for (const node of [oldNode, newNode]) expect(node.output(), node.name).not.toMatch(/"level":(50|60)/);
  }, 60_000);
});
