import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  type DashboardPeriod,
  type DashboardRangeQuery,
} from '@splashboard/contract';
import { fieldError } from '../../platform/errors.ts';

const DAY_MS = 86_400_000;

/** ISO day plus n days (n may be negative). */
export const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** Today's date in a time zone, as ISO `YYYY-MM-DD`. */
export function todayIn(timezone: string, now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Every ISO day from `from` to `to`. */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The period a ranged call covers and the one it is compared with: the same number of days just before.
 * Days are local to the site; in the control panel (timezone null) the default "today" is UTC's, and each
 * site then counts its own local days with those dates.
 */
export function periodOf(query: DashboardRangeQuery, timezone: string | null, now = new Date()): DashboardPeriod {
  const today = todayIn(timezone ?? 'UTC', now);
  const to = query.todate || (query.fromdate && query.fromdate > today ? query.fromdate : today);
  const from = query.fromdate || addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  const length = daysIn(from, to);
  // Both dates given are checked by the query schema; one alone may still reach too far from today.
  if (length > DASHBOARD_MAX_DAYS) throw fieldError('fromdate', 'dashboard.tooLong');
  return { from, to, previous_from: addDays(from, -length), previous_to: addDays(from, -1), timezone };
}

/** value against previous: the difference, and the difference as a percentage of previous (null from 0). */
export function compare(value: number, previous: number) {
  const change = round(value - previous, 1);
  return { value, previous, change, change_pct: previous === 0 ? null : round(((value - previous) / previous) * 100, 1) };
}

export const round = (n: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
