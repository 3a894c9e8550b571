import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dashboardCallUrl } from '@splashboard/contract';
import { sites } from '../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { rollupSnapshot, writeDashboardFixture, writeNowFixture } from '../../../test/fixtures/dashboard.ts';
import { archiveMonths, monthStart, restoreMonth, type ArchiveManifest } from './archive.ts';
import { createGuestSessionsRepo } from '../guests/guest-sessions.repo.ts';
import { createSessionPartitionsRepo } from './session-partitions.repo.ts';
import { PARTITIONS_ENSURE_JOB } from './session-partitions.ts';

/**
 * guest_sessions and radius_sessions by month (migrations 0022, 0023): the partitions made ahead and by the daily
 * job, and `npm run archive` (archive.ts) taking old months out to files and putting them back, while the
 * dashboard's figures stay what they were.
 */
let server: TestServer;
let owner: TestClient;
let A: number;
let B: number;
const dirs: string[] = [];
const march = { fromdate: '01/03/2025', todate: '07/03/2025' };
const february = { fromdate: '14/02/2025', todate: '20/02/2025' };

beforeAll(async () => {
  server = await startServer();
  ({ client: owner } = await registerAccount(server));
  A = (await createSite(owner, { name: 'Nueva York', timezone: 'America/New_York' })).id;
  B = (await createSite(owner, { name: 'Tokio', timezone: 'Asia/Tokyo' })).id;
  const [row] = await server.handle.db.select({ accountId: sites.accountId }).from(sites).where(eq(sites.id, A));
  await writeDashboardFixture(server, row!.accountId, A, B);
  await writeNowFixture(server, row!.accountId, A, B);
});
afterAll(async () => {
  await server?.close();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

const query = async <Row = Record<string, unknown>>(text: string) => (await server.handle.executeSql(text)).rows as Row[];
/** Each partition of the table and its rows. */
async function partitionsOf(table: string) {
  const names = await query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = '${table}'::regclass`,
  );
  const counted: Record<string, number> = {};
  for (const { name } of names)
    counted[name] = Number((await query<{ n: string }>(`select count(*)::text as n from ${name}`))[0]!.n);
  return counted;
}
const sessionRows = () => query<{ row: string }>(`select s::text as row from guest_sessions s order by id`);
const monthName = (d: Date) => `${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/** What an operator reads on the dashboard for both periods of the fixture, at both sites and on the control panel. */
async function figures() {
  const read = async (
    site: number,
    tile: 'total_guests' | 'first_time_guests' | 'wifi_logins' | 'dwell_time' | 'bounce_rate' | 'guest_activity',
    range = march,
  ) => (await owner.get(dashboardCallUrl(site, tile, range))).body;
  return Promise.all(
    [A, B, 0].flatMap((site) =>
      (['total_guests', 'first_time_guests', 'wifi_logins', 'dwell_time', 'bounce_rate', 'guest_activity'] as const).flatMap(
        (tile) => [read(site, tile), read(site, tile, february)],
      ),
    ),
  );
}

describe('month partitions', () => {
  it('are made for this month and three ahead; a login of a month without one waits in the default partition until the daily job makes it', async () => {
    const now = new Date();
    const partitions = await partitionsOf('guest_sessions');
    for (let ahead = 0; ahead <= 3; ahead++) {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
      expect(partitions, monthName(month)).toHaveProperty(`guest_sessions_p${monthName(month)}`);
      expect(await partitionsOf('radius_sessions')).toHaveProperty(`radius_sessions_p${monthName(month)}`);
    }
    // The fixture's logins of February and March 2025 had no partition of their own.
    expect(partitions.guest_sessions_default).toBeGreaterThan(0);
    const before = await sessionRows();
    const shown = await figures();

    await server.built.ctx.jobs.enqueue(PARTITIONS_ENSURE_JOB, {});
    await expect.poll(async () => (await partitionsOf('guest_sessions')).guest_sessions_default, { timeout: 30_000 }).toBe(0);
    const after = await partitionsOf('guest_sessions');
    expect(after.guest_sessions_p2025_02).toBeGreaterThan(0);
    expect(after.guest_sessions_p2025_03).toBeGreaterThan(0);
    // Moved, not changed: the same rows, and no trigger counted them again.
    expect(await sessionRows()).toEqual(before);
    expect(await figures()).toEqual(shown);
  });

  it('checks what the foreign keys to guest_sessions checked: a voucher use needs its session, and goes with it', async () => {
    await expect(
      query(`insert into voucher_sessions (session_id, voucher_id, site_id) select 999999999, id, ${A} from vouchers limit 1`),
    ).rejects.toThrow(/no such guest session/);
    const [session] = await query<{ id: string; voucher: string }>(
      `select s.id::text as id, (select id::text from vouchers order by id limit 1) as voucher from guest_sessions s
       where s.site_id = ${A} order by s.id limit 1`,
    );
    await query(
      `insert into voucher_sessions (session_id, voucher_id, site_id) values (${session!.id}, ${session!.voucher}, ${A})`,
    );
    await query(`delete from guest_sessions where id = ${session!.id}`);
    expect(await query(`select 1 from voucher_sessions where session_id = ${session!.id}`)).toEqual([]);
  });

  it('finds a session by its id and start, a start read back without its microseconds too', async () => {
    const [written] = await query<{ id: string }>(
      `insert into guest_sessions (account_id, site_id, guest_id, method, family, expires_at, minutes, grant_status, started_at)
       select account_id, site_id, id, 'email', 'cisco', now() + interval '1 hour', 60, 'granted', '2025-03-05 10:00:00.123987+00'
       from guests where site_id = ${A} order by id limit 1 returning id`,
    );
    const sessions = createGuestSessionsRepo(server.handle.db);
    const read = (await sessions.byId(Number(written!.id)))!;
    expect(read.startedAt.toISOString()).toMatch(/^2025-03-05T10:00:00\.12[34]Z$/);
    await sessions.recordUsage(read, { input: 5_000, output: 7_000 }, { confirm: true, end: null });
    const [after] = await query<{ bytes: string; status: string; partition: string }>(
      `select (bytes_up + bytes_down)::text as bytes, grant_status as status, tableoid::regclass::text as partition
       from guest_sessions where id = ${written!.id}`,
    );
    expect(after).toEqual({ bytes: '12000', status: 'confirmed', partition: 'guest_sessions_p2025_03' });
    // A session of the same id in another month is not this one.
    await sessions.markFailed({ id: read.id, startedAt: new Date('2025-04-05T10:00:00.124Z') }, 'not this one');
    expect((await sessions.byId(read.id))!.grantStatus).toBe('confirmed');
  });
});

describe('npm run archive', () => {
  it('takes the months before the one named out to files, keeps the dashboard’s figures, and puts a month back as it was', async () => {
    const repo = createSessionPartitionsRepo(server.handle.db);
    await repo.ensure('guest_sessions', 3);
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-archive-'));
    dirs.push(dir);
    const before = await sessionRows();
    const shown = await figures();
    const rollups = await rollupSnapshot(server, [A, B]);
    const february2025 = Number((await query<{ n: string }>(`select count(*)::text as n from guest_sessions_p2025_02`))[0]!.n);
    const lines: string[] = [];

    const dry = await archiveMonths(repo, { before: monthStart('2025-03')!, dir, dryRun: true, now: new Date() }, (l) =>
      lines.push(l),
    );
    expect(dry).toEqual([{ partition: 'guest_sessions_p2025_02', rows: february2025, file: null }]);
    expect(await sessionRows()).toEqual(before);

    const done = await archiveMonths(repo, { before: monthStart('2025-03')!, dir, dryRun: false, now: new Date() }, (l) =>
      lines.push(l),
    );
    expect(done).toEqual([
      { partition: 'guest_sessions_p2025_02', rows: february2025, file: path.join(dir, 'guest_sessions_p2025_02.csv.gz') },
    ]);
    expect(lines.at(-1)).toMatch(
      /^guest_sessions_p2025_02: \d+ rows archived to .*guest_sessions_p2025_02\.csv\.gz \(sha256 [0-9a-f]{64}\)$/,
    );
    expect(await partitionsOf('guest_sessions')).not.toHaveProperty('guest_sessions_p2025_02');
    const left = await sessionRows();
    expect(left).toHaveLength(before.length - february2025);
    // The analytics are rollups kept by triggers: dropping a month is not deleting its logins from them.
    expect(await figures()).toEqual(shown);
    expect(await rollupSnapshot(server, [A, B])).toEqual(rollups);

    // The file is CSV as COPY reads it: a header, then each row, nulls as empty unquoted fields.
    const csv = gunzipSync(readFileSync(done[0]!.file!)).toString('utf8').trimEnd().split('\n');
    expect(csv[0]).toMatch(/^"id","account_id","site_id","guest_id",/);
    expect(csv).toHaveLength(february2025 + 1);
    expect(csv[1]).toMatch(/^"\d+","\d+","\d+","\d+",,/);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'guest_sessions_p2025_02.json'), 'utf8')) as ArchiveManifest;
    expect(manifest).toMatchObject({
      table: 'guest_sessions',
      rows: february2025,
      from: '2025-02-01T00:00:00.000Z',
      to: '2025-03-01T00:00:00.000Z',
    });

    // Nothing this month or later, and not the same month twice over rows that are there.
    await expect(
      archiveMonths(repo, { before: new Date(Date.UTC(2099, 0, 1)), dir, dryRun: false, now: new Date() }, () => undefined),
    ).rejects.toThrow(/still being written/);

    expect(await restoreMonth(repo, done[0]!.file!, (l) => lines.push(l))).toBe(february2025);
    expect(await sessionRows()).toEqual(before);
    expect(await figures()).toEqual(shown);
    expect(await rollupSnapshot(server, [A, B])).toEqual(rollups);
    await expect(restoreMonth(repo, done[0]!.file!, () => undefined)).rejects.toThrow(/already has rows from 2025-02/);
    expect(await sessionRows()).toEqual(before);
  });

  it('refuses an archive that is not the file it wrote, and restores nothing from it', async () => {
    const repo = createSessionPartitionsRepo(server.handle.db);
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-archive-'));
    dirs.push(dir);
    const before = await sessionRows();
    const [done] = await archiveMonths(
      repo,
      { before: monthStart('2025-03')!, dir, dryRun: false, now: new Date() },
      () => undefined,
    );
    const manifestFile = path.join(dir, 'guest_sessions_p2025_02.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ArchiveManifest;
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, sha256: '0'.repeat(64) }));
    await expect(restoreMonth(repo, done!.file!, () => undefined)).rejects.toThrow(/is not the file archived/);
    // The manifest's count is checked inside the restore: a wrong one undoes it.
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, rows: manifest.rows + 1 }));
    await expect(restoreMonth(repo, done!.file!, () => undefined)).rejects.toThrow(/gave \d+ rows, its manifest says/);
    expect(await sessionRows()).toHaveLength(before.length - manifest.rows);
    writeFileSync(manifestFile, JSON.stringify(manifest));
    await restoreMonth(repo, done!.file!, () => undefined);
    expect(await sessionRows()).toEqual(before);
  });
});
