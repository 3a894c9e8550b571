import { eq, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { sites, users } from './schema/index.ts';
import { fillDemoPayments, type DemoPaymentsSummary } from './demo-payments.ts';

/**
 * `npm run demo:data` (main.ts `demo-data`): months of guests, logins and vouchers for the demo account's
 * sites, so a first run shows a living dashboard. Everything is relative to now and written with SQL
 * (generate_series) through the ordinary tables, so the analytics triggers keep the dashboard's rollups as
 * they do for real logins. Running it again replaces what it wrote before (and nothing else): its guests
 * are known by their devices' user agent (DEMO_AGENT), its voucher batches by their notes.
 */

/** Ends the user agent of every demo guest's device: how a later run finds what this one wrote. */
const DEMO_AGENT = '(Splashboard demo data)';
const DEMO_NOTES = 'Demo data';

interface Profile {
  /** Guests the site has had over the whole time. */
  guests: number;
  /** Logins on an ordinary day, by ISO weekday (Monday first). */
  perDay: [number, number, number, number, number, number, number];
  /** Local hours, each listed as often as it is busy. */
  hours: number[];
  /** How unequal guests are: higher means a few regulars make most visits. */
  skew: number;
  /** Average minutes online. */
  minutes: number;
}

const range = (from: number, to: number, times: number) =>
  Array.from({ length: to - from + 1 }, (_, n) => Array<number>(times).fill(from + n)).flat();

const CAFE: Profile = {
  guests: 1400,
  perDay: [55, 58, 60, 62, 75, 90, 70],
  hours: [...range(7, 9, 4), ...range(10, 11, 3), ...range(12, 14, 6), ...range(15, 18, 3), ...range(19, 21, 1)],
  skew: 3,
  minutes: 40,
};
const HOTEL: Profile = {
  guests: 900,
  perDay: [35, 32, 34, 38, 50, 60, 45],
  hours: [...range(0, 1, 1), ...range(6, 9, 4), ...range(10, 16, 1), ...range(17, 23, 5)],
  skew: 1.6,
  minutes: 150,
};
const STADIUM: Profile = {
  guests: 4000,
  perDay: [20, 20, 180, 20, 25, 450, 300],
  hours: [...range(10, 15, 1), ...range(16, 18, 4), ...range(19, 21, 8), ...range(22, 23, 2)],
  skew: 1.3,
  minutes: 110,
};
const PROFILES: Record<string, Profile> = { 'Downtown Café': CAFE, 'Harbor Hotel': HOTEL, 'City Stadium': STADIUM };

const FIRST = ['Ana', 'Luis', 'Marta', 'Javier', 'Lucía', 'Pablo', 'Sofía', 'Diego', 'Emma', 'Noah', 'Olivia', 'Liam', 'Ava', 'Mia', 'Ethan', 'Zoe', 'Lucas', 'Chloe', 'Leo', 'Nora', 'Hugo', 'Irene', 'Mateo', 'Grace', 'Omar', 'Priya', 'Kenji', 'Amara', 'Tom', 'Elena']; // prettier-ignore
const LAST = ['García', 'Martínez', 'López', 'Sánchez', 'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Taylor', 'Moore', 'Clark', 'Hall', 'Young', 'King', 'Patel', 'Silva', 'Rossi', 'Müller', 'Dubois', 'Kowalski', 'Nakamura']; // prettier-ignore
const pgArray = (items: (string | number)[]) => `{${items.map((i) => (typeof i === 'number' ? i : `"${i}"`)).join(',')}}`;

export interface DemoDataSummary {
  sites: { name: string; guests: number; logins: number; vouchers: number; payments: DemoPaymentsSummary | null }[];
}

export async function fillDemoData(
  db: Database,
  demo: { email: string },
  opts: { days?: number } = {},
): Promise<DemoDataSummary> {
  const days = opts.days ?? 120;
  const [owner] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.email, demo.email));
  if (!owner) throw new Error(`No demo account ${demo.email}: run the seed first`);
  const accountSites = await db.select().from(sites).where(eq(sites.accountId, owner.accountId)).orderBy(sites.id);

  // What an earlier run wrote (the triggers take the rollups back with it): sessions in one statement
  // first, so the rollups are adjusted in one pass rather than once per guest by the cascade.
  const earlier = sql`select guest_id from guest_devices where account_id = ${owner.accountId} and user_agent like ${`%${DEMO_AGENT}`}`;
  await db.execute(sql`delete from guest_sessions where account_id = ${owner.accountId} and guest_id in (${earlier})`);
  await db.execute(sql`delete from guests where account_id = ${owner.accountId} and id in (${earlier})`);
  await db.execute(sql`delete from voucher_batches where account_id = ${owner.accountId} and notes = ${DEMO_NOTES}`);

  const summary: DemoDataSummary = { sites: [] };
  for (const [n, site] of accountSites.entries()) {
    const profile = PROFILES[site.name] ?? [CAFE, HOTEL, STADIUM][n % 3]!;
    const methods = site.authMethods.filter((m) =>
      ['email', 'clickthrough', 'phone', 'facebook', 'voucher', 'guestuser'].includes(m),
    );
    if (!methods.length) methods.push('clickthrough');
    const visits = await fillSite(db, site, profile, methods, days);
    summary.sites.push({ name: site.name, ...visits, payments: await fillDemoPayments(db, site, days) });
  }
  return summary;
}

