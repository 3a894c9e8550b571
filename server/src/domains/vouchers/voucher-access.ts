import { and, eq } from 'drizzle-orm';
import { VOUCHER_PERMISSION, type VoucherKind } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import { voucherBatchSites, voucherBatches, vouchers } from '../../db/schema/index.ts';
import { assertSitePermission, canSeeSite, type AccessMode, type Actor, type ClientAccess } from '../../platform/access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { worksAtSite } from './voucher-queries.ts';

export type BatchRow = typeof voucherBatches.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;

/**
 * Who may see and change vouchers: the kind's permission at the site in the address (voucher or
 * multisitevoucher; a Read Only client reads only), and a batch or voucher is found only through a site
 * it works at, so another account's, or another site's, answers 404.
 */
export function createVoucherAccess({ db, sites }: { db: Database; sites: Pick<SitesService, 'siteFor'> }) {
  const site = (actor: Actor | null, siteId: number, kind: VoucherKind, mode: AccessMode) =>
    sites.siteFor(actor, siteId, VOUCHER_PERMISSION[kind], mode);

  const canWrite = (actor: Actor, access: ClientAccess, siteId: number, kind: VoucherKind) => {
    try {
      assertSitePermission(actor, siteId, VOUCHER_PERMISSION[kind], 'write', access);
      return true;
    } catch {
      return false;
    }
  };

  async function batchAt(accountId: number, siteId: number, kind: VoucherKind, batchId: number): Promise<BatchRow> {
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
    if (!row) throw notFound('vouchers.batchNotFound');
    return row;
  }

  async function voucherAt(accountId: number, siteId: number, kind: VoucherKind, voucherId: number) {
    const [row] = await db
      .select({ voucher: vouchers, batch: voucherBatches })
      .from(vouchers)
      .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
      .where(
        and(eq(vouchers.id, voucherId), eq(vouchers.accountId, accountId), eq(voucherBatches.kind, kind), worksAtSite(siteId)),
      );
    if (!row) throw notFound('vouchers.voucherNotFound');
    return row;
  }

  /**
   * A multi-site batch changes what guests get at each of its sites: a client changes it only with
   * write access at all of them.
   */
  async function assertWriteEverywhere(actor: Actor, access: ClientAccess, batch: BatchRow) {
    if (actor.role === 'admin') return;
    const rows = await db
      .select({ siteId: voucherBatchSites.siteId })
      .from(voucherBatchSites)
      .where(eq(voucherBatchSites.batchId, batch.id));
    for (const { siteId } of rows) {
      if (!canSeeSite(actor, siteId, access)) throw forbidden();
      assertSitePermission(actor, siteId, VOUCHER_PERMISSION[batch.kind as VoucherKind], 'write', access);
    }
  }

  return { site, canWrite, batchAt, voucherAt, assertWriteEverywhere };
}
export type VoucherAccess = ReturnType<typeof createVoucherAccess>;
