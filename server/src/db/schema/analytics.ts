import { bigint, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { DashboardLayouts, DashboardTileKey } from '@splashboard/contract';
import { accounts, users } from './accounts.ts';
import { sites } from './sites.ts';

/**
 * Rollups behind the dashboard, kept current by statement-level triggers on guest_sessions (migration
 * 0008_analytics): every insert, update (a grant confirmed or failed, RADIUS accounting ending a session)
 * and delete — portal logins, bulk loads and cascades alike — adjusts them in the same transaction. Only
 * logins count: sessions whose grant_status is granted or confirmed. Days and hours are the site's local
 * ones (sites.timezone); changing a site's time zone rebuilds its rows (trigger on sites). The SQL function
 * analytics_rebuild(site ids) recomputes both tables from guest_sessions, and must always give what the
 * triggers left (tests compare them).
 *
 * The same migration adds an index the dashboard needs on guest_sessions, declared only there since that
 * table belongs to the portal's schema file: guest_sessions_open_idx (site_id, expires_at) for logins that
 * have not ended ("online now").
 */

/**
 * Per site, local day and local hour: logins (by when they started) and, of those, the ones whose end is
 * known with their total duration and how many lasted under BOUNCE_SECONDS. Sums over any range of days;
 * the activity heat map groups it by weekday and hour.
 */
export const analyticsSiteHours = pgTable(
  'analytics_site_hours',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    logins: integer('logins').notNull().default(0),
    ended: integer('ended').notNull().default(0),
    dwellSeconds: bigint('dwell_seconds', { mode: 'number' }).notNull().default(0),
    bounces: integer('bounces').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.hour] })],
);

/**
 * One row per guest and local day with at least one login: distinct guests over a range cannot be summed
 * from daily counts, so ranges count these rows. Each row also says which visit of the guest it is
 * (visit_number: 1 on their first day) and the guest's next visit day (next_day), so that
 * - the guests of [a, b] are the rows in [a, b] whose next_day is null or after b (each guest's last
 *   visit in the range, exactly one row per guest): a filtered count, no DISTINCT;
 * - that row's visit_number is how many visits the guest had made by the end of the range (segments);
 * - first-time guests of [a, b] are the rows in [a, b] with visit_number 1.
 * gender is copied from guests (a trigger follows changes), so the pie needs no join.
 */
export const analyticsGuestDays = pgTable(
  'analytics_guest_days',
  {
    guestId: bigint('guest_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    logins: integer('logins').notNull(),
    visitNumber: integer('visit_number').notNull(),
    nextDay: date('next_day', { mode: 'string' }),
    /** female, male, other, or null (not given). */
    gender: text('gender'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.day] }),
    // Every column the range counts read, so they are index-only scans (the heap is in guest order after
    // a rebuild, in time order as logins arrive: either way scattered for one site's days).
    index('analytics_guest_days_site_day_idx').on(t.siteId, t.day, t.nextDay, t.visitNumber, t.gender),
    // The latest guests: each site's newest last visits, read backwards from the period's last day in the
    // order the tile wants, with every column it needs (no sort of a whole day per site).
    index('analytics_guest_days_site_latest_idx').on(t.siteId, t.day, t.lastLoginAt, t.nextDay, t.visitNumber, t.guestId),
  ],
);

/**
 * The control panel's rollups: the two tables above summed over each account's sites, kept by
 * statement-level triggers on them (migration 0025_control_panel_reads), so every path that changes a
 * site's rows (logins, RADIUS, deletions, a rebuild) changes its account's in the same transaction. A
 * control panel that shows every site of the account reads these: a few thousand rows a month instead of
 * every guest-day of every site. A site's deletion takes its rows off first (trigger on sites).
 */
export const analyticsAccountHours = pgTable(
  'analytics_account_hours',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    logins: integer('logins').notNull().default(0),
    ended: integer('ended').notNull().default(0),
    dwellSeconds: bigint('dwell_seconds', { mode: 'number' }).notNull().default(0),
    bounces: integer('bounces').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.hour] })],
);

/**
 * The account's guest-days (analytics_guest_days) counted by local day, gender slice (`unknown` for none)
 * and the days until the guest's next visit (0: none yet); new_guests are those on their first visit. The
 * guests of [a, b] are the rows in [a, b] whose days_to_next is 0 or reaches past b, exactly as the
 * guest-days count them, from a few hundred rows a day instead of every guest's.
 */
export const analyticsAccountDays = pgTable(
  'analytics_account_days',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    gender: text('gender').notNull(),
    daysToNext: integer('days_to_next').notNull(),
    guests: integer('guests').notNull(),
    newGuests: integer('new_guests').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.gender, t.daysToNext] })],
);

/**
 * The same guest-days by visit segment instead of gender: `segment` is the first visit number of the
 * guest's VISIT_SEGMENTS segment at that visit (analytics_visit_segment() in SQL, 1, 2, 6 or 11).
 */
export const analyticsAccountSegments = pgTable(
  'analytics_account_segments',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    segment: smallint('segment').notNull(),
    daysToNext: integer('days_to_next').notNull(),
    guests: integer('guests').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.segment, t.daysToNext] })],
);

/** A user's dashboard layout at one site (site 0: the control panel). */
export const dashboardConfigs = pgTable(
  'dashboard_configs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull(),
    layouts: jsonb('layouts').$type<DashboardLayouts>().notNull(),
    hidden: jsonb('hidden').$type<DashboardTileKey[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] })],
);
