import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { DashboardTileData } from '@splashboard/contract/dashboard';
import { clock, count } from '../format.ts';
import { Figure } from './FigureTiles.tsx';

/** Figures of now (online now, vouchers): the count and the moment it was taken. */
export function OnlineNowTile({ data, timeZone }: { data: DashboardTileData<'online_now'>; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Figure value={count(data.value, i18n.language)} detail={t('dashboard.units.devices', { count: data.devices })} />
      <AsOf iso={data.as_of} timeZone={timeZone} />
    </>
  );
}

export function CountNowTile({ data, timeZone }: { data: DashboardTileData<'active_vouchers'>; timeZone?: string }) {
  const { i18n } = useTranslation();
  return (
    <>
      <Figure value={count(data.value, i18n.language)} />
      <AsOf iso={data.as_of} timeZone={timeZone} />
    </>
  );
}

function AsOf({ iso, timeZone }: { iso: string; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 'auto' }}>
      {t('dashboard.tile.asOf', { time: clock(iso, i18n.language, timeZone) })}
    </Typography>
  );
}
