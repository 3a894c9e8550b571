import { describe, expect, it } from 'vitest';
import type { SplashAdRule } from '@splashboard/contract';
import { adFor, adShowsTo, ageOf, deviceTypeOf, type AdAudience, type AdTargeting } from './ad-rules.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

// Wednesday 2026-07-15 10:30 UTC: 12:30 in Madrid (summer time), 06:30 in New York.
const guest: AdAudience = {
  visits: 0,
  gender: 'female',
  birthday: '1990-07-16',
  language: 'es',
  userAgent: IPHONE,
  now: new Date('2026-07-15T10:30:00Z'),
  timeZone: 'Europe/Madrid',
};
const ad = (over: Partial<AdTargeting> = {}): AdTargeting => ({
  trigger_type: 'always',
  enable_rules: true,
  rules_chaining: 'and',
  rules: [],
  ...over,
});
const rule = (field: SplashAdRule['field'], operator: SplashAdRule['operator'], value: string): SplashAdRule => ({
  field,
  operator,
  value,
});

describe('display: first visit, repeat visit, always', () => {
  it.each([
    ['first_visit', 0, true],
    ['first_visit', 3, false],
    ['repeat_visit', 0, false],
    ['repeat_visit', 1, true],
    ['always', 0, true],
    ['always', 7, true],
  ])('%s with %i earlier visits: %s', (trigger_type, visits, shown) => {
    expect(adShowsTo(ad({ trigger_type, enable_rules: false }), { ...guest, visits })).toBe(shown);
  });
});

describe('rules', () => {
  it.each<[string, SplashAdRule, Partial<AdAudience>, boolean]>([
    ['visits gte', rule('visits', 'gte', '2'), { visits: 2 }, true],
    ['visits lt', rule('visits', 'lt', '2'), { visits: 2 }, false],
    ['gender eq', rule('gender', 'eq', 'Female'), {}, true],
    ['gender neq', rule('gender', 'neq', 'female'), {}, false],
    ['unknown gender matches nothing', rule('gender', 'neq', 'male'), { gender: null }, false],
    ['age the day before the birthday', rule('age', 'eq', '35'), {}, true],
    ['age on the birthday', rule('age', 'eq', '36'), { now: new Date('2026-07-16T08:00:00Z') }, true],
    // 23:30 UTC on the 15th is already the 16th in Madrid: the birthday, in the site's time.
    ['age by the site’s day', rule('age', 'eq', '36'), { now: new Date('2026-07-15T23:30:00Z') }, true],
    ['no birthday', rule('age', 'gt', '0'), { birthday: null }, false],
    ['day of week in the site’s zone', rule('day_of_week', 'eq', '3'), {}, true],
    [
      'day of week across midnight',
      rule('day_of_week', 'eq', '2'),
      { now: new Date('2026-07-15T03:00:00Z'), timeZone: 'America/New_York' },
      true,
    ],
    ['hour in Madrid', rule('hour', 'eq', '12'), {}, true],
    ['hour in New York', rule('hour', 'eq', '6'), { timeZone: 'America/New_York' }, true],
    ['hour between', rule('hour', 'gte', '13'), {}, false],
    ['device phone', rule('device_type', 'eq', 'phone'), {}, true],
    ['device in list', rule('device_type', 'in', 'tablet, desktop'), { userAgent: IPAD }, true],
    ['device not desktop', rule('device_type', 'neq', 'desktop'), { userAgent: WINDOWS }, false],
    ['language', rule('language', 'eq', 'es'), {}, true],
    ['language in', rule('language', 'in', 'en,fr'), {}, false],
    ['a number rule with a word', rule('visits', 'gt', 'many'), {}, false],
  ])('%s', (_name, r, over, shown) => {
    expect(adShowsTo(ad({ rules: [r] }), { ...guest, ...over })).toBe(shown);
  });

  it('chains with and: every rule; with or: any rule', () => {
    const rules = [rule('language', 'eq', 'es'), rule('device_type', 'eq', 'desktop')];
    expect(adShowsTo(ad({ rules, rules_chaining: 'and' }), guest)).toBe(false);
    expect(adShowsTo(ad({ rules, rules_chaining: 'or' }), guest)).toBe(true);
  });

  it('ignores the rules while they are off', () => {
    expect(adShowsTo(ad({ enable_rules: false, rules: [rule('language', 'eq', 'en')] }), guest)).toBe(true);
  });

  it('needs the display and the rules both', () => {
    expect(adShowsTo(ad({ trigger_type: 'repeat_visit', rules: [rule('language', 'eq', 'es')] }), guest)).toBe(false);
  });
});

describe('choosing among live ads', () => {
  it('takes the first that shows to the guest (the live ads come most recently started first)', () => {
    const live = [
      { id: 3, ...ad({ trigger_type: 'repeat_visit' }) },
      { id: 2, ...ad({ rules: [rule('language', 'eq', 'es')] }) },
      { id: 1, ...ad() },
    ];
    expect(adFor(live, guest)?.id).toBe(2);
    expect(adFor(live, { ...guest, visits: 1 })?.id).toBe(3);
    expect(adFor(live.slice(0, 1), guest)).toBeUndefined();
  });
});

describe('device type and age', () => {
  it.each([
    [IPHONE, 'phone'],
    [ANDROID_PHONE, 'phone'],
    [IPAD, 'tablet'],
    [ANDROID_TABLET, 'tablet'],
    [WINDOWS, 'desktop'],
    ['', 'other'],
  ])('%s is a %s', (ua, type) => expect(deviceTypeOf(ua)).toBe(type));

  it('counts whole years in the site’s time zone', () => {
    expect(ageOf('2000-02-29', new Date('2026-02-28T12:00:00Z'), 'UTC')).toBe(25);
    expect(ageOf('2000-02-29', new Date('2026-03-01T12:00:00Z'), 'UTC')).toBe(26);
    expect(ageOf('not a date', new Date(), 'UTC')).toBeNull();
  });
});
