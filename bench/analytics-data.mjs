// Fills PostgreSQL for bench/analytics.bench.mjs: the bench account with 100 sites in ten time zones,
// 1,000,000 guests (10,000 per site), 10,000,000 sessions over the last 365 days (a few guests come very
// often, most now and then; busy at lunch and in the evening, busier at weekends; 70 % with a reported
// end; 96 % of grants confirmed) and 200,000 vouchers. Everything is made inside PostgreSQL with
// generate_series (no rows cross the wire). Sessions are written with the analytics triggers off, then
// analytics_rebuild() fills the rollups in one pass: exactly what the triggers keep (the dashboard tests
// compare the two). The database `sb_analytics_bench` is kept between runs (a run that finds the data only
// reports it; one that finds less starts over); `--drop` removes it.
// Usage: npm run build -w server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/analytics-data.mjs
import pg from 'pg';
import { DEMO, adminQuery, benchDatabaseUrl, migrateAndSeed } from './bench-db.mjs';

export const BENCH_DB = 'sb_analytics_bench';
export const SITES = 100;
const GUESTS = 1_000_000;
const SESSIONS = 10_000_000;
const CHUNKS = 10;

const ZONES = [
  ['America/New_York', 'USD'],
  ['America/Chicago', 'USD'],
  ['America/Los_Angeles', 'USD'],
  ['America/Sao_Paulo', 'BRL'],
  ['Europe/London', 'GBP'],
  ['Europe/Madrid', 'EUR'],
  ['Africa/Johannesburg', 'ZAR'],
  ['Asia/Kolkata', 'INR'],
  ['Asia/Tokyo', 'JPY'],
  ['Australia/Sydney', 'AUD'],
];

const FIRST = `array['Ana','Luis','Marta','Javier','Lucía','Pablo','Sofía','Diego','Elena','Carlos','Laura','Miguel','Emma','Noah','Olivia','Liam','Ava','Mason','Mia','Ethan','Zoe','Lucas','Chloe','Leo','Nora','Hugo','Irene','Mateo','Yuki','Ravi']`;
const LAST = `array['García','Martínez','López','Sánchez','Pérez','Gómez','Smith','Johnson','Williams','Brown','Jones','Miller','Davis','Wilson','Taylor','Moore','Tanaka','Sato','Patel','Silva']`;
// Local hours weighted by how busy they are (an entry per share): quiet nights, lunch and evening peaks.
const HOURS = `array[0,1,6,7,7,8,8,8,9,9,9,9,10,10,10,10,11,11,11,11,11,12,12,12,12,12,12,13,13,13,13,13,13,14,14,14,14,15,15,15,16,16,16,17,17,17,17,18,18,18,18,18,19,19,19,19,19,19,20,20,20,20,20,21,21,21,21,22,22,23]`;

/**
 * The steps, each one statement. $1 the account, $2 the sites' ids (in order), $3 their time zones,
 * $4 the first guest id of the run; guest n (0-based) is at site n % 100.
 */
