import type { ReportFrequency, ReportSettings } from '@splashboard/contract';
import { wallClock } from '../../platform/wall-clock.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A local calendar day. */
interface Day {
  year: number;
  month: number;
  day: number;
}

const isoOf = (d: Day) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
/** A day plus n days (n may be negative), by the calendar. */
const plusDays = (d: Day, n: number): Day => {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
};
const weekdayOf = (d: Day) => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
const localDayOf = (instant: number, timeZone: string): Day => {
  const w = wallClock(instant, timeZone);
  return { year: w.year, month: w.month, day: w.day };
};

/** The zone's offset from UTC at an instant, in ms (+01:00 → 3 600 000). */
function offsetAt(instant: number, timeZone: string) {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant of a local day's hour in a time zone. An hour that happens twice (the autumn change) is its
 * first; one that does not exist (the spring change) becomes the next instant that does (the change itself).
 */
export function localInstant(d: Day, hour: number, timeZone: string): Date {
  const wall = Date.UTC(d.year, d.month - 1, d.day, hour);
  // The offsets in force half a day either side cover both sides of any change near the hour.
  const before = offsetAt(wall - 12 * HOUR_MS, timeZone);
  const after = offsetAt(wall + 12 * HOUR_MS, timeZone);
  const fits = [wall - before, wall - after]
    .filter((t) => {
      const w = wallClock(t, timeZone);
      return w.year === d.year && w.month === d.month && w.day === d.day && w.hour === hour && w.minute === 0;
    })
    .sort((a, b) => a - b);
  // Not there: the clocks jumped over it; the jump's instant, read with the offset from before it.
  return new Date(fits[0] ?? wall - before);
}

/** Whether the runtime knows a time zone. */
export function isTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

type Rule = Pick<ReportSettings, 'frequency' | 'day_of_week' | 'day_of_month' | 'hour'>;
const sendsOn = (rule: Rule, d: Day) =>
  rule.frequency === 'daily' ||
  (rule.frequency === 'weekly' && weekdayOf(d) === rule.day_of_week) ||
  (rule.frequency === 'monthly' && d.day === rule.day_of_month);

/** The first send strictly after `after` (null when the frequency is never). */
export function nextRunAt(rule: Rule, timeZone: string, after: Date): Date | null {
  if (rule.frequency === 'never') return null;
  const start = plusDays(localDayOf(after.getTime(), timeZone), -1);
  for (let i = 0; i <= 64; i++) {
    const d = plusDays(start, i);
    if (!sendsOn(rule, d)) continue;
    const at = localInstant(d, rule.hour, timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error('no report send within 64 days');
}

/** The last send at or before `at` (null when the frequency is never): the slot a late dispatch sends. */
export function lastRunAt(rule: Rule, timeZone: string, at: Date): Date | null {
  if (rule.frequency === 'never') return null;
  const start = plusDays(localDayOf(at.getTime(), timeZone), 1);
  for (let i = 0; i <= 64; i++) {
    const d = plusDays(start, -i);
    if (!sendsOn(rule, d)) continue;
    const slot = localInstant(d, rule.hour, timeZone);
    if (slot.getTime() <= at.getTime()) return slot;
  }
  throw new Error('no report send within 64 days');
}

/** A report's local days (inclusive) and the equal run of days just before, with their bounds as instants. */
export interface ReportPeriod {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  timeZone: string;
  /** Local midnight starting `from`, and the one ending `to`. */
  start: Date;
  end: Date;
}

/** A period of local days (inclusive) and the equal run of days just before it. */
function periodOfDays(from: Day, to: Day, timeZone: string): ReportPeriod {
  const length =
    Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS) + 1;
  return {
    from: isoOf(from),
    to: isoOf(to),
    previousFrom: isoOf(plusDays(from, -length)),
    previousTo: isoOf(plusDays(from, -1)),
    timeZone,
    start: localInstant(from, 0, timeZone),
    end: localInstant(plusDays(to, 1), 0, timeZone),
  };
}

/**
 * The last complete period before a send in the zone: daily → the day before, weekly → the 7 days ending
 * the day before, monthly → the previous calendar month; compared with as many days just before it.
 */
export function periodBefore(frequency: Exclude<ReportFrequency, 'never'>, sendAt: Date, timeZone: string): ReportPeriod {
  const today = localDayOf(sendAt.getTime(), timeZone);
  if (frequency === 'monthly') {
    const to = plusDays({ year: today.year, month: today.month, day: 1 }, -1);
    return periodOfDays({ year: to.year, month: to.month, day: 1 }, to, timeZone);
  }
  const to = plusDays(today, -1);
  return periodOfDays(frequency === 'daily' ? to : plusDays(today, -7), to, timeZone);
}

/** The period a stored run covers (its bounds are local midnights in the zone). */
export function periodOfRun(start: Date, end: Date, timeZone: string): ReportPeriod {
  return periodOfDays(localDayOf(start.getTime(), timeZone), localDayOf(end.getTime() - 1, timeZone), timeZone);
}
