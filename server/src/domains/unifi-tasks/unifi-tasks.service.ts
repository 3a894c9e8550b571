import { and, eq } from 'drizzle-orm';
import {
  UNIFI_TASK_KINDS,
  type TaskError,
  type TaskStatus,
  type UnifiTask,
  type UnifiTaskKind,
  type UnifiTasks,
} from '@splashboard/contract';
import { unifiScheduledTasks } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { assertSitePermission, type Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { nextRunAt, siteZone } from './schedule.ts';
import type { UnifiTaskRunner } from './tasks-runner.ts';

type Row = typeof unifiScheduledTasks.$inferSelect;
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
  db,
  sites,
  runner,
}: Pick<AppContext, 'db'> & { sites: SitesService; runner: UnifiTaskRunner }) {
  async function access(actor: Actor | null, siteId: number, mode: 'read' | 'write') {
    const found = await sites.siteFor(actor, siteId, 'routersettings', mode);
    let canWrite = true;
    try {
      assertSitePermission(found.actor, siteId, 'routersettings', 'write', found.access);
    } catch {
      canWrite = false;
    }
    if (mode === 'write' && found.row.routerType !== 'unifi') throw new AppError(409, 'unifiTasks.notUnifi');
    return { ...found, canWrite };
  }

  async function rowOf(siteId: number, kind: UnifiTaskKind) {
    const [row] = await db
      .select()
      .from(unifiScheduledTasks)
      .where(and(eq(unifiScheduledTasks.siteId, siteId), eq(unifiScheduledTasks.kind, kind)));
    return row;
  }

  return {
    async list(actor: Actor | null, siteId: number): Promise<UnifiTasks> {
      const { row: site, canWrite } = await access(actor, siteId, 'read');
      const rows = await db.select().from(unifiScheduledTasks).where(eq(unifiScheduledTasks.siteId, siteId));
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
      const [row] = await db
        .insert(unifiScheduledTasks)
        .values({ accountId: a.accountId, siteId, kind, ...values })
        .onConflictDoUpdate({ target: [unifiScheduledTasks.siteId, unifiScheduledTasks.kind], set: values })
        .returning();
      return toTask(row!);
    },

    async runNow(actor: Actor | null, siteId: number, kind: UnifiTaskKind): Promise<UnifiTask> {
      const { actor: a } = await access(actor, siteId, 'write');
      const existing = await rowOf(siteId, kind);
      const [row] = existing
        ? await db
            .update(unifiScheduledTasks)
            .set({ lastStatus: 'running' })
            .where(eq(unifiScheduledTasks.id, existing.id))
            .returning()
        : await db
            .insert(unifiScheduledTasks)
            .values({ accountId: a.accountId, siteId, kind, lastStatus: 'running' })
            .returning();
      await runner.runLater(row!.id);
      return toTask(row!);
    },
  };
}
export type UnifiTasksService = ReturnType<typeof createUnifiTasksService>;