const sessionsChunk = (chunk) => `
  insert into guest_sessions (account_id, site_id, guest_id, mac, method, family, started_at, expires_at, ended_at, end_cause,
    minutes, bytes_up, bytes_down, grant_status, confirmed_at)
  select $1, site_id, guest_id, mac, method, 'unifi', started, started + interval '60 minutes',
    case when ended_known then started + (60 + floor(-ln(1 - random()) * 1500)) * interval '1 second' end,
    case when ended_known then 'stop' end, 60, floor(random() * 5e7), floor(random() * 4e8), status,
    case when status = 'confirmed' then started end
  from (
    select s, site_id, guest_id, mac, status, ended_known,
      case s % 10 when 0 then 'phone' when 1 then 'clickthrough' when 2 then 'clickthrough' when 3 then 'clickthrough' else 'email' end as method,
      case when local_start > now() then local_start - interval '1 day' else local_start end as started
    from (
      select s, ($2::int[])[1 + site_n] as site_id, $4::bigint + rank * ${SITES} + site_n as guest_id,
        '02:b1:' || lpad(to_hex((rank * ${SITES} + site_n) >> 24 & 255), 2, '0') || ':' || lpad(to_hex((rank * ${SITES} + site_n) >> 16 & 255), 2, '0') || ':'
          || lpad(to_hex((rank * ${SITES} + site_n) >> 8 & 255), 2, '0') || ':' || lpad(to_hex((rank * ${SITES} + site_n) & 255), 2, '0') as mac,
        case when r_status < 0.96 then 'confirmed' when r_status < 0.98 then 'granted' when r_status < 0.995 then 'failed' else 'pending' end as status,
        random() < 0.7 as ended_known,
        ((local_day + make_interval(hours => (${HOURS})[1 + floor(random() * cardinality(${HOURS}))::int], mins => floor(random() * 60)::int))
          at time zone ($3::text[])[1 + site_n]) as local_start
      from (
        select s, s % ${SITES} as site_n, random() as r_status,
          -- Most guests come now and then, a few very often (rank 0 the most).
          least(${GUESTS / SITES - 1}, floor(${GUESTS / SITES} * power(random(), 2.5)))::bigint as rank,
          -- Weekends busier: a weekday day is moved to the weekend one time in five.
          (select case when extract(isodow from d) < 6 and random() < 0.2 then d - ((extract(isodow from d)::int + 1) % 7) * interval '1 day' else d end
           from (select date_trunc('day', now() at time zone ($3::text[])[1 + s % ${SITES}]) - floor(random() * 365) * interval '1 day' as d) x) as local_day
        from generate_series(${chunk * (SESSIONS / CHUNKS) + 1}, ${(chunk + 1) * (SESSIONS / CHUNKS)}) s
      ) drawn
    ) placed
  ) made`;

