import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TILE_CALLS, dashboardCallUrl, type DashboardTileData, type DashboardTileKey } from '@splashboard/contract';
import { rangeQuery, type DayRange } from '../range.ts';
import { useDashboardCall } from '../useDashboardCall.ts';
import { TileFrame } from './TileFrame.tsx';
import { BounceRateTile, CountTile, DwellTimeTile, FirstTimeGuestsTile } from './FigureTiles.tsx';
import { CountNowTile, OnlineNowTile } from './NowTiles.tsx';
import { MoneyTile } from './MoneyTile.tsx';
import { WifiLoginsTile } from './WifiLoginsTile.tsx';
import { DailyTransactionsTile } from './DailyTransactionsTile.tsx';
import { GenderTile, SegmentsTile } from './PieTiles.tsx';
import { ActivityTile } from './ActivityTile.tsx';
import { LatestGuestsTile } from './LatestGuestsTile.tsx';
import { LatestTransactionsTile, PopularPackagesTile } from './TransactionTiles.tsx';

export interface TileProps {
  tile: DashboardTileKey;
  siteId: number;
  range: DayRange;
  /** The site's time zone for moments; the browser's in the control panel. */
  timeZone?: string;
  editing: boolean;
  narrow: boolean;
  onHide: (tile: DashboardTileKey) => void;
}

/** One tile: its own call (in admin scope for the control panel) and its view. */
export const Tile = memo(function Tile({ tile, siteId, range, timeZone, editing, narrow, onHide }: TileProps) {
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
        return <WifiLoginsTile data={d} />;
      case 'daily_transactions':
        return <DailyTransactionsTile data={d} />;
      case 'gender':
        return <GenderTile data={d} />;
      case 'segments':
        return <SegmentsTile data={d} />;
      case 'guest_activity':
        return <ActivityTile data={d} />;
      case 'latest_guests':
        return (
          <LatestGuestsTile
            data={d as DashboardTileData<'latest_guests'>}
            timeZone={timeZone}
            allSites={allSites}
            narrow={narrow}
          />
        );
      case 'latest_transactions':
        return <LatestTransactionsTile data={d} timeZone={timeZone} allSites={allSites} narrow={narrow} />;
      case 'popular_packages':
        return <PopularPackagesTile data={d} narrow={narrow} />;
    }
  };
  return (
    <TileFrame tile={tile} call={call} editing={editing} onHide={() => onHide(tile)}>
      {view}
    </TileFrame>
  );
});
