/**
 * A moment as a date and a time, in the reader's language; in `timeZone` (a site's) when given, else the
 * browser's. Nothing for no moment.
 */
export const dateTime = (iso: string | null, lang: string, timeZone?: string) =>
  iso ? new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }) : '';
