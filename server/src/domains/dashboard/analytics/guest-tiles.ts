import { sql, type SQL } from 'drizzle-orm';
import {
  BOUNCE_SECONDS,
  guestDisplayName,
  GENDER_SLICES,
  LATEST_GUESTS_LIMIT,
  VISIT_SEGMENTS,
  type DashboardPeriod,
  type DashboardTileData,
} from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import type { Scope } from '../scope.ts';
import { compare, eachDay, round } from '../period.ts';

/**
 * The guest tiles, read from the rollups (db/schema/analytics.ts) except "online now" and the latest
 * guests' details. Each reads the scope's rows of the period's local days from a source below: the
 * sites' rollups, or the account's when the scope is every site of an account (the same figures from far
 * fewer rows); the previous period is read in the same pass when it is needed.
 */

type Row = Record<string, unknown>;
async function rows<T extends Row>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
const num = (v: unknown) => Number(v ?? 0);
const ids = (scope: Scope) => sql`${scope.idArray}::int[]`;
const day = (iso: string) => sql`${iso}::date`;
/** Each guest's last visit day within [.., to]: exactly one row per guest of a range ending at `to`. */
const lastVisitBy = (to: string) => sql`(next_day is null or next_day > ${day(to)})`;
const nextDayOfCounts = sql`case when days_to_next = 0 then null else day + days_to_next end`;

/**
 * The scope's guest-days of [from, to]: day, gender (the slice), next_day, guests (how many guest-days
 * the row stands for) and new_guests (of them, first visits). A site's rows are one guest-day each.
 */
const guestDays = (scope: Scope, from: string, to: string) =>
  scope.accountId === null
    ? sql`(select day, coalesce(gender, 'unknown') as gender, next_day, 1 as guests, (visit_number = 1)::int as new_guests
        from analytics_guest_days
        where site_id = any(${ids(scope)}) and day between ${day(from)} and ${day(to)}) g`
    : sql`(select day, gender, ${nextDayOfCounts} as next_day, guests, new_guests
        from analytics_account_days
        where account_id = ${scope.accountId} and day between ${day(from)} and ${day(to)}) g`;

/** The same by visit number (`visits`; in the account's rows, the first visit number of its segment). */
const guestVisits = (scope: Scope, from: string, to: string) =>
  scope.accountId === null
    ? sql`(select day, visit_number as visits, next_day, 1 as guests
        from analytics_guest_days
        where site_id = any(${ids(scope)}) and day between ${day(from)} and ${day(to)}) g`
    : sql`(select day, segment as visits, ${nextDayOfCounts} as next_day, guests
        from analytics_account_segments
        where account_id = ${scope.accountId} and day between ${day(from)} and ${day(to)}) g`;

/** The scope's hours of [from, to]: day, hour, logins, ended, dwell_seconds, bounces. */
const loginHours = (scope: Scope, from: string, to: string) =>
  scope.accountId === null
    ? sql`(select day, hour, logins, ended, dwell_seconds, bounces from analytics_site_hours
        where site_id = any(${ids(scope)}) and day between ${day(from)} and ${day(to)}) h`
    : sql`(select day, hour, logins, ended, dwell_seconds, bounces from analytics_account_hours
        where account_id = ${scope.accountId} and day between ${day(from)} and ${day(to)}) h`;

export async function totalGuests(db: Database, scope: Scope, p: DashboardPeriod): Promise<DashboardTileData<'total_guests'>> {
  const [r] = await rows(
    db,
    sql`select
      sum(guests) filter (where day >= ${day(p.from)} and ${lastVisitBy(p.to)})::int as value,
      sum(guests) filter (where day <= ${day(p.previous_to)} and ${lastVisitBy(p.previous_to)})::int as previous
    from ${guestDays(scope, p.previous_from, p.to)}`,
  );
  return { period: p, ...compare(num(r?.value), num(r?.previous)) };
}

export async function firstTimeGuests(
  db: Database,
  scope: Scope,
  p: DashboardPeriod,
): Promise<DashboardTileData<'first_time_guests'>> {
  const [r] = await rows(
    db,
    sql`select
      sum(new_guests) filter (where day >= ${day(p.from)})::int as value,
      sum(guests) filter (where day >= ${day(p.from)} and ${lastVisitBy(p.to)})::int as total,
      sum(new_guests) filter (where day <= ${day(p.previous_to)})::int as previous
    from ${guestDays(scope, p.previous_from, p.to)}`,
  );
  const value = num(r?.value);
  return { period: p, ...compare(value, num(r?.previous)), returning: num(r?.total) - value };
}

