import { describe, expect, it } from 'vitest';
import { lastRunAt, localInstant, nextRunAt, periodBefore } from './schedule.ts';

const weekly = (day_of_week: number, hour: number) => ({ frequency: 'weekly' as const, day_of_week, day_of_month: 1, hour });
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('local hours across daylight-saving changes (Europe/Madrid)', () => {
  it('an hour the spring change skips becomes the change itself; one the autumn change repeats is the first', () => {
    // 28 March 2027: 02:00 CET jumps to 03:00 CEST (01:00Z).
    expect(iso(localInstant({ year: 2027, month: 3, day: 28 }, 2, 'Europe/Madrid'))).toBe('2027-03-28T01:00:00.000Z');
    expect(iso(localInstant({ year: 2027, month: 3, day: 28 }, 3, 'Europe/Madrid'))).toBe('2027-03-28T01:00:00.000Z');
    expect(iso(localInstant({ year: 2027, month: 3, day: 28 }, 8, 'Europe/Madrid'))).toBe('2027-03-28T06:00:00.000Z');
    // 31 October 2027: 02:00–03:00 happens twice (00:00Z in CEST, then 01:00Z in CET).
    expect(iso(localInstant({ year: 2027, month: 10, day: 31 }, 2, 'Europe/Madrid'))).toBe('2027-10-31T00:00:00.000Z');
    expect(iso(localInstant({ year: 2027, month: 10, day: 31 }, 8, 'Europe/Madrid'))).toBe('2027-10-31T07:00:00.000Z');
  });

  it('a weekly report on Sundays at 08:00 keeps 08:00 local on both sides of each change', () => {
    const rule = weekly(0, 8);
    expect(iso(nextRunAt(rule, 'Europe/Madrid', new Date('2027-03-21T07:00:00Z')))).toBe('2027-03-28T06:00:00.000Z');
    expect(iso(nextRunAt(rule, 'Europe/Madrid', new Date('2027-10-24T06:00:00Z')))).toBe('2027-10-31T07:00:00.000Z');
    expect(iso(lastRunAt(rule, 'Europe/Madrid', new Date('2027-10-31T06:59:00Z')))).toBe('2027-10-24T06:00:00.000Z');
    expect(iso(lastRunAt(rule, 'Europe/Madrid', new Date('2027-10-31T07:00:00Z')))).toBe('2027-10-31T07:00:00.000Z');
  });

  it('daily and monthly rules, and never', () => {
    const daily = { frequency: 'daily' as const, day_of_week: 0, day_of_month: 1, hour: 2 };
    // The 02:00 of the spring-forward day does not exist: the instant the clocks jump.
    expect(iso(nextRunAt(daily, 'Europe/Madrid', new Date('2027-03-27T02:00:00Z')))).toBe('2027-03-28T01:00:00.000Z');
    const monthly = { frequency: 'monthly' as const, day_of_week: 0, day_of_month: 15, hour: 9 };
    expect(iso(nextRunAt(monthly, 'America/New_York', new Date('2027-01-20T00:00:00Z')))).toBe('2027-02-15T14:00:00.000Z');
    expect(nextRunAt({ ...monthly, frequency: 'never' }, 'UTC', new Date())).toBeNull();
  });
});

describe('the period a send reports', () => {
  it('daily: the day before; weekly: the 7 days ending the day before; monthly: the previous calendar month', () => {
    const at = new Date('2027-03-28T06:00:00Z'); // Sunday 28 March, 08:00 in Madrid
    expect(periodBefore('daily', at, 'Europe/Madrid')).toMatchObject({
      from: '2027-03-27',
      to: '2027-03-27',
      previousFrom: '2027-03-26',
      previousTo: '2027-03-26',
    });
    const week = periodBefore('weekly', at, 'Europe/Madrid');
    expect(week).toMatchObject({ from: '2027-03-21', to: '2027-03-27', previousFrom: '2027-03-14', previousTo: '2027-03-20' });
    expect(iso(week.start)).toBe('2027-03-20T23:00:00.000Z');
    expect(iso(week.end)).toBe('2027-03-27T23:00:00.000Z');
    const month = periodBefore('monthly', new Date('2027-03-15T09:00:00Z'), 'Europe/Madrid');
    // February 2027 has 28 days: compared with the 28 days before it.
    expect(month).toMatchObject({ from: '2027-02-01', to: '2027-02-28', previousFrom: '2027-01-04', previousTo: '2027-01-31' });
  });
});
