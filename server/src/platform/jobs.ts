import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client.ts';

/** A kind of job: its queue's name and the shape of its payload, checked when it is sent and when it runs. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  /**
   * Jobs of one key wait at most once and run one at a time across every process (pg-boss's stately
   * queue): sending one while another of its key waits does nothing.
   */
  keyOf?: (data: z.output<S>) => string;
  /** How many of its jobs one process runs at once (one by one unless said). */
  concurrency?: number;
  /**
   * A run may take most of JOB_TIMEOUT_SECONDS (it works in parts of 80 % of it): its jobs are fetched one at
   * a time, as pg-boss gives a fetched batch one job's time in all.
   */
  runsLong?: boolean;
}

export const defineJob = <S extends z.ZodType>(
  name: string,
  payload: S,
  opts: { keyOf?: (data: z.output<S>) => string; concurrency?: number; runsLong?: boolean } = {},
): JobDefinition<S> => ({ name, payload, ...opts });

/**
 * A job that runs on a schedule. Its payload may carry an instant to run as of (`at`): the schedule sends
 * none (now); a test enqueues one with `at` to move the clock through the queue instead of sleeping.
 */
export const defineScheduledJob = (name: string) =>
  defineJob(name, z.object({ at: z.iso.datetime({ offset: true }).optional() }));
export type ScheduledJob = ReturnType<typeof defineScheduledJob>;

export interface JobQueue {
  /** Call after the database work that the job depends on has committed. */
  enqueue<S extends z.ZodType>(job: JobDefinition<S>, data: z.input<S>): Promise<void>;
  register<S extends z.ZodType>(job: JobDefinition<S>, handler: (data: z.output<S>) => Promise<void>): void;
  /** Runs a registered job on a cron schedule (one run per slot across all processes). */
  schedule(job: ScheduledJob, cron: string): void;
  /**
   * Runs `fn` every `ms` on processes started with `work: true` (a quick poll, cheaper than a job per
   * tick): a run still going when the next is due is not overlapped, an error is logged, stop() ends it.
   */
  every(name: string, ms: number, fn: () => Promise<void>): void;
  start(opts: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** Whether start() has run (and with work), for /readyz. */
  state(): { started: boolean; working: boolean };
  /** Jobs waiting (created or to retry) in each registered queue, for /metrics. */
  depths(): Promise<Map<string, number>>;
}

type Registered = { job: JobDefinition; handler: (data: unknown) => Promise<void> };

/** pg-boss on the same database: PostgreSQL through its own pool, PGlite through our connection. */
export interface JobQueueOptions {
  /** Counts a failed run, for /metrics. */
  onFailed?: (queue: string) => void;
  /**
   * How long a job may run (JOB_TIMEOUT_SECONDS): one still active after it, its worker killed or stuck, is
   * failed and retried by any worker; a handler past it is given up on. Work longer than this goes in parts.
   */
  timeoutSeconds?: number;
}

export function createJobQueue(
  handle: DatabaseHandle,
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
  { onFailed = () => {}, timeoutSeconds = 300 }: JobQueueOptions = {},
): JobQueue {
  const handlers = new Map<string, Registered>();
  const schedules = new Map<string, string>();
  const tickers = new Map<string, { ms: number; fn: () => Promise<void> }>();
  const timers: NodeJS.Timeout[] = [];
  const common = {
    schema: 'pgboss',
    supervise: true,
    migrate: true,
    expireInSeconds: timeoutSeconds,
    // The sweep that finds jobs past their time: a fifth of it, so a lost job is retried within 1.2 times it.
    maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.floor(timeoutSeconds / 5))),
  } as const;
  const boss = databaseUrl
    ? new PgBoss({ ...common, connectionString: databaseUrl, max: 4 })
    : new PgBoss({ ...common, db: { executeSql: handle.executeSql } });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  let started = false;
  let working = false;

  return {
    register(job, handler) {
      handlers.set(job.name, { job: job as unknown as JobDefinition, handler: handler as Registered['handler'] });
    },
    schedule(job, cron) {
      schedules.set(job.name, cron);
    },
    every(name, ms, fn) {
      tickers.set(name, { ms, fn });
    },
    async enqueue(job, data) {
      const payload = job.payload.parse(data) as object;
      const singletonKey = job.keyOf?.(payload as z.output<typeof job.payload>);
      await boss.send(job.name, payload, {
        retryLimit: 8,
        retryDelay: 5,
        retryBackoff: true,
        singletonKey,
      });
    },
    async start({ work }) {
      await boss.start();
      started = true;
      working = work;
      // pg-boss makes a queue's partition without a lock: nodes starting at once would deadlock on it.
      await handle.oneAtATime('job-queues', async () => {
        for (const [name, { job }] of handlers) await boss.createQueue(name, job.keyOf ? { name, policy: 'stately' } : undefined);
      });
      for (const [name, { job, handler }] of handlers) {
        if (!work) continue;
        // Each job of a fetched batch ends on its own: a failed one is retried, the others are not run again.
        const run = async (one: { id: string; data: unknown }) => {
          // A payload that does not fit would fail every retry the same way: it is logged and dropped.
          const data = job.payload.safeParse(one.data ?? {});
          try {
            if (data.success) await handler(data.data);
            else
              log.error({ job: one.id, queue: name, issues: data.error.issues }, 'job payload does not fit its queue; dropped');
          } catch (err) {
            log.warn({ err, job: one.id, queue: name }, 'job failed; it will be retried');
            onFailed(name);
            await boss.fail(name, one.id, { message: err instanceof Error ? err.message : String(err) }).catch(lostEnd(one.id));
            return;
          }
          await boss.complete(name, one.id).catch(lostEnd(one.id));
        };
        // Not recorded (the database gone): the job stays active and is run again after JOB_TIMEOUT_SECONDS,
        // unless the database is back for pg-boss's own end of the batch a moment later, which completes it.
        const lostEnd = (id: string) => (err: unknown) =>
          log.warn({ err, job: id, queue: name }, "a job's end could not be recorded; it runs again after its time");
        const concurrency = job.concurrency ?? 1;
        const batchSize = concurrency > 1 ? concurrency : job.runsLong ? 1 : 5;
        await boss.work(name, { pollingIntervalSeconds: 0.5, batchSize }, async (jobs) => {
          for (let at = 0; at < jobs.length; at += concurrency) await Promise.all(jobs.slice(at, at + concurrency).map(run));
        });
      }
      if (work) for (const [name, cron] of schedules) await boss.schedule(name, cron);
      if (work) for (const [name, { ms, fn }] of tickers) timers.push(startTicker(name, ms, fn, log));
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      if (started) await boss.stop({ graceful: true, timeout: 5000, wait: true });
      started = working = false;
    },
    state: () => ({ started, working }),
    async depths() {
      if (!started) return new Map();
      const names = [...handlers.keys()];
      const sizes = await Promise.all(names.map((name) => boss.getQueueSize(name)));
      return new Map(names.map((name, i) => [name, sizes[i]!]));
    },
  };
}

