// The guest portal beside a bare Fastify route, in one run, on the embedded database and (with
// BENCH_DATABASE_URL) on PostgreSQL: the arrival from a UniFi controller (the 303 to the splash page),
// the splash page of a click-through site, and click-through logins granted through a UniFi controller
// (the fake controller of the tests, over HTTPS, in its own process).
// Usage: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/portal.bench.mjs [seconds]
// BENCH_ENGINES=pglite or =postgres measures one engine only (with BENCH_PROFILE=<dir>, to profile it).
import { setTimeout as sleep } from 'node:timers/promises';
import {
  cannon,
  cpuMicros,
  freshPgDatabase,
  macOf,
  PHONE,
  startBare,
  startSplashboard,
  startUnifiController,
  summarize,
  signIn,
  unifiArrivalPath,
} from './lib.mjs';

const seconds = Number(process.argv[2] ?? 10);
const UNIFI_SITE = 'benchsite';
const CONNECTIONS = 10; // autocannon's, as bench/lib.mjs sets it
/** Each measurement is taken in this many slices, taking turns with the others. */
const ROUNDS = 5;
/** How many of the latest arrivals open their splash page in a slice. */
const RECENT = 5000;
const slice = Math.max(1, Math.round(seconds / ROUNDS));
const arrivalPath = (mac) => unifiArrivalPath(UNIFI_SITE, mac);

/** autocannon for one slice, also counting the CPU time the answering process spent. */
async function slicedCannon(pid, opts) {
  const before = cpuMicros(pid);
  const result = await cannon({ duration: slice, ...opts });
  return { ...result, cpuMicros: cpuMicros(pid) - before };
}

/** The slices of one measurement as one result: requests over the time of all slices. */
function combine(results) {
  const sum = (pick) => results.reduce((n, r) => n + pick(r), 0);
  const sorted = (pick) => results.map(pick).sort((a, b) => a - b);
  const total = sum((r) => r.requests.total);
  const out = {
    requests: { total, average: total / sum((r) => r.duration) },
    cpuPerRequest: sum((r) => r.cpuMicros) / total,
    // Percentiles cannot be merged: the middle slice's median, the worst slice's p99.
    latency: { p50: sorted((r) => r.latency.p50)[results.length >> 1], p99: sorted((r) => r.latency.p99).at(-1) },
  };
  for (const key of ['errors', 'timeouts', 'non2xx', '1xx', '2xx', '3xx', '4xx', '5xx']) out[key] = sum((r) => r[key]);
  return out;
}

