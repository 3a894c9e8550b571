/** Numbers, money and dates in the reader's language (Intl), the dashboard's way. */

export const count = (n: number, lang: string) => n.toLocaleString(lang, { maximumFractionDigits: 0 });

export const decimal = (n: number, lang: string) => n.toLocaleString(lang, { maximumFractionDigits: 1 });

/** A percentage given as 0–100 (the API's unit). */
export const percent = (n: number, lang: string) =>
  (n / 100).toLocaleString(lang, { style: 'percent', maximumFractionDigits: 1 });

export const money = (amount: number, currency: string, lang: string) =>
  amount.toLocaleString(lang, { style: 'currency', currency });

/** An ISO day (a local day of the site, no time zone to apply). */
export const day = (iso: string, lang: string, style: 'short' | 'medium' = 'medium') =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString(lang, {
    timeZone: 'UTC',
    ...(style === 'short' ? { day: 'numeric', month: 'short' } : { dateStyle: 'medium' }),
  });

/** A moment, in the site's time zone (the browser's in the control panel). */
export const moment = (iso: string, lang: string, timeZone?: string) =>
  new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone });

export const clock = (iso: string, lang: string, timeZone?: string) =>
  new Date(iso).toLocaleTimeString(lang, { timeStyle: 'short', timeZone });

/** ISO weekday 1 (Monday) … 7 (Sunday), named in the language. */
export const weekday = (isoWeekday: number, lang: string, style: 'short' | 'long' = 'short') =>
  // 5 January 2025 was a Sunday: the 5th plus the weekday lands on that weekday.
  new Date(Date.UTC(2025, 0, 5 + isoWeekday)).toLocaleDateString(lang, { weekday: style, timeZone: 'UTC' });

export const hour = (h: number, lang: string) =>
  new Date(Date.UTC(2025, 0, 6, h)).toLocaleTimeString(lang, { hour: 'numeric', timeZone: 'UTC' });

/** The browser's own time zone, for the control panel where each site keeps its own. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
