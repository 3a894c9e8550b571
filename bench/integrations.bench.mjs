// Integrations under a burst, on PostgreSQL (BENCH_DATABASE_URL; skipped without it): the built server with five
// integrations of one site turned on through its API (our webhook, HubSpot, iContact, Customer.io and a signed-POST
// vendor, Placewise), each pointed at its vendor's fake from the tests (server/test/fakes/integrations/, bundled
// here with esbuild) on loopback. Then 10,000 guests with marketing consent "log in" within about five seconds:
// their rows are written as the portal's login writes them (the portal's own cost is portal.bench.mjs's), and for
// the first minute every vendor fails half its calls with a 503. Printed per integration: the seconds until the
// last guest was delivered, the calls the vendor took and its busiest second against the rate the adapter keeps,
// the retries, the parked, and the checks: every guest at the vendor (no loss) and none delivered twice.
// Usage: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/integrations.bench.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';
import pg from 'pg';
import { freshPgDatabase, root, signIn, startSplashboard } from './lib.mjs';

if (!process.env.BENCH_DATABASE_URL) {
  console.log('integrations.bench: PostgreSQL only, set BENCH_DATABASE_URL; skipped');
  process.exit(0);
}
const GUESTS = Number(process.env.BENCH_GUESTS ?? 10_000);
const FAILING_MS = 60_000;
const KINDS = ['webhook', 'hubspot', 'icontact', 'customerio', 'placewise'];
const CALLS_PER_SECOND = { webhook: 50, hubspot: 9, icontact: 2, customerio: 80, placewise: 10 };
const DEADLINE_MS = 20 * 60_000;

// The fakes are TypeScript: one bundle beside node_modules so that their packages resolve (esbuild is the
// server's build tool, installed in its workspace).
const { build } = createRequire(path.join(root, 'server', 'package.json'))('esbuild');
const outDir = path.join(root, 'node_modules', '.cache', 'splashboard-bench');
mkdirSync(outDir, { recursive: true });
const fakesFile = path.join(outDir, 'integration-fakes.mjs');
await build({
  entryPoints: [path.join(root, 'server/test/fakes/integrations/index.ts')],
  outfile: fakesFile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // npm packages stay external; the workspace's contract is TypeScript and goes in.
  plugins: [
    {
      name: 'npm-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (a) =>
          a.path.startsWith('@splashboard/') ? undefined : { path: a.path, external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
});
const { startFakeVendor, apiBasesOf } = await import(fakesFile);

const database = await freshPgDatabase();
const fakes = new Map();
for (const kind of KINDS) fakes.set(kind, await startFakeVendor(kind));
const server = await startSplashboard(undefined, {
  DATABASE_URL: database.url,
  INTEGRATION_API_BASES: apiBasesOf([...fakes.values()]),
  INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true',
  INTEGRATIONS_POLL_MS: '500',
});
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const api = await signIn(server.base);
  const site = await api('POST', '/s/api/v1/site/', {
    name: 'Bench Arena',
    router_type: 'unifi',
    auth_methods: ['email'],
    skip_image: true,
  });
  for (const [kind, fake] of fakes) {
    await api('PUT', `/s/${site.id}/api/v1/integrations/${kind}`, { settings: fake.settings, enabled: true });
    const test = await api('POST', `/s/${site.id}/api/v1/integrations/${kind}/test`, {});
    if (!test.ok) throw new Error(`${kind}: the connection test failed: ${test.message}`);
  }
  const {
    rows: [{ account_id: accountId }],
  } = await db.query('select account_id from sites where id = $1', [site.id]);

  const startedAt = Date.now();
  for (const fake of fakes.values()) fake.failRandomly(0.5, startedAt + FAILING_MS);
  // The burst: 10,000 consenting guests in 20 writes a quarter of a second apart.
  const slice = Math.ceil(GUESTS / 20);
  for (let from = 0; from < GUESTS; from += slice) {
    await db.query(
      `insert into guests (account_id, site_id, identity, email, first_name, last_name, marketing_consent,
         first_method, last_method, visits, first_seen_at, last_seen_at)
       select $1, $2, 'email:guest' || i || '@bench.example', 'guest' || i || '@bench.example', 'Guest', 'N' || i, true,
         'email', 'email', 1, now(), now()
       from generate_series($3::int, $4::int) as i`,
      [accountId, site.id, from, Math.min(GUESTS, from + slice) - 1],
    );
    await sleep(250);
  }
  const burstSeconds = (Date.now() - startedAt) / 1000;

  const doneAt = new Map();
  while (doneAt.size < fakes.size && Date.now() - startedAt < DEADLINE_MS) {
    for (const [kind, fake] of fakes) if (!doneAt.has(kind) && fake.count() >= GUESTS) doneAt.set(kind, Date.now());
    await sleep(250);
  }
  // A moment more, so that a late duplicate would show.
  await sleep(3000);

  const { rows: byIntegration } = await db.query(
    `select i.kind,
       count(*) filter (where d.status = 'delivered')::int as delivered,
       count(*) filter (where d.status = 'parked')::int as parked,
       count(*) filter (where d.status in ('queued', 'retrying', 'sending'))::int as waiting,
       coalesce(sum(d.attempts - 1) filter (where d.status = 'delivered'), 0)::int as retries
     from integrations i left join integration_deliveries d on d.integration_id = i.id
     where i.site_id = $1 group by i.kind`,
    [site.id],
  );
  const { rows: twice } = await db.query(
    `select i.kind, count(*)::int as guests from (
       select integration_id, guest_id from integration_deliveries
       where status = 'delivered' and action in ('upsert', 'login') group by 1, 2 having count(*) > 1) t
     join integrations i on i.id = t.integration_id group by i.kind`,
  );
  const lines = KINDS.map((kind) => {
    const fake = fakes.get(kind);
    const row = byIntegration.find((r) => r.kind === kind) ?? {};
    const perSecond = new Map();
    for (const r of fake.requests) perSecond.set(Math.floor(r.at / 1000), (perSecond.get(Math.floor(r.at / 1000)) ?? 0) + 1);
    const done = doneAt.get(kind);
    return {
      integration: kind,
      'delivered in s': done ? ((done - startedAt) / 1000).toFixed(1) : `not all in ${DEADLINE_MS / 60_000} min`,
      'at the vendor': fake.count(),
      'vendor calls': fake.requests.length,
      'busiest second / rate kept': `${Math.max(...perSecond.values())} / ${CALLS_PER_SECOND[kind]}`,
      retries: row.retries,
      parked: row.parked,
      waiting: row.waiting,
      'delivered twice': twice.find((t) => t.kind === kind)?.guests ?? 0,
    };
  });
  console.log(
    `integrations.bench: ${GUESTS} consenting guests written in ${burstSeconds.toFixed(1)} s; ` +
      `every vendor failed half its calls (503) for the first ${FAILING_MS / 1000} s`,
  );
  console.table(lines);
  const lost = lines.filter((l) => l['at the vendor'] < GUESTS || l.parked > 0 || l['delivered twice'] > 0);
  if (lost.length) {
    console.log(`integrations.bench: loss or duplicates at ${lost.map((l) => l.integration).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await db.end();
  server.kill();
  await Promise.all([...fakes.values()].map((f) => f.close()));
  await sleep(500);
  await database.drop();
}
