import { VOUCHER_PERMISSION, type VoucherKind } from '@splashboard/contract';
import { assertSitePermission, can, canSeeSite, type AccessMode, type Actor, type ClientAccess } from '../../platform/access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { BatchRow, VoucherRow, VouchersRepo } from './vouchers.repo.ts';

export type { BatchRow, VoucherRow };

/**
 * Who may see and change vouchers: the kind's permission at the site in the address (voucher or
 * multisitevoucher; a Read Only client reads only), and a batch or voucher is found only through a site
 * it works at, so another account's, or another site's, answers 404.
 */
export function createVoucherAccess({ vouchers, sites }: { vouchers: VouchersRepo; sites: SiteAccess }) {
  const site = (actor: Actor | null, siteId: number, kind: VoucherKind, mode: AccessMode) =>
    sites.siteFor(actor, siteId, VOUCHER_PERMISSION[kind], mode);

  const canWrite = (actor: Actor, access: ClientAccess, siteId: number, kind: VoucherKind) =>
    can(actor, siteId, VOUCHER_PERMISSION[kind], 'write', access);

  async function batchAt(accountId: number, siteId: number, kind: VoucherKind, batchId: number): Promise<BatchRow> {
    const row = await vouchers.batchAt(accountId, siteId, kind, batchId);
    if (!row) throw notFound('vouchers.batchNotFound');
    return row;
  }

  async function voucherAt(accountId: number, siteId: number, kind: VoucherKind, voucherId: number) {
    const row = await vouchers.voucherAt(accountId, siteId, kind, voucherId);
    if (!row) throw notFound('vouchers.voucherNotFound');
    return row;
  }

  /**
   * A multi-site batch changes what guests get at each of its sites: a client changes it only with
   * write access at all of them.
   */
  async function assertWriteEverywhere(actor: Actor, access: ClientAccess, batch: BatchRow) {
    if (actor.role === 'admin') return;
    for (const siteId of await vouchers.siteIdsOfBatch(batch.id)) {
      if (!canSeeSite(actor, siteId, access)) throw forbidden();
      assertSitePermission(actor, siteId, VOUCHER_PERMISSION[batch.kind as VoucherKind], 'write', access);
    }
  }

  return { site, canWrite, batchAt, voucherAt, assertWriteEverywhere };
}
export type VoucherAccess = ReturnType<typeof createVoucherAccess>;
