import { and, eq, lt, sql } from 'drizzle-orm';
import {
  PLAN_LIMITS,
  PLAN_TYPES,
  VOUCHER_MESSAGES,
  fillMessage,
  type PlanType,
  type VoucherPlanUsage,
} from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import { accounts, voucherActivationCounts } from '../../db/schema/index.ts';
import type { Transaction } from '../../portal/guest-records.ts';

/** The calendar month (UTC) vouchers are counted in against the plan: `YYYY-MM`. */
export const activationPeriod = (now = new Date()) => now.toISOString().slice(0, 7);

/** An account without a plan yet is held to the smallest one. */
const planOf = (planType: string | null): PlanType =>
  PLAN_TYPES.includes(planType as PlanType) ? (planType as PlanType) : 'collect';
export const activationLimitOf = (planType: string | null) => PLAN_LIMITS[planOf(planType)].vouchers_activated;

/** The account's vouchers activated this month against its plan's limit, as the lists show it. */
export async function planUsage(db: Database, accountId: number): Promise<VoucherPlanUsage> {
  const period = activationPeriod();
  const [row] = await db
    .select({ planType: accounts.planType, activated: voucherActivationCounts.activated })
    .from(accounts)
    .leftJoin(
      voucherActivationCounts,
      and(eq(voucherActivationCounts.accountId, accounts.id), eq(voucherActivationCounts.month, period)),
    )
    .where(eq(accounts.id, accountId));
  const planType = (row?.planType ?? null) as PlanType | null;
  const limit = activationLimitOf(planType);
  const activated = row?.activated ?? 0;
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
export async function claimActivation(tx: Transaction, accountId: number): Promise<boolean> {
  const [account] = await tx.select({ planType: accounts.planType }).from(accounts).where(eq(accounts.id, accountId));
  const limit = activationLimitOf(account?.planType ?? null);
  if (limit < 1) return false;
  const rows = await tx
    .insert(voucherActivationCounts)
    .values({ accountId, month: activationPeriod(), activated: 1 })
    .onConflictDoUpdate({
      target: [voucherActivationCounts.accountId, voucherActivationCounts.month],
      set: { activated: sql`${voucherActivationCounts.activated} + 1` },
      setWhere: lt(voucherActivationCounts.activated, limit),
    })
    .returning({ activated: voucherActivationCounts.activated });
  return rows.length > 0;
}
