import { z } from 'zod';
import { DASHBOARD_DATE_FORMAT, DASHBOARD_MAX_DAYS, DASHBOARD_MESSAGES } from './messages/dashboard.ts';

/**
 * The analytics dashboard (/app/reports/dashboard): one call per tile under `/dashboard/`, in site scope
 * (`/s/{siteId}/api/v1/dashboard/…`, also served with a `tile/` prefix) and in admin scope for the control
 * panel (`/a/api/v1/dashboard/…`: every site of the account the user may see; `/s/0/api/v1/dashboard/…`
 * answers the same). Every ranged call takes `fromdate` and `todate` as DD/MM/YYYY (both days included,
 * default: the last 30 days up to today).
 *
 * Definitions shared by every tile:
 * - A login is a guest session whose grant the gateway accepted (`granted` or `confirmed`); pending and
 *   failed grants are not logins.
 * - A day is the site's local day (its time zone). In the control panel each site keeps its own local
 *   days and hours: "1 March" is 1 March at every site, wherever it is, and summed across them.
 * - A visit is a local day with at least one login; a guest's visit count is the number of such days at
 *   that site up to the end of the period. Guests are per site: the same person at two sites is two guests.
 * - The comparison period is the one just before, of the same number of days, ending the day before `from`
 *   (1–30 March compares with 30 January – 28 February).
 * - `change` is value − previous; `change_pct` is that change as a percentage of previous (null when
 *   previous is 0). For rates (bounce rate) `change` is in percentage points.
 * - Money is in the currency's minor units (1250 = 12.50 EUR; 500 = 500 JPY), as everywhere in paid Wi-Fi,
 *   one entry per currency (the control panel may span several).
 */

// ---------------------------------------------------------------------------------------------------
// Constants (001 section 9)

export { DASHBOARD_DATE_FORMAT, DASHBOARD_MAX_DAYS };
/** Period when the query names none: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;
export const EXPIRING_VOUCHER_DAYS = 7;
export const LATEST_TRANSACTIONS_LIMIT = 5;
export const POPULAR_PACKAGES_LIMIT = 5;
export const LATEST_GUESTS_LIMIT = 10;
/** A session that ends sooner than this after it started is a bounce. */
export const BOUNCE_SECONDS = 5 * 60;

// ---------------------------------------------------------------------------------------------------
// Tiles and their calls

export const DASHBOARD_TILE_KEYS = [
  'total_guests',
  'bounce_rate',
  'dwell_time',
  'online_now',
  'first_time_guests',
  'wifi_logins',
  'guest_activity',
  'gender',
  'segments',
  'latest_guests',
  'active_vouchers',
  'unused_vouchers',
  'expiring_vouchers',
  'activated_vouchers',
  'recurring_revenue',
  'payments_collected',
  'daily_transactions',
  'latest_transactions',
  'popular_packages',
] as const;
export type DashboardTileKey = (typeof DASHBOARD_TILE_KEYS)[number];

/** The permission a tile's call needs at a site (`all`: anyone who may see the site). */
export type DashboardTilePermission = 'all' | 'guests' | 'voucher' | 'payment';

export interface DashboardTileCall {
  /** The call under `/dashboard/`, spelled as the specification spells it. */
  path: string;
  permission: DashboardTilePermission;
  /** Whether it reads `fromdate`/`todate` (the others describe now). */
  ranged: boolean;
}

/**
 * Each tile's call. Aggregate guest figures need only access to the site; the latest guests table shows
 * names and emails, so it needs the guests permission; voucher tiles need voucher, money tiles payment.
 */
