import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.ts';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a repository query runs on: the database, or a transaction a caller opened. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** The pg Pool on PostgreSQL (a read replica falls back to it); null on PGlite. */
  pool: pg.Pool | null;
  /** Raw SQL for parts that speak SQL themselves (the job queue). Multi-statement text is allowed without values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The connections it holds: a pg Pool's counts, or PGlite's one. */
  poolUse(): { total: number; idle: number; waiting: number };
  /**
   * Runs `fn` while no other process on this database runs anything under the same `name` (a PostgreSQL
   * session lock on a connection of its own); PGlite is one process's database, so there it just runs.
   */
  oneAtATime<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The last migration this build ships (drizzle's journal, beside the migrations in the source and in the build). */
export function latestShippedMigration(): { when: number; tag: string } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries.at(-1)!;
}

/**
 * Where a database stands against this build, from the journal time of the last migration it applied (null
 * before any): `current`; `behind` (migrate() brings it up); or `ahead`, when a newer release's node has
 * migrated it. Migrations only expand the schema (scripts/check-migrations.mjs), so a node of the previous
 * release keeps serving on a database that is ahead while the nodes are replaced one at a time.
 */
export function schemaAgainstBuild(lastApplied: number | null): 'current' | 'behind' | 'ahead' {
  const latest = latestShippedMigration().when;
  if (lastApplied === latest) return 'current';
  return lastApplied !== null && lastApplied > latest ? 'ahead' : 'behind';
}

/** The journal time of the last migration the database applied (drizzle's table), or null before any. */
export async function lastAppliedMigration(handle: Pick<DatabaseHandle, 'executeSql'>): Promise<number | null> {
  const { rows } = await handle.executeSql('select max(created_at) as last from drizzle.__drizzle_migrations');
  const last = rows[0]?.last;
  return last === null || last === undefined ? null : Number(last);
}

// Extensions the migrations create must be loaded into PGlite first (PostgreSQL ships them).
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * An in-memory PGlite database with every migration applied, then `prepare` (the tests make the job queue's
 * tables there), as the data folder archive PGlite can start from (`template` of openDatabase). Starting from
 * it takes about a quarter of the time a new database takes to initialize and migrate, which the tests do
 * once per file.
 */
export async function migratedPgliteArchive(prepare?: (handle: DatabaseHandle) => Promise<void>): Promise<Blob> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const handle = pgliteHandle(client, null);
  await handle.migrate();
  await prepare?.(handle);
  const archive = await client.dumpDataDir('none');
  await client.close();
  return archive;
}

/**
 * PostgreSQL when a URL is given, else embedded PGlite in `pgliteDir` (in memory when it is omitted),
 * started from a `template` archive (see migratedPgliteArchive) when one is given.
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  poolSize?: number;
  template?: Blob;
}): Promise<DatabaseHandle> {
  const url = opts.url;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on the next checkout.
    });
    // A client checked out between two statements (in a transaction) has no listener of the pool's: its lost
    // connection would be an unhandled 'error' event that ends the process (PostgreSQL restarting). The
    // statement that uses it next fails instead, and the pool drops it when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      pool,
      executeSql: async (text, values) => {
        const r = await pool.query(text, values as unknown[] | undefined);
        const rows = Array.isArray(r) ? (r.at(-1)?.rows ?? []) : r.rows;
        return { rows };
      },
      migrate: () => underSessionLock(url, 'migrations', () => migratePg(drizzlePg(pool), { migrationsFolder })),
      oneAtATime: (name, fn) => underSessionLock(url, name, fn),
      close: () => pool.end(),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const lock = opts.pgliteDir ? lockDataDir(opts.pgliteDir) : null;
  const options = { extensions: PGLITE_EXTENSIONS, loadDataDir: opts.template };
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir, options) : new PGlite(options);
  try {
    await client.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  return pgliteHandle(client, lock);
}

function pgliteHandle(client: PGlite, lock: { release(): void } | null): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    pool: null,
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const r = await client.query<Record<string, unknown>>(text, values);
        return { rows: r.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    poolUse: () => ({ total: 1, idle: 0, waiting: 0 }),
    oneAtATime: (_name, fn) => fn(),
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

/**
 * `fn` under a PostgreSQL session lock named `name`, held on a connection of its own (outside the pool,
 * which may be a single connection that `fn` needs). Several nodes started at once would otherwise each
 * apply the same pending migration (drizzle's migrator takes no lock) and all but one fail on it.
 */
async function underSessionLock<T>(url: string, name: string, fn: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query("select pg_advisory_lock(hashtext('splashboard.' || $1))", [name]);
    return await fn();
  } finally {
    await holder.end().catch(() => undefined);
  }
}

/** What `$client` is on the drizzle instances openDatabase makes: a pg Pool, or the PGlite client. */
interface DriverClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * A statement written once in SQL (`$1`, `$2`... for its values), for the hottest paths: no query
 * builder work per call, and on PostgreSQL a named prepared statement (parsed and planned once per
 * connection). Values must be what both drivers send as they are: strings (dates as ISO text, JSON as
 * text, with casts in the SQL), numbers, booleans and null. Inside a transaction it runs through the
 * transaction's drizzle handle instead (same text, same values).
 */
export function preparedSql<Row>(name: string, text: string) {
  const pieces = text.split(/\$(\d+)/);
  return async (executor: Executor, values: unknown[]): Promise<Row[]> => {
    const client = (executor as { $client?: DriverClient }).$client;
    if (client) {
      const result = client instanceof pg.Pool ? await client.query({ name, text, values }) : await client.query(text, values);
      return result.rows as Row[];
    }
    const chunks = pieces.map((piece, i) => (i % 2 ? sql.param(values[Number(piece) - 1]) : sql.raw(piece)));
    return ((await executor.execute(sql.join(chunks))) as unknown as { rows: Row[] }).rows;
  };
}
