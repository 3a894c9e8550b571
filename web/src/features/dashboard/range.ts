import { DASHBOARD_MAX_DAYS, formatDashboardDate } from '@splashboard/contract/dashboard';

export const RANGE_PRESETS = ['today', '7d', '30d', 'month', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The dashboard's period: local days (ISO), both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** Today's date (ISO) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** An ISO day moved by some days (calendar arithmetic, no time zone involved). */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The days a preset covers, ending today in the time zone; `custom` keeps the days chosen. */
export function presetRange(preset: RangePreset, timeZone: string, custom?: DayRange, now = new Date()): DayRange {
  const today = todayIn(timeZone, now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'custom':
      return custom && custom.from && custom.to ? custom : { from: addDays(today, -29), to: today };
    default:
      return { from: addDays(today, -29), to: today };
  }
}

/** The query of a ranged call: `fromdate` and `todate` as DD/MM/YYYY. */
export const rangeQuery = (r: DayRange) => ({ fromdate: formatDashboardDate(r.from), todate: formatDashboardDate(r.to) });

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (v: string | null | undefined): v is string => Boolean(v && ISO_DAY.test(v));

/** The preset kept in the address (`range`), 30 days when it names none or an unknown one. */
export const presetOf = (value: string | null): RangePreset =>
  RANGE_PRESETS.includes(value as RangePreset) ? (value as RangePreset) : '30d';

export const daysIn = (r: DayRange) => Math.round((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000) + 1;

/** What is wrong with a custom period, if anything (the server's own rules). */
export function rangeProblem(r: DayRange): 'dateOrder' | 'tooLong' | null {
  if (r.from > r.to) return 'dateOrder';
  if (daysIn(r) > DASHBOARD_MAX_DAYS) return 'tooLong';
  return null;
}
