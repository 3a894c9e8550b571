import type { SplashAdRule } from '@splashboard/contract';
import { describeUserAgent } from '../../guests/user-agent.ts';
import { wallClock } from '../../../platform/wall-clock.ts';

/** What the rules know of a guest at the moment the splash page is drawn. */
export interface AdAudience {
  /** Earlier logins of the device at the site (0: never seen). */
  visits: number;
  /** From the guest the device belongs to, when known. */
  gender: string | null;
  /** YYYY-MM-DD. */
  birthday: string | null;
  /** The guest's language (en, es...). */
  language: string;
  userAgent: string;
  now: Date;
  /** The site's IANA time zone. */
  timeZone: string;
}

/** The fields of an ad the rules read. */
export interface AdTargeting {
  trigger_type: string;
  enable_rules: boolean;
  rules_chaining: string;
  rules: SplashAdRule[];
}

/** The guests area's reading of a user agent, so an ad's device rule agrees with the guest list. */
export const deviceTypeOf = (userAgent: string) => describeUserAgent(userAgent).deviceType;

/** Whole years from a birthday to the site's local date; null when the birthday is missing or not a date. */
export function ageOf(birthday: string | null, now: Date, timeZone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthday ?? '');
  if (!m) return null;
  const today = wallClock(now, timeZone);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const before = today.month < mo || (today.month === mo && today.day < d);
  return today.year - y - (before ? 1 : 0);
}

/** The value a rule's field has for the guest (null: unknown, which no rule matches). */
function valueOf(field: SplashAdRule['field'], a: AdAudience): number | string | null {
  const local = () => wallClock(a.now, a.timeZone);
  switch (field) {
    case 'visits':
      return a.visits;
    case 'gender':
      return a.gender ? a.gender.toLowerCase() : null;
    case 'age':
      return ageOf(a.birthday, a.now, a.timeZone);
    case 'day_of_week':
      return local().weekday;
    case 'hour':
      return local().hour;
    case 'device_type':
      return deviceTypeOf(a.userAgent);
    case 'language':
      return a.language.toLowerCase().slice(0, 2);
  }
}

export function ruleMatches(rule: SplashAdRule, a: AdAudience): boolean {
  const actual = valueOf(rule.field, a);
  if (actual === null) return false;
  const wanted = rule.value.trim().toLowerCase();
  if (rule.operator === 'in') return wanted.split(',').some((v) => v.trim() === String(actual));
  if (typeof actual === 'string') {
    if (rule.operator === 'eq') return actual === wanted;
    if (rule.operator === 'neq') return actual !== wanted;
    return false;
  }
  const n = Number(wanted);
  if (!Number.isFinite(n)) return false;
  switch (rule.operator) {
    case 'eq':
      return actual === n;
    case 'neq':
      return actual !== n;
    case 'gt':
      return actual > n;
    case 'lt':
      return actual < n;
    case 'gte':
      return actual >= n;
    case 'lte':
      return actual <= n;
  }
}

/** Whether the ad's display (first visit, repeat visit, always) and its rules, chained with and/or, let the guest see it. */
export function adShowsTo(ad: AdTargeting, a: AdAudience): boolean {
  if (ad.trigger_type === 'first_visit' && a.visits > 0) return false;
  if (ad.trigger_type === 'repeat_visit' && a.visits === 0) return false;
  if (!ad.enable_rules || !ad.rules.length) return true;
  return ad.rules_chaining === 'or' ? ad.rules.some((r) => ruleMatches(r, a)) : ad.rules.every((r) => ruleMatches(r, a));
}

/** The ad a guest sees among the live ones (given the most recently started first): the first that shows to them. */
export function adFor<T extends AdTargeting>(live: T[], a: AdAudience): T | undefined {
  return live.find((ad) => adShowsTo(ad, a));
}