/** Ended logins, bounces and their seconds, for the period and the one before. */
async function endedSessions(db: Database, scope: Scope, p: DashboardPeriod) {
  const [r] = await rows(
    db,
    sql`select
      coalesce(sum(ended) filter (where day >= ${day(p.from)}), 0)::int as ended,
      coalesce(sum(bounces) filter (where day >= ${day(p.from)}), 0)::int as bounces,
      coalesce(sum(dwell_seconds) filter (where day >= ${day(p.from)}), 0)::float8 as seconds,
      coalesce(sum(ended) filter (where day <= ${day(p.previous_to)}), 0)::int as prev_ended,
      coalesce(sum(bounces) filter (where day <= ${day(p.previous_to)}), 0)::int as prev_bounces,
      coalesce(sum(dwell_seconds) filter (where day <= ${day(p.previous_to)}), 0)::float8 as prev_seconds
    from ${loginHours(scope, p.previous_from, p.to)}`,
  );
  return {
    now: { ended: num(r?.ended), bounces: num(r?.bounces), seconds: num(r?.seconds) },
    before: { ended: num(r?.prev_ended), bounces: num(r?.prev_bounces), seconds: num(r?.prev_seconds) },
  };
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : round((part / whole) * 100, 1));
const minutes = (seconds: number, sessions: number) => (sessions === 0 ? 0 : round(seconds / sessions / 60, 1));

export async function bounceRate(db: Database, scope: Scope, p: DashboardPeriod): Promise<DashboardTileData<'bounce_rate'>> {
  const { now, before } = await endedSessions(db, scope, p);
  return {
    period: p,
    ...compare(percent(now.bounces, now.ended), percent(before.bounces, before.ended)),
    sessions: now.ended,
    bounces: now.bounces,
    threshold_seconds: BOUNCE_SECONDS,
  };
}

export async function dwellTime(db: Database, scope: Scope, p: DashboardPeriod): Promise<DashboardTileData<'dwell_time'>> {
  const { now, before } = await endedSessions(db, scope, p);
  return {
    period: p,
    ...compare(minutes(now.seconds, now.ended), minutes(before.seconds, before.ended)),
    sessions: now.ended,
  };
}

export async function onlineNow(db: Database, scope: Scope): Promise<DashboardTileData<'online_now'>> {
  // Written to match guest_sessions_open_idx (site_id, expires_at where not ended and counted). A device is
  // counted once however many of its sessions are open (a login again before the last one was reported
  // ended); a session without a MAC counts as a device of its own.
  const [r] = await rows(
    db,
    sql`select count(distinct guest_id)::int as guests,
      count(distinct (site_id, coalesce(mac, 'session ' || id::text)))::int as devices, now() as as_of
    from guest_sessions
    where site_id = any(${ids(scope)}) and ended_at is null and grant_status in ('granted', 'confirmed')
      and expires_at > now() and started_at <= now()`,
  );
  return { value: num(r?.guests), devices: num(r?.devices), as_of: new Date(r!.as_of as string | Date).toISOString() };
}

export async function wifiLogins(db: Database, scope: Scope, p: DashboardPeriod): Promise<DashboardTileData<'wifi_logins'>> {
  const [logins, guests] = await Promise.all([
    rows<{ day: string; logins: number }>(
      db,
      sql`select day::text as day, sum(logins)::int as logins from ${loginHours(scope, p.previous_from, p.to)} group by day`,
    ),
    rows<{ day: string; guests: number; new_guests: number }>(
      db,
      sql`select day::text as day, sum(guests)::int as guests, sum(new_guests)::int as new_guests
      from ${guestDays(scope, p.from, p.to)}
      group by day`,
    ),
  ]);
  const loginsOn = new Map(logins.map((r) => [r.day, num(r.logins)]));
  const guestsOn = new Map(guests.map((r) => [r.day, r]));
  const sum = (from: string, to: string) => eachDay(from, to).reduce((n, d) => n + (loginsOn.get(d) ?? 0), 0);
  return {
    period: p,
    days: eachDay(p.from, p.to).map((date) => ({
      date,
      logins: loginsOn.get(date) ?? 0,
      guests: num(guestsOn.get(date)?.guests),
      new_guests: num(guestsOn.get(date)?.new_guests),
    })),
    total: compare(sum(p.from, p.to), sum(p.previous_from, p.previous_to)),
  };
}

