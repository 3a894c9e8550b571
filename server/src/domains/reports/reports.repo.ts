import { and, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { ReportSettings } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import { reportRuns, reportSchedules } from '../../db/schema/index.ts';

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;
export type ReportRunRow = typeof reportRuns.$inferSelect;

/** Whose report: a site's (siteId) or the control panel's across the account's sites (siteId null). */
export interface ReportOwner {
  accountId: number;
  siteId: number | null;
}

const ownerWhere = (owner: ReportOwner) =>
  owner.siteId === null
    ? and(eq(reportSchedules.accountId, owner.accountId), isNull(reportSchedules.siteId))
    : eq(reportSchedules.siteId, owner.siteId);

/** report_schedules and report_runs: the reports' settings, when each goes next, and every sending. */
export function createReportsRepo(db: Database) {
  return {
    async scheduleOf(owner: ReportOwner): Promise<ReportScheduleRow | null> {
      const [row] = await db.select().from(reportSchedules).where(ownerWhere(owner));
      return row ?? null;
    },

    async scheduleById(id: number): Promise<ReportScheduleRow | null> {
      const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
      return row ?? null;
    },

    /** Stores the settings and the next send (one row per site, and one per account for the control panel). */
    async save(owner: ReportOwner, settings: ReportSettings, nextRunAt: Date | null): Promise<ReportScheduleRow> {
      const set = { settings, nextRunAt, updatedAt: new Date() };
      const [row] = await db
        .insert(reportSchedules)
        .values({ accountId: owner.accountId, siteId: owner.siteId, ...set })
        .onConflictDoUpdate(
          owner.siteId === null
            ? { target: reportSchedules.accountId, targetWhere: sql`${reportSchedules.siteId} is null`, set }
            : { target: reportSchedules.siteId, targetWhere: sql`${reportSchedules.siteId} is not null`, set },
        )
        .returning();
      return row!;
    },

    /** Schedules whose send is due at `at`, oldest first. */
    async due(at: Date, limit: number): Promise<ReportScheduleRow[]> {
      return db
        .select()
        .from(reportSchedules)
        .where(and(isNotNull(reportSchedules.nextRunAt), lte(reportSchedules.nextRunAt, at)))
        .orderBy(reportSchedules.nextRunAt)
        .limit(limit);
    },

    /** Moves a schedule on, unless its settings were saved since it was read (the save set its own next send). */
    async moveOn(id: number, readAt: Date, nextRunAt: Date | null) {
      await db
        .update(reportSchedules)
        .set({ nextRunAt })
        .where(and(eq(reportSchedules.id, id), lte(reportSchedules.updatedAt, readAt)));
    },

    /**
     * A scheduled period's run, once: null when another dispatch (another worker, a re-run) has already
     * claimed this schedule's period.
     */
    async claimScheduled(values: { scheduleId: number; periodStart: Date; periodEnd: Date; recipients: string[] }) {
      const [row] = await db
        .insert(reportRuns)
        .values({ ...values, kind: 'scheduled', status: 'sending' })
        .onConflictDoNothing({
          target: [reportRuns.scheduleId, reportRuns.periodStart],
          where: sql`${reportRuns.kind} = 'scheduled'`,
        })
        .returning({ id: reportRuns.id });
      return row?.id ?? null;
    },

    async insertTest(values: { scheduleId: number; periodStart: Date; periodEnd: Date; recipients: string[] }) {
      const [row] = await db
        .insert(reportRuns)
        .values({ ...values, kind: 'test', status: 'sending' })
        .returning({ id: reportRuns.id });
      return row!.id;
    },

    async runById(id: number): Promise<ReportRunRow | null> {
      const [row] = await db.select().from(reportRuns).where(eq(reportRuns.id, id));
      return row ?? null;
    },

    async finishRun(id: number, outcome: { status: 'sent' } | { status: 'failed'; error: string }) {
      await db
        .update(reportRuns)
        .set(
          outcome.status === 'sent'
            ? { status: 'sent', error: null, sentAt: new Date() }
            : { status: 'failed', error: outcome.error.slice(0, 1000) },
        )
        .where(eq(reportRuns.id, id));
    },

    async runsOf(scheduleId: number): Promise<ReportRunRow[]> {
      return db.select().from(reportRuns).where(eq(reportRuns.scheduleId, scheduleId)).orderBy(desc(reportRuns.id));
    },

    /** The last scheduled run that was sent, and the last one's error if it failed. */
    async lastOutcome(scheduleId: number) {
      const [sent] = await db
        .select({ sentAt: reportRuns.sentAt })
        .from(reportRuns)
        .where(and(eq(reportRuns.scheduleId, scheduleId), eq(reportRuns.status, 'sent')))
        .orderBy(desc(reportRuns.sentAt))
        .limit(1);
      const [last] = await db
        .select({ status: reportRuns.status, error: reportRuns.error })
        .from(reportRuns)
        .where(eq(reportRuns.scheduleId, scheduleId))
        .orderBy(desc(reportRuns.id))
        .limit(1);
      return { lastSentAt: sent?.sentAt ?? null, lastError: last?.status === 'failed' ? last.error : null };
    },
  };
}
export type ReportsRepo = ReturnType<typeof createReportsRepo>;
