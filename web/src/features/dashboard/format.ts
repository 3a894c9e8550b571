import { minorUnitDigits } from '@splashboard/contract/currency';
/**
 * Numbers, money and dates in the reader's language. Making an Intl formatter costs far more than using
 * one (a dashboard formats hundreds of values), so each is made once per language and options.
 */

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  lang: string,
  options: object,
  make: () => F,
): F {
  const key = `${kind}|${lang}|${JSON.stringify(options)}`;
  let f = formatters.get(key) as F | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
}
const numberFormat = (lang: string, options: Intl.NumberFormatOptions) =>
  cached('n', lang, options, () => new Intl.NumberFormat(lang, options));
const dateFormat = (lang: string, options: Intl.DateTimeFormatOptions) =>
  cached('d', lang, options, () => new Intl.DateTimeFormat(lang, options));

export const count = (n: number, lang: string) => numberFormat(lang, { maximumFractionDigits: 0 }).format(n);

export const decimal = (n: number, lang: string) => numberFormat(lang, { maximumFractionDigits: 1 }).format(n);

/** A percentage given as 0–100 (the API's unit). */
export const percent = (n: number, lang: string) =>
  numberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(n / 100);

/** An amount in the currency's minor units (the API's unit: 1250 is 12.50 EUR, 500 is 500 JPY). */
export const money = (amount: number, currency: string, lang: string) =>
  numberFormat(lang, { style: 'currency', currency }).format(amount / 10 ** minorUnitDigits(currency));

/** An ISO day (a local day of the site, no time zone to apply). */
export const day = (iso: string, lang: string, style: 'short' | 'medium' = 'medium') =>
  dateFormat(lang, {
    timeZone: 'UTC',
    ...(style === 'short' ? { day: 'numeric', month: 'short' } : { dateStyle: 'medium' }),
  }).format(new Date(`${iso}T12:00:00Z`));

/** A moment, in the site's time zone (the browser's in the control panel). */
export const moment = (iso: string, lang: string, timeZone?: string) =>
  dateFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

export const clock = (iso: string, lang: string, timeZone?: string) =>
  dateFormat(lang, { timeStyle: 'short', timeZone }).format(new Date(iso));

/** ISO weekday 1 (Monday) … 7 (Sunday), named in the language. */
export const weekday = (isoWeekday: number, lang: string, style: 'short' | 'long' = 'short') =>
  // 5 January 2025 was a Sunday: the 5th plus the weekday lands on that weekday.
  dateFormat(lang, { weekday: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2025, 0, 5 + isoWeekday)));

export const hour = (h: number, lang: string) =>
  dateFormat(lang, { hour: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2025, 0, 6, h)));

/** The browser's own time zone, for the control panel where each site keeps its own. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
