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
import type { Database, Transaction } from '../../db/client.ts';
import { assertSitePermission, canSeeSite, type Actor } from '../../platform/access.ts';
import type { AccountsRepo } from '../../platform/accounts.repo.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { createGuestSessionsRepo } from '../guests/guest-sessions.repo.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { createVoucherAccess, type BatchRow } from './voucher-access.ts';
import { megabytes, portalMac, shownMac, toBatch, toVoucher } from './voucher-answers.ts';
import { newVoucherCodes } from './voucher-codes.ts';
import type { OpenDevice, VoucherNetwork } from './voucher-network.ts';
import { planUsage } from './voucher-plan.ts';
import { minutesUntil, validUntilOf } from './voucher-time.ts';
import { createVouchersRepo } from './vouchers.repo.ts';
import type { SiteAccess } from '../../platform/site-access.ts';

type Deps = {
  db: Database;
  /** The lists' reads, which may be a few seconds stale (the read replica). */
  reads: Database;
  accounts: AccountsRepo;
  config: { stripe: { enabled: boolean } };
  sites: SiteAccess;
  network: VoucherNetwork;
};

/** Codes inserted per statement. */
const INSERT_CHUNK = 20_000;
/** Voucher ids read per query while a PDF is drawn (a window: fewer codes where its ids went to other batches). */
const PRINT_PAGE = 2_000;

/**
 * Voucher batches and vouchers of a site, single-site (`voucher`) or multi-site (`multisite_voucher`):
 * create, list by status, details with devices and usage, delete, disconnect a device.
 */
