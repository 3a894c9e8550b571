import { GUEST_ACCOUNT_MESSAGES, type GuestAccountStatus } from '@splashboard/contract';
import type { Executor } from '../../db/client.ts';
import type { AccessLimits } from '../../adapters/controllers/index.ts';
import type { Collected } from '../guests/login-records.ts';
import type { GuestSessionsRepo } from '../guests/guest-sessions.repo.ts';
import type { GuestsRepo } from '../guests/guests.repo.ts';
import type { GuestAccountRow, GuestAccountsRepo } from './guest-accounts.repo.ts';

/**
 * The rules of a guest account, in one place for the dashboard and the portal: how long it lasts
 * (from its first use), how much data it has left, and which devices it may have.
 */

export type { GuestAccountRow };

/** The repos the rules read and write: the accounts, and the guest and sessions their logins are kept as. */
export interface GuestAccountStore {
  guestAccounts: GuestAccountsRepo;
  guests: GuestsRepo;
  guestSessions: GuestSessionsRepo;
}

const MINUTES_PER: Record<string, number> = { minutes: 1, hours: 60, days: 1440 };

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
export async function dataUsedMb(
  store: Pick<GuestAccountStore, 'guestSessions'>,
  siteId: number,
  accountId: number,
): Promise<number> {
  return (await store.guestSessions.bytesOfIdentity(siteId, identityOfAccount(accountId))) / 1_000_000;
}

export type AccountAccess = { ok: true; limits: Required<AccessLimits> } | { ok: false; reason: 'expired' | 'data' };

/**
 * What a login of the account may get now: the time left until it expires (its whole duration when
 * it has not been used yet), its speeds, and the data it has left; or why it gets nothing.
 */
export async function accessOf(
  store: Pick<GuestAccountStore, 'guestSessions'>,
  a: GuestAccountRow,
  now = new Date(),
): Promise<AccountAccess> {
  const minutes = a.expiresAt ? Math.floor((a.expiresAt.getTime() - now.getTime()) / 60_000) : durationMinutesOf(a);
  if (minutes < 1) return { ok: false, reason: 'expired' };
  const limitMb = dataLimitMbOf(a);
  let quotaMB = 0;
  if (limitMb > 0) {
    const left = limitMb - (await dataUsedMb(store, a.siteId, a.id));
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
  store: Pick<GuestAccountStore, 'guestAccounts'>,
  a: GuestAccountRow,
  mac: string,
  opts: { source: 'login' | 'operator'; takeOver: boolean; now?: Date },
  tx: Executor,
): Promise<{ isNew: boolean }> {
  const accounts = store.guestAccounts;
  const now = opts.now ?? new Date();
  const locked = await accounts.lockForUpdate(a.id, tx);
  if (!locked) throw new DeviceLimitError(0);
  const existing = await accounts.deviceAt(a.siteId, mac, tx);
  if (existing?.guestAccountId === a.id) {
    if (opts.source === 'login') await accounts.touchDevice(existing.id, now, tx);
    return { isNew: false };
  }
  if (existing && !opts.takeOver) throw new OtherAccountError();
  if ((await accounts.otherDevicesCount(a.id, mac, tx)) >= locked.numDevices) throw new DeviceLimitError(locked.numDevices);
  if (existing) await accounts.removeDeviceById(existing.id, tx);
  await accounts.addDevice(
    {
      accountId: a.accountId,
      siteId: a.siteId,
      guestAccountId: a.id,
      mac,
      source: opts.source,
      boundAt: now,
      lastLoginAt: opts.source === 'login' ? now : null,
    },
    tx,
  );
  return { isNew: true };
}

/** Whether the account can take this device: it is one of its own, or the account has a free place. */
export async function hasRoomFor(
  store: Pick<GuestAccountStore, 'guestAccounts'>,
  a: GuestAccountRow,
  mac: string,
): Promise<boolean> {
  const macs = await store.guestAccounts.macsOf(a.id);
  return macs.some((m) => m === mac) || macs.length < a.numDevices;
}

/** The first use starts the account's duration (once: later uses keep the first date). */
export async function startClock(store: Pick<GuestAccountStore, 'guestAccounts'>, a: GuestAccountRow, tx?: Executor) {
  if (a.firstLoginAt) return;
  const now = new Date();
  await store.guestAccounts.startClock(a.id, now, expiryFrom(a, now), tx);
}

/** MACs of the account's devices that have a session running now. */
export async function onlineMacs(
  store: Pick<GuestAccountStore, 'guestSessions'>,
  siteId: number,
  accountId: number,
  now = new Date(),
): Promise<Set<string>> {
  const macs = await store.guestSessions.onlineMacsOfIdentity(siteId, identityOfAccount(accountId), now);
  return new Set(macs.filter((m): m is string => !!m));
}

/** Ends the account's running sessions on these MACs (all of them when none are given). */
export async function endSessions(
  store: Pick<GuestAccountStore, 'guests' | 'guestSessions'>,
  siteId: number,
  accountId: number,
  cause: string,
  macs?: string[],
) {
  const guestId = await store.guests.idOfIdentity(siteId, identityOfAccount(accountId));
  if (!guestId) return;
  await store.guestSessions.endOpenOfGuest(guestId, cause, macs);
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
