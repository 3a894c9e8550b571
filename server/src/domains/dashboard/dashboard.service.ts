import {
  DASHBOARD_TILE_CALLS,
  type DashboardConfigInput,
  type DashboardRangeQuery,
  type DashboardTileData,
  type DashboardTileKey,
} from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireActor, type Actor } from '../../platform/access.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { SitesRepo } from '../sites/sites.repo.ts';
import { createAnalyticsReader } from './analytics/reader.ts';
import * as guestTiles from './analytics/guest-tiles.ts';
import * as paymentTiles from './analytics/payment-tiles.ts';
import * as voucherTiles from './analytics/voucher-tiles.ts';
import { createDashboardLayoutsRepo } from './dashboard-layouts.repo.ts';
import { periodOf } from './period.ts';
import { createScopes, scopeOf, type Scope, type ScopeSite } from './scope.ts';

type Deps = Pick<AppContext, 'db' | 'reads' | 'sessions'> & { sites: SiteAccess; sitesRepo: Pick<SitesRepo, 'allOfAccount'> };
type Tile<K extends DashboardTileKey> = (scope: Scope, query: DashboardRangeQuery) => Promise<DashboardTileData<K>>;

/**
 * The dashboard's calls. Every tile resolves its scope first (access and the tile's permission, see
 * scope.ts), then its period in the scope's time zone, then reads.
 */
export function createDashboardService({ db, reads, sessions, sites, sitesRepo }: Deps) {
  const scopeFor = createScopes({ sessions, sites, sitesRepo });
  const layouts = createDashboardLayoutsRepo(db);
  // The tiles may be a few seconds stale (the read replica); a user's layout is read where it is saved.
  const read: <T>(run: (reader: Database) => Promise<T>) => Promise<T> = createAnalyticsReader(reads);
  const tiles = createTiles(read);

  return {
    /** One tile's answer; siteId 0 is the control panel (all the user's sites). */
    async tile<K extends DashboardTileKey>(actor: Actor | null, siteId: number, key: K, query: DashboardRangeQuery) {
      const scope = await scopeFor(actor, siteId, DASHBOARD_TILE_CALLS[key].permission);
      return tiles[key](scope, query);
    },

    async dataReal(actor: Actor | null, siteId: number) {
      const scope = await scopeFor(actor, siteId, 'all');
      const since = scope.sites.length ? await read((r) => guestTiles.firstLoginDay(r, scope)) : null;
      return { real: since !== null, since, sites: scope.sites.length };
    },

    async getConfig(actorIn: Actor | null, siteId: number) {
      const actor = requireActor(actorIn);
      if (siteId > 0) await sites.siteFor(actor, siteId, 'all', 'read');
      return layouts.get(actor.userId, siteId);
    },

    async saveConfig(actorIn: Actor | null, siteId: number, input: DashboardConfigInput) {
      const actor = requireActor(actorIn);
      if (siteId > 0) await sites.siteFor(actor, siteId, 'all', 'read');
      return layouts.save(actor.userId, siteId, input);
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;

/** Every tile's reader over a scope, its period worked out from the query in the scope's time zone. */
function createTiles(read: <T>(run: (reader: Database) => Promise<T>) => Promise<T>) {
  const ranged =
    <K extends DashboardTileKey>(
      answer: (scope: Scope, p: ReturnType<typeof periodOf>) => Promise<DashboardTileData<K>> | DashboardTileData<K>,
    ): Tile<K> =>
    async (scope, query) =>
      answer(scope, periodOf(query, scope.timezone));
  // The three voucher counts of now share one answer shape.
  const countNow =
    <K extends 'active_vouchers' | 'unused_vouchers' | 'expiring_vouchers'>(key: 'active' | 'unused' | 'expiring'): Tile<K> =>
    async (scope) => {
      const counts = await read((r) => voucherTiles.voucherCountsNow(r, scope));
      return { value: counts[key], as_of: counts.as_of } as DashboardTileData<K>;
    };

  const tiles: { [K in DashboardTileKey]: Tile<K> } = {
    total_guests: ranged((s, p) => read((r) => guestTiles.totalGuests(r, s, p))),
    bounce_rate: ranged((s, p) => read((r) => guestTiles.bounceRate(r, s, p))),
    dwell_time: ranged((s, p) => read((r) => guestTiles.dwellTime(r, s, p))),
    online_now: (s) => read((r) => guestTiles.onlineNow(r, s)),
    first_time_guests: ranged((s, p) => read((r) => guestTiles.firstTimeGuests(r, s, p))),
    wifi_logins: ranged((s, p) => read((r) => guestTiles.wifiLogins(r, s, p))),
    guest_activity: ranged((s, p) => read((r) => guestTiles.guestActivity(r, s, p))),
    gender: ranged((s, p) => read((r) => guestTiles.genderPie(r, s, p))),
    segments: ranged((s, p) => read((r) => guestTiles.segmentsPie(r, s, p))),
    latest_guests: ranged((s, p) => read((r) => guestTiles.latestGuests(r, s, p))),
    active_vouchers: countNow('active'),
    unused_vouchers: countNow('unused'),
    expiring_vouchers: countNow('expiring'),
    activated_vouchers: ranged((s, p) => read((r) => voucherTiles.activatedVouchers(r, s, p))),
    recurring_revenue: ranged((s, p) => read((r) => paymentTiles.recurringRevenue(r, s, p))),
    payments_collected: ranged((s, p) => read((r) => paymentTiles.paymentsCollected(r, s, p))),
    daily_transactions: ranged((s, p) => read((r) => paymentTiles.dailyTransactions(r, s, p))),
    latest_transactions: ranged((s, p) => read((r) => paymentTiles.latestTransactions(r, s, p))),
    popular_packages: ranged((s, p) => read((r) => paymentTiles.popularPackages(r, s, p))),
  };

  return tiles;
}

/**
 * The tiles read for given sites without a user (the scheduled reports' job, which has no actor): the
 * same code and SQL as the dashboard's calls, for a scope the caller has already decided on (one site, or
 * the sites of an account with timezone null, as the control panel).
 */
export function createSystemTiles(db: Database) {
  const tiles = createTiles(createAnalyticsReader(db));
  return {
    tile<K extends DashboardTileKey>(sites: ScopeSite[], timezone: string | null, key: K, query: DashboardRangeQuery) {
      return tiles[key](scopeOf(sites, timezone), query);
    },
  };
}
export type SystemTiles = ReturnType<typeof createSystemTiles>;
