import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface JobQueue {
  /** Call after the database work that the job depends on has committed. */
  enqueue(name: string, data: Record<string, unknown>): Promise<void>;
  register(name: string, handler: JobHandler): void;
  /** Runs a registered job on a cron schedule (one run per slot across all processes). */
  schedule(name: string, cron: string): void;
  start(opts: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss on the same database: PostgreSQL through its own pool, PGlite through our connection. */
export function createJobQueue(handle: DatabaseHandle, databaseUrl: string | undefined, log: FastifyBaseLogger): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const schedules = new Map<string, string>();
  const common = { schema: 'pgboss', supervise: true, migrate: true } as const;
  const boss = databaseUrl
    ? new PgBoss({ ...common, connectionString: databaseUrl, max: 4 })
    : new PgBoss({ ...common, db: { executeSql: handle.executeSql } });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  let started = false;

  return {
    register(name, handler) {
      handlers.set(name, handler);
    },
    schedule(name, cron) {
      schedules.set(name, cron);
    },
    async enqueue(name, data) {
      await boss.send(name, data, { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 });
    },
    async start({ work }) {
      await boss.start();
      started = true;
      for (const [name, handler] of handlers) {
        await boss.createQueue(name);
        if (!work) continue;
        await boss.work(name, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
          for (const job of jobs) {
            try {
              await handler(job.data as Record<string, unknown>);
            } catch (err) {
              log.warn({ err, job: job.id, queue: name }, 'job failed; it will be retried');
              throw err;
            }
          }
        });
      }
      if (work) for (const [name, cron] of schedules) await boss.schedule(name, cron);
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 5000, wait: true });
      started = false;
    },
  };
}
