import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { unifiScheduledTasks } from '../../db/schema/index.ts';

export type UnifiTaskRow = typeof unifiScheduledTasks.$inferSelect;
type Schedule = Pick<UnifiTaskRow, 'enabled' | 'frequency' | 'weekday' | 'time' | 'nextRunAt' | 'updatedAt'>;
type RunResult = Pick<UnifiTaskRow, 'lastRunAt' | 'lastStatus' | 'lastCount' | 'lastError' | 'lastDetail'>;

/** unifi_scheduled_tasks: each site's scheduled UniFi commands and their last run. The only module that queries it. */
export function createUnifiTasksRepo(db: Database) {
  const t = unifiScheduledTasks;
  async function byKind(siteId: number, kind: string): Promise<UnifiTaskRow | null> {
    const [row] = await db
      .select()
      .from(t)
      .where(and(eq(t.siteId, siteId), eq(t.kind, kind)));
    return row ?? null;
  }

  return {
    byKind,

    async ofSite(siteId: number): Promise<UnifiTaskRow[]> {
      return db.select().from(t).where(eq(t.siteId, siteId));
    },

    async byId(id: number): Promise<UnifiTaskRow | null> {
      const [row] = await db.select().from(t).where(eq(t.id, id));
      return row ?? null;
    },

    async saveSchedule(accountId: number, siteId: number, kind: string, schedule: Schedule): Promise<UnifiTaskRow> {
      const [row] = await db
        .insert(t)
        .values({ accountId, siteId, kind, ...schedule })
        .onConflictDoUpdate({ target: [t.siteId, t.kind], set: schedule })
        .returning();
      return row!;
    },

    /** Marks the site's task of a kind as running (made with the defaults when it was never saved). */
    async markRunning(accountId: number, siteId: number, kind: string): Promise<UnifiTaskRow> {
      const existing = await byKind(siteId, kind);
      const [row] = existing
        ? await db.update(t).set({ lastStatus: 'running' }).where(eq(t.id, existing.id)).returning()
        : await db.insert(t).values({ accountId, siteId, kind, lastStatus: 'running' }).returning();
      return row!;
    },

    /** Enabled tasks whose next run is due. */
    async due(now: Date): Promise<UnifiTaskRow[]> {
      return db
        .select()
        .from(t)
        .where(and(eq(t.enabled, true), lte(t.nextRunAt, now)));
    },

    /**
     * Moves a due task's next run on and marks it running, only if no other process did first (its next
     * run is still the one read): answers whether this one claimed it.
     */
    async claim(task: Pick<UnifiTaskRow, 'id' | 'nextRunAt'>, next: Date | null): Promise<boolean> {
      const claimed = await db
        .update(t)
        .set({ nextRunAt: next, lastStatus: 'running' })
        .where(and(eq(t.id, task.id), eq(t.nextRunAt, task.nextRunAt!)))
        .returning({ id: t.id });
      return claimed.length > 0;
    },

    async recordRun(id: number, result: RunResult) {
      await db.update(t).set(result).where(eq(t.id, id));
    },
  };
}
export type UnifiTasksRepo = ReturnType<typeof createUnifiTasksRepo>;
