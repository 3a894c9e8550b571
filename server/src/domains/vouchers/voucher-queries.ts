import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { VoucherStatus } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import { sites, voucherBatchSites, voucherBatches, vouchers } from '../../db/schema/index.ts';

/** Grant states that let a device online (a failed or still pending grant used nothing). */
export const COUNTED_GRANTS = ['granted', 'confirmed'];

/** Bytes a voucher's sessions used, at every site. */
export const bytesUsedSql = sql<number>`(select coalesce(sum(gs.bytes_up + gs.bytes_down), 0) from voucher_sessions vs join guest_sessions gs on gs.id = vs.session_id where vs.voucher_id = ${vouchers.id})`;
/** Devices holding a seat. */
export const devicesUsedSql = sql<number>`(select count(*) from voucher_devices vd where vd.voucher_id = ${vouchers.id})`;

/** Expired: past its valid_until, its time run out since first use, or its data used up. */
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

export const statusSql = sql<VoucherStatus>`case when ${expiredSql} then 'expired' when ${vouchers.activatedAt} is null then 'unused' else 'inuse' end`;

/** Batches of a kind that work at a site (their own site, or one of the sites picked). */
export const worksAtSite = (siteId: number) =>
  sql`exists (select 1 from ${voucherBatchSites} where ${voucherBatchSites.batchId} = ${voucherBatches.id} and ${voucherBatchSites.siteId} = ${siteId})`;

/** `%`, `_` and `\` stand for themselves in a search. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The sites of each batch, by batch id, names included. */
export async function sitesOfBatches(db: Database, batchIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>();
  if (!batchIds.length) return out;
  const rows = await db
    .select({ batchId: voucherBatchSites.batchId, id: sites.id, name: sites.name })
    .from(voucherBatchSites)
    .innerJoin(sites, eq(sites.id, voucherBatchSites.siteId))
    .where(inArray(voucherBatchSites.batchId, [...new Set(batchIds)]))
    .orderBy(sites.name, sites.id);
  for (const r of rows) {
    const list = out.get(r.batchId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.batchId, list);
  }
  return out;
}

/** Vouchers of some batches counted by status. */
export async function countsOfBatches(db: Database, batchIds: number[]) {
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
}
