// Fills one site with guests on PostgreSQL for bench/guests.bench.mjs: 1,000,000 guests (names, emails,
// some phones and custom answers, first and last seen over two years), one device each, about 5,000,000
// sessions (1 to 9 per guest, 5 on average, between their first and last visit) and one marketing consent
// each. Everything is made inside PostgreSQL with generate_series (no rows cross the wire), so it takes
// minutes. The database `sb_guests_bench` is kept between runs (a run with the data already there only
// checks it); `--drop` removes it.
// Usage: npm run build -w server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/guests-data.mjs [guests]
import pg from 'pg';
import { DEMO, adminQuery, benchDatabaseUrl, migrateAndSeed } from './bench-db.mjs';

export const BENCH_DB = 'sb_guests_bench';

const FIRST = `array['Ana','Luis','Marta','Javier','Lucía','Pablo','Sofía','Diego','Elena','Carlos','Laura','Miguel','Paula','Jorge','Sara','David','Emma','Noah','Olivia','Liam','Ava','Mason','Mia','Ethan','Zoe','Lucas','Chloe','Leo','Nora','Hugo','Irene','Mateo','Alba','Daniel','Julia','Adrián','Clara','Álvaro','Eva','Iker']`;
const LAST = `array['García','Martínez','López','Sánchez','Pérez','Gómez','Martín','Jiménez','Ruiz','Hernández','Díaz','Moreno','Muñoz','Álvarez','Romero','Smith','Johnson','Williams','Brown','Jones','Miller','Davis','Wilson','Anderson','Taylor','Thomas','Moore','Jackson','White','Harris','Clark','Lewis','Walker','Hall','Young','King','Wright','Scott','Green','Baker']`;
const DOMAINS = `array['example.com','mail.example','correo.example','inbox.example','post.example']`;

/** The steps, each one statement inside PostgreSQL. `$1` site, `$2` account, `$3` guests. */
const STEPS = [
  [
    'guests',
    `
    insert into guests (account_id, site_id, identity, email, phone, first_name, last_name, gender, birthday, country,
      postcode, fields, marketing_consent, first_method, last_method, visits, first_seen_at, last_seen_at)
    select $2, $1,
      case when g % 10 = 0 then 'phone:+1555' || lpad(g::text, 7, '0') else 'email:' || em end,
      case when g % 10 = 0 then null else em end,
      case when g % 10 = 0 or g % 4 = 0 then '+1555' || lpad(g::text, 7, '0') end,
      fn, ln,
      case g % 3 when 0 then 'female' when 1 then 'male' end,
      case when g % 5 = 0 then (date '1960-01-01' + (g % 15000))::text end,
      case when g % 7 = 0 then 'US' end, null,
      case when g % 5 = 0 then jsonb_build_object('Room', (100 + g % 400)::text, 'Visit', case when g % 2 = 0 then 'Work' else 'Leisure' end)
           else '{}'::jsonb end,
      g % 3 = 0, 'email', 'email', 1 + g % 9, fs, fs + (now() - fs) * random()
    from (
      select g, fn, ln, lower(fn || '.' || ln || g || '@' || (${DOMAINS})[1 + g % 5]) as em,
        now() - interval '730 days' * random() as fs
      from (
        select g, (${FIRST})[1 + g % 40] as fn, (${LAST})[1 + (g / 40) % 40] as ln from generate_series(1, $3::int) g
      ) named
    ) s`,
  ],
  [
    'guest_devices',
    `
    insert into guest_devices (account_id, site_id, guest_id, mac, user_agent, device_type, os, first_seen_at, last_seen_at)
    select account_id, site_id, id,
      '02:' || substr(h, 1, 2) || ':' || substr(h, 3, 2) || ':' || substr(h, 5, 2) || ':' || substr(h, 7, 2) || ':' || substr(h, 9, 2),
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', 'phone', 'iOS', first_seen_at, last_seen_at
    from (select *, lpad(to_hex(id), 10, '0') as h from guests where site_id = $1) g`,
  ],
  [
    'guest_sessions',
    `
    insert into guest_sessions (account_id, site_id, guest_id, device_id, mac, client_ip, ap_mac, ssid, method, family,
      started_at, expires_at, ended_at, end_cause, minutes, bytes_up, bytes_down, grant_status, confirmed_at)
    select g.account_id, g.site_id, g.id, d.id, d.mac, '10.0.0.' || (1 + g.id % 250), 'f0:9f:c2:00:00:01', 'Guest Wi-Fi', 'email', 'unifi',
      t.at, t.at + interval '60 minutes', t.at + interval '60 minutes', 'expired', 60,
      (g.id * k) % 50000000, (g.id * k * 7) % 400000000, 'confirmed', t.at
    from guests g
    join guest_devices d on d.guest_id = g.id
    cross join lateral generate_series(1, g.visits) k
    cross join lateral (select g.first_seen_at + (g.last_seen_at - g.first_seen_at) * ((k - 1)::float / greatest(g.visits - 1, 1)) as at) t
    where g.site_id = $1`,
  ],
  [
    'consent_texts',
    `
    insert into consent_texts (site_id, version, hash, texts)
    values ($1, 1, 'bench', '{"tos_text": "Terms of use", "privacy_text": "Privacy policy"}') on conflict do nothing`,
  ],
  [
    'guest_consents',
    `
    insert into guest_consents (account_id, site_id, guest_id, consent_text_id, kind, granted, ip, created_at)
    select g.account_id, g.site_id, g.id, c.id, 'marketing', g.marketing_consent, '10.0.0.1', g.first_seen_at
    from guests g, consent_texts c where g.site_id = $1 and c.site_id = $1 and c.version = 1`,
  ],
];

export async function generate(guestCount = 1_000_000) {
  const url = benchDatabaseUrl(BENCH_DB);
  const exists = await adminQuery(`select 1 from pg_database where datname = '${BENCH_DB}'`);
  if (!exists.rowCount) await adminQuery(`create database ${BENCH_DB}`);
  migrateAndSeed(url);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select s.id, s.account_id from sites s join users u on u.account_id = s.account_id where u.email = $1 order by s.id limit 1`,
      [DEMO.email],
    );
    const site = rows[0];
    const count = async (table) =>
      Number((await db.query(`select count(*) as n from ${table} where site_id = $1`, [site.id])).rows[0].n);
    if ((await count('guests')) === guestCount) {
      // A migration may have added an index since: statistics for it, as autovacuum would gather.
      await db.query('analyze guests');
      console.log(`site ${site.id} already has ${guestCount} guests and ${await count('guest_sessions')} sessions`);
      return { url, siteId: site.id };
    }
    await db.query('set synchronous_commit = off');
    await db.query(`set maintenance_work_mem = '256MB'`);
    await db.query('delete from guests where site_id = $1', [site.id]);
    await db.query('delete from consent_texts where site_id = $1', [site.id]);
    for (const [table, sql] of STEPS) {
      const started = Date.now();
      const params = [site.id, site.account_id, guestCount].slice(0, sql.includes('$3') ? 3 : sql.includes('$2') ? 2 : 1);
      const r = await db.query(sql, params);
      console.log(`${table}: ${r.rowCount} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const started = Date.now();
    // Fresh statistics and visibility map, as autovacuum leaves a table that has settled.
    await db.query('vacuum analyze guests, guest_devices, guest_sessions, guest_consents');
    console.log(`vacuum analyze in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`site ${site.id}: ${await count('guests')} guests, ${await count('guest_sessions')} sessions`);
    return { url, siteId: site.id };
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
    await generate(Number(process.argv[2] ?? 1_000_000));
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}
