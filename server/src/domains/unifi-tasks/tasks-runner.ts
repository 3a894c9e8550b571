import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { TaskError, UnifiTaskKind } from '@splashboard/contract';
import { ControllerError } from '../../adapters/controllers/index.ts';
import { UnifiController } from '../../adapters/controllers/unifi/unifi.ts';
import { defineJob, defineScheduledJob, type JobQueue } from '../../platform/jobs.ts';
import type { Controllers } from '../routers/controllers.ts';
import type { SitesRepo } from '../sites/sites.repo.ts';
import { nextRunAt, siteZone } from './schedule.ts';
import type { UnifiTasksRepo } from './unifi-tasks.repo.ts';

export const UNIFI_TASKS_TICK_JOB = defineScheduledJob('unifi-tasks.tick');
export const UNIFI_TASK_RUN_JOB = defineJob('unifi-tasks.run', z.object({ taskId: z.number().int().positive() }));

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
  tasks,
  sites,
  controllers,
  jobs,
  log,
}: {
  tasks: UnifiTasksRepo;
  sites: Pick<SitesRepo, 'byId'>;
  controllers: Pick<Controllers, 'adapterFor'>;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}) {
  async function tick(now = new Date()) {
    for (const task of await tasks.due(now)) {
      const site = await sites.byId(task.siteId);
      if (!site) continue;
      const next = nextRunAt(task as Parameters<typeof nextRunAt>[0], siteZone(site.timezone), now);
      if (await tasks.claim(task, next)) await jobs.enqueue(UNIFI_TASK_RUN_JOB, { taskId: task.id });
    }
  }

  async function run(taskId: number) {
    const task = await tasks.byId(taskId);
    const site = task && (await sites.byId(task.siteId));
    if (!task || !site) return;
    const startedAt = new Date();
    const adapter = await controllers.adapterFor(task.siteId, site.routerType);
    const outcome: Outcome =
      adapter instanceof UnifiController
        ? await perform(adapter, task.kind as UnifiTaskKind)
        : { status: 'failed', count: 0, error: 'not_configured', detail: '' };
    if (outcome.status === 'failed') log.warn({ siteId: task.siteId, kind: task.kind, ...outcome }, 'a UniFi task failed');
    await tasks.recordRun(taskId, {
      lastRunAt: startedAt,
      lastStatus: outcome.status,
      lastCount: outcome.count,
      lastError: outcome.error,
      lastDetail: outcome.detail,
    });
  }

  jobs.register(UNIFI_TASKS_TICK_JOB, async () => tick());
  jobs.schedule(UNIFI_TASKS_TICK_JOB, '* * * * *');
  jobs.register(UNIFI_TASK_RUN_JOB, async ({ taskId }) => run(taskId));

  return {
    /** Queues one run now (the operator's "Run now"). */
    async runLater(taskId: number) {
      await jobs.enqueue(UNIFI_TASK_RUN_JOB, { taskId });
    },
  };
}
export type UnifiTaskRunner = ReturnType<typeof createUnifiTaskRunner>;
