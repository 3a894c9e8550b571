import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestServer } from '../../../test/harness.ts';

/**
 * A small fixed data set for the dashboard tests, written with SQL the way the portal and RADIUS write it
 * (sessions inserted pending, then confirmed, then ended). Two sites far apart: A in New York (UTC−5 in
 * February and March 2025, before the change to summer time on 9 March) and B in Tokyo (UTC+9). The
 * period of the tests is 1–7 March 2025 (Saturday to Friday), compared with 22–28 February.
 *
 * Site A (local time = UTC − 5):
 *   a1 female  2025-03-01 04:30Z = 28 Feb 23:30 (previous period's last minutes) ended after 2 min (bounce)
 *              2025-03-01 05:30Z =  1 Mar 00:30 ended after 30 min
 *              2025-03-05 17:00Z =  5 Mar 12:00 granted, no end reported
 *   a2 male    2025-02-20 15:00Z = 20 Feb 10:00 ended after 60 min (before both periods)
 *              2025-03-08 04:50Z =  7 Mar 23:50 method phone, ended after 4 min (bounce; UTC says 8 March)
 *   a3 (none)  2025-03-08 05:10Z =  8 Mar 00:10 (after the period; UTC says 8 March too)
 *              2025-03-03 15:00Z failed grant, 2025-03-04 15:00Z still pending: not logins
 *   a4 other   2025-03-02 14:00Z =  2 Mar 09:00 ended after 10 min; 2025-03-02 20:00Z = 15:00 clickthrough, no end
 *   a5 female  every day 25 Feb … 7 Mar at 12:00Z = 07:00, each ended after exactly 300 s (not a bounce):
 *              11 visits, 4 in the previous period, 7 in the period
 *   a6 (none)  10–14 Feb at 12:00Z, then 3 Mar 12:00Z = 07:00: visit 6 in the period; no end reported
 * Site B (local time = UTC + 9):
 *   b1 male    2025-02-28 14:30Z = 28 Feb 23:30 ended after 60 s (bounce)
 *              2025-02-28 15:30Z =  1 Mar 00:30 ended after 20 min (UTC says 28 February)
 *   b2 female  2025-03-07 14:59Z =  7 Mar 23:59 no end; 2025-03-07 15:00Z = 8 Mar 00:00 (after the period)
 *   b3 male    2025-02-22 00:00Z = 22 Feb 09:00 ended after 45 min (the previous period's first day)
 *
 * Now (relative to the clock): online at A: a1 on two devices (confirmed and granted); not online: a4
 * (allowance run out), a5 (ended), a2 (grant pending). Online at B: b1.
 *
 * Vouchers (now = the clock):
 *   X1 at A: v1 unused; v2 in use, ends in 23 h (expiring); v3 first used 2025-03-01 04:30Z (NY 28 Feb),
 *            expired; v4 first used 2025-03-01 05:30Z (NY 1 Mar), expired; v5 in use, ends in 10 days
 *   X2 at A, valid until in 3 days: v6, v7 unused (both expiring)
 *   X3 at B, valid until yesterday: v8 unused but expired; v9 first used 2025-03-07 14:59Z (Tokyo 7 Mar), expired
 *   M1 multi-site, made at B, works at A and B: v10 first used 2025-02-28 15:30Z (Tokyo 1 Mar, NY 28 Feb),
 *            expired; v11 unused
 */