/** What a lost or refused database connection throws (node-postgres, PostgreSQL shutting down or starting). */
const CONNECTION_LOST =
  /ECONNRESET|ECONNREFUSED|EPIPE|Connection terminated|terminating connection|the database system is (shutting down|starting up)|Client has encountered a connection error/;

/**
 * For process.on('unhandledRejection'): pg-boss 10 records a job's end (complete or fail) without awaiting it,
 * so a database restarting at that moment would end the worker's process. That one rejection is logged and
 * the process goes on: the job stays active and is retried after JOB_TIMEOUT_SECONDS (jobs are written to
 * be run again). Any other unhandled rejection ends the process, as Node does by default.
 */
export function survivingQueueConnectionLoss(log: FastifyBaseLogger) {
  return (reason: unknown) => {
    const err = reason instanceof Error ? reason : new Error(String(reason));
    if (CONNECTION_LOST.test(`${err.message}`) && /[\\/]pg-boss[\\/]/.test(err.stack ?? '')) {
      log.warn({ err }, "the job queue lost the database while recording a job's end; the job is retried after its time");
      return;
    }
    log.fatal({ err }, 'unhandled rejection');
    throw err;
  };
}

/** An unref'd interval that skips a tick while the previous run is still going. */
function startTicker(name: string, ms: number, fn: () => Promise<void>, log: FastifyBaseLogger): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    fn()
      .catch((err: unknown) => log.error({ err, ticker: name }, 'ticker run failed'))
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  return timer;
}
