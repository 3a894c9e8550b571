// Vouchers at print-shop scale, through the API of the built server (issue 24): a batch made with
// POST /s/{siteId}/api/v1/voucher/ (codes drawn, checked unique in the account, stored in one transaction),
// then the PDF of its cards (GET .../batches/{id}/pdf?paper=a4, 10 cards an A4 page, each with its code and
// QR code, under the design's logo, a PNG with transparency) timed until its last byte, with the server
// process's peak RSS while it streams (VmHWM of /proc/<pid>/status, reset before the request through
// /proc/<pid>/clear_refs, and VmRSS sampled every 10 ms); then a page of the lists over all of them.
// 10,000 vouchers three times (best and worst), then 100,000 in one batch. On the embedded database, and on
// PostgreSQL with BENCH_DATABASE_URL. Exits 1 when the 100,000 take 10 s or more to create, or 10 s or more
// to print (each on its own; their sum is printed too), or when printing them grows the server's memory
// more than 32 MB beyond what printing 10,000 did (memory not bounded by the page).
// Usage: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/vouchers.bench.mjs
import { Blob, Buffer } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { crc32, deflateSync } from 'node:zlib';
import { cpuMicros, freshPgDatabase, signIn, startSplashboard } from './lib.mjs';

const SMALL = 10_000;
const SMALL_ROUNDS = 3;
const LARGE = 100_000;
const BUDGET_MS = 10_000;
const MEMORY_SLACK_MB = 32;
const CARDS_PER_PAGE = 10;

/** kB of a VmRSS or VmHWM line of /proc/<pid>/status. */
const statusKb = (pid, field) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

