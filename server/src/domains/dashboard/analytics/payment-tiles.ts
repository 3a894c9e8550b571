import { sql, type SQL } from 'drizzle-orm';
import {
  LATEST_TRANSACTIONS_LIMIT,
  POPULAR_PACKAGES_LIMIT,
  type DashboardPeriod,
  type DashboardTileData,
} from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import type { Scope } from '../scope.ts';
import { compare, eachDay } from '../period.ts';

/**
 * The money tiles, read from the paid Wi-Fi ledger (payment_transactions, payment_refunds). Money is in
 * minor units and never summed across currencies: each amount is per currency, and the scope's sites'
 * currencies are always listed (zeros included). Days are local to each site (its time zone, also in the
 * control panel), as for the other tiles.
 * - payments collected (total_amount): succeeded transactions paid on a day of the period, minus the
 *   (succeeded) refunds made on a day of the period, whatever the day of the payment they refund;
 * - recurring revenue (recurring_amount): the same for renewals and purchases of recurring packages;
 * - daily transactions: per local day, the paid transactions (purchases and renewals; free trials are not
 *   payments) and what they brought per currency, refunds not deducted;
 * - latest transactions: the last LATEST_TRANSACTIONS_LIMIT made in the period that succeeded or failed
 *   (any kind), newest first;
 * - popular packages: the POPULAR_PACKAGES_LIMIT packages with the most succeeded transactions (trials
 *   included) paid in the period, with what they brought.
 * The reconciliation query in README.md ("Paid Wi-Fi") checks payments collected against the ledger.
 */

type Row = Record<string, unknown>;
async function rows<T extends Row>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const num = (v: unknown) => Number(v ?? 0);
const day = (iso: string) => sql`${iso}::date`;
const ids = (scope: Scope) => sql`${scope.idArray}::int[]`;
/** Each site's own time zone in the control panel (joined as `s`), else the site's. */
const tzOf = (scope: Scope) => (scope.timezone === null ? sql`s.timezone` : sql`${scope.timezone}::text`);
const localDay = (at: SQL, scope: Scope) => sql`(${at} at time zone ${tzOf(scope)})::date`;
/** The local days from..to: a loose bound in UTC first (a local day starts within a day of it), for the index. */
const onDays = (at: SQL, scope: Scope, from: string, to: string) =>
  sql`${at} >= (${day(from)} - 1)::timestamp at time zone 'UTC' and ${at} < (${day(to)} + 2)::timestamp at time zone 'UTC'
    and ${localDay(at, scope)} between ${day(from)} and ${day(to)}`;
const recurringOnly = sql`(t.kind = 'renewal' or (t.kind = 'purchase' and p.recurring))`;

/** The scope's sites' currencies and any others the rows name, each once, in a stable order. */
const currenciesOf = (scope: Scope, found: { currency: unknown }[] = []) =>
  [...new Set([...scope.sites.map((s) => s.currency), ...found.map((r) => String(r.currency))])].sort();

/** Money in (payments) and out (refunds) of the period and the previous one, by local day. */
function moneyMoves(scope: Scope, p: DashboardPeriod, recurring: boolean) {
  const only = recurring ? sql`and ${recurringOnly}` : sql``;
  return sql`
    select t.currency, t.amount, ${localDay(sql`t.paid_at`, scope)} as day
    from payment_transactions t
    join sites s on s.id = t.site_id
    left join payment_packages p on p.id = t.package_id
    where t.site_id = any(${ids(scope)}) and t.status = 'succeeded'
      and ${onDays(sql`t.paid_at`, scope, p.previous_from, p.to)} ${only}
    union all
    select r.currency, -r.amount, ${localDay(sql`r.created_at`, scope)}
    from payment_refunds r
    join payment_transactions t on t.id = r.transaction_id
    join sites s on s.id = r.site_id
    left join payment_packages p on p.id = t.package_id
    where r.site_id = any(${ids(scope)}) and r.status = 'succeeded'
      and ${onDays(sql`r.created_at`, scope, p.previous_from, p.to)} ${only}`;
}

