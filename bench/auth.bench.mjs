// Sign-in and an authenticated profile read beside a bare Fastify route, in one run, on the embedded
// database and (with BENCH_DATABASE_URL) on PostgreSQL.
// Usage: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/auth.bench.mjs [seconds]
import { cannon, freshPgDatabase, startBare, startSplashboard, summarize } from './lib.mjs';

const seconds = Number(process.argv[2] ?? 10);
const credentials = JSON.stringify({ email: 'bench@splashboard.local', password: 'bench-password' });

async function measure(engine, env) {
  // Every process on a port the OS chose (other work on the machine may hold any fixed one).
  const sb = await startSplashboard(undefined, env);
  const base = sb.base;
  try {
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: credentials,
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const profile = await cannon({ url: `${base}/a/api/v1/profile/`, headers: { cookie }, duration: seconds });
    const signIn = await cannon({
      url: `${base}/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: credentials,
      duration: seconds,
    });
    if (profile.non2xx || signIn.non2xx) throw new Error(`${engine}: some requests failed`);
    return { profile, signIn };
  } finally {
    sb.kill();
  }
}

const bare = await startBare();
const rows = [];
const ratios = [];
try {
  const bareResult = await cannon({ url: bare.url, duration: seconds });
  rows.push(summarize('bare Fastify route', bareResult));
  const ratio = (r) => (r.requests.average / bareResult.requests.average).toFixed(4);
  const engines = [['PGlite', {}]];
  const pgDb = await freshPgDatabase();
  if (pgDb) engines.push(['PostgreSQL', { DATABASE_URL: pgDb.url }]);
  for (const [engine, env] of engines) {
    const { profile, signIn } = await measure(engine, env);
    rows.push(summarize(`${engine}: GET /a/api/v1/profile/`, profile), summarize(`${engine}: POST /login (argon2id)`, signIn));
    ratios.push(`${engine}: profile/bare = ${ratio(profile)}, login/bare = ${ratio(signIn)}`);
  }
  await pgDb?.drop();
} finally {
  bare.child.kill();
}
console.table(rows);
console.log(ratios.join('\n'));
