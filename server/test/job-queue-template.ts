import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../src/db/client.ts';

/**
 * pg-boss's schema and a queue for every job the app registers, made in a test template database, so that
 * each test server's start finds them instead of making them (0.7 to 1.7 s a start on PGlite). The app is
 * built on the template as a node without the worker role builds it, and its queues started; it must leave
 * nothing else behind, so every table's row count is compared before and after (the secret key's
 * fingerprint, which it writes, is taken off: each test server has its own key). A queue or a pg-boss
 * version the template lacks is still made at a server's start.
 */
export async function makeJobQueues(handle: DatabaseHandle, databaseUrl?: string): Promise<void> {
  const { loadConfig } = await import('../src/config.ts');
  const { buildApp } = await import('../src/app.ts');
  const before = await rowCounts(handle);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-template-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SECRET_KEY: randomBytes(32).toString('hex'),
      ROLES: 'api',
      STRIPE_SECRET_KEY: '',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const built = await buildApp(config, { handle });
    await built.startWorkers();
    await built.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  await handle.executeSql('delete from secret_key_fingerprint');
  const after = await rowCounts(handle);
  const changed = [...after].filter(([table, n]) => before.get(table) !== n);
  if (changed.length) throw new Error(`Building the app on the test template wrote rows: ${JSON.stringify(changed)}`);
}

/** Every table's row count outside pg-boss's schema (the template's tables are few and empty). */
async function rowCounts(handle: DatabaseHandle): Promise<Map<string, number>> {
  const { rows } = await handle.executeSql(
    `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables where schemaname <> 'pgboss'`,
  );
  const counts = new Map<string, number>();
  for (const { name } of rows as { name: string }[]) {
    const counted = await handle.executeSql(`select count(*)::int as n from ${name}`);
    counts.set(name, Number(counted.rows[0]?.n));
  }
  return counts;
}