/** Every answer of a measurement must be of this class (2xx or 3xx), without socket errors. */
function check(name, result, statusClass) {
  const expected = result[statusClass];
  const total = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  if (result.errors || result.timeouts || expected !== total || !total)
    throw new Error(
      `${name}: ${expected} of ${total} answers were ${statusClass}, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
}

async function measure(engine, env, controller, bareUrl, barePid) {
  // On a port the OS chose, as every process here (other work on the machine may hold any fixed one).
  const sb = await startSplashboard(undefined, env);
  const base = sb.base;
  try {
    // The site, as an operator sets it up: a click-through site whose router is the UniFi controller.
    const api = await signIn(base);
    const site = await api('POST', '/s/api/v1/site/', {
      name: 'Bench Café',
      router_type: 'unifi',
      auth_methods: ['clickthrough'],
      skip_image: true,
    });
    const unifi = await api('PUT', `/s/${site.id}/api/v1/routersettings/unifi`, {
      url: controller.url,
      username: 'admin',
      password: 'secret-pass',
      site: UNIFI_SITE,
      skip_tls_verify: true,
    });
    if (unifi.status !== 'Online') throw new Error(`the controller is ${unifi.status}: ${unifi.status_detail}`);
    const grantedBefore = await controller.granted();

    // The three measurements and the bare route take turns in short slices, so that a busy neighbour on
    // the machine weighs on all of them alike.
    const pages = [];
    let arrivals = 0;
    let logins = 0;
    const slices = { bare: [], arrival: [], splash: [], login: [] };
    const bareRequests = Array.from({ length: RECENT }, () => ({ method: 'GET', path: new URL(bareUrl).pathname }));
    for (let round = 0; round < ROUNDS; round++) {
      // The yardstick gets the same request headers as the phone's requests, and the same client work: a
      // list of RECENT prebuilt requests (autocannon spends more per request on a list than on one).
      slices.bare.push(await slicedCannon(barePid, { url: bareUrl, headers: PHONE, requests: bareRequests }));
      // (b) Arrivals, each from a new device; their 303s give the signed pages the others use.
      const arrived = pages.length;
      slices.arrival.push(
        await slicedCannon(sb.pid, {
          url: base,
          headers: PHONE,
          requests: [
            {
              method: 'GET',
              setupRequest: (req) => ({ ...req, path: arrivalPath(macOf(arrivals++)) }),
              onResponse: (status, _body, _ctx, headers) => {
                if (status === 303) pages.push(headers.location ?? headers.Location);
              },
            },
          ],
        }),
      );
      // (a) The splash page of the guests who just arrived (the last ones of the slice before, at most
      // RECENT), as a phone opens it right after the redirect. The page is drawn once per settings
      // version; every request has its pass checked. Prebuilt requests (no per-request setup on the
      // client), as the bare route's.
      const justArrived = pages.slice(Math.max(arrived, pages.length - RECENT)).map((path) => ({ method: 'GET', path }));
      slices.splash.push(await slicedCannon(sb.pid, { url: base, headers: PHONE, requests: justArrived }));
      // (c) Logins: each POST is a new guest's first login (a pass of its own, a MAC the site has not
      // seen), recorded and granted by the controller. Should the passes run out, a pass is used again:
      // a repeated login of that device, still recorded and granted; the count is printed.
      slices.login.push(
        await slicedCannon(sb.pid, {
          url: base,
          headers: { ...PHONE, 'content-type': 'application/x-www-form-urlencoded' },
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => ({ ...req, path: `${pages[logins++ % pages.length]}clickthrough`, body: '' }),
            },
          ],
        }),
      );
    }
    const r = Object.fromEntries(Object.entries(slices).map(([name, results]) => [name, combine(results)]));
    check(`${engine} bare`, r.bare, '2xx');
    check(`${engine} arrival`, r.arrival, '3xx');
    check(`${engine} splash page`, r.splash, '2xx');
    check(`${engine} login`, r.login, '2xx');
    // autocannon stops counting at the end of a slice; the logins still in flight then (one per
    // connection at most) are granted all the same.
    await sleep(1000);
    const granted = (await controller.granted()) - grantedBefore;
    if (granted < r.login['2xx'] || granted > r.login['2xx'] + CONNECTIONS * ROUNDS)
      throw new Error(`${engine}: ${r.login['2xx']} logins answered, the controller granted ${granted}`);
    return { ...r, granted, passes: pages.length, repeats: Math.max(0, logins - pages.length) };
  } finally {
    sb.kill();
  }
}

const bare = await startBare();
const only = process.env.BENCH_ENGINES?.toLowerCase().split(',');
const controller = await startUnifiController([UNIFI_SITE]);
const rows = [];
const notes = [];
try {
  const engines = [];
  if (!only || only.includes('pglite')) engines.push(['PGlite', {}]);
  const pgDb = !only || only.includes('postgres') ? await freshPgDatabase() : null;
  if (pgDb) engines.push(['PostgreSQL', { DATABASE_URL: pgDb.url }]);
  for (const [engine, env] of engines) {
    const r = await measure(engine, env, controller, bare.url, bare.pid);
    const ratio = (x) => (x.requests.average / r.bare.requests.average).toFixed(3);
    const cpuRatio = (x) => (r.bare.cpuPerRequest / x.cpuPerRequest).toFixed(3);
    const row = (name, x) => ({ ...summarize(name, x), 'server CPU µs/req': Number(x.cpuPerRequest.toFixed(1)) });
    rows.push(
      row(`bare Fastify route (beside ${engine})`, r.bare),
      row(`${engine}: GET splash page`, r.splash),
      // Every arrival answered 303 (checked): count only other answers as failures.
      { ...row(`${engine}: GET arrival (303)`, r.arrival), non2xx: r.arrival.non2xx - r.arrival['3xx'] },
      row(`${engine}: POST click-through login`, r.login),
    );
    notes.push(
      `${engine}: a click-through login costs ${(r.login.cpuPerRequest / 1000).toFixed(2)} ms of server CPU; ` +
        `req/s ratio to bare: splash ${ratio(r.splash)}, arrival ${ratio(r.arrival)}, login ${ratio(r.login)};` +
        ` server CPU per request, bare/portal: splash ${cpuRatio(r.splash)}, arrival ${cpuRatio(r.arrival)}, login ${cpuRatio(r.login)}` +
        ` (${r.granted} guests granted by the controller; ${r.passes} passes, ${r.repeats} logins repeated a pass)`,
    );
  }
  await pgDb?.drop();
} finally {
  bare.child.kill();
  controller.child.kill();
}
console.table(rows);
console.log(notes.join('\n'));