export async function writeDashboardFixture(server: TestServer, accountId: number, siteA: number, siteB: number) {
  const sql = (text: string) => server.handle.executeSql(text);
  await sql(`
    insert into guests (account_id, site_id, identity, first_name, last_name, email, gender, first_method, last_method) values
      (${accountId}, ${siteA}, 'fx:a1', 'Ana', 'Alba', 'a1@example.test', 'female', 'email', 'email'),
      (${accountId}, ${siteA}, 'fx:a2', 'Bruno', 'Beltrán', 'a2@example.test', 'male', 'email', 'phone'),
      (${accountId}, ${siteA}, 'fx:a3', null, null, 'a3@example.test', null, 'email', 'email'),
      (${accountId}, ${siteA}, 'fx:a4', 'Cris', null, 'a4@example.test', 'other', 'email', 'clickthrough'),
      (${accountId}, ${siteA}, 'fx:a5', 'Dora', 'Díaz', 'a5@example.test', 'female', 'email', 'email'),
      (${accountId}, ${siteA}, 'fx:a6', null, null, 'a6@example.test', '', 'email', 'email'),
      (${accountId}, ${siteB}, 'fx:b1', 'Eiji', 'Endo', 'b1@example.test', 'male', 'email', 'email'),
      (${accountId}, ${siteB}, 'fx:b2', 'Fumi', 'Fujita', 'b2@example.test', 'female', 'email', 'email'),
      (${accountId}, ${siteB}, 'fx:b3', 'Goro', 'Goto', 'b3@example.test', 'male', 'email', 'email')`);

  const insertSessions = (values: string) =>
    sql(`
      insert into guest_sessions (account_id, site_id, guest_id, mac, method, family, started_at, expires_at, ended_at, minutes, grant_status)
      select g.account_id, g.site_id, g.id, v.mac, v.method, 'unifi', v.started::timestamptz,
        v.started::timestamptz + interval '60 minutes', v.ended::timestamptz, 60, v.status
      from (values ${values}) as v(identity, started, ended, status, method, mac)
      join guests g on g.identity = v.identity and g.account_id = ${accountId}`);

  // Site A, as one statement per kind of change.
  await insertSessions(`
    ('fx:a1', '2025-03-01T04:30:00Z', '2025-03-01T04:32:00Z', 'confirmed', 'email', '02:00:00:00:a1:01'),
    ('fx:a1', '2025-03-01T05:30:00Z', '2025-03-01T06:00:00Z', 'confirmed', 'email', '02:00:00:00:a1:01'),
    ('fx:a1', '2025-03-05T17:00:00Z', null, 'granted', 'email', '02:00:00:00:a1:01'),
    ('fx:a2', '2025-02-20T15:00:00Z', '2025-02-20T16:00:00Z', 'confirmed', 'email', '02:00:00:00:a2:01'),
    ('fx:a2', '2025-03-08T04:50:00Z', '2025-03-08T04:54:00Z', 'confirmed', 'phone', '02:00:00:00:a2:01'),
    ('fx:a3', '2025-03-08T05:10:00Z', null, 'confirmed', 'email', '02:00:00:00:a3:01'),
    ('fx:a3', '2025-03-03T15:00:00Z', null, 'failed', 'email', '02:00:00:00:a3:01'),
    ('fx:a3', '2025-03-04T15:00:00Z', null, 'pending', 'email', '02:00:00:00:a3:01'),
    ('fx:a4', '2025-03-02T14:00:00Z', '2025-03-02T14:10:00Z', 'confirmed', 'email', '02:00:00:00:a4:01'),
    ('fx:a4', '2025-03-02T20:00:00Z', null, 'confirmed', 'clickthrough', '02:00:00:00:a4:01')`);
  await sql(`
    insert into guest_sessions (account_id, site_id, guest_id, mac, method, family, started_at, expires_at, ended_at, minutes, grant_status)
    select g.account_id, g.site_id, g.id, '02:00:00:00:a5:01', 'email', 'unifi', d, d + interval '60 minutes', d + interval '300 seconds', 60, 'confirmed'
    from guests g, generate_series('2025-02-25T12:00:00Z'::timestamptz, '2025-03-07T12:00:00Z'::timestamptz, interval '1 day') d
    where g.identity = 'fx:a5' and g.account_id = ${accountId}`);
  // a6's visit in the period first, then the older ones: rows arriving out of order.
  await insertSessions(`('fx:a6', '2025-03-03T12:00:00Z', null, 'confirmed', 'email', '02:00:00:00:a6:01')`);
  await sql(`
    insert into guest_sessions (account_id, site_id, guest_id, method, family, started_at, expires_at, minutes, grant_status)
    select g.account_id, g.site_id, g.id, 'email', 'unifi', d, d + interval '60 minutes', 60, 'confirmed'
    from guests g, generate_series('2025-02-10T12:00:00Z'::timestamptz, '2025-02-14T12:00:00Z'::timestamptz, interval '1 day') d
    where g.identity = 'fx:a6' and g.account_id = ${accountId}`);

  // Site B as the portal and RADIUS write it: pending, then confirmed by the gateway, then ended.
  await insertSessions(`
    ('fx:b1', '2025-02-28T14:30:00Z', null, 'pending', 'email', '02:00:00:00:b1:01'),
    ('fx:b1', '2025-02-28T15:30:00Z', null, 'pending', 'email', '02:00:00:00:b1:01'),
    ('fx:b2', '2025-03-07T14:59:00Z', null, 'pending', 'email', '02:00:00:00:b2:01'),
    ('fx:b2', '2025-03-07T15:00:00Z', null, 'pending', 'email', '02:00:00:00:b2:01'),
    ('fx:b3', '2025-02-22T00:00:00Z', null, 'pending', 'email', '02:00:00:00:b3:01')`);
  await sql(`update guest_sessions set grant_status = 'confirmed', confirmed_at = started_at where site_id = ${siteB}`);
  await sql(`
    update guest_sessions s set ended_at = s.started_at + v.length::interval
    from (values ('2025-02-28T14:30:00Z', '60 seconds'), ('2025-02-28T15:30:00Z', '20 minutes'), ('2025-02-22T00:00:00Z', '45 minutes'))
      as v(started, length)
    where s.site_id = ${siteB} and s.started_at = v.started::timestamptz`);
  // Interim accounting: only bytes change.
  await sql(`update guest_sessions set bytes_up = bytes_up + 1000, bytes_down = bytes_down + 5000 where site_id = ${siteB}`);
}

