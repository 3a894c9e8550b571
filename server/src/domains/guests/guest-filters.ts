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
