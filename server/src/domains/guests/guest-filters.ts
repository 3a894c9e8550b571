import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { guestSearchText, guests } from '../../db/schema/index.ts';

/** The filters of the list and the downloads: a search, and first and last days (ISO) in the site's time zone. */
export interface GuestFilters {
  search: string;
  from: string | null;
  to: string | null;
}

/**
 * The search as a LIKE pattern on the lower-cased name, email and phone. A term that looks like a phone
 * number loses its spaces, dots, dashes and brackets ("600 11 22" finds "+34600112 2..."), since phones
 * are kept as +34600112233.
 */
export function searchPattern(search: string): string | null {
  let term = search.trim().toLowerCase();
  if (!term) return null;
  if (/^[+\d\s().-]+$/.test(term) && /\d/.test(term)) term = term.replace(/[\s().-]/g, '');
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The first instant of a day in a time zone (`day` ISO), computed by the database. */
const startOfDay = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
const startOfNextDay = (day: string, timeZone: string) => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

/** A time column within the filter's days (both included), in the site's time zone. */
export function withinDays(column: PgColumn, f: Pick<GuestFilters, 'from' | 'to'>, timeZone: string): SQL | undefined {
  return and(
    f.from ? sql`${column} >= ${startOfDay(f.from, timeZone)}` : undefined,
    f.to ? sql`${column} < ${startOfNextDay(f.to, timeZone)}` : undefined,
  );
}

/** Guests whose name, email or phone holds the search (the expression the trigram index is built on). */
export function guestMatches(search: string): SQL | undefined {
  const pattern = searchPattern(search);
  return pattern ? sql`${guestSearchText} like ${pattern}` : undefined;
}

/** The guests of a site the list shows for these filters: the days bound the guest's last visit. */
export function guestListWhere(siteId: number, f: GuestFilters, timeZone: string): SQL {
  return and(eq(guests.siteId, siteId), withinDays(guests.lastSeenAt, f, timeZone), guestMatches(f.search))!;
}
