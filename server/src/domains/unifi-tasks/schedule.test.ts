import { describe, expect, it } from 'vitest';
import { nextRunAt, zonedInstant } from './schedule.ts';

describe('task schedules in the site’s time zone', () => {
  it('runs daily at the local time, today when it is still ahead, else tomorrow', () => {
    const daily = { frequency: 'daily' as const, weekday: 0, time: '03:30' };
    // 01:00 in Madrid (UTC+1 in winter): today at 03:30 local is 02:30 UTC.
    expect(nextRunAt(daily, 'Europe/Madrid', new Date('2026-01-15T00:00:00Z')).toISOString()).toBe('2026-01-15T02:30:00.000Z');
    expect(nextRunAt(daily, 'Europe/Madrid', new Date('2026-01-15T02:30:00Z')).toISOString()).toBe('2026-01-16T02:30:00.000Z');
    // New York is behind UTC: its local day is still the 14th.
    expect(nextRunAt(daily, 'America/New_York', new Date('2026-01-15T03:00:00Z')).toISOString()).toBe('2026-01-15T08:30:00.000Z');
  });

  it('runs weekly on the chosen weekday', () => {
    const mondays = { frequency: 'weekly' as const, weekday: 1, time: '04:00' };
    // Thursday 15 January 2026 → Monday 19 January, 04:00 in Madrid.
    expect(nextRunAt(mondays, 'Europe/Madrid', new Date('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-01-19T03:00:00.000Z');
    expect(nextRunAt(mondays, 'UTC', new Date('2026-01-19T04:00:00Z')).toISOString()).toBe('2026-01-26T04:00:00.000Z');
  });

  it('follows daylight saving time', () => {
    // Summer in Madrid is UTC+2.
    expect(zonedInstant(2026, 7, 1, 3, 30, 'Europe/Madrid').toISOString()).toBe('2026-07-01T01:30:00.000Z');
    // 02:30 does not exist on 29 March 2026 in Madrid (02:00 → 03:00): it runs at 03:30 summer time.
    expect(zonedInstant(2026, 3, 29, 2, 30, 'Europe/Madrid').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    const daily = { frequency: 'daily' as const, weekday: 0, time: '03:30' };
    expect(nextRunAt(daily, 'Europe/Madrid', new Date('2026-03-28T03:00:00Z')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});