/** A 240x80 RGBA PNG, half transparent: a logo whose transparency the PDF keeps as a soft mask. */
function logoPng() {
  const [width, height] = [240, 80];
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([size, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) row.set([x, y * 3, 200, x < width / 2 ? 255 : 96], 1 + x * 4);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function create(api, pid, siteId, count) {
  const cpu = cpuMicros(pid);
  const t = performance.now();
  const batch = await api('POST', `/s/${siteId}/api/v1/voucher/`, {
    count,
    duration_value: 1,
    duration_type: 'days',
    num_devices: 2,
    speed_dl: 4096,
    data_limit: 2000,
  });
  const ms = performance.now() - t;
  if (batch.unused !== count) throw new Error(`created ${JSON.stringify(batch)}`);
  return { batch, ms, cpuMs: (cpuMicros(pid) - cpu) / 1000 };
}

/** The batch's PDF read to its last byte, with the server's RSS before and at its peak meanwhile. */
async function print(base, headers, pid, siteId, batch) {
  const rssBefore = statusKb(pid, 'VmRSS');
  // Writing 5 resets the process's peak RSS (VmHWM) to its RSS now.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  let sampled = rssBefore;
  const sampler = setInterval(() => (sampled = Math.max(sampled, statusKb(pid, 'VmRSS'))), 10);
  const cpu = cpuMicros(pid);
  const t = performance.now();
  const res = await fetch(`${base}/s/${siteId}/api/v1/voucher/batches/${batch.id}/pdf?paper=a4`, { headers });
  const parts = [];
  for await (const part of res.body) parts.push(part);
  const ms = performance.now() - t;
  clearInterval(sampler);
  const cpuMs = (cpuMicros(pid) - cpu) / 1000;
  const peak = Math.max(sampled, statusKb(pid, 'VmHWM'));
  const body = Buffer.concat(parts);
  const text = body.toString('latin1');
  const pages = (text.match(/\/Type \/Page\b/g) ?? []).length;
  const expected = Math.ceil(batch.count / CARDS_PER_PAGE);
  if (res.status !== 200 || res.headers.get('content-encoding') || pages !== expected || !text.trimEnd().endsWith('%%EOF'))
    throw new Error(`the PDF of ${batch.count} answered ${res.status} with ${pages} pages (${expected} expected)`);
  if (!text.includes('/SMask')) throw new Error('the PDF has no soft-masked logo');
  return { ms, cpuMs, bytes: body.length, rssBeforeMb: rssBefore / 1024, growthMb: (peak - rssBefore) / 1024 };
}

async function measure(env) {
  const sb = await startSplashboard(undefined, env);
  try {
    const api = await signIn(sb.base);
    const site = await api('POST', '/s/api/v1/site/', {
      name: 'Bench Hotel',
      router_type: 'unifi',
      auth_methods: ['voucher'],
      skip_image: true,
    });
    const form = new globalThis.FormData();
    form.append('file', new Blob([logoPng()], { type: 'image/png' }), 'logo.png');
    const logo = await fetch(`${sb.base}/s/${site.id}/api/v1/voucher/voucherdesigner/logo`, {
      method: 'POST',
      headers: api.headers,
      body: form,
    });
    if (logo.status !== 200) throw new Error(`logo upload answered ${logo.status}`);
    await api('PUT', `/s/${site.id}/api/v1/voucher/voucherdesigner/`, {
      logo_image: (await logo.json()).filelink,
      show_batch: true,
    });

    const small = [];
    for (let round = 0; round < SMALL_ROUNDS; round++) {
      const made = await create(api, sb.pid, site.id, SMALL);
      small.push({ create: made, pdf: await print(sb.base, api.headers, sb.pid, site.id, made.batch) });
    }
    const made = await create(api, sb.pid, site.id, LARGE);
    const large = { create: made, pdf: await print(sb.base, api.headers, sb.pid, site.id, made.batch) };

    const list = [];
    for (const path of ['unused?per_page=25', 'unused?per_page=25&sort_by=code&sort_on=asc&search=k7', 'batches']) {
      const t = performance.now();
      await api('GET', `/s/${site.id}/api/v1/voucher/${path}`);
      list.push(performance.now() - t);
    }
    return { small, large, list, serverRssMb: statusKb(sb.pid, 'VmRSS') / 1024 };
  } finally {
    sb.kill();
  }
}

const s = (ms) => (ms / 1000).toFixed(2);
const mb = (v) => v.toFixed(1);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const rows = [];
const failures = [];
console.log(`load average (1 / 5 / 15 min) at the start: ${load()}`);
const engines = [['pglite', {}]];
const pgDb = await freshPgDatabase();
if (pgDb) engines.push(['postgres', { DATABASE_URL: pgDb.url }]);
try {
  for (const [engine, env] of engines) {
    const r = await measure(env);
    const worst = (pick) => Math.max(...r.small.map(pick));
    const best = (pick) => Math.min(...r.small.map(pick));
    rows.push({
      engine,
      vouchers: `${SMALL.toLocaleString('en')} (best / worst of ${SMALL_ROUNDS})`,
      'create s': `${s(best((x) => x.create.ms))} / ${s(worst((x) => x.create.ms))}`,
      'PDF s': `${s(best((x) => x.pdf.ms))} / ${s(worst((x) => x.pdf.ms))}`,
      'sum s': `${s(best((x) => x.create.ms + x.pdf.ms))} / ${s(worst((x) => x.create.ms + x.pdf.ms))}`,
      'server CPU s (create, PDF)': `${s(worst((x) => x.create.cpuMs))}, ${s(worst((x) => x.pdf.cpuMs))}`,
      'PDF MB': mb(r.small[0].pdf.bytes / 1e6),
      'RSS before MB': mb(r.small.at(-1).pdf.rssBeforeMb),
      'RSS growth MB': mb(worst((x) => x.pdf.growthMb)),
    });
    const { create: c, pdf: p } = r.large;
    rows.push({
      engine,
      vouchers: LARGE.toLocaleString('en'),
      'create s': s(c.ms),
      'PDF s': s(p.ms),
      'sum s': s(c.ms + p.ms),
      'server CPU s (create, PDF)': `${s(c.cpuMs)}, ${s(p.cpuMs)}`,
      'PDF MB': mb(p.bytes / 1e6),
      'RSS before MB': mb(p.rssBeforeMb),
      'RSS growth MB': mb(p.growthMb),
    });
    console.log(
      `${engine}: a list page / a search / the batches over ${(SMALL * SMALL_ROUNDS + LARGE).toLocaleString('en')}: ${r.list.map(s).join(' / ')} s`,
    );
    if (c.ms >= BUDGET_MS) failures.push(`${engine}: creating ${LARGE} took ${s(c.ms)} s`);
    if (p.ms >= BUDGET_MS) failures.push(`${engine}: the PDF of ${LARGE} took ${s(p.ms)} s`);
    const smallGrowth = worst((x) => x.pdf.growthMb);
    if (p.growthMb > smallGrowth + MEMORY_SLACK_MB)
      failures.push(`${engine}: the PDF of ${LARGE} grew the RSS ${mb(p.growthMb)} MB, ${mb(smallGrowth)} MB for ${SMALL}`);
  }
} finally {
  await pgDb?.drop();
}
console.table(rows);
console.log(`load average (1 / 5 / 15 min) at the end: ${load()}`);
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
