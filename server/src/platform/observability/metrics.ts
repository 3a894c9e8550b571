import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ReplicaHooks, ReplicaState, ReplicaStatus } from '../../db/read-replica.ts';

/** What a database handle says of its connections (a pg Pool's counts; PGlite is one connection). */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** The RADIUS server's running totals (adapters/radius/server.ts `stats`), read at scrape time. */
export interface RadiusTotals {
  accepted: number;
  rejected: number;
  accounted: number;
  dropped: number;
  droppedAcct: number;
  errors: number;
  errorsAcct: number;
}

/**
 * The process's Prometheus metrics, in a registry of its own (one per built app: tests run several in one
 * process). The counted places call the methods below; gauges are read when /metrics is scraped.
 */
export interface Metrics {
  readonly registry: Registry;
  httpRequest(route: string, method: string, status: number, seconds: number): void;
  portalLogin(method: string, outcome: string): void;
  portalGrant(family: string, outcome: string): void;
  jobFailed(queue: string): void;
  /** The read replica's metrics, registered when the process has one (DATABASE_READ_URL). */
  readReplica(status: () => ReplicaStatus): ReplicaHooks;
  /** Where the gauges read from, set once the parts exist. */
  sources: {
    pool?: () => PoolUse;
    queueDepths?: () => Promise<Map<string, number>>;
    radius?: RadiusTotals;
  };
}

const PREFIX = 'splashboard_';

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const sources: Metrics['sources'] = {};
  const registers = [registry];

  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const logins = new Counter({
    name: `${PREFIX}portal_logins_total`,
    help: 'Guest portal logins, by login method and outcome (ok, or why it was refused).',
    labelNames: ['method', 'outcome'] as const,
    registers,
  });
  const grants = new Counter({
    name: `${PREFIX}portal_grants_total`,
    help: 'Guest access grants asked of controllers, by controller family and outcome.',
    labelNames: ['family', 'outcome'] as const,
    registers,
  });
  const jobsFailed = new Counter({
    name: `${PREFIX}jobs_failed_total`,
    help: 'Job runs that failed (and will be retried), by queue.',
    labelNames: ['queue'] as const,
    registers,
  });
  new Counter({
    name: `${PREFIX}radius_requests_total`,
    help: 'RADIUS requests handled, by kind (auth, acct) and result.',
    labelNames: ['kind', 'result'] as const,
    registers,
    // The server keeps its own totals on its hot path; they are copied here when scraped.
    collect() {
      const r = sources.radius;
      if (!r) return;
      this.reset();
      this.inc({ kind: 'auth', result: 'accept' }, r.accepted);
      this.inc({ kind: 'auth', result: 'reject' }, r.rejected);
      this.inc({ kind: 'auth', result: 'drop' }, r.dropped - r.droppedAcct);
      this.inc({ kind: 'auth', result: 'error' }, r.errors - r.errorsAcct);
      this.inc({ kind: 'acct', result: 'accept' }, r.accounted);
      this.inc({ kind: 'acct', result: 'drop' }, r.droppedAcct);
      this.inc({ kind: 'acct', result: 'error' }, r.errorsAcct);
    },
  });
  new Gauge({
    name: `${PREFIX}jobs_queue_depth`,
    help: 'Jobs waiting in each queue (created or waiting for a retry).',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      if (!sources.queueDepths) return;
      this.reset();
      for (const [queue, depth] of await sources.queueDepths()) this.set({ queue }, depth);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'Database connections of this process, by state (total, idle, waiting clients).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = sources.pool?.();
      if (!use) return;
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });

  return {
    registry,
    sources,
    httpRequest(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      durations.observe({ route, method }, seconds);
    },
    portalLogin: (method, outcome) => logins.inc({ method, outcome }),
    portalGrant: (family, outcome) => grants.inc({ family, outcome }),
    jobFailed: (queue) => jobsFailed.inc({ queue }),
    readReplica: (status) => replicaMetrics(registry, status),
  };
}

const REPLICA_STATES: ReplicaState[] = ['starting', 'healthy', 'lagging', 'down'];

function replicaMetrics(registry: Registry, status: () => ReplicaStatus): ReplicaHooks {
  const registers = [registry];
  new Gauge({
    name: `${PREFIX}db_replica_lag_seconds`,
    help: 'How long the read replica has been missing a write the primary had (0 when caught up; NaN while unreachable).',
    registers,
    collect() {
      this.set(status().lagSeconds ?? Number.NaN);
    },
  });
  new Gauge({
    name: `${PREFIX}db_replica_behind_bytes`,
    help: 'WAL bytes the primary wrote that the read replica has not replayed (NaN while unreachable).',
    registers,
    collect() {
      this.set(status().bytesBehind ?? Number.NaN);
    },
  });
  new Gauge({
    name: `${PREFIX}db_replica_state`,
    help: "The read replica's state: 1 for the current one (healthy: reads go to it; lagging, down: to the primary).",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const now = status().state;
      for (const state of REPLICA_STATES) this.set({ state }, state === now ? 1 : 0);
    },
  });
  const transitions = new Counter({
    name: `${PREFIX}db_replica_transitions_total`,
    help: "Changes of the read replica's state, by the state entered.",
    labelNames: ['to'] as const,
    registers,
  });
  const reads = new Counter({
    name: `${PREFIX}db_reads_total`,
    help: 'Dashboard reads that may be slightly stale, by where they ran (replica, primary).',
    labelNames: ['target'] as const,
    registers,
  });
  const retries = new Counter({
    name: `${PREFIX}db_read_retries_total`,
    help: 'Reads that failed on the read replica (connection lost, recovery conflict) and ran again on the primary.',
    registers,
  });
  return {
    read: (target) => reads.inc({ target }),
    retried: () => retries.inc(),
    transition: (to) => transitions.inc({ to }),
  };
}
