import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './client.ts';
import * as schema from './schema/index.ts';

/** Where a read went. */
export type ReadTarget = 'replica' | 'primary';

/**
 * `starting` until the first check; `healthy` is the only state whose reads go to the replica; `lagging`
 * (behind more than the bound) and `down` (unreachable, timed out, or not a standby) send them to the primary.
 */
export type ReplicaState = 'starting' | 'healthy' | 'lagging' | 'down';

export interface ReplicaStatus {
  state: ReplicaState;
  /** Where reads go now. */
  reads: ReadTarget;
  /** How long the replica has been missing a write the primary had (0 when caught up); null when unknown. */
  lagSeconds: number | null;
  /** WAL bytes the primary has written that the replica has not replayed; null when unknown. */
  bytesBehind: number | null;
  /** Why it is not healthy (the error, or the lag against the bound). */
  detail: string | null;
  /** When it entered this state. */
  since: Date;
}

/** What the replica reports to the process's metrics. */
export interface ReplicaHooks {
  read(target: ReadTarget): void;
  /** A read that failed on the replica and was run again on the primary. */
  retried(): void;
  transition(to: ReplicaState): void;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ReadReplica {
  /** Runs reads that may be slightly stale: on the replica while it is healthy, else on the primary. */
  db: Database;
  status(): ReplicaStatus;
  close(): Promise<void>;
}

/** How often the lag is read, and how long the replica has to answer a check or a new connection. */
const CHECK_EVERY_MS = 1000;
const TIMEOUT_MS = 2000;

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);

/** The error and the errors it wraps (drizzle wraps the driver's in a DrizzleQueryError). */
function chainOf(err: unknown): Error[] {
  const chain: Error[] = [];
  for (let e = err; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  return chain;
}

const codeOf = (e: Error) => (e as { code?: unknown }).code;

/** The replica could not be reached or dropped the connection (SQLSTATE class 08, shutdowns, socket errors). */
export function isConnectionError(err: unknown): boolean {
  return chainOf(err).some((e) => {
    const code = codeOf(e);
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    return /Connection terminated|connection error|timeout exceeded when trying to connect|no answer in/i.test(e.message);
  });
}

/** A standby cancels a read whose rows replay is about to remove; the primary can answer it instead. */
const isRecoveryConflict = (err: unknown) =>
  chainOf(err).some((e) => codeOf(e) === '40001' && /conflict with recovery/i.test(e.message));

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref()),
  ]);

/**
 * A pg Pool to drizzle (its transactions check `instanceof Pool`) that hands each query and connection to
 * the replica's pool or the primary's, as `target()` says at that moment.
 */
class RoutingPool extends pg.Pool {
  replica!: pg.Pool;
  primary!: pg.Pool;
  route!: { target(): ReadTarget; failed(err: unknown): void; hooks: ReplicaHooks };
  /** Errors that came from the replica: only those are retried on the primary. */
  readonly replicaErrors = new WeakSet<object>();
  /** The replica's pooled clients whose query marks its errors (once each: the pool hands them out again). */
  private readonly marked = new WeakSet<pg.PoolClient>();

  // pg's own overloads (callbacks, submittables) are not used by drizzle; its promise forms are.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const run = (pool: pg.Pool) => (pool.query as (...a: unknown[]) => Promise<unknown>).apply(pool, args);
    if (this.route.target() === 'primary') {
      this.route.hooks.read('primary');
      return run(this.primary);
    }
    this.route.hooks.read('replica');
    return run(this.replica).catch((err: unknown) => {
      if (!this.retryable(err)) throw err;
      this.route.hooks.retried();
      this.route.hooks.read('primary');
      return run(this.primary);
    });
  }

  override async connect(): Promise<pg.PoolClient> {
    if (this.route.target() === 'primary') {
      this.route.hooks.read('primary');
      return this.primary.connect();
    }
    let client: pg.PoolClient;
    try {
      client = await this.replica.connect();
    } catch (err) {
      if (!this.retryable(err)) throw err;
      this.route.hooks.retried();
      this.route.hooks.read('primary');
      return this.primary.connect();
    }
    this.route.hooks.read('replica');
    if (this.marked.has(client)) return client;
    this.marked.add(client);
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    const mark = (err: unknown) => {
      if (err instanceof Error) this.replicaErrors.add(err);
      throw err;
    };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (client as { query: (...a: any[]) => any }).query = (...a: unknown[]) => {
      const result = query(...a);
      return result instanceof Promise ? result.catch(mark) : result;
    };
    return client;
  }

  /** A connection error of the replica's marks it down; a recovery conflict only retries. */
  retryable(err: unknown): boolean {
    if (isConnectionError(err)) {
      this.route.failed(err);
      return true;
    }
    return isRecoveryConflict(err);
  }

  override async end(): Promise<void> {
    await this.replica.end();
  }
}

/**
 * The read replica at `url` beside the primary's pool: a handle for reads, and a monitor that reads the
 * replica's lag every second and sends reads to the primary while the replica is down or more than
 * `maxLagSeconds` behind.
 *
 * The lag is measured by WAL position, not by `now() - pg_last_xact_replay_timestamp()` (which grows while
 * the primary is idle though nothing is missing): each check reads the primary's `pg_current_wal_lsn()`
 * first, then the replica's `pg_last_wal_replay_lsn()`. Replayed at or past it: caught up, lag 0. Else the
 * lag is the time since the monitor first saw the primary at a position the replica has still not replayed
 * (so within one check of the truth); on the first check, with no earlier position seen, the age of the
 * last replayed transaction stands in (an upper bound).
 */
