import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { DashboardTileData } from '@splashboard/contract/dashboard';
import { count, decimal, percent } from '../format.ts';
import { Comparison } from './Comparison.tsx';
import { WRAP_ON_PHONE } from './TileFrame.tsx';

const FIGURE = { fontWeight: 500, lineHeight: 1.1, whiteSpace: 'nowrap' } as const;

/**
 * The figure's size: h4's, or smaller when its characters would not fit the tile's width on one line
 * (cqi: the tile body is a size container). A character is at most 0.6 em wide in these figures.
 */
function fitted(value: string) {
  return `min(2.125rem, calc(100cqi / ${(0.6 * Math.max(value.length, 1)).toFixed(1)}))`;
}

/** The big number of a figure tile. */
export function Figure({ value, detail }: { value: string; detail?: string }) {
  return (
    <>
      <Typography variant="h4" component="p" data-testid="figure" sx={{ ...FIGURE, fontSize: fitted(value) }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary" noWrap sx={WRAP_ON_PHONE}>
          {detail}
        </Typography>
      )}
    </>
  );
}

/** Total guests and activated vouchers: a count against the previous period. */
export function CountTile({ data }: { data: DashboardTileData<'total_guests'> | DashboardTileData<'activated_vouchers'> }) {
  const { i18n } = useTranslation();
  const show = (n: number) => count(n, i18n.language);
  return (
    <>
      <Figure value={show(data.value)} />
      <Comparison figure={data} period={data.period} show={show} />
    </>
  );
}

export function FirstTimeGuestsTile({ data }: { data: DashboardTileData<'first_time_guests'> }) {
  const { t, i18n } = useTranslation();
  const show = (n: number) => count(n, i18n.language);
  return (
    <>
      <Figure value={show(data.value)} detail={t('dashboard.units.returning', { count: data.returning })} />
      <Comparison figure={data} period={data.period} show={show} />
    </>
  );
}

export function BounceRateTile({ data }: { data: DashboardTileData<'bounce_rate'> }) {
  const { t, i18n } = useTranslation();
  const show = (n: number) => percent(n, i18n.language);
  return (
    <>
      <Figure value={show(data.value)} detail={t('dashboard.units.measured', { count: data.sessions })} />
      <Comparison figure={data} period={data.period} show={show} points lowerIsBetter />
    </>
  );
}

export function DwellTimeTile({ data }: { data: DashboardTileData<'dwell_time'> }) {
  const { t, i18n } = useTranslation();
  const show = (n: number) => t('dashboard.units.minutes', { value: decimal(n, i18n.language) });
  return (
    <>
      <Figure value={show(data.value)} detail={t('dashboard.units.measured', { count: data.sessions })} />
      <Comparison figure={data} period={data.period} show={show} />
    </>
  );
}