export const DASHBOARD_TILE_CALLS: Record<DashboardTileKey, DashboardTileCall> = {
  total_guests: { path: 'total_guests', permission: 'all', ranged: true },
  bounce_rate: { path: 'bounce_rate', permission: 'all', ranged: true },
  dwell_time: { path: 'dwell_time', permission: 'all', ranged: true },
  online_now: { path: 'online_now', permission: 'all', ranged: false },
  first_time_guests: { path: 'onlyonce', permission: 'all', ranged: true },
  wifi_logins: { path: 'logins/graph', permission: 'all', ranged: true },
  guest_activity: { path: 'acitivity/graph', permission: 'all', ranged: true },
  gender: { path: 'gender/pie', permission: 'all', ranged: true },
  segments: { path: 'segments/pie', permission: 'all', ranged: true },
  latest_guests: { path: 'latestguests/table', permission: 'guests', ranged: true },
  active_vouchers: { path: 'voucher/num_active_vouchers/', permission: 'voucher', ranged: false },
  unused_vouchers: { path: 'voucher/num_unused_vouchers/', permission: 'voucher', ranged: false },
  expiring_vouchers: { path: 'voucher/num_about_to_expire/', permission: 'voucher', ranged: false },
  activated_vouchers: { path: 'voucher/num_vouchers_activated/', permission: 'voucher', ranged: true },
  recurring_revenue: { path: 'payment/recurring_amount/', permission: 'payment', ranged: true },
  payments_collected: { path: 'payment/total_amount/', permission: 'payment', ranged: true },
  daily_transactions: { path: 'payment/get_daily_transactions/', permission: 'payment', ranged: true },
  latest_transactions: { path: 'payment/get_latest_transactions/', permission: 'payment', ranged: true },
  popular_packages: { path: 'payment/get_most_transaction_package/', permission: 'payment', ranged: true },
};

/** The address of a tile's call: site 0 (the control panel) is the admin scope. */
export function dashboardCallUrl(
  siteId: number,
  tile: DashboardTileKey | 'data/real',
  range?: { fromdate: string; todate: string },
) {
  const path = tile === 'data/real' ? tile : DASHBOARD_TILE_CALLS[tile].path;
  const base = siteId === 0 && tile !== 'data/real' ? '/a/api/v1/dashboard/' : `/s/${siteId}/api/v1/dashboard/`;
  const query = range ? `?${new URLSearchParams(range).toString()}` : '';
  return base + path + query;
}

// ---------------------------------------------------------------------------------------------------
// Query

/** `DD/MM/YYYY` as ISO `YYYY-MM-DD`, or null when it is not a calendar date. */
export function parseDashboardDate(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 2000 || y > 2100 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** ISO `YYYY-MM-DD` as the query's `DD/MM/YYYY`. */
export const formatDashboardDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** A DD/MM/YYYY date as ISO; empty is the same as leaving it out. */
const dashboardDate = z
  .string()
  .trim()
  .max(10)
  .transform((v, ctx): string | undefined => {
    if (v === '') return undefined;
    const iso = parseDashboardDate(v);
    if (!iso) ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.dateFormat });
    return iso ?? undefined;
  });

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** `fromdate`/`todate` of a ranged call, parsed to ISO days. Either may be left out (see the defaults). */
export const dashboardRangeQuerySchema = z
  .object({ fromdate: dashboardDate.optional(), todate: dashboardDate.optional() })
  .refine((q) => !q.fromdate || !q.todate || q.fromdate <= q.todate, { message: DASHBOARD_MESSAGES.dateOrder, path: ['todate'] })
  .refine((q) => !q.fromdate || !q.todate || q.fromdate > q.todate || daysBetween(q.fromdate, q.todate) <= DASHBOARD_MAX_DAYS, {
    message: DASHBOARD_MESSAGES.tooLong,
    path: ['fromdate'],
  });
export type DashboardRangeQuery = z.infer<typeof dashboardRangeQuerySchema>;

// ---------------------------------------------------------------------------------------------------
// Answers

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const isoTime = z.string();
const count = z.number().int().min(0);

/** The period a ranged answer covers (local days, both included) and the one it is compared with. */
export const dashboardPeriodSchema = z.object({
  from: isoDay,
  to: isoDay,
  previous_from: isoDay,
  previous_to: isoDay,
  /** The site's time zone; null in the control panel, where each site counts its own local days. */
  timezone: z.string().nullable(),
});
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;

const compared = {
  value: z.number(),
  previous: z.number(),
  change: z.number(),
  change_pct: z.number().nullable(),
};
export const dashboardComparedSchema = z.object(compared);
export type DashboardCompared = z.infer<typeof dashboardComparedSchema>;

/** Guests with at least one login in the period. */
export const totalGuestsSchema = z.object({ period: dashboardPeriodSchema, ...compared });

/**
 * Guests whose first visit to the site ever falls in the period (`onlyonce`): new guests. `returning` is
 * the other guests of the period (they had visited before it), so value + returning = total guests.
 */
export const firstTimeGuestsSchema = z.object({ period: dashboardPeriodSchema, ...compared, returning: count });

/**
 * Share of the period's logins with a known end (the gateway reported it) that lasted less than
 * `threshold_seconds`, as a percentage with one decimal. Logins whose end is not known (still online, or
 * a gateway without accounting) are left out: `sessions` says how many were measured. 0 when none were.
 */
