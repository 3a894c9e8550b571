// Vouchers at print-shop scale, through the API of the built server: (1) a batch of 10,000 vouchers made
// with POST /s/{siteId}/api/v1/voucher/ (codes drawn, checked unique in the account, stored in one
// transaction), (2) the PDF of its 10,000 cards (GET .../batches/{id}/pdf, A4, 10 cards a page, each with
// its code and QR code), timed until the last byte arrives; then a page of the lists over all of them. Each is run ROUNDS times on a fresh batch;
// the table shows the best and the worst. On the embedded database, and on PostgreSQL with BENCH_DATABASE_URL.
// Both must stay under 10 s (the budget); the script exits 1 when one does not.
// Usage: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/vouchers.bench.mjs
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { freshPgDatabase, startSplashboard } from './lib.mjs';

const COUNT = 10_000;
const ROUNDS = 3;
const BUDGET_MS = 10_000;
const PORTS = { pglite: 18190, pg: 18191 };
const credentials = JSON.stringify({ email: 'bench@splashboard.local', password: 'bench-password' });

async function signIn(base) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: credentials,
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return (method, path, body) =>
    fetch(`${base}${path}`, {
      method,
      headers: { cookie: cookies.join('; '), 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

async function measure(engine, env, port) {
  const sb = await startSplashboard(port, env);
  const base = `http://127.0.0.1:${port}`;
  try {
    const api = await signIn(base);
    const site = await (
      await api('POST', '/s/api/v1/site/', {
        name: 'Bench Hotel',
        router_type: 'unifi',
        auth_methods: ['voucher'],
        skip_image: true,
      })
    ).json();
    const create = [];
    const pdf = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let t = performance.now();
      const res = await api('POST', `/s/${site.id}/api/v1/voucher/`, {
        count: COUNT,
        duration_value: 1,
        duration_type: 'days',
        num_devices: 2,
        speed_dl: 4096,
        data_limit: 2000,
      });
      const batch = await res.json();
      create.push(performance.now() - t);
      if (res.status !== 200 || batch.unused !== COUNT)
        throw new Error(`${engine}: create answered ${res.status} ${JSON.stringify(batch)}`);

      t = performance.now();
      const file = await api('GET', `/s/${site.id}/api/v1/voucher/batches/${batch.id}/pdf?paper=a4`);
      const body = Buffer.from(await file.arrayBuffer());
      pdf.push(performance.now() - t);
      const pages = (body.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
      if (file.status !== 200 || pages !== COUNT / 10)
        throw new Error(`${engine}: the PDF answered ${file.status} with ${pages} pages`);
      bytes = body.length;
    }
    // The lists the dashboard pages through, over the 30,000 vouchers of the rounds.
    const list = [];
    for (const path of ['unused?per_page=25', 'unused?per_page=25&sort_by=code&sort_on=asc&search=k7', 'batches']) {
      const t = performance.now();
      const res = await api('GET', `/s/${site.id}/api/v1/voucher/${path}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${engine}: GET ${path} answered ${res.status}`);
      list.push(performance.now() - t);
    }
    return { create, pdf, bytes, list };
  } finally {
    sb.kill();
  }
}

const seconds = (ms) => (ms / 1000).toFixed(2);
const rows = [];
let over = false;
const engines = [['pglite', {}, PORTS.pglite]];
const pgDb = await freshPgDatabase();
if (pgDb) engines.push(['postgres', { DATABASE_URL: pgDb.url }, PORTS.pg]);
try {
  for (const [engine, env, port] of engines) {
    const r = await measure(engine, env, port);
    for (const [what, times] of [
      [`create ${COUNT} vouchers`, r.create],
      [`PDF of ${COUNT} cards (${(r.bytes / 1e6).toFixed(1)} MB)`, r.pdf],
    ]) {
      const worst = Math.max(...times);
      over ||= worst >= BUDGET_MS;
      rows.push({
        engine,
        what,
        'best s': seconds(Math.min(...times)),
        'worst s': seconds(worst),
        'under 10 s': worst < BUDGET_MS ? 'yes' : 'NO',
      });
    }
    rows.push({ engine, what: `list page / search / batches, of ${ROUNDS * COUNT}`, 'best s': r.list.map(seconds).join(' / ') });
  }
} finally {
  await pgDb?.drop();
}
console.table(rows);
if (over) {
  console.error('A measurement went over the 10 s budget.');
  process.exit(1);
}