async function fillSite(db: Database, site: typeof sites.$inferSelect, p: Profile, methods: string[], days: number) {
  const tag = (site.id % 256).toString(16).padStart(2, '0');
  const gender = `case when n % 20 < 9 then 'female' when n % 20 < 17 then 'male' when n % 20 = 17 then 'other' end`;
  const personal = `method in ('email', 'phone', 'facebook', 'guestuser')`;
  // Guests, known by what they logged in with first (email, phone, Facebook, or only their device), each
  // with the phone they use.
  await db.execute(sql`
    with made as (
      select *, case method when 'email' then 'email:' || email when 'phone' then 'phone:' || phone
          when 'facebook' then 'facebook:' || (9100000000 + ${site.id}::bigint * 100000 + n) else 'device:' || mac end as identity
      from (
        select n, method, first, last, mac,
          translate(lower(first), 'áéíóúüñç', 'aeiouunc') || '.' || translate(lower(last), 'áéíóúüñç', 'aeiouunc') || n || '@example.com' as email,
          '+155501' || lpad((${site.id}::bigint * 100000 + n)::text, 7, '0') as phone
        from (
          select n, (${pgArray(methods)}::text[])[1 + n % ${methods.length}] as method,
            (${pgArray(FIRST)}::text[])[1 + n % ${FIRST.length}] as first,
            (${pgArray(LAST)}::text[])[1 + (n / ${FIRST.length}) % ${LAST.length}] as last,
            '02:de:' || ${tag} || ':' || lpad(to_hex(n >> 16 & 255), 2, '0') || ':' || lpad(to_hex(n >> 8 & 255), 2, '0') || ':'
              || lpad(to_hex(n & 255), 2, '0') as mac
          from generate_series(0, ${p.guests - 1}) n
        ) named
      ) contact
    ), saved as (
      insert into guests (account_id, site_id, identity, email, phone, first_name, last_name, gender, marketing_consent, first_method, last_method)
      select ${site.accountId}, ${site.id}, identity,
        case when method = 'email' then email end, case when method = 'phone' then phone end,
        case when ${sql.raw(personal)} then first end, case when ${sql.raw(personal)} then last end,
        case when ${sql.raw(personal)} then ${sql.raw(gender)} end,
        method = 'email' and n % 3 = 0, method, method
      from made
      on conflict (site_id, identity) do nothing
      returning id, identity
    )
    insert into guest_devices (account_id, site_id, guest_id, mac, user_agent, device_type, os)
    select ${site.accountId}, ${site.id}, saved.id, made.mac,
      case when made.n % 3 = 0 then ${`Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile ${DEMO_AGENT}`}
        else ${`Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile ${DEMO_AGENT}`} end,
      'phone', case when made.n % 3 = 0 then 'Android' else 'iOS' end
    from saved join made on made.identity = saved.identity
    on conflict (site_id, mac) do nothing`);
  const ids = (
    (await db.execute(sql`select g.id from guests g join guest_devices d on d.guest_id = g.id
      where g.site_id = ${site.id} and d.user_agent like ${`%${DEMO_AGENT}`} order by g.id`)) as unknown as {
      rows: { id: number | string }[];
    }
  ).rows.map((r) => Number(r.id));

  // Logins: every local day of the period, as busy as its weekday (and growing towards today), at the
  // site's busy hours; regulars often, most guests now and then. Most gateways report when a session
  // ends (durations around the profile's average, some bounces); a few grants fail.
  await db.execute(sql`
    insert into guest_sessions (account_id, site_id, guest_id, device_id, mac, method, family, started_at, expires_at, ended_at,
      end_cause, minutes, bytes_up, bytes_down, grant_status, confirmed_at)
    select ${site.accountId}, ${site.id}, g.id, d.id, d.mac, g.first_method, ${site.routerType ?? 'unifi'}, s.started,
      s.started + interval '4 hours',
      case when s.ends and s.started + s.length < now() then s.started + s.length end,
      case when s.ends and s.started + s.length < now() then 'stop' end,
      240, floor(random() * 2e7), floor(random() * 3e8), s.status, case when s.status = 'confirmed' then s.started end
    from (
      select local_day, rank,
        (local_day + make_interval(hours => (${pgArray(p.hours)}::int[])[1 + floor(random() * ${p.hours.length})::int], mins => floor(random() * 60)::int))
          at time zone ${site.timezone} as started,
        random() < 0.8 as ends,
        case when random() < 0.12 then random() * interval '4 minutes'
             else interval '5 minutes' + (-ln(1 - random())) * ${`${p.minutes} minutes`}::interval end as length,
        case when random() < 0.97 then 'confirmed' else 'failed' end as status
      from generate_series(0, ${days}) k
      cross join lateral (select date_trunc('day', now() at time zone ${site.timezone}) - k * interval '1 day' as local_day) d
      cross join lateral generate_series(1, round(
        (${pgArray(p.perDay)}::int[])[extract(isodow from local_day)::int] * (0.8 + random() * 0.4) * (1 - 0.35 * k / ${days})
      )::int) n
      cross join lateral (select least(${p.guests - 1}, floor(${p.guests} * power(random(), ${p.skew})))::int + 0 * n as rank) r
    ) s
    join (select id, first_method, row_number() over (order by id) - 1 as n from guests where id = any(${pgArray(ids)}::bigint[])) g on g.n = s.rank
    join guest_devices d on d.guest_id = g.id
    where s.started <= now()`);

  // Guests who never came are not guests; the others get their first and last visits.
  await db.execute(sql`delete from guests g where g.id = any(${pgArray(ids)}::bigint[])
    and not exists (select 1 from guest_sessions s where s.guest_id = g.id)`);
  await db.execute(sql`
    update guests g set first_seen_at = s.first, last_seen_at = s.last, visits = s.n
    from (select guest_id, min(started_at) as first, max(started_at) as last, count(*)::int as n
          from guest_sessions where guest_id = any(${pgArray(ids)}::bigint[]) group by guest_id) s
    where g.id = s.guest_id`);
  await db.execute(sql`
    update guest_devices d set first_seen_at = g.first_seen_at, last_seen_at = g.last_seen_at from guests g
    where d.guest_id = g.id and g.id = any(${pgArray(ids)}::bigint[])`);

  const vouchers = site.authMethods.includes('voucher') ? await fillVouchers(db, site, days) : 0;
  const [counts] = (
    (await db.execute(sql`select (select count(*) from guests where id = any(${pgArray(ids)}::bigint[]))::int as guests,
      (select count(*) from guest_sessions where guest_id = any(${pgArray(ids)}::bigint[]) and grant_status = 'confirmed')::int as logins`)) as unknown as {
      rows: { guests: number; logins: number }[];
    }
  ).rows;
  return { guests: Number(counts?.guests ?? 0), logins: Number(counts?.logins ?? 0), vouchers };
}