/** The sites of the bench account, when the data is all there. */
async function existing(url) {
  const exists = await adminQuery(`select 1 from pg_database where datname = '${BENCH_DB}'`);
  if (!exists.rowCount) return null;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select s.account_id, array_agg(s.id order by s.id) as ids,
        (select count(*) from guest_sessions g where g.account_id = s.account_id) as sessions
      from sites s join users u on u.account_id = s.account_id where u.email = $1 group by s.account_id`,
      [DEMO.email],
    );
    const r = rows[0];
    return r && Number(r.sessions) === SESSIONS && r.ids.length === SITES
      ? { url, accountId: r.account_id, siteIds: r.ids }
      : null;
  } catch {
    return null;
  } finally {
    await db.end();
  }
}

export async function generate() {
  const url = benchDatabaseUrl(BENCH_DB);
  const found = await existing(url);
  if (found) {
    console.log(`${BENCH_DB} already has ${SITES} sites and ${SESSIONS} sessions`);
    return found;
  }
  // Anything less than the whole data set is made again from an empty database.
  await adminQuery(`drop database if exists ${BENCH_DB} with (force)`);
  await adminQuery(`create database ${BENCH_DB}`);
  migrateAndSeed(url);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const step = async (name, sql, params = []) => {
    const started = Date.now();
    const r = await db.query(sql, params);
    console.log(`${name}: ${r.rowCount ?? ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return r;
  };
  try {
    const { rows: accounts } = await db.query(`select u.account_id from users u where u.email = $1`, [DEMO.email]);
    const accountId = accounts[0].account_id;
    const sitesNow = async () =>
      (await db.query(`select id, timezone from sites where account_id = $1 order by id`, [accountId])).rows;
    await db.query(`set synchronous_commit = off`);
    await db.query(`set work_mem = '256MB'`);
    await db.query(`set maintenance_work_mem = '512MB'`);

    // The seed's three sites, plus 97, spread over the time zones.
    const seeded = (await sitesNow()).length;
    await step(
      'sites',
      `insert into sites (account_id, name, router_type, auth_methods, timezone, currency)
      select $1, 'Bench site ' || n, 'unifi', '["email","clickthrough","phone"]'::jsonb, (z.zones)[1 + n % 10][1], (z.zones)[1 + n % 10][2]
      from generate_series(${seeded + 1}, ${SITES}) n, (select $2::text[][] as zones) z`,
      [accountId, ZONES],
    );
    const sites = await sitesNow();
    if (sites.length !== SITES) throw new Error(`expected ${SITES} sites, found ${sites.length}`);
    const siteIds = sites.map((s) => s.id);
    const zones = sites.map((s) => s.timezone);

    const { rows: seq } = await db.query(`select nextval(pg_get_serial_sequence('guests', 'id')) as first`);
    const firstGuest = Number(seq[0].first) + 1;
    await step(
      'guests',
      `insert into guests (id, account_id, site_id, identity, email, phone, first_name, last_name, gender, fields, marketing_consent,
        first_method, last_method, visits, first_seen_at, last_seen_at)
      select $3::bigint + n, $1, ($2::int[])[1 + n % ${SITES}], 'email:' || em, em,
        case when n % 10 = 0 then '+1555' || lpad(n::text, 7, '0') end, fn, ln,
        case when n % 20 < 9 then 'female' when n % 20 < 17 then 'male' when n % 20 = 17 then 'other' end,
        '{}'::jsonb, n % 3 = 0, 'email', 'email', 0, now(), now()
      from (
        select n, (${FIRST})[1 + n % 30] as fn, (${LAST})[1 + (n / 30) % 20] as ln,
          lower((${FIRST})[1 + n % 30] || '.' || (${LAST})[1 + (n / 30) % 20] || n || '@example.com') as em
        from generate_series(0, ${GUESTS - 1}) n
      ) named`,
      [accountId, siteIds, firstGuest],
    );
    await db.query(`select setval(pg_get_serial_sequence('guests', 'id'), (select max(id) from guests))`);

    // Triggers (and foreign key checks) off while the sessions go in; the rollups are rebuilt after.
    await db.query(`set session_replication_role = replica`);
    for (let chunk = 0; chunk < CHUNKS; chunk++)
      await step(`sessions ${chunk + 1}/${CHUNKS}`, sessionsChunk(chunk), [accountId, siteIds, zones, firstGuest]);
    await db.query(`set session_replication_role = origin`);
    await step(
      'guests seen',
      `update guests g set first_seen_at = s.first, last_seen_at = s.last, visits = s.n
      from (select guest_id, min(started_at) as first, max(started_at) as last, count(*) as n from guest_sessions
            where account_id = $1 group by guest_id) s
      where g.id = s.guest_id`,
      [accountId],
    );
    await step('rollups (analytics_rebuild)', `select analytics_rebuild($1::int[])`, [siteIds]);

    // 20 batches of 100 vouchers per site: a third unused, the rest first used over the year (one day each).
    await step(
      'voucher batches',
      `insert into voucher_batches (account_id, site_id, kind, batch_code, count, duration_value, duration_type, duration_minutes, num_devices, created_at)
      select $1, s, 'voucher', lpad((1000 + b)::text, 4, '0'), 100, 1, 'days', 1440, 1, now() - interval '1 year'
      from unnest($2::int[]) s, generate_series(1, 20) b`,
      [accountId, siteIds],
    );
    await step(
      'voucher batch sites',
      `insert into voucher_batch_sites (batch_id, site_id) select id, site_id from voucher_batches where account_id = $1`,
      [accountId],
    );
    await step(
      'vouchers',
      `insert into vouchers (account_id, batch_id, code, created_at, activated_at, expires_at)
      select $1, b.id, upper(substr(md5(b.id || ':' || v), 1, 12)), b.created_at,
        case when v % 3 <> 0 then a end, case when v % 3 <> 0 then a + interval '1 day' end
      from voucher_batches b, generate_series(1, 100) v, lateral (select now() - random() * interval '365 days' as a where v > 0) t
      where b.account_id = $1`,
      [accountId],
    );
    await step('vacuum analyze', `vacuum analyze`);
    const countOf = async (q) => Number((await db.query(q, [accountId])).rows[0].n);
    const sessions = await countOf(`select count(*) as n from guest_sessions where account_id = $1`);
    const days = await countOf(
      `select count(*) as n from analytics_guest_days d join sites s on s.id = d.site_id where s.account_id = $1`,
    );
    const hours = await countOf(
      `select count(*) as n from analytics_site_hours h join sites s on s.id = h.site_id where s.account_id = $1`,
    );
    console.log(`${SITES} sites, ${GUESTS} guests, ${sessions} sessions; rollups: ${days} guest-days, ${hours} site-hours`);
    return { url, accountId, siteIds };
  } finally {
    await db.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === '--drop') {
    await adminQuery(`drop database if exists ${BENCH_DB} with (force)`);
    console.log(`dropped ${BENCH_DB}`);
  } else {
    const started = Date.now();
    await generate();
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}