export const bounceRateSchema = z.object({
  period: dashboardPeriodSchema,
  ...compared,
  sessions: count,
  bounces: count,
  threshold_seconds: z.number().int(),
});

/**
 * Average time connected, in minutes with one decimal, of the period's logins with a known end (by the
 * day they started); logins still online or whose end was never reported are left out (`sessions`).
 */
export const dwellTimeSchema = z.object({ period: dashboardPeriodSchema, ...compared, sessions: count });

/**
 * Guests connected now: a login whose session has not ended and whose time allowance has not run out.
 * `devices` counts sessions (a guest may be on with two devices).
 */
export const onlineNowSchema = z.object({ value: count, devices: count, as_of: isoTime });

/** Logins per local day of the period (every day present, zeros included), with that day's distinct and new guests. */
export const wifiLoginsSchema = z.object({
  period: dashboardPeriodSchema,
  days: z.array(z.object({ date: isoDay, logins: count, guests: count, new_guests: count })),
  /** Logins of the whole period against the previous one. */
  total: dashboardComparedSchema,
});

/**
 * Popular times: logins by local weekday and hour of their start, summed over the period; `average` is
 * per occurrence of that weekday in the period (one decimal). All 168 cells, Monday 0:00 first.
 */
export const guestActivitySchema = z.object({
  period: dashboardPeriodSchema,
  cells: z.array(
    z.object({
      /** ISO weekday: 1 Monday … 7 Sunday. */
      weekday: z.number().int().min(1).max(7),
      hour: z.number().int().min(0).max(23),
      logins: count,
      average: z.number(),
    }),
  ),
  max: count,
});

export const GENDER_SLICES = ['female', 'male', 'other', 'unknown'] as const;
export type GenderSlice = (typeof GENDER_SLICES)[number];
/** The period's guests by the gender they gave (latest answer); `unknown` when they gave none. */
export const genderPieSchema = z.object({
  period: dashboardPeriodSchema,
  slices: z.array(z.object({ gender: z.enum(GENDER_SLICES), guests: count })),
  total: count,
});

/** Visit-count segments: [min, max] visits, max null for "or more". */
export const VISIT_SEGMENTS = [
  { key: '1', min: 1, max: 1 },
  { key: '2-5', min: 2, max: 5 },
  { key: '6-10', min: 6, max: 10 },
  { key: '11+', min: 11, max: null },
] as const;
export type VisitSegmentKey = (typeof VISIT_SEGMENTS)[number]['key'];
/** The period's guests by how many visits (days with a login) they had made by the end of the period. */
export const segmentsPieSchema = z.object({
  period: dashboardPeriodSchema,
  segments: z.array(
    z.object({
      key: z.enum(VISIT_SEGMENTS.map((s) => s.key) as [VisitSegmentKey, ...VisitSegmentKey[]]),
      min: z.number().int(),
      max: z.number().int().nullable(),
      guests: count,
    }),
  ),
  total: count,
});

