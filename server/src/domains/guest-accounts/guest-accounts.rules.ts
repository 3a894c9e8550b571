import { and, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { GUEST_ACCOUNT_MESSAGES, type GuestAccountStatus } from '@splashboard/contract';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { guestAccountDevices, guestAccounts, guestSessions, guests } from '../../db/schema/index.ts';
import type { AccessLimits } from '../../adapters/controllers/index.ts';
import type { Collected } from '../../portal/login-fields.ts';

/**
 * The rules of a guest account, in one place for the dashboard and the portal: how long it lasts
 * (from its first use), how much data it has left, and which devices it may have.
 */

export type GuestAccountRow = typeof guestAccounts.$inferSelect;

const MINUTES_PER: Record<string, number> = { minutes: 1, hours: 60, days: 1440 };
const COUNTED = ['granted', 'confirmed'];

export const durationMinutesOf = (a: Pick<GuestAccountRow, 'durationVal' | 'durationType'>) =>
  a.durationVal * (MINUTES_PER[a.durationType] ?? 1);
/** Megabytes are 10^6 bytes, as the controllers count them; a gigabyte is 1000 of them. */
export const dataLimitMbOf = (a: Pick<GuestAccountRow, 'bytesT' | 'bytesType'>) => a.bytesT * (a.bytesType === 'GB' ? 1000 : 1);
/** The guest record (guests.identity) a guest account's logins are kept under. */
export const identityOfAccount = (accountId: number) => `guestuser:${accountId}`;

export function statusOf(a: Pick<GuestAccountRow, 'expiresAt'>, now = new Date()): GuestAccountStatus {
  if (!a.expiresAt) return 'unused';
  return a.expiresAt.getTime() > now.getTime() ? 'active' : 'expired';
}

/** When an account first used now would end: its duration from now. */
export const expiryFrom = (a: Pick<GuestAccountRow, 'durationVal' | 'durationType'>, start: Date) =>
  new Date(start.getTime() + durationMinutesOf(a) * 60_000);

/** MB the account's sessions have used (what the gateways reported). */
export async function dataUsedMb(db: Executor, siteId: number, accountId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${guestSessions.bytesUp} + ${guestSessions.bytesDown}), 0)` })
    .from(guestSessions)
    .innerJoin(guests, eq(guests.id, guestSessions.guestId))
    .where(and(eq(guests.siteId, siteId), eq(guests.identity, identityOfAccount(accountId))));
  return Number(row?.bytes ?? 0) / 1_000_000;
}

export type AccountAccess = { ok: true; limits: Required<AccessLimits> } | { ok: false; reason: 'expired' | 'data' };

/**
 * What a login of the account may get now: the time left until it expires (its whole duration when
 * it has not been used yet), its speeds, and the data it has left; or why it gets nothing.
 */
export async function accessOf(db: Database, a: GuestAccountRow, now = new Date()): Promise<AccountAccess> {
  const minutes = a.expiresAt ? Math.floor((a.expiresAt.getTime() - now.getTime()) / 60_000) : durationMinutesOf(a);
  if (minutes < 1) return { ok: false, reason: 'expired' };
  const limitMb = dataLimitMbOf(a);
  let quotaMB = 0;
  if (limitMb > 0) {
    const left = limitMb - (await dataUsedMb(db, a.siteId, a.id));
    if (left <= 0) return { ok: false, reason: 'data' };
    quotaMB = Math.max(1, Math.floor(left));
  }
  return { ok: true, limits: { minutes, upKbps: a.speedUl, downKbps: a.speedDl, quotaMB } };
}

/** The account already has as many devices as it allows. */
export class DeviceLimitError extends Error {
  constructor(readonly max: number) {
    super(GUEST_ACCOUNT_MESSAGES.deviceLimit);
  }
}
/** The MAC is bound to another account of the site (and may not be taken from it). */
export class OtherAccountError extends Error {
  constructor() {
    super(GUEST_ACCOUNT_MESSAGES.macOtherAccount);
  }
}

/**
 * Binds a MAC to an account in the caller's transaction, the account row locked so that two devices
 * logging in at once cannot both take the last place. A MAC already bound to the account is not a new
 * device (only its last login moves). A MAC bound to another account moves over when a guest logs in
 * with this one on it (`takeOver`), and is refused otherwise (the dashboard says which to disconnect).
 */
export async function bindDevice(
  tx: Transaction,
  a: GuestAccountRow,
  mac: string,
  opts: { source: 'login' | 'operator'; takeOver: boolean; now?: Date },
): Promise<{ isNew: boolean }> {
  const now = opts.now ?? new Date();
  const [locked] = await tx.select().from(guestAccounts).where(eq(guestAccounts.id, a.id)).for('update');
  if (!locked) throw new DeviceLimitError(0);
  const [existing] = await tx
    .select()
    .from(guestAccountDevices)
    .where(and(eq(guestAccountDevices.siteId, a.siteId), eq(guestAccountDevices.mac, mac)));
  if (existing?.guestAccountId === a.id) {
    if (opts.source === 'login')
      await tx.update(guestAccountDevices).set({ lastLoginAt: now }).where(eq(guestAccountDevices.id, existing.id));
    return { isNew: false };
  }
  if (existing && !opts.takeOver) throw new OtherAccountError();
  const [others] = await tx
    .select({ n: count() })
    .from(guestAccountDevices)
    .where(and(eq(guestAccountDevices.guestAccountId, a.id), ne(guestAccountDevices.mac, mac)));
  if ((others?.n ?? 0) >= locked.numDevices) throw new DeviceLimitError(locked.numDevices);
  if (existing) await tx.delete(guestAccountDevices).where(eq(guestAccountDevices.id, existing.id));
  await tx.insert(guestAccountDevices).values({
    accountId: a.accountId,
    siteId: a.siteId,
    guestAccountId: a.id,
    mac,
    source: opts.source,
    boundAt: now,
    lastLoginAt: opts.source === 'login' ? now : null,
  });
  return { isNew: true };
}

/** Whether the account can take this device: it is one of its own, or the account has a free place. */
export async function hasRoomFor(db: Database, a: GuestAccountRow, mac: string): Promise<boolean> {
  const macs = await db
    .select({ mac: guestAccountDevices.mac })
    .from(guestAccountDevices)
    .where(eq(guestAccountDevices.guestAccountId, a.id));
  return macs.some((d) => d.mac === mac) || macs.length < a.numDevices;
}

/** The first use starts the account's duration (once: later uses keep the first date). */
export async function startClock(tx: Executor, a: GuestAccountRow, now = new Date()) {
  if (a.firstLoginAt) return;
  await tx
    .update(guestAccounts)
    .set({ firstLoginAt: now, expiresAt: expiryFrom(a, now) })
    .where(and(eq(guestAccounts.id, a.id), isNull(guestAccounts.firstLoginAt)));
}

/** MACs of the account's devices that have a session running now. */
export async function onlineMacs(db: Database, siteId: number, accountId: number, now = new Date()): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ mac: guestSessions.mac })
    .from(guestSessions)
    .innerJoin(guests, eq(guests.id, guestSessions.guestId))
    .where(
      and(
        eq(guests.siteId, siteId),
        eq(guests.identity, identityOfAccount(accountId)),
        isNull(guestSessions.endedAt),
        gt(guestSessions.expiresAt, now),
        inArray(guestSessions.grantStatus, COUNTED),
      ),
    );
  return new Set(rows.map((r) => r.mac).filter((m): m is string => !!m));
}

/** Ends the account's running sessions on these MACs (all of them when none are given). */
export async function endSessions(db: Database, siteId: number, accountId: number, cause: string, macs?: string[]) {
  const [guest] = await db
    .select({ id: guests.id })
    .from(guests)
    .where(and(eq(guests.siteId, siteId), eq(guests.identity, identityOfAccount(accountId))));
  if (!guest) return;
  await db
    .update(guestSessions)
    .set({ endedAt: new Date(), endCause: cause })
    .where(
      and(
        eq(guestSessions.guestId, guest.id),
        isNull(guestSessions.endedAt),
        macs ? inArray(guestSessions.mac, macs.length ? macs : ['']) : undefined,
      ),
    );
}

/** What the guest record learns from an account (its name and email), as a login method collects it. */
export function collectedOf(a: Pick<GuestAccountRow, 'name' | 'email'>): Collected {
  const [first, ...rest] = a.name.trim().split(/\s+/);
  return {
    custom: {},
    email: a.email || undefined,
    firstName: first || undefined,
    lastName: rest.join(' ') || undefined,
  };
}
