import {
  PLAN_LIMITS,
  PLAN_TYPES,
  VOUCHER_MESSAGES,
  fillMessage,
  type PlanType,
  type VoucherPlanUsage,
} from '@splashboard/contract';
import type { Executor } from '../../db/client.ts';
import type { AccountsRepo } from '../../platform/accounts.repo.ts';
import type { VouchersRepo } from './vouchers.repo.ts';

/** What the plan's voucher count is read from: the account's plan and its activations. */
export interface PlanRepos {
  vouchers: VouchersRepo;
  accounts: AccountsRepo;
}

/** The calendar month (UTC) vouchers are counted in against the plan: `YYYY-MM`. */
export const activationPeriod = (now = new Date()) => now.toISOString().slice(0, 7);

/** An account without a plan yet is held to the smallest one. */
const planOf = (planType: string | null): PlanType =>
  PLAN_TYPES.includes(planType as PlanType) ? (planType as PlanType) : 'collect';
export const activationLimitOf = (planType: string | null) => PLAN_LIMITS[planOf(planType)].vouchers_activated;

/** The account's vouchers activated this month against its plan's limit, as the lists show it. */
export async function planUsage(repos: PlanRepos, accountId: number): Promise<VoucherPlanUsage> {
  const period = activationPeriod();
  const [account, activated] = await Promise.all([
    repos.accounts.planTypeOf(accountId),
    repos.vouchers.activatedIn(accountId, period),
  ]);
  const planType = (account?.planType ?? null) as PlanType | null;
  const limit = activationLimitOf(planType);
  const reached = activated >= limit;
  return {
    plan_type: PLAN_TYPES.includes(planType as PlanType) ? planType : null,
    period,
    activated,
    limit,
    remaining: Math.max(0, limit - activated),
    limit_reached: reached,
    message: reached ? fillMessage(VOUCHER_MESSAGES.planLimit, { limit }) : '',
  };
}

/**
 * Counts one activation against the plan inside the login's transaction, or answers false when the month's
 * are used up. One conditional upsert: concurrent first logins cannot both take the last one.
 */
export async function claimActivation(repos: PlanRepos, accountId: number, tx: Executor): Promise<boolean> {
  const account = await repos.accounts.planTypeOf(accountId, tx);
  const limit = activationLimitOf(account?.planType ?? null);
  if (limit < 1) return false;
  return repos.vouchers.claimActivation(accountId, activationPeriod(), limit, tx);
}