/** Sessions around the clock's now for "online now", and vouchers for the voucher tiles. */
export async function writeNowFixture(server: TestServer, accountId: number, siteA: number, siteB: number) {
  const sql = (text: string) => server.handle.executeSql(text);
  await sql(`
    insert into guest_sessions (account_id, site_id, guest_id, mac, method, family, started_at, expires_at, ended_at, minutes, grant_status)
    select g.account_id, g.site_id, g.id, v.mac, 'email', 'unifi', now() + v.started::interval, now() + v.expires::interval,
      now() + v.ended::interval, 60, v.status
    from (values
      ('fx:a1', '-10 minutes', '50 minutes', null, 'confirmed', '02:00:00:00:a1:01'),
      ('fx:a1', '-20 minutes', '40 minutes', null, 'granted', '02:00:00:00:a1:02'),
      ('fx:a4', '-2 hours', '-1 hour', null, 'confirmed', '02:00:00:00:a4:01'),
      ('fx:a5', '-5 minutes', '55 minutes', '-1 minute', 'confirmed', '02:00:00:00:a5:01'),
      ('fx:a2', '-3 minutes', '57 minutes', null, 'pending', '02:00:00:00:a2:01'),
      ('fx:b1', '-1 minute', '59 minutes', null, 'confirmed', '02:00:00:00:b1:01')
    ) as v(identity, started, expires, ended, status, mac)
    join guests g on g.identity = v.identity and g.account_id = ${accountId}`);

  await sql(`
    insert into voucher_batches (account_id, site_id, kind, batch_code, count, duration_value, duration_type, duration_minutes, num_devices, valid_until)
    values
      (${accountId}, ${siteA}, 'voucher', '1001', 5, 1, 'days', 1440, 1, null),
      (${accountId}, ${siteA}, 'voucher', '1002', 2, 1, 'days', 1440, 1, now() + interval '3 days'),
      (${accountId}, ${siteB}, 'voucher', '2001', 2, 1, 'days', 1440, 1, now() - interval '1 day'),
      (${accountId}, ${siteB}, 'multisite_voucher', '3001', 2, 1, 'days', 1440, 1, null)`);
  await sql(`
    insert into voucher_batch_sites (batch_id, site_id)
    select b.id, s.site_id from voucher_batches b
    cross join lateral (values (b.site_id), (case when b.kind = 'multisite_voucher' then ${siteA} end)) as s(site_id)
    where b.account_id = ${accountId} and s.site_id is not null`);
  await sql(`
    insert into vouchers (account_id, batch_id, code, activated_at, expires_at)
    select ${accountId}, b.id, v.code, v.activated::timestamptz, v.expires::timestamptz
    from (values
      ('1001', 'FXV000000001', null, null),
      ('1001', 'FXV000000002', (now() - interval '1 hour')::text, (now() + interval '23 hours')::text),
      ('1001', 'FXV000000003', '2025-03-01T04:30:00Z', '2025-03-02T04:30:00Z'),
      ('1001', 'FXV000000004', '2025-03-01T05:30:00Z', '2025-03-02T05:30:00Z'),
      ('1001', 'FXV000000005', (now() - interval '1 day')::text, (now() + interval '10 days')::text),
      ('1002', 'FXV000000006', null, null),
      ('1002', 'FXV000000007', null, null),
      ('2001', 'FXV000000008', null, null),
      ('2001', 'FXV000000009', '2025-03-07T14:59:00Z', '2025-03-08T14:59:00Z'),
      ('3001', 'FXV000000010', '2025-02-28T15:30:00Z', '2025-03-01T15:30:00Z'),
      ('3001', 'FXV000000011', null, null)
    ) as v(batch, code, activated, expires)
    join voucher_batches b on b.batch_code = v.batch and b.account_id = ${accountId}`);
}

export type RollupSnapshot = { hours: unknown[]; days: unknown[] };
/** The rollup rows of some sites, comparable as they are. */
export async function rollupSnapshot(server: TestServer, siteIds: number[]): Promise<RollupSnapshot> {
  const list = `{${siteIds.join(',')}}`;
  const rows = async (q: string) =>
    ((await server.handle.db.execute(sql.raw(q.replace('$SITES', `'${list}'::int[]`)))) as unknown as { rows: unknown[] }).rows;
  return {
    // Hours whose logins all went away stay as zero rows until a rebuild: they count for nothing.
    hours: await rows(`select site_id, day::text, hour, logins, ended, dwell_seconds::text, bounces from analytics_site_hours
      where site_id = any($SITES) and (logins, ended, dwell_seconds, bounces) <> (0, 0, 0, 0) order by 1, 2, 3`),
    days: await rows(`select guest_id::text, day::text, site_id, logins, visit_number, next_day::text, gender, last_login_at
      from analytics_guest_days where site_id = any($SITES) order by 1, 2`),
  };
}
/** What the triggers left, then what a rebuild makes of the same sessions: equal. */
export async function expectRollupsRebuildEqual(server: TestServer, siteIds: number[]) {
  const kept = await rollupSnapshot(server, siteIds);
  await server.handle.executeSql(`select analytics_rebuild('{${siteIds.join(',')}}'::int[])`);
  const rebuilt = await rollupSnapshot(server, siteIds);
  expect(kept).toEqual(rebuilt);
  return kept;
}