/** Voucher batches sold over the months: most used (one day each), some still unused, one batch ending soon. */
async function fillVouchers(db: Database, site: typeof sites.$inferSelect, days: number) {
  const made = await db.execute(sql`
    insert into voucher_batches (account_id, site_id, kind, batch_code, count, duration_value, duration_type, duration_minutes,
      num_devices, notes, valid_until, created_at)
    select ${site.accountId}, ${site.id}, 'voucher', (9000 + b)::text, 40, 1, 'days', 1440, 2, ${DEMO_NOTES},
      case when b = 4 then now() + interval '5 days' end, now() - (${days} - b * ${Math.floor((days - 10) / 4)}) * interval '1 day'
    from generate_series(0, 4) b
    where not exists (select 1 from voucher_batches x where x.site_id = ${site.id} and x.batch_code = (9000 + b)::text)
    returning id, created_at`);
  const batches = (made as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  if (!batches.length) return 0;
  await db.execute(
    sql`insert into voucher_batch_sites (batch_id, site_id) select unnest(${pgArray(batches)}::int[]), ${site.id}`,
  );
  // A voucher is first used some time after its batch was made (none in the future); a few in the last day.
  await db.execute(sql`
    insert into vouchers (account_id, batch_id, code, created_at, activated_at, expires_at)
    select ${site.accountId}, b.id, upper(substr(md5(random()::text || b.id || v), 1, 12)), b.created_at, a.at, a.at + interval '1 day'
    from voucher_batches b
    cross join generate_series(1, 40) v
    cross join lateral (
      select case when v % 5 = 0 then null
                  when v % 13 = 0 then now() - random() * interval '20 hours'
                  else b.created_at + random() * least(now() - b.created_at, interval '30 days') end as at
      where v > 0
    ) a
    where b.id = any(${pgArray(batches)}::int[])`);
  await db.execute(sql`
    insert into voucher_devices (voucher_id, mac, site_id, bound_at)
    select v.id, '02:de:ff:' || lpad(to_hex(v.id >> 16 & 255), 2, '0') || ':' || lpad(to_hex(v.id >> 8 & 255), 2, '0') || ':' || lpad(to_hex(v.id & 255), 2, '0'),
      ${site.id}, v.activated_at
    from vouchers v where v.batch_id = any(${pgArray(batches)}::int[]) and v.activated_at is not null`);
  return batches.length * 40;
}
