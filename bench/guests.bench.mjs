// The dashboard's guest list (GET /s/{site}/api/v1/guest/) over HTTP through the built server on
// PostgreSQL, for a site with 1,000,000 guests and 5,000,000 sessions (made by bench/guests-data.mjs on
// the first run, kept after): the first page, later pages, searches and a date range. Each call is
// timed from the client (sign-in cookie, keep-alive), one caller at a time and then several at once;
// p50/p95/p99 in milliseconds. The target is a p95 under 100 ms on every line (exit 1 over it).
// Usage: npm run build -w server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/guests.bench.mjs [calls]
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { percentile, startSplashboard } from './lib.mjs';
import { DEMO } from './bench-db.mjs';
import { generate } from './guests-data.mjs';

const CALLS = Number(process.argv[2] ?? 200);
const WARMUP = 20;
const TARGET_MS = 100;
const PORT = 18183;

if (!process.env.BENCH_DATABASE_URL) {
  console.log('guests.bench.mjs: skipped, it measures PostgreSQL: set BENCH_DATABASE_URL');
  process.exit(0);
}
const { url: databaseUrl, siteId } = await generate();

/** A real guest's email and a day range of the last 30 days, in the forms the dashboard sends. */
async function pickFilters() {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      'select email from guests where site_id = $1 and email is not null order by id offset 123456 limit 1',
      [siteId],
    );
    const day = (d) =>
      `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    const now = new Date();
    return { email: rows[0].email, from: day(new Date(now.getTime() - 30 * 86400_000)), to: day(now) };
  } finally {
    await db.end();
  }
}

async function signIn(base) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** `calls` requests to one address from `callers` callers at once; latencies in ms, and the last answer. */
async function measure(address, cookie, calls, callers) {
  const get = async () => {
    const started = performance.now();
    const res = await fetch(address, { headers: { cookie } });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${address}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, body };
  };
  for (let i = 0; i < WARMUP; i++) await get();
  const times = [];
  let last;
  let next = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next++ < calls) {
        const r = await get();
        times.push(r.ms);
        last = r.body;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { times, last };
}

const filters = await pickFilters();
const scenarios = [
  ['first page', '?page=1&per_page=25'],
  ['page 400 (rows 9,976-10,000)', '?page=400&per_page=25'],
  ['page 20,000 (rows 499,976-500,000)', '?page=20000&per_page=25'],
  ['search: one guest by email', `?search=${encodeURIComponent(filters.email)}`],
  ['search: a common surname (García)', `?search=${encodeURIComponent('garcía')}`],
  ['search: phone digits (555 0012)', `?search=${encodeURIComponent('555 0012')}`],
  [`last seen ${filters.from}-${filters.to}`, `?fromdate=${filters.from}&todate=${filters.to}`],
  ['last 30 days + search García, page 2', `?fromdate=${filters.from}&todate=${filters.to}&search=garc%C3%ADa&page=2`],
];

const server = await startSplashboard(PORT, { DATABASE_URL: databaseUrl, ROLES: 'api' });
const base = `http://127.0.0.1:${PORT}`;
const rows = [];
try {
  const cookie = await signIn(base);
  for (const callers of [1, 4]) {
    for (const [name, query] of scenarios) {
      const { times, last } = await measure(`${base}/s/${siteId}/api/v1/guest/${query}`, cookie, CALLS, callers);
      rows.push({
        list: name,
        callers,
        'p50 ms': Number(percentile(times, 50).toFixed(1)),
        'p95 ms': Number(percentile(times, 95).toFixed(1)),
        'p99 ms': Number(percentile(times, 99).toFixed(1)),
        items: last.items.length,
        total: `${last.metadata.total_exact ? '' : '~'}${last.metadata.total}`,
      });
    }
  }
} finally {
  server.kill();
}
console.table(rows);
const worst = Math.max(...rows.map((r) => r['p95 ms']));
console.log(`${CALLS} calls per line; worst p95 ${worst} ms (target < ${TARGET_MS} ms)`);
if (worst >= TARGET_MS) process.exit(1);