export function openReadReplica(opts: {
  primary: pg.Pool;
  url: string;
  maxLagSeconds: number;
  poolSize?: number;
  /** How often the lag is read (every second unless a test asks otherwise). */
  checkEveryMs?: number;
  log: Log;
  hooks: ReplicaHooks;
}): ReadReplica {
  const replica = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: TIMEOUT_MS,
    application_name: 'splashboard-reads',
  });
  replica.on('error', () => {
    // An idle connection was dropped (the replica restarted); the next check or checkout finds out.
  });
  // As the primary's pool (db/client.ts): a checked-out client's lost connection fails its next statement.
  replica.on('connect', (client) => client.on('error', () => undefined));

  let status: ReplicaStatus = {
    state: 'starting',
    reads: 'primary',
    lagSeconds: null,
    bytesBehind: null,
    detail: null,
    since: new Date(),
  };
  /** Primary positions the replica had not replayed when last checked, oldest first, with when they were seen. */
  let unreplayed: { lsn: bigint; at: number }[] = [];
  let firstCheck = true;
  let closed = false;

  function enter(state: ReplicaState, detail: string | null, lag: { lagSeconds: number | null; bytesBehind: number | null }) {
    if (closed) return;
    const changed = state !== status.state;
    status = {
      state,
      reads: state === 'healthy' ? 'replica' : 'primary',
      ...lag,
      detail,
      since: changed ? new Date() : status.since,
    };
    if (!changed) return;
    opts.hooks.transition(state);
    const replicaLog = { replica: { state, detail, lag_seconds: lag.lagSeconds, bytes_behind: lag.bytesBehind } };
    if (state === 'healthy') opts.log.info(replicaLog, 'read replica healthy: dashboard reads go to the replica');
    else opts.log.warn(replicaLog, `read replica ${state} (${detail}): dashboard reads go to the primary`);
  }

  const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

  async function check() {
    let primaryLsn: string;
    try {
      const r = await withTimeout(opts.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'), TIMEOUT_MS);
      primaryLsn = r.rows[0]!.lsn;
    } catch {
      // Without the primary's position there is nothing to compare; the primary's own health is /readyz's.
      return;
    }
    const seenAt = Date.now();
    let row: { standby: boolean; replayed: string | null; behind: string | null; replay_age: number | null };
    try {
      const r = await withTimeout(
        replica.query<typeof row>(
          `select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed,
             pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text as behind,
             extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as replay_age`,
          [primaryLsn],
        ),
        TIMEOUT_MS,
      );
      row = r.rows[0]!;
    } catch (err) {
      unreplayed = [];
      enter('down', `unreachable: ${errorText(err)}`, { lagSeconds: null, bytesBehind: null });
      return;
    }
    if (!row.standby || row.replayed === null) {
      enter('down', 'not a standby (pg_is_in_recovery() is false)', { lagSeconds: null, bytesBehind: null });
      return;
    }
    const replayed = lsnValue(row.replayed);
    const bytesBehind = Math.max(0, Number(row.behind ?? 0));
    unreplayed.push({ lsn: lsnValue(primaryLsn), at: seenAt });
    unreplayed = unreplayed.filter((p) => p.lsn > replayed);
    let lagSeconds = 0;
    if (unreplayed.length > 0) {
      lagSeconds = firstCheck && row.replay_age !== null ? Math.max(0, row.replay_age) : (Date.now() - unreplayed[0]!.at) / 1000;
    }
    firstCheck = false;
    lagSeconds = Math.round(lagSeconds * 1000) / 1000;
    if (lagSeconds > opts.maxLagSeconds) {
      enter('lagging', `${lagSeconds} s behind, more than ${opts.maxLagSeconds} s`, { lagSeconds, bytesBehind });
    } else {
      enter('healthy', null, { lagSeconds, bytesBehind });
    }
  }

  let timer: NodeJS.Timeout | null = null;
  const loop = () => {
    void check().finally(() => {
      if (!closed) timer = setTimeout(loop, opts.checkEveryMs ?? CHECK_EVERY_MS).unref();
    });
  };
  loop();

  const pool = new RoutingPool({ max: 1 });
  pool.replica = replica;
  pool.primary = opts.primary;
  pool.route = {
    target: () => status.reads,
    failed: (err) => enter('down', `a read failed: ${errorText(err)}`, { lagSeconds: null, bytesBehind: null }),
    hooks: opts.hooks,
  };
  const primaryDb = drizzlePg(opts.primary, { schema }) as unknown as Database;
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  // A transaction the replica dropped part way is run again on the primary (reads only: nothing to undo).
  const onReplica = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    onReplica(run, config).catch((err: unknown) => {
      if (!chainOf(err).some((e) => pool.replicaErrors.has(e)) || !pool.retryable(err)) throw err;
      opts.hooks.retried();
      opts.hooks.read('primary');
      return primaryDb.transaction(run, config);
    })) as Database['transaction'];

  return {
    db,
    status: () => status,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await replica.end();
    },
  };
}

/** A pg_lsn (`16/B374D848`) as a number that orders as WAL positions do. */
function lsnValue(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}
