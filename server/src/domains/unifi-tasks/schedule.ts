import type { TaskFrequency } from '@splashboard/contract';
import { wallClock } from '../../platform/wall-clock.ts';

export interface TaskSchedule {
  frequency: TaskFrequency;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** HH:MM, local. */
  time: string;
}

const offsetAt = (instant: number, timeZone: string) => {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(instant / 60_000) * 60_000;
};

/**
 * The instant a local date and time means in a time zone. A time skipped by a daylight-saving jump
 * comes out an hour later (02:30 on the spring-forward night runs at 03:30).
 */
export function zonedInstant(y: number, m: number, d: number, hh: number, mm: number, timeZone: string): Date {
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const offset = offsetAt(guess, timeZone);
  const first = guess - offset;
  const corrected = offsetAt(first, timeZone);
  return new Date(corrected === offset ? first : guess - corrected);
}

/** When a schedule next falls after `after`, in the site's time zone. */
export function nextRunAt(schedule: TaskSchedule, timeZone: string, after: Date): Date {
  const [hh, mm] = schedule.time.split(':').map(Number) as [number, number];
  const today = wallClock(after.getTime(), timeZone);
  for (let i = 0; i <= 8; i++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + i));
    if (schedule.frequency === 'weekly' && day.getUTCDay() !== schedule.weekday) continue;
    const at = zonedInstant(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), hh, mm, timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error('no next run within 8 days');
}

/** The site's time zone when the runtime knows it, else UTC (a bad zone must not stop every task). */
export function siteZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}
