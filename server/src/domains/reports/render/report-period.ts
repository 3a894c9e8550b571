import type { ReportLang } from '../report-types.ts';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Thin and narrow no-break spaces Intl puts around range dashes and before AM/PM, as plain spaces. */
const plainSpaces = (s: string) => s.replace(/[\u2009\u202f]/g, ' ').replace(/(\d) – (\d)/g, '$1–$2');

/**
 * Local days `from`–`to` (YYYY-MM-DD, inclusive) in the language: "Nov 16–22, 2026" / "16–22 nov 2026";
 * a whole calendar month as "November 2026" / "noviembre de 2026"; one day as "Nov 22, 2026".
 */
export function formatPeriod(lang: ReportLang, from: string, to: string): string {
  const start = day(from);
  const end = day(to);
  const nextDay = new Date(end.getTime() + 86_400_000);
  if (start.getUTCDate() === 1 && nextDay.getUTCDate() === 1 && start.getUTCMonth() === end.getUTCMonth())
    return new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(start);
  const f = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return plainSpaces(from === to ? f.format(start) : f.formatRange(start, end));
}

/** A day of the trend chart's axis: "Nov 16" / "16 nov". */
export const formatAxisDay = (lang: ReportLang, iso: string) =>
  new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(day(iso));

/** `report-2026-11-16-2026-11-22.pdf`. */
export const pdfFilename = (from: string, to: string) => `report-${from}-${to}.pdf`;
