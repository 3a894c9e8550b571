import { and, eq, gte, inArray, isNull, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { guestSessions, guests } from '../db/schema/index.ts';
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

const COUNTED = ['granted', 'confirmed'];
const DAY_MS = 86_400_000;

/**
 * With session limit control on, the time and data allowance is per day (the last 24 hours), however
 * many times the guest reconnects: what is left of it, or null when it is used up.
 */
export async function remainingAllowance(
  db: Database,
  siteId: number,
  identity: string,
  limits: Required<AccessLimits>,
): Promise<Required<AccessLimits> | null> {
  const [usage] = await db
    .select({
      minutes: sql<number>`coalesce(sum(least(${guestSessions.minutes}, extract(epoch from (least(coalesce(${guestSessions.endedAt}, now()), ${guestSessions.expiresAt}) - ${guestSessions.startedAt})) / 60)), 0)`,
      bytes: sql<number>`coalesce(sum(${guestSessions.bytesUp} + ${guestSessions.bytesDown}), 0)`,
    })
    .from(guestSessions)
    .innerJoin(guests, eq(guests.id, guestSessions.guestId))
    .where(
      and(
        eq(guests.siteId, siteId),
        eq(guests.identity, identity),
        gte(guestSessions.startedAt, new Date(Date.now() - DAY_MS)),
        inArray(guestSessions.grantStatus, COUNTED),
      ),
    );
  const usedMinutes = Math.ceil(Number(usage?.minutes ?? 0));
  const usedMB = Number(usage?.bytes ?? 0) / 1_000_000;
  const minutes = limits.minutes - usedMinutes;
  if (minutes < 1) return null;
  if (limits.quotaMB > 0 && usedMB >= limits.quotaMB) return null;
  return { ...limits, minutes, quotaMB: limits.quotaMB > 0 ? Math.max(1, Math.floor(limits.quotaMB - usedMB)) : 0 };
}

/** How many other devices the guest is online with right now. */
export async function devicesOnline(db: Database, siteId: number, identity: string, exceptMac: string | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${guestSessions.mac})` })
    .from(guestSessions)
    .innerJoin(guests, eq(guests.id, guestSessions.guestId))
    .where(
      and(
        eq(guests.siteId, siteId),
        eq(guests.identity, identity),
        isNull(guestSessions.endedAt),
        gt(guestSessions.expiresAt, new Date()),
        inArray(guestSessions.grantStatus, COUNTED),
        exceptMac ? ne(guestSessions.mac, exceptMac) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}
