/** What guests typed becomes cells a spreadsheet may run: a leading = + - @ (or tab, return) makes a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV cell (RFC 4180). Text that a spreadsheet would read as a formula gets a leading apostrophe
 * (OWASP's advice against CSV injection), so a phone number +34… shows as '+34…; numbers we wrote
 * ourselves are left alone.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Spreadsheets open a UTF-8 file as UTF-8 (accents intact) only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** A file name part from a site name: plain letters, digits and dashes. */
export function slug(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return plain || 'site';
}
