import type { PlanUsage, UsageKind } from '@splashboard/contract';

/**
 * Reads an account's plan usage in its current billing period (the plan-limits area counts it; the billing
 * area shows it on the subscription answer). Null when the account has no limits (billing off).
 */
export interface PlanUsageReader {
  usageOf(accountId: number, now?: Date): Promise<PlanUsage | null>;
}

/** The shares of a limit (percent) at which the account's owner is emailed, once per period each. */
export const ALERT_THRESHOLDS = [80, 100] as const;

/** How many of a limit an account has used in a billing period, as a claim just counted it. */
export interface LimitCount {
  accountId: number;
  kind: UsageKind;
  periodStart: Date;
  used: number;
  limit: number;
}

/** The count reached at a threshold: the login that makes it (each claim adds one) queues the owner's email. */
export const thresholdCount = (limit: number, percent: number) => Math.ceil((limit * percent) / 100);
export const crossesThreshold = (c: Pick<LimitCount, 'used' | 'limit'>) =>
  ALERT_THRESHOLDS.some((t) => c.used === thresholdCount(c.limit, t));

/**
 * What a claim against a limit answers: refused (the limit is reached, until the period's end), or let in
 * with what it counted (nothing with billing off, or for a device already counted).
 */
export type LimitClaim = { ok: false; limit: number; periodEnd: Date } | { ok: true; count: LimitCount | null };

/** Queues the owner's emails for the thresholds a committed claim reached (the plan-limits area sends them). */
export interface PlanLimitAlerts {
  counted(count: LimitCount | null): Promise<void>;
}
