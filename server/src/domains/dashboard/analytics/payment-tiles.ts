import type { DashboardPeriod, DashboardTileData } from '@splashboard/contract';
import type { Scope } from '../scope.ts';
import { compare, eachDay } from '../period.ts';

/**
 * Payment tiles. Payments (packages, transactions, payment accounts) are not built yet: there is nothing
 * to count, so these answer what the real queries will answer on an empty ledger — zeros per currency of
 * the scope's sites and empty lists — in the shape they will keep. Definitions for when they are built:
 * - payments collected (total_amount): successful transactions of the period, refunds deducted;
 * - recurring revenue (recurring_amount): the part of those charged by recurring payment accounts;
 * - daily transactions: successful transactions and their amount per local day;
 * - latest transactions: the last LATEST_TRANSACTIONS_LIMIT of the period, newest first;
 * - popular packages: the POPULAR_PACKAGES_LIMIT packages with the most transactions in the period.
 */

/** The currencies of the scope's sites, each once, in a stable order. */
const currenciesOf = (scope: Scope) => [...new Set(scope.sites.map((s) => s.currency))].sort();

export function amounts(scope: Scope, p: DashboardPeriod): DashboardTileData<'payments_collected'> {
  return { period: p, amounts: currenciesOf(scope).map((currency) => ({ currency, ...compare(0, 0) })) };
}

export function dailyTransactions(scope: Scope, p: DashboardPeriod): DashboardTileData<'daily_transactions'> {
  const currencies = currenciesOf(scope);
  return {
    period: p,
    days: eachDay(p.from, p.to).map((date) => ({
      date,
      transactions: 0,
      amounts: currencies.map((currency) => ({ currency, amount: 0 })),
    })),
  };
}

export const latestTransactions = (p: DashboardPeriod): DashboardTileData<'latest_transactions'> => ({ period: p, items: [] });
export const popularPackages = (p: DashboardPeriod): DashboardTileData<'popular_packages'> => ({ period: p, items: [] });
