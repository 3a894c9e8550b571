import { and, count, desc, eq, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { VoucherKind, VoucherListQuery, VoucherStatus } from '@splashboard/contract';
import { preparedSql, type Database, type Executor } from '../../db/client.ts';
import {
  voucherActivationCounts,
  voucherBatchSites,
  voucherBatches,
  voucherDevices,
  voucherSessions,
  vouchers,
} from '../../db/schema/index.ts';
import { guestSessionsSql } from '../guests/guest-sessions.repo.ts';

export type BatchRow = typeof voucherBatches.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;
type NewBatch = typeof voucherBatches.$inferInsert;

/**
 * A batch's new vouchers from a comma-separated list of codes, in its order, skipping codes the account
 * already has (its unique index): one statement for thousands of rows, in one text value whichever
 * driver sends it.
 */
const insertCodesSql = preparedSql<{ n: number }>(
  'vouchers_insert_codes',
  `with added as (
     insert into vouchers (account_id, batch_id, code)
     select $1::int, $2::int, c.code from unnest(string_to_array($3::text, ',')) with ordinality as c(code, n) order by c.n
     on conflict do nothing
     returning 1
   )
   select count(*)::int as n from added`,
);
/** The first and last voucher ids of a batch (two index reads of vouchers_batch_id_idx). */
const batchIdRangeSql = preparedSql<{ first: number | null; last: number | null }>(
  'vouchers_batch_id_range',
  'select min(v.id)::float8 as first, max(v.id)::float8 as last from vouchers v where v.batch_id = $1::int',
);
/**
 * A batch's codes with ids in [from, to), in id order, as one comma-separated text (one row to read, not
 * thousands). A window of ids rather than `limit` after the last one, so the plan is a range of
 * vouchers_batch_id_idx whatever the statistics say: right after a big batch is made they say it is a few
 * rows, and a limited read was planned as a sort of the whole batch.
 */
const codesBetweenSql = preparedSql<{ codes: string | null }>(
  'vouchers_codes_between',
  `select string_agg(v.code, ',' order by v.id) as codes from vouchers v
   where v.batch_id = $1::int and v.id >= $2::bigint and v.id < $3::bigint`,
);

/** Bytes a voucher's sessions used, at every site. */
const bytesUsedSql = guestSessionsSql.voucherBytesUsed;
/** Devices holding a seat. */
const devicesUsedSql = sql<number>`(select count(*) from voucher_devices vd where vd.voucher_id = ${vouchers.id})`;

/** Expired: past its valid_until, its time run out since first use, or its data used up (the dashboard's tiles count with it too). */
export const expiredSql = sql`(
  (${voucherBatches.validUntil} is not null and ${voucherBatches.validUntil} <= now())
  or (${vouchers.expiresAt} is not null and ${vouchers.expiresAt} <= now())
  or (${voucherBatches.dataLimitMb} > 0 and ${vouchers.activatedAt} is not null
      and ${bytesUsedSql} >= ${voucherBatches.dataLimitMb}::bigint * 1000000)
)`;

export function statusWhere(status: VoucherStatus): SQL {
  switch (status) {
    case 'expired':
      return expiredSql;
    case 'inuse':
      return sql`(${vouchers.activatedAt} is not null and not ${expiredSql})`;
    case 'unused':
      return sql`(${vouchers.activatedAt} is null and not ${expiredSql})`;
  }
}

const statusSql = sql<VoucherStatus>`case when ${expiredSql} then 'expired' when ${vouchers.activatedAt} is null then 'unused' else 'inuse' end`;

/** Batches of a kind that work at a site (their own site, or one of the sites picked). */
const worksAtSite = (siteId: number) =>
  sql`exists (select 1 from ${voucherBatchSites} where ${voucherBatchSites.batchId} = ${voucherBatches.id} and ${voucherBatchSites.siteId} = ${siteId})`;

/** `%`, `_` and `\` stand for themselves in a search. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const ENTRY_FIXES: Record<string, string> = { O: '0', I: '1', L: '1' };

/** A search matches part of a code (typed any way), the start of a Batch Id, or words of the notes. */
function searchWhere(search: string): SQL | undefined {
  if (!search) return undefined;
  const conditions: SQL[] = [ilike(voucherBatches.notes, `%${likeEscape(search)}%`)];
  const codePart = search
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[OIL]/g, (c) => ENTRY_FIXES[c]!);
  if (/^[0-9A-Z]{1,12}$/.test(codePart)) conditions.push(like(vouchers.code, `%${codePart}%`));
  if (/^\d{1,4}$/.test(search)) conditions.push(like(voucherBatches.batchCode, `${search}%`));
  return or(...conditions);
}