/** The guests whose latest login in the period is the most recent, newest first (at most LATEST_GUESTS_LIMIT). */
export const latestGuestsSchema = z.object({
  period: dashboardPeriodSchema,
  items: z.array(
    z.object({
      guest_id: z.number().int(),
      site_id: z.number().int(),
      site_name: z.string(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      /** Name, else email, else phone, else device MAC (guestDisplayName); null when none. */
      display_name: z.string().nullable(),
      /** The login method of their latest login. */
      method: z.string(),
      last_login_at: isoTime,
      /** Visits (days with a login) up to that latest login. */
      visits: count,
    }),
  ),
});

/** A count that describes now (vouchers in use, unused, expiring within EXPIRING_VOUCHER_DAYS). */
export const dashboardCountNowSchema = z.object({ value: count, as_of: isoTime });
/** Vouchers first used (activated) in the period. */
export const activatedVouchersSchema = z.object({ period: dashboardPeriodSchema, ...compared });

const currencyCode = z.string().length(3);
/** Money of the period per currency, against the previous period. */
export const dashboardAmountsSchema = z.object({
  period: dashboardPeriodSchema,
  amounts: z.array(z.object({ currency: currencyCode, ...compared })),
});
export const dailyTransactionsSchema = z.object({
  period: dashboardPeriodSchema,
  days: z.array(
    z.object({ date: isoDay, transactions: count, amounts: z.array(z.object({ currency: currencyCode, amount: z.number() })) }),
  ),
});
export const latestTransactionsSchema = z.object({
  period: dashboardPeriodSchema,
  items: z.array(
    z.object({
      id: z.number().int(),
      site_id: z.number().int(),
      site_name: z.string(),
      package_name: z.string(),
      guest: z.string(),
      amount: z.number(),
      currency: currencyCode,
      status: z.string(),
      created_at: isoTime,
    }),
  ),
});
export const popularPackagesSchema = z.object({
  period: dashboardPeriodSchema,
  items: z.array(
    z.object({
      package_id: z.number().int(),
      site_id: z.number().int(),
      name: z.string(),
      transactions: count,
      amount: z.number(),
      currency: currencyCode,
    }),
  ),
});

/** The answer of each tile's call. */
export const DASHBOARD_TILE_SCHEMAS = {
  total_guests: totalGuestsSchema,
  bounce_rate: bounceRateSchema,
  dwell_time: dwellTimeSchema,
  online_now: onlineNowSchema,
  first_time_guests: firstTimeGuestsSchema,
  wifi_logins: wifiLoginsSchema,
  guest_activity: guestActivitySchema,
  gender: genderPieSchema,
  segments: segmentsPieSchema,
  latest_guests: latestGuestsSchema,
  active_vouchers: dashboardCountNowSchema,
  unused_vouchers: dashboardCountNowSchema,
  expiring_vouchers: dashboardCountNowSchema,
  activated_vouchers: activatedVouchersSchema,
  recurring_revenue: dashboardAmountsSchema,
  payments_collected: dashboardAmountsSchema,
  daily_transactions: dailyTransactionsSchema,
  latest_transactions: latestTransactionsSchema,
  popular_packages: popularPackagesSchema,
} satisfies Record<DashboardTileKey, z.ZodType>;
export type DashboardTileData<K extends DashboardTileKey> = z.infer<(typeof DASHBOARD_TILE_SCHEMAS)[K]>;

/**
 * `GET /s/{siteId}/api/v1/dashboard/data/real`: whether the scope has real data yet (at least one login),
 * so the screen can say "no guests yet" instead of showing empty charts. Site 0: all the user's sites.
 */
export const dashboardDataRealSchema = z.object({
  real: z.boolean(),
  /** The first local day with a login, if any. */
  since: isoDay.nullable(),
  sites: count,
});

// ---------------------------------------------------------------------------------------------------
// Layout (GET/POST /s/{siteId}/api/v1/dashboard/config; per user and site, site 0 for the control panel)

/** react-grid-layout breakpoints (000 section 9) and the columns of each. */
export const DASHBOARD_BREAKPOINTS = { xl: 1920, lg: 1200, md: 1000, sm: 600, xs: 0 } as const;
export type DashboardBreakpoint = keyof typeof DASHBOARD_BREAKPOINTS;
export const DASHBOARD_COLS: Record<DashboardBreakpoint, number> = { xl: 12, lg: 12, md: 12, sm: 6, xs: 2 };
export const DASHBOARD_ROW_HEIGHT = 68;
const MAX_ROWS = 1000;
const MAX_ROW_SPAN = 40;

/** One tile's place (react-grid-layout's Layout item; other keys it adds, such as `moved`, are dropped). */
export const dashboardLayoutItemSchema = z.object({
  i: z.enum(DASHBOARD_TILE_KEYS),
  x: z.number().int().min(0).max(11),
  y: z.number().int().min(0).max(MAX_ROWS),
  w: z.number().int().min(1).max(12),
  h: z.number().int().min(1).max(MAX_ROW_SPAN),
  minW: z.number().int().min(1).max(12).optional(),
  minH: z.number().int().min(1).max(MAX_ROW_SPAN).optional(),
  static: z.boolean().optional(),
});
export type DashboardLayoutItem = z.infer<typeof dashboardLayoutItemSchema>;

const layoutOf = (bp: DashboardBreakpoint) =>
  z
    .array(dashboardLayoutItemSchema)
    .max(DASHBOARD_TILE_KEYS.length)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, n) => {
        if (seen.has(item.i)) ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.duplicateTile, path: [n, 'i'] });
        seen.add(item.i);
        if (item.x + item.w > DASHBOARD_COLS[bp])
          ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.outsideGrid, path: [n, 'w'] });
      });
    });

