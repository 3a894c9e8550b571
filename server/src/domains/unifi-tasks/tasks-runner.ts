import { and, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TaskError, UnifiTaskKind } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import { sites, unifiScheduledTasks } from '../../db/schema/index.ts';
import { ControllerError } from '../../adapters/controllers/index.ts';
import { UnifiController } from '../../adapters/controllers/unifi/unifi.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Controllers } from '../routers/controllers.ts';
import { nextRunAt, siteZone } from './schedule.ts';

export const UNIFI_TASKS_TICK_JOB = 'unifi-tasks.tick';
export const UNIFI_TASK_RUN_JOB = 'unifi-tasks.run';

interface Outcome {
  status: 'ok' | 'failed';
  count: number;
  error: TaskError | null;
  detail: string;
}

/** Runs the task's commands on the controller; `count` is how many devices were reached before any failure. */
async function perform(controller: UnifiController, kind: UnifiTaskKind): Promise<Outcome> {
  let count = 0;
  try {
    if (kind === 'restart_udm') {
      await controller.rebootConsole();
      return { status: 'ok', count: 1, error: null, detail: '' };
    }
    const aps = (await controller.listDevices()).filter((d) => d.type === 'uap');
    if (!aps.length) return { status: 'failed', count: 0, error: 'no_devices', detail: '' };
    for (const ap of aps) {
      await controller.deviceCommand(kind === 'reboot_aps' ? 'restart' : 'spectrum-scan', ap.mac);
      count++;
    }
    return { status: 'ok', count, error: null, detail: '' };
  } catch (err) {
    const unsupported = err instanceof ControllerError && err.code === 'unsupported';
    const detail = err instanceof ControllerError ? err.message : 'The controller did not answer';
    return { status: 'failed', count, error: unsupported ? 'unsupported' : 'controller', detail: detail.slice(0, 500) };
  }
}

/**
 * The worker side of the scheduled UniFi tasks: a tick every minute claims the tasks that are due (moving
 * their next run on, so that one process takes each slot) and queues a run for each; a run calls the
 * controller and records when, with what result. A failed run is recorded, not retried: restarting
 * devices again and again because one did not answer would do more harm than waiting for the next slot.
 */
export function createUnifiTaskRunner({
  db,
  controllers,
  jobs,
  log,
}: {
  db: Database;
  controllers: Pick<Controllers, 'adapterFor'>;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}) {
  async function tick(now = new Date()) {
    const due = await db
      .select({ task: unifiScheduledTasks, timezone: sites.timezone })
      .from(unifiScheduledTasks)
      .innerJoin(sites, eq(sites.id, unifiScheduledTasks.siteId))
      .where(and(eq(unifiScheduledTasks.enabled, true), lte(unifiScheduledTasks.nextRunAt, now)));
    for (const { task, timezone } of due) {
      const next = nextRunAt(task as Parameters<typeof nextRunAt>[0], siteZone(timezone), now);
      const [claimed] = await db
        .update(unifiScheduledTasks)
        .set({ nextRunAt: next, lastStatus: 'running' })
        .where(and(eq(unifiScheduledTasks.id, task.id), eq(unifiScheduledTasks.nextRunAt, task.nextRunAt!)))
        .returning({ id: unifiScheduledTasks.id });
      if (claimed) await jobs.enqueue(UNIFI_TASK_RUN_JOB, { taskId: task.id });
    }
  }

  async function run(taskId: number) {
    const [row] = await db
      .select({ task: unifiScheduledTasks, routerType: sites.routerType })
      .from(unifiScheduledTasks)
      .innerJoin(sites, eq(sites.id, unifiScheduledTasks.siteId))
      .where(eq(unifiScheduledTasks.id, taskId));
    if (!row) return;
    const startedAt = new Date();
    const adapter = await controllers.adapterFor(row.task.siteId, row.routerType);
    const outcome: Outcome =
      adapter instanceof UnifiController
        ? await perform(adapter, row.task.kind as UnifiTaskKind)
        : { status: 'failed', count: 0, error: 'not_configured', detail: '' };
    if (outcome.status === 'failed')
      log.warn({ siteId: row.task.siteId, kind: row.task.kind, ...outcome }, 'a UniFi task failed');
    await db
      .update(unifiScheduledTasks)
      .set({
        lastRunAt: startedAt,
        lastStatus: outcome.status,
        lastCount: outcome.count,
        lastError: outcome.error,
        lastDetail: outcome.detail,
      })
      .where(eq(unifiScheduledTasks.id, taskId));
  }

  jobs.register(UNIFI_TASKS_TICK_JOB, async () => tick());
  jobs.schedule(UNIFI_TASKS_TICK_JOB, '* * * * *');
  jobs.register(UNIFI_TASK_RUN_JOB, async (data) => run(Number(data.taskId)));

  return {
    /** Queues one run now (the operator's "Run now"). */
    async runLater(taskId: number) {
      await jobs.enqueue(UNIFI_TASK_RUN_JOB, { taskId });
    },
  };
}
export type UnifiTaskRunner = ReturnType<typeof createUnifiTaskRunner>;
