import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { defineJob, defineScheduledJob, type JobQueue } from '../../platform/jobs.ts';
import type { ReportsRepo } from './reports.repo.ts';
import type { ReportsService } from './reports.service.ts';
import { lastRunAt, nextRunAt, periodBefore } from './schedule.ts';

/** Every 5 minutes: the schedules due, one run each per period, and a job per run. `at` moves the clock in tests. */
export const REPORTS_DISPATCH_JOB = defineScheduledJob('reports.dispatch');
/** Composes and sends one run (retried on failure). */
export const REPORT_SEND_JOB = defineJob('reports.send', z.object({ runId: z.number().int() }));
/** Schedules looked at per dispatch (the rest are due at the next one). */
const DISPATCH_BATCH = 200;

export function registerReportJobs(deps: {
  jobs: JobQueue;
  log: FastifyBaseLogger;
  reports: ReportsRepo;
  service: ReportsService;
}) {
  const { jobs, reports, service, log } = deps;
  jobs.register(REPORTS_DISPATCH_JOB, ({ at }) => dispatch(at ? new Date(at) : new Date()));
  jobs.schedule(REPORTS_DISPATCH_JOB, '*/5 * * * *');
  jobs.register(REPORT_SEND_JOB, ({ runId }) => service.sendRun(runId));

  /**
   * Each due schedule sends the period of its latest slot at or before `at` (a late dispatch does not
   * send the missed ones), claimed once per (schedule, period) so that workers and re-runs send it once,
   * then moves on to its next slot after `at`.
   */
  async function dispatch(at: Date) {
    for (const schedule of await reports.due(at, DISPATCH_BATCH)) {
      try {
        const settings = schedule.settings;
        const zone = await service.zoneOfSchedule(schedule);
        const slot = settings.frequency === 'never' ? null : lastRunAt(settings, zone, at);
        if (slot && settings.frequency !== 'never') {
          const period = periodBefore(settings.frequency, slot, zone);
          const runId = await reports.claimScheduled({
            scheduleId: schedule.id,
            periodStart: period.start,
            periodEnd: period.end,
            recipients: settings.recipients,
          });
          if (runId !== null) await jobs.enqueue(REPORT_SEND_JOB, { runId });
        }
        await reports.moveOn(schedule.id, schedule.updatedAt, nextRunAt(settings, zone, at));
      } catch (err) {
        // One schedule's problem (its site gone, say) does not hold up the others.
        log.warn({ err, scheduleId: schedule.id }, 'a scheduled report was not dispatched');
      }
    }
  }
}
