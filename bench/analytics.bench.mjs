// The dashboard's calls on PostgreSQL at scale, over HTTP through the built server: every tile for one
// site over the last 30 days and for the control panel, all 100 sites (target for both: p95 under
// 150 ms), on the data of bench/analytics-data.mjs (1,000,000 guests, 10,000,000 sessions).
// Each call is asked `rounds` times one after another (the site ones rotating over the sites and the
// days), then the whole dashboard at once as the screen asks it (every tile in parallel).
// Usage: npm run build -w server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/analytics.bench.mjs [rounds]
import { performance } from 'node:perf_hooks';
import { DEMO } from './bench-db.mjs';
import { generate } from './analytics-data.mjs';
import { startSplashboard } from './lib.mjs';

const rounds = Number(process.argv[2] ?? 40);
const PORT = 18190;
const TARGET = { site: 150, all: 150 };

// The calls as the contract names them (packages/contract/src/dashboard.ts).
const TILES = {
  total_guests: 'total_guests',
  bounce_rate: 'bounce_rate',
  dwell_time: 'dwell_time',
  online_now: 'online_now',
  first_time_guests: 'onlyonce',
  wifi_logins: 'logins/graph',
  guest_activity: 'acitivity/graph',
  gender: 'gender/pie',
  segments: 'segments/pie',
  latest_guests: 'latestguests/table',
  active_vouchers: 'voucher/num_active_vouchers/',
  unused_vouchers: 'voucher/num_unused_vouchers/',
  expiring_vouchers: 'voucher/num_about_to_expire/',
  activated_vouchers: 'voucher/num_vouchers_activated/',
  recurring_revenue: 'payment/recurring_amount/',
  payments_collected: 'payment/total_amount/',
  daily_transactions: 'payment/get_daily_transactions/',
  latest_transactions: 'payment/get_latest_transactions/',
  popular_packages: 'payment/get_most_transaction_package/',
};

const ddmmyyyy = (d) => d.toISOString().slice(0, 10).split('-').reverse().join('/');
/** The last 30 days ending `back` days ago (0: today). */
const last30 = (back) => {
  const to = new Date(Date.now() - back * 86_400_000);
  return `fromdate=${ddmmyyyy(new Date(to.getTime() - 29 * 86_400_000))}&todate=${ddmmyyyy(to)}`;
};

async function signIn(base) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async (path) => {
    const started = performance.now();
    const answer = await fetch(`${base}${path}`, { headers: { cookie } });
    const text = await answer.text();
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${text}`);
    return ms;
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) };
}
const fmt = (n) => Math.round(n * 10) / 10;

if (!process.env.BENCH_DATABASE_URL) {
  console.log('analytics.bench.mjs measures PostgreSQL at scale: set BENCH_DATABASE_URL to run it (skipped)');
  process.exit(0);
}
const data = await generate();
const server = await startSplashboard(PORT, {
  DATABASE_URL: data.url,
  ROLES: 'api',
  DEMO_EMAIL: DEMO.email,
  DEMO_PASSWORD: DEMO.password,
});
const base = `http://127.0.0.1:${PORT}`;
try {
  const get = await signIn(base);
  const sites = data.siteIds;
  const siteUrl = (n, path) => `/s/${sites[n % sites.length]}/api/v1/dashboard/${path}?${last30(n % 7)}`;
  const allUrl = (n, path) => `/a/api/v1/dashboard/${path}?${last30(n % 7)}`;
  // Warm-up: the first calls plan their queries and load the pages they read.
  for (const path of Object.values(TILES)) for (let n = 0; n < 3; n++) await get(allUrl(n, path));

  const rows = [];
  let failed = 0;
  for (const [scope, urlOf, target] of [
    ['one site', siteUrl, TARGET.site],
    ['all sites', allUrl, TARGET.all],
  ]) {
    for (const path of Object.values(TILES)) {
      const times = [];
      for (let n = 0; n < rounds; n++) times.push(await get(urlOf(n, path)));
      const s = stats(times);
      const ok = s.p95 < target;
      if (!ok) failed++;
      rows.push({
        scope,
        call: path,
        'p50 ms': fmt(s.p50),
        'p95 ms': fmt(s.p95),
        'max ms': fmt(s.max),
        [`< ${target} ms`]: ok ? 'yes' : 'NO',
      });
    }
    // The screen's load: every tile at once.
    const times = [];
    for (let n = 0; n < Math.max(5, Math.floor(rounds / 4)); n++) {
      const started = performance.now();
      await Promise.all(Object.values(TILES).map((path) => get(urlOf(n, path))));
      times.push(performance.now() - started);
    }
    const s = stats(times);
    rows.push({ scope, call: '(all 19 tiles at once)', 'p50 ms': fmt(s.p50), 'p95 ms': fmt(s.p95), 'max ms': fmt(s.max) });
  }
  console.table(rows);
  console.log(
    failed
      ? `${failed} calls over their p95 target`
      : `every call within its p95 target (${TARGET.site} ms one site, ${TARGET.all} ms all sites)`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  server.kill('SIGTERM');
}