const SORT_COLUMNS = {
  created_at: vouchers.createdAt,
  code: vouchers.code,
  batch_id: voucherBatches.batchCode,
  activated_at: vouchers.activatedAt,
  expires_at: vouchers.expiresAt,
  valid_until: voucherBatches.validUntil,
  duration: voucherBatches.durationMinutes,
  num_devices: voucherBatches.numDevices,
  data_limit: voucherBatches.dataLimitMb,
} as const;

/** What a login needs of a voucher and its batch. */
const redeemable = {
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
 * voucher_batches, voucher_batch_sites, vouchers, voucher_devices, voucher_sessions and
 * voucher_activation_counts: an account's vouchers, where they work, the devices holding their seats,
 * the sessions they let in, and the activations counted against the plan. The only module that queries
 * these tables.
 */
export function createVouchersRepo(db: Database) {
  return {
    // ---- Logins -----------------------------------------------------------------------------------------

    /** The account's voucher with this code, if it works at the site. */
    async redeemableAt(accountId: number, siteId: number, code: string) {
      const [row] = await db
        .select(redeemable)
        .from(vouchers)
        .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
        .where(and(eq(vouchers.accountId, accountId), eq(vouchers.code, code), worksAtSite(siteId)));
      return row;
    },

    /** A voucher by id, if it works at the site. */
    async redeemableById(voucherId: number, siteId: number) {
      const [row] = await db
        .select(redeemable)
        .from(vouchers)
        .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
        .where(and(eq(vouchers.id, voucherId), worksAtSite(siteId)));
      return row;
    },

    /** Whether the device holds one of the voucher's seats. */
    async isBound(voucherId: number, mac: string, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: voucherDevices.id })
        .from(voucherDevices)
        .where(and(eq(voucherDevices.voucherId, voucherId), eq(voucherDevices.mac, mac)));
      return !!row;
    },

    async seatsTaken(voucherId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(voucherDevices).where(eq(voucherDevices.voucherId, voucherId));
      return row?.n ?? 0;
    },

    /** Locks the voucher's row for the login's transaction: logins with one voucher take turns. */
    async lockForLogin(voucherId: number, tx: Executor) {
      const [row] = await tx
        .select({ activatedAt: vouchers.activatedAt, expiresAt: vouchers.expiresAt })
        .from(vouchers)
        .where(eq(vouchers.id, voucherId))
        .for('update');
      return row;
    },

    async takeSeat(voucherId: number, mac: string, siteId: number, tx: Executor) {
      await tx.insert(voucherDevices).values({ voucherId, mac, siteId });
    },

    /** The first login: the voucher's time starts. */
    async activate(voucherId: number, activatedAt: Date, expiresAt: Date, tx: Executor) {
      await tx.update(vouchers).set({ activatedAt, expiresAt }).where(eq(vouchers.id, voucherId));
    },

    /** A guest session the voucher let in. */
    async addSession(sessionId: number, voucherId: number, siteId: number, mac: string | null, tx: Executor) {
      await tx.insert(voucherSessions).values({ sessionId, voucherId, siteId, mac });
    },

    // ---- The plan's activations ---------------------------------------------------------------------

    /** The activations counted in a billing period (`period`: its start, as an ISO string). */
    async activatedIn(accountId: number, period: string): Promise<number> {
      const [row] = await db
        .select({ activated: voucherActivationCounts.activated })
        .from(voucherActivationCounts)
        .where(and(eq(voucherActivationCounts.accountId, accountId), eq(voucherActivationCounts.month, period)));
      return row?.activated ?? 0;
    },

    /**
     * Counts one activation in the billing period unless `limit` are already counted (one conditional
     * upsert): the count it made, or null when the limit was reached.
     */
    async claimActivation(accountId: number, period: string, limit: number, tx: Executor): Promise<number | null> {
      const rows = await tx
        .insert(voucherActivationCounts)
        .values({ accountId, month: period, activated: 1 })
        .onConflictDoUpdate({
          target: [voucherActivationCounts.accountId, voucherActivationCounts.month],
          set: { activated: sql`${voucherActivationCounts.activated} + 1` },
          setWhere: lt(voucherActivationCounts.activated, limit),
        })
        .returning({ activated: voucherActivationCounts.activated });
      return rows[0]?.activated ?? null;
    },

    // ---- Batches ------------------------------------------------------------------------------------

    /** The account's batch of this kind, found through a site it works at. */
    async batchAt(accountId: number, siteId: number, kind: VoucherKind, batchId: number): Promise<BatchRow | undefined> {
      const [row] = await db
        .select()
        .from(voucherBatches)
        .where(
          and(
            eq(voucherBatches.id, batchId),
            eq(voucherBatches.accountId, accountId),
            eq(voucherBatches.kind, kind),
            worksAtSite(siteId),
          ),
        );
      return row;
    },

    /** The sites a batch works at. */
    async siteIdsOfBatch(batchId: number): Promise<number[]> {
      const rows = await db
        .select({ siteId: voucherBatchSites.siteId })
        .from(voucherBatchSites)
        .where(eq(voucherBatchSites.batchId, batchId));
      return rows.map((r) => r.siteId);
    },

    /** Which sites each of these batches works at. */
    async sitesOfBatches(batchIds: number[]): Promise<{ batchId: number; siteId: number }[]> {
      return db
        .select({ batchId: voucherBatchSites.batchId, siteId: voucherBatchSites.siteId })
        .from(voucherBatchSites)
        .where(inArray(voucherBatchSites.batchId, batchIds));
    },

    /** The Batch Ids used in a kind's scope: a site's (single-site) or the account's (multi-site). */
    async batchCodesIn(kind: VoucherKind, accountId: number, siteId: number, tx: Executor): Promise<string[]> {
      const scope =
        kind === 'voucher'
          ? and(eq(voucherBatches.kind, kind), eq(voucherBatches.siteId, siteId))
          : and(eq(voucherBatches.kind, kind), eq(voucherBatches.accountId, accountId));
      const rows = await tx.select({ code: voucherBatches.batchCode }).from(voucherBatches).where(scope);
      return rows.map((r) => r.code);
    },

    /** A new batch with the sites it works at, unless its Batch Id is taken (then undefined). */
    async createBatch(batch: NewBatch, tx: Executor): Promise<BatchRow | undefined> {
      const [row] = await tx.insert(voucherBatches).values(batch).onConflictDoNothing().returning();
      return row;
    },

    async addBatchSites(batchId: number, siteIds: number[], tx: Executor) {
      await tx.insert(voucherBatchSites).values(siteIds.map((id) => ({ batchId, siteId: id })));
    },

    /** Inserts a batch's vouchers with these codes, in order, skipping codes already used in the account: how many went in. */
    async insertCodes(accountId: number, batchId: number, codes: readonly string[], tx: Executor): Promise<number> {
      const [row] = await insertCodesSql(tx, [accountId, batchId, codes.join(',')]);
      return Number(row?.n ?? 0);
    },

    /** A page of the batches of a kind that work at a site, newest first, and their total. */
    async listBatches(
      accountId: number,
      kind: VoucherKind,
      siteId: number,
      q: { page: number; per_page: number; search: string },
    ) {
      const search = q.search
        ? or(like(voucherBatches.batchCode, `${likeEscape(q.search)}%`), ilike(voucherBatches.notes, `%${likeEscape(q.search)}%`))
        : undefined;
      const where = and(eq(voucherBatches.accountId, accountId), eq(voucherBatches.kind, kind), worksAtSite(siteId), search);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(voucherBatches)
          .where(where)
          .orderBy(desc(voucherBatches.createdAt), desc(voucherBatches.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(voucherBatches).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async removeBatch(batchId: number, tx: Executor) {
      await tx.delete(voucherBatches).where(eq(voucherBatches.id, batchId));
    },

    /** Vouchers of some batches counted by status. */
    async countsOfBatches(batchIds: number[]) {
      const out = new Map<number, { unused: number; inuse: number; expired: number }>();
      if (!batchIds.length) return out;
      const rows = await db
        .select({ batchId: vouchers.batchId, status: statusSql, n: sql<number>`count(*)::int` })
        .from(vouchers)
        .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
        .where(and(inArray(vouchers.batchId, batchIds)))
        .groupBy(vouchers.batchId, sql`2`);
      for (const id of batchIds) out.set(id, { unused: 0, inuse: 0, expired: 0 });
      for (const r of rows) out.get(r.batchId)![r.status] = Number(r.n);
      return out;
    },

    /**
     * A batch's codes in the order they were made (for printing), a window of `size` ids at a time (fewer
     * codes when other batches were made meanwhile or vouchers were deleted): each window is read when the
     * one before has been taken, and stopping the iteration stops the reading.
     */
    async *codesOf(batchId: number, size: number): AsyncGenerator<string[]> {
      const [range] = await batchIdRangeSql(db, [batchId]);
      if (range?.first == null || range.last == null) return;
      for (let from = Number(range.first); from <= Number(range.last); from += size) {
        const [window] = await codesBetweenSql(db, [batchId, from, from + size]);
        if (window?.codes) yield window.codes.split(',');
      }
    },

    // ---- Vouchers -----------------------------------------------------------------------------------

    /** The account's voucher of this kind with its batch, found through a site it works at. */
    async voucherAt(accountId: number, siteId: number, kind: VoucherKind, voucherId: number) {
      const [row] = await db
        .select({ voucher: vouchers, batch: voucherBatches })
        .from(vouchers)
        .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
        .where(
          and(eq(vouchers.id, voucherId), eq(vouchers.accountId, accountId), eq(voucherBatches.kind, kind), worksAtSite(siteId)),
        );
      return row;
    },

    /** A page of the vouchers of a kind and status that work at a site, sorted as asked, and their total. */
    async list(accountId: number, kind: VoucherKind, siteId: number, status: VoucherStatus, q: VoucherListQuery) {
      const where = and(
        eq(vouchers.accountId, accountId),
        eq(voucherBatches.kind, kind),
        worksAtSite(siteId),
        statusWhere(status),
        q.batch ? eq(vouchers.batchId, q.batch) : undefined,
        searchWhere(q.search),
      );
      const direction = sql.raw(q.sort_on === 'asc' ? 'asc' : 'desc');
      const [rows, [total]] = await Promise.all([
        db
          .select({ voucher: vouchers, batch: voucherBatches, devicesUsed: devicesUsedSql, bytesUsed: bytesUsedSql })
          .from(vouchers)
          .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
          .where(where)
          .orderBy(sql`${SORT_COLUMNS[q.sort_by]} ${direction} nulls last`, sql`${vouchers.id} ${direction}`)
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(vouchers).innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A voucher's status, seats taken and bytes used now. */
    async stateOf(voucherId: number) {
      const [state] = await db
        .select({ status: statusSql, devicesUsed: devicesUsedSql, bytesUsed: bytesUsedSql })
        .from(vouchers)
        .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
        .where(eq(vouchers.id, voucherId));
      return state!;
    },

    /** The devices holding a voucher's seats, first bound first, each with its last login and whether it is online. */
    async devicesOf(voucherId: number) {
      return db
        .select({
          mac: voucherDevices.mac,
          boundAt: voucherDevices.boundAt,
          siteId: voucherDevices.siteId,
          lastLoginAt: guestSessionsSql.voucherDeviceLastLogin(voucherId),
          online: guestSessionsSql.voucherDeviceOnline(voucherId),
        })
        .from(voucherDevices)
        .where(eq(voucherDevices.voucherId, voucherId))
        .orderBy(voucherDevices.boundAt, voucherDevices.id);
    },

    async removeVoucher(voucherId: number, tx: Executor) {
      await tx.delete(vouchers).where(eq(vouchers.id, voucherId));
    },

    /** Frees a device's seat: whether it held one. */
    async removeDevice(voucherId: number, mac: string, tx: Executor): Promise<boolean> {
      const removed = await tx
        .delete(voucherDevices)
        .where(and(eq(voucherDevices.voucherId, voucherId), eq(voucherDevices.mac, mac)))
        .returning({ id: voucherDevices.id });
      return removed.length > 0;
    },

    // ---- Usage and expiry notices ----------------------------------------------------------------------

    /**
     * The vouchers of a kind working at a site that are in use at `now` (activated, not yet expired), with
     * their batch's limits and the bytes they used at every site, soonest to end first.
     */
    async inUseAt(siteId: number, kind: VoucherKind, now: Date, limit: number) {
      return db
        .select({ voucher: vouchers, batch: voucherBatches, bytesUsed: bytesUsedSql })
        .from(vouchers)
        .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
        .where(
          and(
            eq(voucherBatches.kind, kind),
            worksAtSite(siteId),
            sql`${vouchers.activatedAt} is not null`,
            sql`${vouchers.expiresAt} > ${now}`,
            sql`(${voucherBatches.validUntil} is null or ${voucherBatches.validUntil} > ${now})`,
          ),
        )
        .orderBy(vouchers.expiresAt, vouchers.id)
        .limit(limit);
    },
  };
}
export type VouchersRepo = ReturnType<typeof createVouchersRepo>;
