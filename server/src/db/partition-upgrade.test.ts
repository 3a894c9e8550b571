import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from '../../test/harness.ts';
import { openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from './client.ts';

/**
 * Upgrading a database that has sessions to the month partitions of guest_sessions and radius_sessions
 * (migrations 0022 and 0023): every row comes through as it was, with the rollups, the ids' sequences, and what
 * pointed at a session.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, 'migrations');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** The shipped migrations up to and including `last` (e.g. `0021`), in a folder of their own. */
function migrationsUpTo(last: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  for (const file of readdirSync(MIGRATIONS))
    if (file.endsWith('.sql') && file.slice(0, 4) <= last) cpSync(path.join(MIGRATIONS, file), path.join(dir, file));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag.slice(0, 4) <= last);
  cpSync(path.join(MIGRATIONS, 'meta'), path.join(dir, 'meta'), { recursive: true });
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

/** An empty database migrated to `last`, then opened as the server opens it. */
async function databaseAt(last: string): Promise<DatabaseHandle> {
  const folder = migrationsUpTo(last);
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-pglite-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const client = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
    await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    await client.close();
    const handle = await openDatabase({ pgliteDir: dataDir });
    cleanups.push(() => handle.close());
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `sb_upgrade_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  await migratePg(drizzlePg(pool), { migrationsFolder: folder });
  await pool.end();
  const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
  cleanups.push(async () => {
    await handle.close();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return handle;
}

describe('upgrading to sessions by month', () => {
  it('keeps every session, the rollups, the ids to come and what pointed at a session', async () => {
    const handle = await databaseAt('0021');
    const run = async (text: string) => (await handle.executeSql(text)).rows;
    await run(`insert into accounts (name) values ('Upgrade test')`);
    await run(`insert into sites (account_id, name, timezone) select id, 'Lisboa', 'Europe/Lisbon' from accounts`);
    await run(`insert into guests (account_id, site_id, identity, first_method, last_method)
      select s.account_id, s.id, 'up:' || n, 'email', 'email' from sites s, generate_series(1, 40) n`);
    // Logins over three months, some ended, one still open now.
    await run(`insert into guest_sessions (account_id, site_id, guest_id, mac, method, family, started_at, expires_at, ended_at, minutes, grant_status)
      select g.account_id, g.site_id, g.id, '02:00:00:00:00:' || lpad(to_hex(g.id::int % 256), 2, '0'), 'email', 'unifi', t, t + interval '1 hour',
        case when g.id % 3 = 0 then null else t + interval '20 minutes' end, 60, 'confirmed'
      from guests g, (values ('2024-12-30T23:50:00Z'::timestamptz), ('2025-01-15T12:00:00Z'), (now() - interval '5 minutes')) as v(t)`);
    await run(`insert into voucher_batches (account_id, site_id, kind, batch_code, count, duration_value, duration_type, duration_minutes, num_devices)
      select account_id, id, 'voucher', '9001', 1, 1, 'days', 1440, 1 from sites`);
    await run(`insert into vouchers (account_id, batch_id, code) select account_id, id, 'UPGRADE1' from voucher_batches`);
    await run(`insert into voucher_sessions (session_id, voucher_id, site_id)
      select (select min(id) from guest_sessions where started_at < '2025-01-01'), v.id, b.site_id from vouchers v join voucher_batches b on b.id = v.batch_id`);
    await run(
      `insert into nas_clients (account_id, site_id, name, ip_address, secret_enc) select account_id, id, 'Router', '192.0.2.1', 'x' from sites`,
    );
    await run(`insert into radius_sessions (nas_client_id, site_id, acct_session_id, user_name, calling_station_id, status, input_octets, started_at)
      select n.id, n.site_id, 'acct-' || i, 'user', 'AA-BB', 'Stop', i * 1000, timestamptz '2025-01-01T00:00:00Z' + i * interval '9 days'
      from nas_clients n, generate_series(1, 20) i`);
    const snapshot = async () => ({
      sessions: await run(`select s::text as row from guest_sessions s order by id`),
      radius: await run(`select r::text as row from radius_sessions r order by id`),
      hours: await run(`select h::text as row from analytics_site_hours h order by site_id, day, hour`),
      days: await run(`select d::text as row from analytics_guest_days d order by guest_id, day`),
      vouchers: await run(`select v::text as row from voucher_sessions v order by session_id`),
    });
    const before = await snapshot();
    expect(before.sessions).toHaveLength(120);
    expect(before.hours.length).toBeGreaterThan(0);

    await handle.migrate();

    const partitions = async (table: string) =>
      (
        await run(`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = '${table}'::regclass order by 1`)
      ).map((r) => r.name);
    const now = new Date();
    const month = (ahead: number) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
      return `${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    expect(await partitions('guest_sessions')).toEqual(
      expect.arrayContaining([
        'guest_sessions_p2024_12',
        'guest_sessions_p2025_01',
        ...[0, 1, 2, 3].map((a) => `guest_sessions_p${month(a)}`),
      ]),
    );
    expect(await run(`select count(*)::int as n from guest_sessions_default`)).toEqual([{ n: 0 }]);
    expect(await run(`select count(*)::int as n from guest_sessions_p2024_12`)).toEqual([{ n: 40 }]);
    expect(await partitions('radius_sessions')).toEqual(
      expect.arrayContaining(['radius_sessions_p2025_01', 'radius_sessions_p2025_06']),
    );
    const after = await snapshot();
    // radius_sessions' id became bigint: the same values, written the same.
    expect(after).toEqual(before);

    // The sequences go on where they were, and the triggers keep the rollups from here on.
    const [{ max }] = (await run(`select max(id)::bigint as max from guest_sessions`)) as [{ max: string }];
    const [fresh] =
      await run(`insert into guest_sessions (account_id, site_id, guest_id, method, family, expires_at, minutes, grant_status)
      select account_id, site_id, id, 'email', 'unifi', now() + interval '1 hour', 60, 'confirmed' from guests order by id limit 1 returning id::bigint as id`);
    expect(BigInt(fresh!.id as string)).toBeGreaterThan(BigInt(max));
    expect((await snapshot()).hours).not.toEqual(before.hours);
    // What pointed at a session still does, and still goes with it.
    const [{ session }] = (await run(`select session_id::text as session from voucher_sessions`)) as [{ session: string }];
    await run(`delete from guest_sessions where id = ${session}`);
    expect(await run(`select * from voucher_sessions`)).toEqual([]);
    // Every migration from an empty database: 22 s on PGlite alone on a loaded machine, over 30 s beside other files.
  }, 180_000);
});
