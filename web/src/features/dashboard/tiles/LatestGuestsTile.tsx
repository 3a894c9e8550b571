import { useTranslation } from 'react-i18next';
import type { DashboardTileData } from '@splashboard/contract/dashboard';
import { count, moment } from '../format.ts';
import { TileTable, type Column } from './TileTable.tsx';

type Guest = DashboardTileData<'latest_guests'>['items'][number];

/** The guests whose latest login of the period is the most recent; the location too in the control panel. */
export function LatestGuestsTile({
  data,
  timeZone,
  allSites,
}: {
  data: DashboardTileData<'latest_guests'>;
  timeZone?: string;
  allSites: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const columns: Column<Guest>[] = [
    {
      key: 'name',
      label: t('dashboard.columns.name'),
      cell: (g) => g.display_name ?? t('dashboard.noName'),
    },
    { key: 'contact', label: t('dashboard.columns.contact'), cell: (g) => g.email ?? g.phone ?? '', optional: true },
    ...(allSites
      ? [{ key: 'site', label: t('dashboard.columns.location'), cell: (g: Guest) => g.site_name, optional: true }]
      : []),
    {
      key: 'method',
      label: t('dashboard.columns.method'),
      cell: (g) => t(`sites.methods.${g.method}`, { defaultValue: g.method }),
      optional: true,
    },
    { key: 'last', label: t('dashboard.columns.lastLogin'), cell: (g) => moment(g.last_login_at, lang, timeZone) },
    { key: 'visits', label: t('dashboard.columns.visits'), cell: (g) => count(g.visits, lang), align: 'right' },
  ];
  return <TileTable rows={data.items} columns={columns} rowKey={(g) => `${g.site_id}:${g.guest_id}`} />;
}