async function amounts(db: Database, scope: Scope, p: DashboardPeriod, recurring: boolean) {
  const found = await rows<{ currency: string; value: unknown; previous: unknown }>(
    db,
    sql`select currency,
        coalesce(sum(amount) filter (where day >= ${day(p.from)}), 0)::bigint as value,
        coalesce(sum(amount) filter (where day <= ${day(p.previous_to)}), 0)::bigint as previous
      from (${moneyMoves(scope, p, recurring)}) m
      group by currency`,
  );
  const of = new Map(found.map((r) => [r.currency, r]));
  return {
    period: p,
    amounts: currenciesOf(scope, found).map((currency) => ({
      currency,
      ...compare(num(of.get(currency)?.value), num(of.get(currency)?.previous)),
    })),
  };
}

export const paymentsCollected = (
  db: Database,
  scope: Scope,
  p: DashboardPeriod,
): Promise<DashboardTileData<'payments_collected'>> => amounts(db, scope, p, false);

export const recurringRevenue = (
  db: Database,
  scope: Scope,
  p: DashboardPeriod,
): Promise<DashboardTileData<'recurring_revenue'>> => amounts(db, scope, p, true);

export async function dailyTransactions(
  db: Database,
  scope: Scope,
  p: DashboardPeriod,
): Promise<DashboardTileData<'daily_transactions'>> {
  const found = await rows<{ day: string; currency: string; n: unknown; amount: unknown }>(
    db,
    sql`select ${localDay(sql`t.paid_at`, scope)}::text as day, t.currency, count(*)::int as n, sum(t.amount)::bigint as amount
      from payment_transactions t
      join sites s on s.id = t.site_id
      where t.site_id = any(${ids(scope)}) and t.status = 'succeeded' and t.kind in ('purchase', 'renewal')
        and ${onDays(sql`t.paid_at`, scope, p.from, p.to)}
      group by 1, 2`,
  );
  const currencies = currenciesOf(scope, found);
  const byDay = new Map<string, typeof found>();
  for (const r of found) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
  return {
    period: p,
    days: eachDay(p.from, p.to).map((date) => {
      const of = byDay.get(date) ?? [];
      return {
        date,
        transactions: of.reduce((n, r) => n + num(r.n), 0),
        amounts: currencies.map((currency) => ({ currency, amount: num(of.find((r) => r.currency === currency)?.amount) })),
      };
    }),
  };
}

export async function latestTransactions(
  db: Database,
  scope: Scope,
  p: DashboardPeriod,
): Promise<DashboardTileData<'latest_transactions'>> {
  const found = await rows<Row>(
    db,
    sql`select t.id, t.site_id, s.name as site_name, t.package_name, t.amount, t.currency, t.status, t.created_at, t.mac,
        a.email, a.first_name, a.last_name
      from payment_transactions t
      join sites s on s.id = t.site_id
      left join payment_accounts a on a.id = t.payment_account_id
      where t.site_id = any(${ids(scope)}) and t.status in ('succeeded', 'failed')
        and ${onDays(sql`t.created_at`, scope, p.from, p.to)}
      order by t.created_at desc, t.id desc
      limit ${LATEST_TRANSACTIONS_LIMIT}`,
  );
  return {
    period: p,
    items: found.map((r) => ({
      id: num(r.id),
      site_id: num(r.site_id),
      site_name: String(r.site_name),
      package_name: String(r.package_name),
      guest: [r.first_name, r.last_name].filter(Boolean).join(' ') || String(r.email ?? r.mac ?? ''),
      amount: num(r.amount),
      currency: String(r.currency),
      status: String(r.status),
      created_at: new Date(r.created_at as string | Date).toISOString(),
    })),
  };
}

export async function popularPackages(
  db: Database,
  scope: Scope,
  p: DashboardPeriod,
): Promise<DashboardTileData<'popular_packages'>> {
  const found = await rows<Row>(
    db,
    sql`select t.package_id, t.site_id, coalesce(min(p.name), max(t.package_name)) as name, t.currency,
        count(*)::int as n, sum(t.amount)::bigint as amount
      from payment_transactions t
      join sites s on s.id = t.site_id
      left join payment_packages p on p.id = t.package_id
      where t.site_id = any(${ids(scope)}) and t.status = 'succeeded' and t.package_id is not null
        and ${onDays(sql`t.paid_at`, scope, p.from, p.to)}
      group by t.package_id, t.site_id, t.currency
      order by n desc, amount desc, t.package_id
      limit ${POPULAR_PACKAGES_LIMIT}`,
  );
  return {
    period: p,
    items: found.map((r) => ({
      package_id: num(r.package_id),
      site_id: num(r.site_id),
      name: String(r.name),
      transactions: num(r.n),
      amount: num(r.amount),
      currency: String(r.currency),
    })),
  };
}
