import {
  DASHBOARD_TILE_CALLS,
  DASHBOARD_TILE_KEYS,
  dashboardCallUrl,
  type DashboardTileKey,
} from '@splashboard/contract/dashboard';
import type { Site } from '@splashboard/contract';
import { browserTimeZone } from './format.ts';
import { isDay, presetOf, presetRange, rangeProblem, rangeQuery, type DayRange, type RangePreset } from './range.ts';
import { prefetch } from './ahead.ts';

// The page's calls, worked out from a site's settings and the address alone: start-up asks for them
// with this small chunk, before the page's own chunk is in.

/** The address of the user's layout at a site (0: the control panel). */
export const layoutUrl = (siteId: number | null) => `/s/${siteId}/api/v1/dashboard/config`;

/** The tiles a user may see at a site: each needs its call's permission there (the control panel: all). */
export const tilesFor = (site: Site | null): DashboardTileKey[] =>
  DASHBOARD_TILE_KEYS.filter((k) => {
    const permission = DASHBOARD_TILE_CALLS[k].permission;
    return !site || site.id === 0 || permission === 'all' || site.permissions[permission];
  });

/**
 * The period of the page's address in a time zone: the preset, the custom days the picker offers, the
 * days asked for, and the days the tiles show (an impossible custom period is shown as such and not asked
 * for: the tiles keep 30 days).
 */
export function periodOf(preset: RangePreset, fromParam: string | null, toParam: string | null, zone: string) {
  const custom = presetRange('custom', zone, isDay(fromParam) && isDay(toParam) ? { from: fromParam, to: toParam } : undefined);
  const wanted = presetRange(preset, zone, custom);
  const range: DayRange = rangeProblem(wanted) ? presetRange('30d', zone) : wanted;
  return { custom, wanted, range };
}

export const tileUrl = (siteId: number, tile: DashboardTileKey, { from, to }: DayRange) =>
  dashboardCallUrl(siteId, tile, DASHBOARD_TILE_CALLS[tile].ranged ? rangeQuery({ from, to }) : undefined);

/**
 * Asks for every call of the page at a site (its layout, whether it has data, each tile it may see) for
 * the period in the address `search`, before the page renders: start-up calls it once the site's
 * settings are in. The page takes the answers as it mounts.
 */
export function prefetchDashboard(site: Site, search: string) {
  const params = new URLSearchParams(search);
  const wantedSite = params.get('site');
  if (wantedSite !== null && Number(wantedSite) !== site.id) return; // the page is about to change site
  const zone = site.id === 0 ? browserTimeZone() : site.timezone;
  const { range } = periodOf(presetOf(params.get('range')), params.get('from'), params.get('to'), zone);
  prefetch(layoutUrl(site.id));
  prefetch(dashboardCallUrl(site.id, 'data/real'));
  for (const tile of tilesFor(site)) prefetch(tileUrl(site.id, tile, range));
}
