import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DASHBOARD_TILE_CALLS,
  DASHBOARD_TILE_KEYS,
  DASHBOARD_TILE_SCHEMAS,
  dashboardConfigInputSchema,
  dashboardConfigSchema,
  dashboardDataRealSchema,
  dashboardRangeQuerySchema,
  idParam,
  type DashboardTileKey,
} from '@splashboard/contract';
import type { DashboardService } from './dashboard.service.ts';

const tags = ['Dashboard'];
// Site 0 is the control panel: the same answers as the admin scope.
const site = z.object({ siteId: idParam });

const SUMMARIES: Record<DashboardTileKey, string> = {
  total_guests: 'Guests with a login in the period, against the previous period',
  bounce_rate: 'Share of ended logins that lasted under 5 minutes',
  dwell_time: 'Average minutes connected of ended logins',
  online_now: 'Guests and devices connected now',
  first_time_guests: 'Guests whose first visit falls in the period',
  wifi_logins: 'Logins, guests and new guests per local day',
  guest_activity: 'Logins by weekday and hour (popular times)',
  gender: 'Guests of the period by gender',
  segments: 'Guests of the period by number of visits',
  latest_guests: 'The guests who logged in most recently in the period',
  active_vouchers: 'Vouchers in use now',
  unused_vouchers: 'Vouchers not used yet and still valid',
  expiring_vouchers: 'Vouchers that run out within 7 days',
  activated_vouchers: 'Vouchers first used in the period',
  recurring_revenue: 'Recurring payments collected in the period, per currency',
  payments_collected: 'Payments collected in the period, per currency',
  daily_transactions: 'Transactions and amounts per local day',
  latest_transactions: 'The last five transactions of the period',
  popular_packages: 'The five packages sold most in the period',
};

/** A call's addresses: as spelled, and with or without its trailing slash (the other one hidden from the docs). */
const spellings = (path: string) => [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`];

/** `/a/api/v1/dashboard/…`: the control panel, every site of the account the user may see. */
export const dashboardAdminRoutes =
  (dashboard: DashboardService): FastifyPluginAsyncZod =>
  async (app) => {
    for (const key of DASHBOARD_TILE_KEYS) {
      spellings(DASHBOARD_TILE_CALLS[key].path).forEach((path, n) =>
        app.get(
          `/dashboard/${path}`,
          {
            schema: {
              hide: n > 0,
              tags,
              summary: `${SUMMARIES[key]} (all sites)`,
              querystring: dashboardRangeQuerySchema,
              response: { 200: DASHBOARD_TILE_SCHEMAS[key] },
            },
          },
          async (r) => dashboard.tile(r.actor, 0, key, r.query),
        ),
      );
    }
  };

/**
 * `/s/{siteId}/api/v1/dashboard/…`: one site's tiles (also under `tile/`, as some of the dashboard's
 * calls are spelled), its layout and whether it has data yet.
 */
export const dashboardSiteRoutes =
  (dashboard: DashboardService): FastifyPluginAsyncZod =>
  async (app) => {
    for (const key of DASHBOARD_TILE_KEYS) {
      const path = DASHBOARD_TILE_CALLS[key].path;
      [...spellings(path), ...spellings(`tile/${path}`)].forEach((url, n) =>
        app.get(
          `/dashboard/${url}`,
          {
            schema: {
              // Both spellings are documented; only the trailing-slash twin of each is hidden.
              hide: n % 2 === 1,
              tags,
              summary: SUMMARIES[key],
              params: site,
              querystring: dashboardRangeQuerySchema,
              response: { 200: DASHBOARD_TILE_SCHEMAS[key] },
            },
          },
          async (r) => dashboard.tile(r.actor, r.params.siteId, key, r.query),
        ),
      );
    }

    app.get(
      '/dashboard/data/real',
      {
        schema: {
          tags,
          summary: 'Whether the site (0: all sites) has any login yet',
          params: site,
          response: { 200: dashboardDataRealSchema },
        },
      },
      async (r) => dashboard.dataReal(r.actor, r.params.siteId),
    );

    app.get(
      '/dashboard/config',
      {
        schema: {
          tags,
          summary: "The user's dashboard layout at this site (0: the control panel); the default until saved",
          params: site,
          response: { 200: dashboardConfigSchema },
        },
      },
      async (r) => dashboard.getConfig(r.actor, r.params.siteId),
    );

    app.post(
      '/dashboard/config',
      {
        schema: {
          tags,
          summary: "Saves the user's dashboard layout at this site (0: the control panel)",
          params: site,
          body: dashboardConfigInputSchema,
          response: { 200: dashboardConfigSchema },
        },
      },
      async (r) => dashboard.saveConfig(r.actor, r.params.siteId, r.body),
    );
  };