/** Layouts per breakpoint; a breakpoint left out uses the default layout. */
export const dashboardLayoutsSchema = z.object({
  xl: layoutOf('xl').optional(),
  lg: layoutOf('lg').optional(),
  md: layoutOf('md').optional(),
  sm: layoutOf('sm').optional(),
  xs: layoutOf('xs').optional(),
});
export type DashboardLayouts = z.infer<typeof dashboardLayoutsSchema>;

export const dashboardConfigInputSchema = z.object({
  layouts: dashboardLayoutsSchema,
  /** Tiles the user chose to hide. */
  hidden: z
    .array(z.enum(DASHBOARD_TILE_KEYS))
    .max(DASHBOARD_TILE_KEYS.length)
    .refine((h) => new Set(h).size === h.length, DASHBOARD_MESSAGES.duplicateTile),
});
export type DashboardConfigInput = z.infer<typeof dashboardConfigInputSchema>;

export const dashboardConfigSchema = dashboardConfigInputSchema.extend({
  /** False until the user saves: the answer is then the default layout. */
  saved: z.boolean(),
  updated_at: isoTime.nullable(),
});
export type DashboardConfig = z.infer<typeof dashboardConfigSchema>;

/** Preferred width (of 12 columns) and height (rows) of each tile in the default layout. */
const DEFAULT_SIZES: Record<DashboardTileKey, [number, number]> = {
  total_guests: [3, 2],
  bounce_rate: [3, 2],
  dwell_time: [3, 2],
  online_now: [3, 2],
  wifi_logins: [8, 5],
  gender: [4, 5],
  guest_activity: [8, 5],
  segments: [4, 5],
  first_time_guests: [3, 2],
  active_vouchers: [3, 2],
  unused_vouchers: [3, 2],
  expiring_vouchers: [3, 2],
  latest_guests: [8, 6],
  activated_vouchers: [4, 2],
  recurring_revenue: [4, 2],
  payments_collected: [4, 2],
  daily_transactions: [8, 5],
  popular_packages: [4, 5],
  latest_transactions: [12, 5],
};
const DEFAULT_ORDER: DashboardTileKey[] = [
  'total_guests',
  'bounce_rate',
  'dwell_time',
  'online_now',
  'wifi_logins',
  'gender',
  'guest_activity',
  'segments',
  'first_time_guests',
  'active_vouchers',
  'unused_vouchers',
  'expiring_vouchers',
  'latest_guests',
  'activated_vouchers',
  'recurring_revenue',
  'payments_collected',
  'daily_transactions',
  'popular_packages',
  'latest_transactions',
];

/**
 * A tile's width in a grid of `cols` columns. On the full grid its preferred width; on narrower grids
 * (tablet, phone) a chart or table scaled down would be too small to read, so figures share a row (three
 * on a tablet) and charts and tables take half the row on a tablet; on a phone every tile takes the row,
 * as half a phone is too narrow for a figure's description and previous period.
 */
function widthIn(cols: number, preferred: number, h: number) {
  if (cols >= 12) return Math.min(cols, preferred);
  const figure = h <= 2;
  if (cols <= 2) return cols;
  if (figure) return Math.max(1, Math.round(cols / 3));
  return preferred >= 8 ? cols : Math.max(1, Math.round(cols / 2));
}

/** Tiles flowed left to right, top to bottom, each at its width for the columns. */
function flow(cols: number): DashboardLayoutItem[] {
  const items: DashboardLayoutItem[] = [];
  const heights = new Array<number>(cols).fill(0);
  let x = 0;
  let rowTop = 0;
  for (const i of DEFAULT_ORDER) {
    const [pw, preferredH] = DEFAULT_SIZES[i];
    const w = widthIn(cols, pw, preferredH);
    // On a phone a figure's texts wrap instead of being cut: a row more for them.
    const h = cols <= 2 && preferredH <= 2 ? preferredH + 1 : preferredH;
    if (x + w > cols) {
      x = 0;
      rowTop = Math.max(...heights);
    }
    items.push({ i, x, y: rowTop, w, h });
    for (let c = x; c < x + w; c++) heights[c] = rowTop + h;
    x += w;
  }
  return items;
}

export const DEFAULT_DASHBOARD_LAYOUTS: Required<DashboardLayouts> = {
  xl: flow(DASHBOARD_COLS.xl),
  lg: flow(DASHBOARD_COLS.lg),
  md: flow(DASHBOARD_COLS.md),
  sm: flow(DASHBOARD_COLS.sm),
  xs: flow(DASHBOARD_COLS.xs),
};
