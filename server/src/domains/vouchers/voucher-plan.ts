import { VOUCHER_MESSAGES, fillMessage, type VoucherPlanUsage } from '@splashboard/contract';
import type { Executor } from '../../db/client.ts';
import type { AccountsRepo } from '../../platform/accounts.repo.ts';
import type { LimitClaim } from '../../platform/plan-usage.ts';
import { asPlanType, billingPeriodOf, planLimitsOf } from '../../platform/subscription-status.ts';
import type { VouchersRepo } from './vouchers.repo.ts';

/** What the plan's voucher count is read from: the account's plan and period, and its activations. */
export interface PlanRepos {
  vouchers: VouchersRepo;
  accounts: AccountsRepo;
  /** With billing off nothing is limited or counted. */
  config: { stripe: { enabled: boolean } };
}

/** The key a billing period's activations are counted under: its start. */
export const periodKey = (start: Date) => start.toISOString();

/**
 * The account's vouchers activated in its billing period against its plan's limit, as the lists show it;
 * null with billing off (no limits).
 */
export async function planUsage(repos: PlanRepos, accountId: number, now = new Date()): Promise<VoucherPlanUsage | null> {
  const account = await repos.accounts.planAndPeriodOf(accountId);
  const limits = account && planLimitsOf(account, repos.config.stripe.enabled);
  if (!account || !limits) return null;
  const period = billingPeriodOf(account, now);
  const activated = await repos.vouchers.activatedIn(accountId, periodKey(period.start));
  const limit = limits.vouchers_activated;
  const reached = activated >= limit;
  return {
    plan_type: asPlanType(account.planType),
    period: period.start.toISOString(),
    period_end: period.end.toISOString(),
    activated,
    limit,
    remaining: Math.max(0, limit - activated),
    limit_reached: reached,
    message: reached ? fillMessage(VOUCHER_MESSAGES.planLimit, { limit }) : '',
  };
}

/**
 * Counts one activation against the plan inside the login's transaction, or refuses it when the billing
 * period's are used up. One conditional upsert: concurrent first logins cannot both take the last one.
 */
export async function claimActivation(repos: PlanRepos, accountId: number, tx: Executor, now = new Date()): Promise<LimitClaim> {
  const account = await repos.accounts.planAndPeriodOf(accountId, tx);
  const limits = account && planLimitsOf(account, repos.config.stripe.enabled);
  if (!account || !limits) return { ok: true, count: null };
  const limit = limits.vouchers_activated;
  const { start, end } = billingPeriodOf(account, now);
  const used = limit < 1 ? null : await repos.vouchers.claimActivation(accountId, periodKey(start), limit, tx);
  if (used === null) return { ok: false, limit, periodEnd: end };
  return { ok: true, count: { accountId, kind: 'vouchers_activated', periodStart: start, used, limit } };
}
