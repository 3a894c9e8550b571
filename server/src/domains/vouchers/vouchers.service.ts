import { and, count, desc, eq, ilike, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import {
  VOUCHER_MESSAGES,
  VOUCHER_PERMISSION,
  normalizeMac,
  voucherMinutes,
  type MultisiteVoucherBatchInput,
  type VoucherBatchInput,
  type VoucherDetails,
  type VoucherKind,
  type VoucherListQuery,
  type VoucherStatus,
} from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import {
  guestSessions,
  sites,
  voucherBatchSites,
  voucherBatches,
  voucherDevices,
  voucherSessions,
  vouchers,
} from '../../db/schema/index.ts';
import type { Transaction } from '../../portal/guest-records.ts';
import { assertSitePermission, canSeeSite, type Actor } from '../../platform/access.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { createVoucherAccess, type BatchRow } from './voucher-access.ts';
import { megabytes, portalMac, shownMac, toBatch, toVoucher } from './voucher-answers.ts';
import { newVoucherCodes } from './voucher-codes.ts';
import type { OpenDevice, VoucherNetwork } from './voucher-network.ts';
import { planUsage } from './voucher-plan.ts';
import {
  COUNTED_GRANTS,
  bytesUsedSql,
  countsOfBatches,
  devicesUsedSql,
  likeEscape,
  sitesOfBatches,
  statusSql,
  statusWhere,
  worksAtSite,
} from './voucher-queries.ts';
import { minutesUntil, validUntilOf } from './voucher-time.ts';
import type { SitesService } from '../sites/sites.service.ts';

type Deps = { db: Database; sites: Pick<SitesService, 'siteFor'>; network: VoucherNetwork };

const INSERT_CHUNK = 2000;
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

/**
 * Ends the open sessions of some vouchers (and one device, when given) and answers where they were, for
 * the controllers to be told after the transaction.
 */
async function endOpenSessions(tx: Transaction, voucherIds: SQL, cause: string, mac?: string): Promise<OpenDevice[]> {
  const rows = await tx
    .update(guestSessions)
    .set({ endedAt: sql`now()`, endCause: cause })
    .where(
      and(
        sql`${guestSessions.id} in (select ${voucherSessions.sessionId} from ${voucherSessions} where ${voucherSessions.voucherId} in ${voucherIds})`,
        isNull(guestSessions.endedAt),
        sql`${guestSessions.expiresAt} > now()`,
        inArray(guestSessions.grantStatus, COUNTED_GRANTS),
        mac ? eq(guestSessions.mac, mac) : undefined,
      ),
    )
    .returning({ siteId: guestSessions.siteId, mac: guestSessions.mac });
  return rows;
}

/**
 * Voucher batches and vouchers of a site, single-site (`voucher`) or multi-site (`multisite_voucher`):
 * create, list by status, details with devices and usage, delete, disconnect a device.
 */
export function createVouchersService({ db, sites: sitesService, network }: Deps) {
  const access = createVoucherAccess({ db, sites: sitesService });

  async function batchAnswer(batch: BatchRow) {
    const [siteMap, counts] = await Promise.all([sitesOfBatches(db, [batch.id]), countsOfBatches(db, [batch.id])]);
    return toBatch(batch, siteMap.get(batch.id) ?? [], counts.get(batch.id)!);
  }

  /** The sites a multi-site batch is for: of the account, each one the user may write vouchers at. */
  async function pickedSites(actor: Actor, clientAccess: Parameters<typeof canSeeSite>[2], siteId: number, ids: number[]) {
    const wanted = [...new Set([siteId, ...ids])];
    const rows = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.accountId, actor.accountId), inArray(sites.id, wanted)));
    const known = new Set(rows.map((r) => r.id));
    const unknown = wanted.filter((id) => !known.has(id) || !canSeeSite(actor, id, clientAccess));
    if (unknown.length) throw invalid({ site_ids: [VOUCHER_MESSAGES.siteNotFound] });
    for (const id of wanted) assertSitePermission(actor, id, VOUCHER_PERMISSION.multisite_voucher, 'write', clientAccess);
    return wanted;
  }

  /** A Batch Id nobody uses in its scope, at random (the scope has 10,000). */
  async function freeBatchCode(tx: Transaction, kind: VoucherKind, accountId: number, siteId: number): Promise<string> {
    const scope =
      kind === 'voucher'
        ? and(eq(voucherBatches.kind, kind), eq(voucherBatches.siteId, siteId))
        : and(eq(voucherBatches.kind, kind), eq(voucherBatches.accountId, accountId));
    const used = new Set(
      (await tx.select({ code: voucherBatches.batchCode }).from(voucherBatches).where(scope)).map((r) => r.code),
    );
    const free: string[] = [];
    for (let n = 0; n < 10_000; n++) {
      const code = String(n).padStart(4, '0');
      if (!used.has(code)) free.push(code);
    }
    if (!free.length) throw invalid({ batch_id: [VOUCHER_MESSAGES.noFreeBatchId] });
    return free[Math.floor(Math.random() * free.length)]!;
  }

  /** Inserts `count` vouchers with fresh codes; a code already used in the account is drawn again. */
  async function insertCodes(tx: Transaction, accountId: number, batchId: number, total: number) {
    let missing = total;
    while (missing > 0) {
      const size = Math.min(missing, INSERT_CHUNK);
      const rows = newVoucherCodes(size).map((code) => ({ accountId, batchId, code }));
      const inserted = await tx.insert(vouchers).values(rows).onConflictDoNothing().returning({ id: vouchers.id });
      missing -= inserted.length;
    }
  }

  /** A voucher or batch's sessions were ended: let the controllers know, after the commit. */
  const revokeAfter = (open: OpenDevice[]) => (open.length ? network.revokeLater(open) : Promise.resolve());

  return {
    access,

    async create(
      actorIn: Actor | null,
      siteId: number,
      kind: VoucherKind,
      input: VoucherBatchInput | MultisiteVoucherBatchInput,
    ) {
      const { actor, access: clientAccess, row: site } = await access.site(actorIn, siteId, kind, 'write');
      const siteIds =
        kind === 'multisite_voucher'
          ? await pickedSites(actor, clientAccess, siteId, (input as MultisiteVoucherBatchInput).site_ids)
          : [siteId];
      const validUntil = validUntilOf(input.valid_until, site.timezone);
      if (validUntil && validUntil.getTime() <= Date.now()) throw invalid({ valid_until: [VOUCHER_MESSAGES.validUntilPast] });

      const batch = await db.transaction(async (tx) => {
        const batchCode = input.batch_id ?? (await freeBatchCode(tx, kind, actor.accountId, siteId));
        const [batch] = await tx
          .insert(voucherBatches)
          .values({
            accountId: actor.accountId,
            siteId,
            kind,
            batchCode,
            count: input.count,
            durationValue: input.duration_value,
            durationType: input.duration_type,
            durationMinutes: voucherMinutes(input.duration_value, input.duration_type),
            numDevices: input.num_devices,
            speedUl: input.speed_ul,
            speedDl: input.speed_dl,
            dataLimitMb: input.data_limit,
            notes: input.notes,
            validUntil,
            createdBy: actor.userId,
          })
          .onConflictDoNothing()
          .returning();
        // Thrown inside the transaction, so nothing is stored.
        if (!batch) throw invalid({ batch_id: [VOUCHER_MESSAGES.batchIdTaken] });
        await tx.insert(voucherBatchSites).values(siteIds.map((id) => ({ batchId: batch.id, siteId: id })));
        await insertCodes(tx, actor.accountId, batch.id, input.count);
        return batch;
      });
      return batchAnswer(batch);
    },

    async listBatches(
      actorIn: Actor | null,
      siteId: number,
      kind: VoucherKind,
      q: { page: number; per_page: number; search: string },
    ) {
      const { actor, access: clientAccess } = await access.site(actorIn, siteId, kind, 'read');
      const search = q.search
        ? or(like(voucherBatches.batchCode, `${likeEscape(q.search)}%`), ilike(voucherBatches.notes, `%${likeEscape(q.search)}%`))
        : undefined;
      const where = and(
        eq(voucherBatches.accountId, actor.accountId),
        eq(voucherBatches.kind, kind),
        worksAtSite(siteId),
        search,
      );
      const [rows, [total], usage] = await Promise.all([
        db
          .select()
          .from(voucherBatches)
          .where(where)
          .orderBy(desc(voucherBatches.createdAt), desc(voucherBatches.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(voucherBatches).where(where),
        planUsage(db, actor.accountId),
      ]);
      const ids = rows.map((r) => r.id);
      const [siteMap, counts] = await Promise.all([sitesOfBatches(db, ids), countsOfBatches(db, ids)]);
      return {
        items: rows.map((b) => toBatch(b, siteMap.get(b.id) ?? [], counts.get(b.id)!)),
        metadata: { page: q.page, per_page: q.per_page, total: total?.n ?? 0, usage },
        can_write: access.canWrite(actor, clientAccess, siteId, kind),
      };
    },

    async getBatch(actorIn: Actor | null, siteId: number, kind: VoucherKind, batchId: number) {
      const { actor } = await access.site(actorIn, siteId, kind, 'read');
      return batchAnswer(await access.batchAt(actor.accountId, siteId, kind, batchId));
    },

    /** The batch and all its vouchers; devices still online are disconnected. */
    async removeBatch(actorIn: Actor | null, siteId: number, kind: VoucherKind, batchId: number) {
      const { actor, access: clientAccess } = await access.site(actorIn, siteId, kind, 'write');
      const batch = await access.batchAt(actor.accountId, siteId, kind, batchId);
      await access.assertWriteEverywhere(actor, clientAccess, batch);
      const open = await db.transaction(async (tx) => {
        const open = await endOpenSessions(
          tx,
          sql`(select ${vouchers.id} from ${vouchers} where ${vouchers.batchId} = ${batch.id})`,
          'voucher_deleted',
        );
        await tx.delete(voucherBatches).where(eq(voucherBatches.id, batch.id));
        return open;
      });
      await revokeAfter(open);
      return { status: 200 as const, message: VOUCHER_MESSAGES.deleted };
    },

    async list(actorIn: Actor | null, siteId: number, kind: VoucherKind, status: VoucherStatus, q: VoucherListQuery) {
      const { actor, access: clientAccess } = await access.site(actorIn, siteId, kind, 'read');
      const where = and(
        eq(vouchers.accountId, actor.accountId),
        eq(voucherBatches.kind, kind),
        worksAtSite(siteId),
        statusWhere(status),
        q.batch ? eq(vouchers.batchId, q.batch) : undefined,
        searchWhere(q.search),
      );
      const direction = sql.raw(q.sort_on === 'asc' ? 'asc' : 'desc');
      const [rows, [total], usage] = await Promise.all([
        db
          .select({ voucher: vouchers, batch: voucherBatches, devicesUsed: devicesUsedSql, bytesUsed: bytesUsedSql })
          .from(vouchers)
          .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
          .where(where)
          .orderBy(sql`${SORT_COLUMNS[q.sort_by]} ${direction} nulls last`, sql`${vouchers.id} ${direction}`)
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(vouchers).innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId)).where(where),
        planUsage(db, actor.accountId),
      ]);
      const siteMap = await sitesOfBatches(
        db,
        rows.map((r) => r.batch.id),
      );
      return {
        items: rows.map((r) =>
          toVoucher(r.voucher, r.batch, siteMap.get(r.batch.id) ?? [], {
            status,
            devicesUsed: r.devicesUsed,
            bytesUsed: r.bytesUsed,
          }),
        ),
        metadata: { page: q.page, per_page: q.per_page, total: total?.n ?? 0, status, usage },
        can_write: access.canWrite(actor, clientAccess, siteId, kind),
      };
    },

    async details(actorIn: Actor | null, siteId: number, kind: VoucherKind, voucherId: number): Promise<VoucherDetails> {
      const { actor, access: clientAccess } = await access.site(actorIn, siteId, kind, 'read');
      const { voucher, batch } = await access.voucherAt(actor.accountId, siteId, kind, voucherId);
      const online = sql`(${guestSessions.endedAt} is null and ${guestSessions.expiresAt} > now() and ${inArray(guestSessions.grantStatus, COUNTED_GRANTS)})`;
      const [[state], devices, sessions, [usage], siteMap] = await Promise.all([
        db
          .select({ status: statusSql, devicesUsed: devicesUsedSql, bytesUsed: bytesUsedSql })
          .from(vouchers)
          .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
          .where(eq(vouchers.id, voucher.id)),
        db
          .select({
            mac: voucherDevices.mac,
            boundAt: voucherDevices.boundAt,
            siteId: voucherDevices.siteId,
            siteName: sites.name,
            lastLoginAt: sql<
              Date | string | null
            >`(select max(${guestSessions.startedAt}) from ${voucherSessions} join ${guestSessions} on ${guestSessions.id} = ${voucherSessions.sessionId} where ${voucherSessions.voucherId} = ${voucher.id} and ${voucherSessions.mac} = ${voucherDevices.mac})`,
            online: sql<boolean>`exists (select 1 from ${voucherSessions} join ${guestSessions} on ${guestSessions.id} = ${voucherSessions.sessionId} where ${voucherSessions.voucherId} = ${voucher.id} and ${voucherSessions.mac} = ${voucherDevices.mac} and ${online})`,
          })
          .from(voucherDevices)
          .leftJoin(sites, eq(sites.id, voucherDevices.siteId))
          .where(eq(voucherDevices.voucherId, voucher.id))
          .orderBy(voucherDevices.boundAt, voucherDevices.id),
        db
          .select({ session: guestSessions, siteName: sites.name })
          .from(voucherSessions)
          .innerJoin(guestSessions, eq(guestSessions.id, voucherSessions.sessionId))
          .innerJoin(sites, eq(sites.id, guestSessions.siteId))
          .where(eq(voucherSessions.voucherId, voucher.id))
          .orderBy(desc(guestSessions.startedAt), desc(guestSessions.id))
          .limit(100),
        db
          .select({
            minutes: sql<number>`coalesce(sum(greatest(0, extract(epoch from (least(coalesce(${guestSessions.endedAt}, now()), ${guestSessions.expiresAt}) - ${guestSessions.startedAt})) / 60)), 0)`,
          })
          .from(voucherSessions)
          .innerJoin(guestSessions, eq(guestSessions.id, voucherSessions.sessionId))
          .where(and(eq(voucherSessions.voucherId, voucher.id), inArray(guestSessions.grantStatus, COUNTED_GRANTS))),
        sitesOfBatches(db, [batch.id]),
      ]);
      const status = state!.status;
      const bytesUsed = Number(state!.bytesUsed);
      const dataUsed = megabytes(bytesUsed);
      let minutesLeft = 0;
      if (status === 'unused')
        minutesLeft = batch.validUntil ? Math.min(batch.durationMinutes, minutesUntil(batch.validUntil)) : batch.durationMinutes;
      else if (status === 'inuse' && voucher.expiresAt) minutesLeft = minutesUntil(voucher.expiresAt);
      const at = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
      return {
        ...toVoucher(voucher, batch, siteMap.get(batch.id) ?? [], { status, devicesUsed: state!.devicesUsed, bytesUsed }),
        used_minutes: Math.round(Number(usage?.minutes ?? 0)),
        minutes_left: minutesLeft,
        data_left_mb: batch.dataLimitMb > 0 ? Math.max(0, Math.round((batch.dataLimitMb - dataUsed) * 100) / 100) : null,
        devices: devices.map((d) => ({
          mac: shownMac(d.mac),
          bound_at: d.boundAt.toISOString(),
          site: d.siteId !== null && d.siteName !== null ? { id: d.siteId, name: d.siteName } : null,
          last_login_at: at(d.lastLoginAt),
          online: Boolean(d.online),
        })),
        sessions: sessions.map(({ session: s, siteName }) => ({
          id: s.id,
          site: { id: s.siteId, name: siteName },
          mac: s.mac ? shownMac(s.mac) : null,
          started_at: s.startedAt.toISOString(),
          expires_at: s.expiresAt.toISOString(),
          ended_at: at(s.endedAt),
          grant_status: s.grantStatus,
          megabytes: megabytes(s.bytesUp + s.bytesDown),
        })),
        can_write: access.canWrite(actor, clientAccess, siteId, kind),
      };
    },

    /** One voucher (the lists' rows); devices still online are disconnected. */
    async remove(actorIn: Actor | null, siteId: number, kind: VoucherKind, voucherId: number) {
      const { actor, access: clientAccess } = await access.site(actorIn, siteId, kind, 'write');
      const { voucher, batch } = await access.voucherAt(actor.accountId, siteId, kind, voucherId);
      await access.assertWriteEverywhere(actor, clientAccess, batch);
      const open = await db.transaction(async (tx) => {
        const open = await endOpenSessions(tx, sql`(${voucher.id})`, 'voucher_deleted');
        await tx.delete(vouchers).where(eq(vouchers.id, voucher.id));
        return open;
      });
      await revokeAfter(open);
      return { status: 200 as const, message: VOUCHER_MESSAGES.deleted };
    },

    /** Frees the device's seat, ends its sessions and asks the controller to end its access now. */
    async disconnect(actorIn: Actor | null, siteId: number, kind: VoucherKind, voucherId: number, user: string) {
      const { actor, access: clientAccess } = await access.site(actorIn, siteId, kind, 'write');
      const { voucher, batch } = await access.voucherAt(actor.accountId, siteId, kind, voucherId);
      await access.assertWriteEverywhere(actor, clientAccess, batch);
      const hex = normalizeMac(user);
      if (!hex) throw notFound('vouchers.deviceNotFound');
      const mac = portalMac(hex);
      const { removed, open } = await db.transaction(async (tx) => {
        const removed = await tx
          .delete(voucherDevices)
          .where(and(eq(voucherDevices.voucherId, voucher.id), eq(voucherDevices.mac, mac)))
          .returning({ id: voucherDevices.id });
        const open = await endOpenSessions(tx, sql`(${voucher.id})`, 'disconnected', mac);
        return { removed: removed.length > 0, open };
      });
      if (!removed && !open.length) throw notFound('vouchers.deviceNotFound');
      if (!open.length)
        return {
          status: 200 as const,
          message: VOUCHER_MESSAGES.disconnected,
          revoked: false,
          detail: 'The device was not online',
        };
      const results = await Promise.all([...new Set(open.map((o) => o.siteId))].map((id) => network.revokeNow(id, mac)));
      const failed = results.find((r) => !r.revoked);
      return {
        status: 200 as const,
        message: VOUCHER_MESSAGES.disconnected,
        revoked: !failed,
        detail: failed?.detail ?? '',
      };
    },

    /** For the designer's PDF: a batch's vouchers and where they work. */
    async printable(actorIn: Actor | null, siteId: number, kind: VoucherKind, batchId: number) {
      const { actor, row: site } = await access.site(actorIn, siteId, kind, 'read');
      const batch = await access.batchAt(actor.accountId, siteId, kind, batchId);
      const [codes, siteMap] = await Promise.all([
        db.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.batchId, batch.id)).orderBy(vouchers.id),
        sitesOfBatches(db, [batch.id]),
      ]);
      return { site, batch, codes: codes.map((c) => c.code), sites: siteMap.get(batch.id) ?? [] };
    },
  };
}

export type VouchersService = ReturnType<typeof createVouchersService>;