export function createVouchersService({ db, reads, accounts, config, sites: sitesService, network }: Deps) {
  const vouchers = createVouchersRepo(db);
  const listed = createVouchersRepo(reads);
  const sites = createSitesRepo(db);
  const sessions = createGuestSessionsRepo(db);
  const plan = { vouchers, accounts, config };
  const access = createVoucherAccess({ vouchers, sites: sitesService });

  /** The sites of each batch, by batch id, names included (ordered by name). */
  async function sitesOfBatches(batchIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
    const out = new Map<number, { id: number; name: string }[]>();
    if (!batchIds.length) return out;
    const pairs = await vouchers.sitesOfBatches([...new Set(batchIds)]);
    for (const site of await sites.namesOf([...new Set(pairs.map((p) => p.siteId))])) {
      for (const p of pairs) {
        if (p.siteId !== site.id) continue;
        const list = out.get(p.batchId) ?? [];
        list.push(site);
        out.set(p.batchId, list);
      }
    }
    return out;
  }

  /** A batch as answered, its vouchers counted by status unless they are known (a batch just made: all unused). */
  async function batchAnswer(batch: BatchRow, known?: { unused: number; inuse: number; expired: number }) {
    const [siteMap, counts] = await Promise.all([
      sitesOfBatches([batch.id]),
      known ?? vouchers.countsOfBatches([batch.id]).then((all) => all.get(batch.id)!),
    ]);
    return toBatch(batch, siteMap.get(batch.id) ?? [], counts);
  }

  /** The sites a multi-site batch is for: of the account, each one the user may write vouchers at. */
  async function pickedSites(actor: Actor, clientAccess: Parameters<typeof canSeeSite>[2], siteId: number, ids: number[]) {
    const wanted = [...new Set([siteId, ...ids])];
    const known = new Set(await sites.idsOfAccount(actor.accountId, wanted));
    const unknown = wanted.filter((id) => !known.has(id) || !canSeeSite(actor, id, clientAccess));
    if (unknown.length) throw invalid({ site_ids: [VOUCHER_MESSAGES.siteNotFound] });
    for (const id of wanted) assertSitePermission(actor, id, VOUCHER_PERMISSION.multisite_voucher, 'write', clientAccess);
    return wanted;
  }

  /** A Batch Id nobody uses in its scope, at random (the scope has 10,000). */
  async function freeBatchCode(tx: Transaction, kind: VoucherKind, accountId: number, siteId: number): Promise<string> {
    const used = new Set(await vouchers.batchCodesIn(kind, accountId, siteId, tx));
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
      missing -= await vouchers.insertCodes(accountId, batchId, newVoucherCodes(size), tx);
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
        const batch = await vouchers.createBatch(
          {
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
          },
          tx,
        );
        // Thrown inside the transaction, so nothing is stored.
        if (!batch) throw invalid({ batch_id: [VOUCHER_MESSAGES.batchIdTaken] });
        await vouchers.addBatchSites(batch.id, siteIds, tx);
        await insertCodes(tx, actor.accountId, batch.id, input.count);
        return batch;
      });
      const method = kind === 'voucher' ? 'voucher' : 'multisitevoucher';
      const warnings = site.authMethods.includes(method) ? [] : (['voucher_login_off'] as const);
      // Its valid_until is in the future and none has been used: counting 100,000 rows would say so too.
      const counts = { unused: input.count, inuse: 0, expired: 0 };
      return { ...(await batchAnswer(batch, counts)), warnings: [...warnings] };
    },

    async listBatches(
      actorIn: Actor | null,
      siteId: number,
      kind: VoucherKind,
      q: { page: number; per_page: number; search: string },
    ) {
      const { actor, access: clientAccess } = await access.site(actorIn, siteId, kind, 'read');
      const [{ rows, total }, usage] = await Promise.all([
        listed.listBatches(actor.accountId, kind, siteId, q),
        planUsage(plan, actor.accountId),
      ]);
      const ids = rows.map((r) => r.id);
      const [siteMap, counts] = await Promise.all([sitesOfBatches(ids), vouchers.countsOfBatches(ids)]);
      return {
        items: rows.map((b) => toBatch(b, siteMap.get(b.id) ?? [], counts.get(b.id)!)),
        metadata: { page: q.page, per_page: q.per_page, total, usage },
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
        const open = await sessions.endOpenSessionsOfVouchers({ batchId: batch.id }, 'voucher_deleted', undefined, tx);
        await vouchers.removeBatch(batch.id, tx);
        return open;
      });
      await revokeAfter(open);
      return { status: 200 as const, message: VOUCHER_MESSAGES.deleted };
    },

    async list(actorIn: Actor | null, siteId: number, kind: VoucherKind, status: VoucherStatus, q: VoucherListQuery) {
      const { actor, access: clientAccess } = await access.site(actorIn, siteId, kind, 'read');
      const [{ rows, total }, usage] = await Promise.all([
        listed.list(actor.accountId, kind, siteId, status, q),
        planUsage(plan, actor.accountId),
      ]);
      const siteMap = await sitesOfBatches(rows.map((r) => r.batch.id));
      return {
        items: rows.map((r) =>
          toVoucher(r.voucher, r.batch, siteMap.get(r.batch.id) ?? [], {
            status,
            devicesUsed: r.devicesUsed,
            bytesUsed: r.bytesUsed,
          }),
        ),
        metadata: { page: q.page, per_page: q.per_page, total, status, usage },
        can_write: access.canWrite(actor, clientAccess, siteId, kind),
      };
    },

    async details(actorIn: Actor | null, siteId: number, kind: VoucherKind, voucherId: number): Promise<VoucherDetails> {
      const { actor, access: clientAccess } = await access.site(actorIn, siteId, kind, 'read');
      const { voucher, batch } = await access.voucherAt(actor.accountId, siteId, kind, voucherId);
      const [state, devices, sessionRows, usedMinutes, siteMap] = await Promise.all([
        vouchers.stateOf(voucher.id),
        vouchers.devicesOf(voucher.id),
        sessions.latestOfVoucher(voucher.id, 100),
        sessions.minutesOfVoucher(voucher.id),
        sitesOfBatches([batch.id]),
      ]);
      const siteNames = new Map(
        (
          await sites.namesOf(
            [...new Set([...devices.map((d) => d.siteId), ...sessionRows.map((s) => s.siteId)])].filter((id) => id !== null),
          )
        ).map((s) => [s.id, s.name]),
      );
      const status = state.status;
      const bytesUsed = Number(state.bytesUsed);
      const dataUsed = megabytes(bytesUsed);
      let minutesLeft = 0;
      if (status === 'unused')
        minutesLeft = batch.validUntil ? Math.min(batch.durationMinutes, minutesUntil(batch.validUntil)) : batch.durationMinutes;
      else if (status === 'inuse' && voucher.expiresAt) minutesLeft = minutesUntil(voucher.expiresAt);
      const at = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
      return {
        ...toVoucher(voucher, batch, siteMap.get(batch.id) ?? [], { status, devicesUsed: state.devicesUsed, bytesUsed }),
        used_minutes: Math.round(usedMinutes),
        minutes_left: minutesLeft,
        data_left_mb: batch.dataLimitMb > 0 ? Math.max(0, Math.round((batch.dataLimitMb - dataUsed) * 100) / 100) : null,
        devices: devices.map((d) => ({
          mac: shownMac(d.mac),
          bound_at: d.boundAt.toISOString(),
          site: d.siteId !== null && siteNames.has(d.siteId) ? { id: d.siteId, name: siteNames.get(d.siteId)! } : null,
          last_login_at: at(d.lastLoginAt),
          online: Boolean(d.online),
        })),
        sessions: sessionRows.map((s) => ({
          id: s.id,
          site: { id: s.siteId, name: siteNames.get(s.siteId)! },
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
        const open = await sessions.endOpenSessionsOfVouchers({ voucherId: voucher.id }, 'voucher_deleted', undefined, tx);
        await vouchers.removeVoucher(voucher.id, tx);
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
        const removed = await vouchers.removeDevice(voucher.id, mac, tx);
        const open = await sessions.endOpenSessionsOfVouchers({ voucherId: voucher.id }, 'disconnected', mac, tx);
        return { removed, open };
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

    /** For the designer's PDF: a batch, where it works, and its codes, read a page at a time as they are printed. */
    async printable(actorIn: Actor | null, siteId: number, kind: VoucherKind, batchId: number) {
      const { actor, row: site } = await access.site(actorIn, siteId, kind, 'read');
      const batch = await access.batchAt(actor.accountId, siteId, kind, batchId);
      const siteMap = await sitesOfBatches([batch.id]);
      return { site, batch, codes: vouchers.codesOf(batch.id, PRINT_PAGE), sites: siteMap.get(batch.id) ?? [] };
    },
  };
}

export type VouchersService = ReturnType<typeof createVouchersService>;
