import type { AccessLimits } from '../../adapters/controllers/index.ts';
import type { GuestSessionsRepo } from '../guests/guest-sessions.repo.ts';
import type { LoginRecord } from '../guests/login-records.ts';
import type { LimitCount } from '../../platform/plan-usage.ts';
import { claimActivation, type PlanRepos } from './voucher-plan.ts';

/** What redeeming reads and writes: the vouchers, the plan's count, and the sessions they let in. */
export interface RedeemRepos extends PlanRepos {
  guestSessions: GuestSessionsRepo;
}

export type VoucherRefusal = 'expired' | 'used_up' | 'devices' | 'plan' | 'gone';

/** Why a voucher cannot let a guest in; thrown inside the login's transaction, it undoes the login. */
export class VoucherRefused extends Error {
  constructor(readonly reason: VoucherRefusal) {
    super(`voucher refused: ${reason}`);
  }
}

export interface RedeemableVoucher {
  id: number;
  accountId: number;
  activatedAt: Date | null;
  expiresAt: Date | null;
  durationMinutes: number;
  numDevices: number;
  speedUl: number;
  speedDl: number;
  dataLimitMb: number;
  validUntil: Date | null;
}

/**
 * The account's voucher with this code, if it works at the site: a single-site voucher at its own site,
 * a multi-site one at the sites picked for it. Either login screen takes either kind (their buttons read
 * the same to a guest); a code of another account, or for another site, is not found.
 */
export async function findVoucherAt(
  repos: Pick<RedeemRepos, 'vouchers'>,
  accountId: number,
  siteId: number,
  code: string,
): Promise<RedeemableVoucher | null> {
  return (await repos.vouchers.redeemableAt(accountId, siteId, code)) ?? null;
}

const seatOf = (mac: string | null, sessionId: number) => mac ?? `unknown:${sessionId}`;

const isExpired = (v: Pick<RedeemableVoucher, 'validUntil' | 'expiresAt'>, now: number) =>
  (!!v.validUntil && v.validUntil.getTime() <= now) || (!!v.expiresAt && v.expiresAt.getTime() <= now);

/**
 * What a login with the voucher on this device gets now (what is left of its time and data, its speeds),
 * or why it cannot. The seat count here is a first look for a clear answer; the login's transaction
 * decides (redeemInLogin).
 */
export async function allowanceOf(
  repos: Pick<RedeemRepos, 'vouchers' | 'guestSessions'>,
  v: RedeemableVoucher,
  mac: string | null,
  now = Date.now(),
): Promise<Required<AccessLimits> | VoucherRefusal> {
  if (isExpired(v, now)) return 'expired';
  const used = await repos.guestSessions.bytesOfVoucher(v.id);
  if (v.dataLimitMb > 0 && used >= v.dataLimitMb * 1_000_000) return 'used_up';
  if (!(mac && (await repos.vouchers.isBound(v.id, mac))) && (await repos.vouchers.seatsTaken(v.id)) >= v.numDevices)
    return 'devices';
  const until = v.expiresAt ?? new Date(now + v.durationMinutes * 60_000);
  const end = v.validUntil && v.validUntil < until ? v.validUntil : until;
  return {
    minutes: Math.max(1, Math.ceil((end.getTime() - now) / 60_000)),
    upKbps: v.speedUl,
    downKbps: v.speedDl,
    quotaMB: v.dataLimitMb > 0 ? Math.max(1, Math.floor(v.dataLimitMb - used / 1_000_000)) : 0,
  };
}

/**
 * The voucher's part of a login, in the login's transaction once its session row exists. The voucher row
 * is locked first, so logins with one voucher take turns here: of many devices racing for its last seat
 * exactly one gets it, and the first login alone activates it (counted against the plan, under the same
 * lock). Throws VoucherRefused to undo the whole login.
 */
export function redeemInLogin(
  repos: PlanRepos,
  v: RedeemableVoucher,
  siteId: number,
  mac: string | null,
  /** Told what the activation counted against the plan (for the owner's emails once the login commits). */
  counted?: (count: LimitCount | null) => void,
): NonNullable<LoginRecord['onRecorded']> {
  const { vouchers } = repos;
  return async (tx, { sessionId }) => {
    const row = await vouchers.lockForLogin(v.id, tx);
    if (!row) throw new VoucherRefused('gone');
    const now = new Date();
    if (isExpired({ validUntil: v.validUntil, expiresAt: row.expiresAt }, now.getTime())) throw new VoucherRefused('expired');
    const seat = seatOf(mac, sessionId);
    if (!(await vouchers.isBound(v.id, seat, tx))) {
      if ((await vouchers.seatsTaken(v.id, tx)) >= v.numDevices) throw new VoucherRefused('devices');
      await vouchers.takeSeat(v.id, seat, siteId, tx);
    }
    if (!row.activatedAt) {
      const claim = await claimActivation(repos, v.accountId, tx, now);
      if (!claim.ok) throw new VoucherRefused('plan');
      counted?.(claim.count);
      const end = new Date(now.getTime() + v.durationMinutes * 60_000);
      await vouchers.activate(v.id, now, v.validUntil && v.validUntil < end ? v.validUntil : end, tx);
    }
    await vouchers.addSession(sessionId, v.id, siteId, mac, tx);
  };
}

/**
 * A device coming back under the voucher login's relogin policy (it used this login here since `since`):
 * let in again, as the same guest, only while the voucher still holds its seat and has time and data
 * left, with what is left.
 */
export async function voucherRelogin(
  repos: Pick<RedeemRepos, 'vouchers' | 'guestSessions'>,
  siteId: number,
  mac: string,
  method: string,
  since: Date,
) {
  const last = await repos.guestSessions.lastVoucherLoginOfDevice(siteId, mac, method, since);
  if (!last || !(await repos.vouchers.isBound(last.voucherId, mac))) return null;
  const v = await repos.vouchers.redeemableById(last.voucherId, siteId);
  if (!v) return null;
  const limits = await allowanceOf(repos, v, mac);
  if (typeof limits === 'string') return null;
  const onRecorded: NonNullable<LoginRecord['onRecorded']> = async (tx, { sessionId }) => {
    await repos.vouchers.addSession(sessionId, v.id, siteId, mac, tx);
  };
  return { identity: last.identity, limits, onRecorded };
}
