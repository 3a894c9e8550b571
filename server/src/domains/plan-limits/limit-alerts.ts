import { z } from 'zod';
import { USAGE_KINDS } from '@splashboard/contract';
import type { AccountsRepo } from '../../platform/accounts.repo.ts';
import { defineJob, type JobQueue } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mailer.ts';
import {
  ALERT_THRESHOLDS,
  crossesThreshold,
  thresholdCount,
  type PlanLimitAlerts,
  type PlanUsageReader,
} from '../../platform/plan-usage.ts';
import type { PlanLimitsRepo } from './plan-limits.repo.ts';
import { limitAlertEmail } from './limit-alert.email.ts';

/** Checks one limit of an account in a billing period and emails the owner about the thresholds it reached. */
export const LIMIT_ALERT_JOB = defineJob(
  'plan-limits.alert',
  z.object({ accountId: z.number().int(), kind: z.enum(USAGE_KINDS), periodStart: z.string() }),
);

export interface LimitAlertDeps {
  jobs: JobQueue;
  mailer: Mailer;
  accounts: AccountsRepo;
  planLimits: PlanLimitsRepo;
  usage: PlanUsageReader;
  /** The dashboard's address (PUBLIC_URL), for the email's link to the subscription tab. */
  publicUrl: string;
}

/**
 * The owner's emails at 80 % and 100 % of each limit, once per billing period and threshold. A login that
 * reaches a threshold queues a job once it has committed; the job reads the usage again, marks the
 * thresholds reached as sent (a row each, so two nodes never send twice) and emails the owner about the
 * highest one newly reached.
 */
export function createLimitAlerts(deps: LimitAlertDeps): PlanLimitAlerts {
  deps.jobs.register(LIMIT_ALERT_JOB, async ({ accountId, kind, periodStart }) => {
    const usage = await deps.usage.usageOf(accountId);
    // A period that has moved on since the login: its alerts no longer matter.
    if (!usage || new Date(usage.period_start).getTime() !== new Date(periodStart).getTime()) return;
    const { used, limit } = usage[kind];
    const start = new Date(usage.period_start);
    let highest: number | null = null;
    for (const threshold of [...ALERT_THRESHOLDS].reverse()) {
      if (used < thresholdCount(limit, threshold)) continue;
      if ((await deps.planLimits.markAlertSent(accountId, start, kind, threshold)) && highest === null) highest = threshold;
    }
    if (highest === null) return;
    const [ownerId, account] = await Promise.all([deps.accounts.ownerIdOf(accountId), deps.accounts.accountById(accountId)]);
    const owner = ownerId === null ? null : await deps.accounts.userById(ownerId);
    if (!owner || !account) return;
    const email = limitAlertEmail(owner.language, {
      accountName: account.name,
      kind,
      threshold: highest,
      used,
      limit,
      periodEnd: new Date(usage.period_end),
      link: `${deps.publicUrl}/app/account/subscription`,
    });
    await deps.mailer.send({ to: owner.email, ...email, accountId });
  });

  return {
    async counted(count) {
      if (!count || !crossesThreshold(count)) return;
      await deps.jobs.enqueue(LIMIT_ALERT_JOB, {
        accountId: count.accountId,
        kind: count.kind,
        periodStart: count.periodStart.toISOString(),
      });
    },
  };
}
