import { useTranslation } from 'react-i18next';
import type { DashboardTileData } from '@splashboard/contract/dashboard';
import { count, money, moment } from '../format.ts';
import { TileTable, type Column } from './TileTable.tsx';

type Transaction = DashboardTileData<'latest_transactions'>['items'][number];
type Package = DashboardTileData<'popular_packages'>['items'][number];

/** The last five transactions of the period. */
export function LatestTransactionsTile({
  data,
  timeZone,
  allSites,
}: {
  data: DashboardTileData<'latest_transactions'>;
  timeZone?: string;
  allSites: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const columns: Column<Transaction>[] = [
    { key: 'date', label: t('dashboard.columns.date'), cell: (x) => moment(x.created_at, lang, timeZone) },
    { key: 'package', label: t('dashboard.columns.package'), cell: (x) => x.package_name },
    { key: 'guest', label: t('dashboard.columns.guest'), cell: (x) => x.guest, optional: true },
    ...(allSites
      ? [{ key: 'site', label: t('dashboard.columns.location'), cell: (x: Transaction) => x.site_name, optional: true }]
      : []),
    { key: 'status', label: t('dashboard.columns.status'), cell: (x) => x.status, optional: true },
    { key: 'amount', label: t('dashboard.columns.amount'), cell: (x) => money(x.amount, x.currency, lang), align: 'right' },
  ];
  return <TileTable rows={data.items} columns={columns} rowKey={(x) => x.id} />;
}

/** The five packages sold most in the period. */
export function PopularPackagesTile({ data }: { data: DashboardTileData<'popular_packages'> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const columns: Column<Package>[] = [
    { key: 'name', label: t('dashboard.columns.package'), cell: (p) => p.name },
    { key: 'sold', label: t('dashboard.columns.sold'), cell: (p) => count(p.transactions, lang), align: 'right' },
    { key: 'amount', label: t('dashboard.columns.amount'), cell: (p) => money(p.amount, p.currency, lang), align: 'right' },
  ];
  return <TileTable rows={data.items} columns={columns} rowKey={(p) => `${p.site_id}:${p.package_id}`} />;
}
