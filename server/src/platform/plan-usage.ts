import type { PlanUsage } from '@splashboard/contract';

/**
 * Reads an account's plan usage in its current billing period (the plan-limits area counts it; the billing
 * area shows it on the subscription answer). Null when the account has no limits (billing off).
 */
export interface PlanUsageReader {
  usageOf(accountId: number, now?: Date): Promise<PlanUsage | null>;
}
