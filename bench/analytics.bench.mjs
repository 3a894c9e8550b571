// The dashboard's calls on PostgreSQL at scale, over HTTP through the built server: every tile for one
// site over the last 30 days and for the control panel, all 100 sites (target for both: p95 under
// 150 ms), on the data of bench/analytics-data.mjs (1,000,000 guests, 10,000,000 sessions).
// Each call is asked `rounds` times one after another (the site ones rotating over the sites and the
// days), then the whole dashboard at once as the screen asks it (every tile in parallel).
// Usage: npm run build -w server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/analytics.bench.mjs [rounds]
import { performance } from 'node:perf_hooks';
import { DEMO } from './bench-db.mjs';
import { generate } from './analytics-data.mjs';
import { DASHBOARD_TILES, last30, percentile, startSplashboard } from './lib.mjs';

const rounds = Number(process.argv[2] ?? 40);
const PORT = 18190;
const TARGET = { site: 150, all: 150 };

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
  for (const path of Object.values(DASHBOARD_TILES)) for (let n = 0; n < 3; n++) await get(allUrl(n, path));

  const rows = [];
  let failed = 0;
  for (const [scope, urlOf, target] of [
    ['one site', siteUrl, TARGET.site],
    ['all sites', allUrl, TARGET.all],
  ]) {
    for (const path of Object.values(DASHBOARD_TILES)) {
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
      await Promise.all(Object.values(DASHBOARD_TILES).map((path) => get(urlOf(n, path))));
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
