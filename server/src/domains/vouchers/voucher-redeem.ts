import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { guestSessions, guests, voucherBatches, voucherDevices, voucherSessions, vouchers } from '../../db/schema/index.ts';
import type { AccessLimits } from '../../adapters/controllers/index.ts';
import type { LoginRecord } from '../../portal/guest-records.ts';
import { claimActivation } from './voucher-plan.ts';
import { COUNTED_GRANTS, worksAtSite } from './voucher-queries.ts';

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

const columns = {
  id: vouchers.id,
  accountId: vouchers.accountId,
  activatedAt: vouchers.activatedAt,
  expiresAt: vouchers.expiresAt,
  durationMinutes: voucherBatches.durationMinutes,
  numDevices: voucherBatches.numDevices,
  speedUl: voucherBatches.speedUl,
  speedDl: voucherBatches.speedDl,
  dataLimitMb: voucherBatches.dataLimitMb,
  validUntil: voucherBatches.validUntil,
};

/**
 * The account's voucher with this code, if it works at the site: a single-site voucher at its own site,
 * a multi-site one at the sites picked for it. Either login screen takes either kind (their buttons read
 * the same to a guest); a code of another account, or for another site, is not found.
 */
export async function findVoucherAt(
  db: Database,
  accountId: number,
  siteId: number,
  code: string,
): Promise<RedeemableVoucher | null> {
  const [row] = await db
    .select(columns)
    .from(vouchers)
    .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
    .where(and(eq(vouchers.accountId, accountId), eq(vouchers.code, code), worksAtSite(siteId)));
  return row ?? null;
}

async function bytesUsed(db: Executor, voucherId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${guestSessions.bytesUp} + ${guestSessions.bytesDown}), 0)` })
    .from(voucherSessions)
    .innerJoin(guestSessions, eq(guestSessions.id, voucherSessions.sessionId))
    .where(and(eq(voucherSessions.voucherId, voucherId), inArray(guestSessions.grantStatus, COUNTED_GRANTS)));
  return Number(row?.bytes ?? 0);
}

const seatOf = (mac: string | null, sessionId: number) => mac ?? `unknown:${sessionId}`;

async function isBound(db: Executor, voucherId: number, mac: string) {
  const [row] = await db
    .select({ id: voucherDevices.id })
    .from(voucherDevices)
    .where(and(eq(voucherDevices.voucherId, voucherId), eq(voucherDevices.mac, mac)));
  return !!row;
}

async function seatsTaken(db: Executor, voucherId: number) {
  const [row] = await db.select({ n: count() }).from(voucherDevices).where(eq(voucherDevices.voucherId, voucherId));
  return row?.n ?? 0;
}

const isExpired = (v: Pick<RedeemableVoucher, 'validUntil' | 'expiresAt'>, now: number) =>
  (!!v.validUntil && v.validUntil.getTime() <= now) || (!!v.expiresAt && v.expiresAt.getTime() <= now);

/**
 * What a login with the voucher on this device gets now (what is left of its time and data, its speeds),
 * or why it cannot. The seat count here is a first look for a clear answer; the login's transaction
 * decides (redeemInLogin).
 */
export async function allowanceOf(
  db: Database,
  v: RedeemableVoucher,
  mac: string | null,
  now = Date.now(),
): Promise<Required<AccessLimits> | VoucherRefusal> {
  if (isExpired(v, now)) return 'expired';
  const used = await bytesUsed(db, v.id);
  if (v.dataLimitMb > 0 && used >= v.dataLimitMb * 1_000_000) return 'used_up';
  if (!(mac && (await isBound(db, v.id, mac))) && (await seatsTaken(db, v.id)) >= v.numDevices) return 'devices';
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
export function redeemInLogin(v: RedeemableVoucher, siteId: number, mac: string | null): NonNullable<LoginRecord['onRecorded']> {
  return async (tx, { sessionId }) => {
    const [row] = await tx
      .select({ activatedAt: vouchers.activatedAt, expiresAt: vouchers.expiresAt })
      .from(vouchers)
      .where(eq(vouchers.id, v.id))
      .for('update');
    if (!row) throw new VoucherRefused('gone');
    const now = new Date();
    if (isExpired({ validUntil: v.validUntil, expiresAt: row.expiresAt }, now.getTime())) throw new VoucherRefused('expired');
    const seat = seatOf(mac, sessionId);
    if (!(await isBound(tx, v.id, seat))) {
      if ((await seatsTaken(tx, v.id)) >= v.numDevices) throw new VoucherRefused('devices');
      await tx.insert(voucherDevices).values({ voucherId: v.id, mac: seat, siteId });
    }
    if (!row.activatedAt) {
      if (!(await claimActivation(tx, v.accountId))) throw new VoucherRefused('plan');
      const end = new Date(now.getTime() + v.durationMinutes * 60_000);
      await tx
        .update(vouchers)
        .set({ activatedAt: now, expiresAt: v.validUntil && v.validUntil < end ? v.validUntil : end })
        .where(eq(vouchers.id, v.id));
    }
    await tx.insert(voucherSessions).values({ sessionId, voucherId: v.id, siteId, mac });
  };
}

/**
 * A device coming back under the voucher login's relogin policy (it used this login here since `since`):
 * let in again, as the same guest, only while the voucher still holds its seat and has time and data
 * left, with what is left.
 */
export async function voucherRelogin(db: Database, siteId: number, mac: string, method: string, since: Date) {
  const [last] = await db
    .select({ voucherId: voucherSessions.voucherId, identity: guests.identity })
    .from(voucherSessions)
    .innerJoin(guestSessions, eq(guestSessions.id, voucherSessions.sessionId))
    .innerJoin(guests, eq(guests.id, guestSessions.guestId))
    .where(
      and(
        eq(voucherSessions.siteId, siteId),
        eq(voucherSessions.mac, mac),
        eq(guestSessions.method, method),
        inArray(guestSessions.grantStatus, COUNTED_GRANTS),
        gte(guestSessions.startedAt, since),
      ),
    )
    .orderBy(desc(guestSessions.startedAt))
    .limit(1);
  if (!last || !(await isBound(db, last.voucherId, mac))) return null;
  const [v] = await db
    .select(columns)
    .from(vouchers)
    .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
    .where(and(eq(vouchers.id, last.voucherId), worksAtSite(siteId)));
  if (!v) return null;
  const limits = await allowanceOf(db, v, mac);
  if (typeof limits === 'string') return null;
  const onRecorded: NonNullable<LoginRecord['onRecorded']> = async (tx, { sessionId }) => {
    await tx.insert(voucherSessions).values({ sessionId, voucherId: v.id, siteId, mac });
  };
  return { identity: last.identity, limits, onRecorded };
}
