import { memo, useEffect, useState, type ComponentType } from 'react';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_TILE_CALLS,
  dashboardCallUrl,
  type DashboardTileData,
  type DashboardTileKey,
} from '@splashboard/contract/dashboard';
import { rangeQuery, type DayRange } from '../range.ts';
import { useDashboardCall } from '../useDashboardCall.ts';
import { preloadableModule } from '../../../app/preload.ts';
import { TileFrame } from './TileFrame.tsx';
import { BounceRateTile, CountTile, DwellTimeTile, FirstTimeGuestsTile } from './FigureTiles.tsx';
import { CountNowTile, OnlineNowTile } from './NowTiles.tsx';
import { MoneyTile } from './MoneyTile.tsx';
import { ActivityTile } from './ActivityTile.tsx';
import { LatestGuestsTile } from './LatestGuestsTile.tsx';
import { LatestTransactionsTile, PopularPackagesTile } from './TransactionTiles.tsx';

const charts = preloadableModule(() => import('./charts.ts'));
/** Starts loading the charts (asked for with the page's chunk, before any answer is in). */
export const loadCharts = charts.preload;
type ChartName = 'WifiLoginsTile' | 'DailyTransactionsTile' | 'GenderTile' | 'SegmentsTile';

/**
 * A chart tile's view once the charts' chunk is in. Not React.lazy: a Suspense boundary that showed its
 * fallback waits up to 300 ms more before it reveals the chart. Memoized: the tile's other changes (edit
 * mode) leave the chart alone.
 */
const Chart = memo(function Chart({ name, data }: { name: ChartName; data: never }) {
  const [module, setModule] = useState(charts.current);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (!module) charts.preload().then(setModule, setFailure);
  }, [module]);
  if (failure) throw failure; // to the error boundary, as a failed chunk of a page
  if (!module) return chartPending;
  const View = module[name] as ComponentType<{ data: never }>;
  return <View data={data} />;
});

// Holds a chart's room until the charts have loaded; it has no drawing yet, so the tile is not drawn.
const chartPending = <Skeleton variant="rounded" role="figure" aria-busy sx={{ flex: 1, minHeight: 120 }} />;

export interface TileProps {
  tile: DashboardTileKey;
  siteId: number;
  range: DayRange;
  /** The site's time zone for moments; the browser's in the control panel. */
  timeZone?: string;
  editing: boolean;
  onHide: (tile: DashboardTileKey) => void;
}

/** One tile: its own call (in admin scope for the control panel) and its view. */
export const Tile = memo(function Tile({ tile, siteId, range, timeZone, editing, onHide }: TileProps) {
  const { t } = useTranslation();
  const url = dashboardCallUrl(siteId, tile, DASHBOARD_TILE_CALLS[tile].ranged ? rangeQuery(range) : undefined);
  const call = useDashboardCall<unknown>(url, t('common.somethingWentWrong'));
  const allSites = siteId === 0;
  const view = (data: unknown) => {
    const d = data as never;
    switch (tile) {
      case 'total_guests':
      case 'activated_vouchers':
        return <CountTile data={d} />;
      case 'first_time_guests':
        return <FirstTimeGuestsTile data={d} />;
      case 'bounce_rate':
        return <BounceRateTile data={d} />;
      case 'dwell_time':
        return <DwellTimeTile data={d} />;
      case 'online_now':
        return <OnlineNowTile data={d} timeZone={timeZone} />;
      case 'active_vouchers':
      case 'unused_vouchers':
      case 'expiring_vouchers':
        return <CountNowTile data={d} timeZone={timeZone} />;
      case 'recurring_revenue':
      case 'payments_collected':
        return <MoneyTile data={d} />;
      case 'wifi_logins':
        return <Chart name="WifiLoginsTile" data={d} />;
      case 'daily_transactions':
        return <Chart name="DailyTransactionsTile" data={d} />;
      case 'gender':
        return <Chart name="GenderTile" data={d} />;
      case 'segments':
        return <Chart name="SegmentsTile" data={d} />;
      case 'guest_activity':
        return <ActivityTile data={d} />;
      case 'latest_guests':
        return <LatestGuestsTile data={d as DashboardTileData<'latest_guests'>} timeZone={timeZone} allSites={allSites} />;
      case 'latest_transactions':
        return <LatestTransactionsTile data={d} timeZone={timeZone} allSites={allSites} />;
      case 'popular_packages':
        return <PopularPackagesTile data={d} />;
    }
  };
  return (
    <TileFrame tile={tile} call={call} editing={editing} onHide={() => onHide(tile)}>
      {view}
    </TileFrame>
  );
});
