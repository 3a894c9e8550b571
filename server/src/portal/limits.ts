import type { GuestSessionsRepo } from '../domains/guests/guest-sessions.repo.ts';
import type { AccessLimits } from '../adapters/controllers/index.ts';

/** The access a method's advanced settings give (time in minutes, speeds in Kbps, data in MB; 0 = unlimited). */
export function limitsOf(values: Record<string, unknown>): Required<AccessLimits> {
  const n = (k: string, fallback = 0) => (typeof values[k] === 'number' ? (values[k] as number) : fallback);
  return {
    minutes: Math.max(1, n('time_limit', 60)),
    upKbps: n('speed_ul'),
    downKbps: n('speed_dl'),
    quotaMB: n('data_limit'),
  };
}

/** How long a login lets a device back in without the splash page (relogin policy), in days. */
export const RELOGIN_DAYS: Record<string, number> = {
  always: 0,
  once: Infinity,
  daily: 1,
  weekly: 7,
  monthly: 30,
  never: Infinity,
};

const DAY_MS = 86_400_000;

/**
 * With session limit control on, the time and data allowance is per day (the last 24 hours), however
 * many times the guest reconnects: what is left of it, or null when it is used up.
 */
export async function remainingAllowance(
  sessions: GuestSessionsRepo,
  siteId: number,
  identity: string,
  limits: Required<AccessLimits>,
): Promise<Required<AccessLimits> | null> {
  const usage = await sessions.usageOfIdentitySince(siteId, identity, new Date(Date.now() - DAY_MS));
  const usedMinutes = Math.ceil(usage.minutes);
  const usedMB = usage.bytes / 1_000_000;
  const minutes = limits.minutes - usedMinutes;
  if (minutes < 1) return null;
  if (limits.quotaMB > 0 && usedMB >= limits.quotaMB) return null;
  return { ...limits, minutes, quotaMB: limits.quotaMB > 0 ? Math.max(1, Math.floor(limits.quotaMB - usedMB)) : 0 };
}
