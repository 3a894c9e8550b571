import {
  UNIFI_TASK_KINDS,
  type TaskError,
  type TaskStatus,
  type UnifiTask,
  type UnifiTaskKind,
  type UnifiTasks,
} from '@splashboard/contract';
import { can, type Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { nextRunAt, siteZone } from './schedule.ts';
import type { UnifiTaskRunner } from './tasks-runner.ts';
import type { UnifiTaskRow as Row, UnifiTasksRepo } from './unifi-tasks.repo.ts';

type Input = { enabled: boolean; frequency: 'daily' | 'weekly'; weekday: number; time: string };

const DEFAULTS: Omit<UnifiTask, 'kind'> = {
  enabled: false,
  frequency: 'weekly',
  weekday: 1,
  time: '03:30',
  next_run_at: null,
  last_run_at: null,
  last_status: 'never',
  last_count: 0,
  last_error: null,
  last_detail: '',
};

const toTask = (r: Row): UnifiTask => ({
  kind: r.kind as UnifiTaskKind,
  enabled: r.enabled,
  frequency: r.frequency as UnifiTask['frequency'],
  weekday: r.weekday,
  time: r.time,
  next_run_at: r.nextRunAt?.toISOString() ?? null,
  last_run_at: r.lastRunAt?.toISOString() ?? null,
  last_status: r.lastStatus as TaskStatus,
  last_count: r.lastCount,
  last_error: r.lastError as TaskError | null,
  last_detail: r.lastDetail,
});

/** The scheduled UniFi tasks of a site (permission routersettings), in the site's time zone. */
export function createUnifiTasksService({
  tasks,
  sites,
  runner,
}: {
  tasks: UnifiTasksRepo;
  sites: SiteAccess;
  runner: UnifiTaskRunner;
}) {
  async function access(actor: Actor | null, siteId: number, mode: 'read' | 'write') {
    const found = await sites.siteFor(actor, siteId, 'routersettings', mode);
    const canWrite = can(found.actor, siteId, 'routersettings', 'write', found.access);
    if (mode === 'write' && found.row.routerType !== 'unifi') throw new AppError(409, 'unifiTasks.notUnifi');
    return { ...found, canWrite };
  }

  return {
    async list(actor: Actor | null, siteId: number): Promise<UnifiTasks> {
      const { row: site, canWrite } = await access(actor, siteId, 'read');
      const rows = await tasks.ofSite(siteId);
      const byKind = new Map(rows.map((r) => [r.kind, toTask(r)]));
      return {
        timezone: siteZone(site.timezone),
        tasks: UNIFI_TASK_KINDS.map((kind) => byKind.get(kind) ?? { kind, ...DEFAULTS }),
        can_write: canWrite,
      };
    },

    async update(actor: Actor | null, siteId: number, kind: UnifiTaskKind, input: Input): Promise<UnifiTask> {
      const { actor: a, row: site } = await access(actor, siteId, 'write');
      const values = {
        enabled: input.enabled,
        frequency: input.frequency,
        weekday: input.weekday,
        time: input.time,
        nextRunAt: input.enabled ? nextRunAt(input, siteZone(site.timezone), new Date()) : null,
        updatedAt: new Date(),
      };
      return toTask(await tasks.saveSchedule(a.accountId, siteId, kind, values));
    },

    async runNow(actor: Actor | null, siteId: number, kind: UnifiTaskKind): Promise<UnifiTask> {
      const { actor: a } = await access(actor, siteId, 'write');
      const row = await tasks.markRunning(a.accountId, siteId, kind);
      await runner.runLater(row.id);
      return toTask(row);
    },
  };
}
export type UnifiTasksService = ReturnType<typeof createUnifiTasksService>;
