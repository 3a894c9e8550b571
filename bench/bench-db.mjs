// The PostgreSQL databases the large benchmarks fill once and keep between runs (bench/*-data.mjs), on the
// server BENCH_DATABASE_URL names.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root } from './lib.mjs';

/** The login of the account the data is made for (seeded as the server's demo account). */
export const DEMO = { email: 'bench@splashboard.local', password: 'bench-password' };

/** The address of database `name` on the BENCH_DATABASE_URL server. */
export function benchDatabaseUrl(name) {
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) throw new Error('Set BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the BENCH_DATABASE_URL database itself (creating and dropping the bench databases). */
export async function adminQuery(sql) {
  const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Migrates the database at `url` with the built server and seeds its demo account (three sites). */
export function migrateAndSeed(url) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-data-'));
  const r = spawnSync(process.execPath, ['server/dist/main.js', 'seed'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      DEMO_EMAIL: DEMO.email,
      DEMO_PASSWORD: DEMO.password,
      LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
  });
  rmSync(dataDir, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`migrate/seed failed: ${r.stderr || r.stdout}`);
}