export async function guestActivity(
  db: Database,
  scope: Scope,
  p: DashboardPeriod,
): Promise<DashboardTileData<'guest_activity'>> {
  const found = await rows<{ weekday: number; hour: number; logins: number }>(
    db,
    sql`select extract(isodow from day)::int as weekday, hour::int as hour, sum(logins)::int as logins
    from ${loginHours(scope, p.from, p.to)}
    group by 1, 2`,
  );
  const logins = new Map(found.map((r) => [`${num(r.weekday)}:${num(r.hour)}`, num(r.logins)]));
  const occurrences = new Array<number>(8).fill(0);
  for (const d of eachDay(p.from, p.to)) occurrences[((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1]! += 1;
  const cells = [];
  for (let weekday = 1; weekday <= 7; weekday++)
    for (let hour = 0; hour < 24; hour++) {
      const n = logins.get(`${weekday}:${hour}`) ?? 0;
      const times = occurrences[weekday]!;
      cells.push({ weekday, hour, logins: n, average: times === 0 ? 0 : round(n / times, 1) });
    }
  return { period: p, cells, max: Math.max(0, ...cells.map((c) => c.logins)) };
}

export async function genderPie(db: Database, scope: Scope, p: DashboardPeriod): Promise<DashboardTileData<'gender'>> {
  const found = await rows<{ gender: string; guests: number }>(
    db,
    sql`select gender, sum(guests)::int as guests
    from ${guestDays(scope, p.from, p.to)}
    where ${lastVisitBy(p.to)}
    group by 1`,
  );
  const by = new Map(found.map((r) => [r.gender, num(r.guests)]));
  const slices = GENDER_SLICES.map((gender) => ({ gender, guests: by.get(gender) ?? 0 }));
  return { period: p, slices, total: slices.reduce((n, s) => n + s.guests, 0) };
}

/** `case when visits <= 1 then '1' when … else '11+' end`, from VISIT_SEGMENTS. */
const segmentOf = sql.join(
  [
    sql`case`,
    ...VISIT_SEGMENTS.filter((s) => s.max !== null).map((s) => sql`when visits <= ${s.max} then ${s.key}`),
    sql`else ${VISIT_SEGMENTS.at(-1)!.key} end`,
  ],
  sql` `,
);

export async function segmentsPie(db: Database, scope: Scope, p: DashboardPeriod): Promise<DashboardTileData<'segments'>> {
  const found = await rows<{ segment: string; guests: number }>(
    db,
    sql`select ${segmentOf} as segment, sum(guests)::int as guests
    from ${guestVisits(scope, p.from, p.to)}
    where ${lastVisitBy(p.to)}
    group by 1`,
  );
  const by = new Map(found.map((r) => [r.segment, num(r.guests)]));
  const segments = VISIT_SEGMENTS.map((s) => ({ key: s.key, min: s.min, max: s.max, guests: by.get(s.key) ?? 0 }));
  return { period: p, segments, total: segments.reduce((n, s) => n + s.guests, 0) };
}

export async function latestGuests(db: Database, scope: Scope, p: DashboardPeriod): Promise<DashboardTileData<'latest_guests'>> {
  // Each site's newest last visits of the period (an index range per site), then the newest of those.
  const found = await rows<{
    guest_id: number;
    site_id: number;
    last_login_at: string | Date;
    visits: number;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    phone: string | null;
    identity: string;
    method: string | null;
  }>(
    db,
    sql`select l.guest_id, l.site_id, l.last_login_at, l.visit_number as visits,
      g.first_name, g.last_name, g.email, g.phone, g.identity,
      (select s.method from guest_sessions s
        where s.guest_id = l.guest_id and s.started_at = l.last_login_at and s.grant_status in ('granted', 'confirmed')
        limit 1) as method
    from (
      select d.guest_id, d.site_id, d.last_login_at, d.visit_number
      from unnest(${ids(scope)}) as site(id)
      cross join lateral (
        select guest_id, site_id, last_login_at, visit_number from analytics_guest_days
        where site_id = site.id and day between ${day(p.from)} and ${day(p.to)} and ${lastVisitBy(p.to)}
        order by day desc, last_login_at desc
        limit ${LATEST_GUESTS_LIMIT}
      ) d
      order by d.last_login_at desc
      limit ${LATEST_GUESTS_LIMIT}
    ) l
    join guests g on g.id = l.guest_id
    order by l.last_login_at desc, l.guest_id`,
  );
  const siteNames = new Map(scope.sites.map((s) => [s.id, s.name]));
  return {
    period: p,
    items: found.map((r) => ({
      guest_id: num(r.guest_id),
      site_id: num(r.site_id),
      site_name: siteNames.get(num(r.site_id)) ?? '',
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      phone: r.phone,
      display_name: guestDisplayName({
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        phone: r.phone,
        identity: r.identity,
      }),
      method: r.method ?? '',
      last_login_at: new Date(r.last_login_at).toISOString(),
      visits: num(r.visits),
    })),
  };
}

/** The first local day with a login in the scope, if any. */
export async function firstLoginDay(db: Database, scope: Scope): Promise<string | null> {
  const [r] = await rows<{ since: string | null }>(
    db,
    sql`select min(f.day)::text as since
    from unnest(${ids(scope)}) as site(id)
    cross join lateral (
      select day from analytics_site_hours where site_id = site.id and logins > 0 order by day limit 1
    ) f`,
  );
  return r?.since ?? null;
}
