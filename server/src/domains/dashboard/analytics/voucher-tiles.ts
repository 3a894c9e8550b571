import { and, eq, sql } from 'drizzle-orm';
import { EXPIRING_VOUCHER_DAYS, type DashboardPeriod, type DashboardTileData } from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import { sites, voucherBatchSites, voucherBatches, vouchers } from '../../../db/schema/index.ts';
import { expiredSql, statusWhere } from '../../vouchers/vouchers.repo.ts';
import type { Scope } from '../scope.ts';
import { compare } from '../period.ts';

/**
 * Voucher tiles, with the voucher lists' own definitions (vouchers.repo.ts), so a tile's number is the
 * length of the matching list: both kinds (single-site and multi-site) of the vouchers that work at the
 * scope's sites, each counted once in the control panel.
 * - active: in use (activated, not expired);
 * - unused: not activated, not expired;
 * - expiring: not expired, and its time runs out within EXPIRING_VOUCHER_DAYS days: first login +
 *   duration for one in use, the batch's valid_until for any (data running out cannot be foreseen);
 * - activated: first login in the period's local days (the site's time zone; in the control panel the
 *   time zone of the site the batch was made at), whatever happened to it after.
 */

const worksInScope = (scope: Scope) =>
  sql`exists (select 1 from ${voucherBatchSites} where ${voucherBatchSites.batchId} = ${voucherBatches.id}
    and ${voucherBatchSites.siteId} = any(${scope.idArray}::int[]))`;
/** For every site of an account, its vouchers are also named by account: the account's indexes find them. */
const inScope = (scope: Scope) =>
  scope.accountId === null ? worksInScope(scope) : and(eq(vouchers.accountId, scope.accountId), worksInScope(scope));

/**
 * Not past its own end nor its batch's: implied by every count of now (each is of vouchers not expired),
 * and what vouchers_account_unexpired_idx finds without reading the expired ones.
 */
const notRunOut = sql`coalesce(${vouchers.expiresAt}, 'infinity'::timestamptz) > now()
  and (${voucherBatches.validUntil} is null or ${voucherBatches.validUntil} > now())`;

const soon = sql`now() + ${`${EXPIRING_VOUCHER_DAYS} days`}::interval`;
const expiringSql = sql`(not ${expiredSql} and (
  (${vouchers.activatedAt} is not null and ${vouchers.expiresAt} <= ${soon})
  or (${voucherBatches.validUntil} is not null and ${voucherBatches.validUntil} <= ${soon})
))`;

/** The three counts of now in one pass. */
export async function voucherCountsNow(db: Database, scope: Scope) {
  const [r] = await db
    .select({
      active: sql<number>`count(*) filter (where ${statusWhere('inuse')})::int`,
      unused: sql<number>`count(*) filter (where ${statusWhere('unused')})::int`,
      expiring: sql<number>`count(*) filter (where ${expiringSql})::int`,
      asOf: sql<Date | string>`now()`,
    })
    .from(vouchers)
    .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
    .where(and(inScope(scope), notRunOut));
  return {
    active: Number(r?.active ?? 0),
    unused: Number(r?.unused ?? 0),
    expiring: Number(r?.expiring ?? 0),
    as_of: new Date(r?.asOf ?? Date.now()).toISOString(),
  };
}

export async function activatedVouchers(
  db: Database,
  scope: Scope,
  p: DashboardPeriod,
): Promise<DashboardTileData<'activated_vouchers'>> {
  const tz = scope.timezone === null ? sql`${sites.timezone}` : sql`${scope.timezone}::text`;
  const localDay = sql`(${vouchers.activatedAt} at time zone ${tz})::date`;
  const [r] = await db
    .select({
      value: sql<number>`count(*) filter (where ${localDay} >= ${p.from}::date)::int`,
      previous: sql<number>`count(*) filter (where ${localDay} <= ${p.previous_to}::date)::int`,
    })
    .from(vouchers)
    .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
    .innerJoin(sites, eq(sites.id, voucherBatches.siteId))
    .where(
      and(
        inScope(scope),
        // A loose bound in UTC first (a local day starts within a day of it), then the exact local days.
        sql`${vouchers.activatedAt} >= (${p.previous_from}::date - 1)::timestamp at time zone 'UTC'`,
        sql`${vouchers.activatedAt} < (${p.to}::date + 2)::timestamp at time zone 'UTC'`,
        sql`${localDay} between ${p.previous_from}::date and ${p.to}::date`,
      ),
    );
  return { period: p, ...compare(Number(r?.value ?? 0), Number(r?.previous ?? 0)) };
}
