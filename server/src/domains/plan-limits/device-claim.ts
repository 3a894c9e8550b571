import type { Executor } from '../../db/client.ts';
import type { AccountsRepo } from '../../platform/accounts.repo.ts';
import type { LimitClaim } from '../../platform/plan-usage.ts';
import { billingPeriodOf, planLimitsOf } from '../../platform/subscription-status.ts';
import type { PlanLimitsRepo } from './plan-limits.repo.ts';

/** Thrown in a login's transaction (undoing the login) when a new device would go past the plan's active guest devices. */
export class DeviceLimitReached extends Error {
  constructor(
    readonly limit: number,
    /** When the count starts again. */
    readonly periodEnd: Date,
  ) {
    super('the plan’s active guest devices are used up');
  }
}

export interface DeviceClaimDeps {
  accounts: AccountsRepo;
  planLimits: PlanLimitsRepo;
  config: { stripe: { enabled: boolean } };
}

/**
 * Counts a guest device logging in to any site of the account against the plan's active guest devices in
 * the billing period, inside the login's transaction: a device already counted always gets in; a new one
 * over the limit is refused. Nothing is counted with billing off, or for a login without a MAC (nothing
 * names the device).
 */
export async function claimDevice(
  deps: DeviceClaimDeps,
  accountId: number,
  mac: string | null,
  tx: Executor,
  now = new Date(),
): Promise<LimitClaim> {
  if (!mac) return { ok: true, count: null };
  const account = await deps.accounts.planAndPeriodOf(accountId, tx);
  const limits = account && planLimitsOf(account, deps.config.stripe.enabled);
  if (!account || !limits) return { ok: true, count: null };
  const limit = limits.active_guest_devices;
  const { start, end } = billingPeriodOf(account, now);
  const used = await deps.planLimits.claimDevice(accountId, start, mac, limit, tx);
  if (used === null) return { ok: false, limit, periodEnd: end };
  if (used === 'known') return { ok: true, count: null };
  return { ok: true, count: { accountId, kind: 'active_guest_devices', periodStart: start, used, limit } };
}
