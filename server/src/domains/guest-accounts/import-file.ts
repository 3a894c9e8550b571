import { readSheet } from 'read-excel-file/node';
import {
  GUEST_IMPORT_COLUMNS,
  GUEST_IMPORT_MAX_ROWS,
  GUEST_IMPORT_REQUIRED,
  type GuestImportField,
  type MessageCode,
  type MessageParams,
} from '@splashboard/contract';
import { AppError } from '../../platform/errors.ts';
import { decodeText, parseCsv } from './csv.ts';

/** One account as the file gives it: every cell as text, by our field name. */
export interface ImportRow {
  /** The row number the spreadsheet shows (the header is row 1). */
  row: number;
  values: Partial<Record<GuestImportField, string>>;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

const fileError = (code: MessageCode, params?: MessageParams) => new AppError(422, code, { field: 'file', params });
const ALIASES = new Map<string, GuestImportField>(
  Object.entries(GUEST_IMPORT_COLUMNS).flatMap(([field, names]) => names.map((n) => [n, field as GuestImportField])),
);
/** How a column is named in messages: its first name in the list of known columns. */
export const columnNameOf = (field: GuestImportField) => GUEST_IMPORT_COLUMNS[field][0];

/**
 * Reads an uploaded CSV or XLSX (first sheet) into rows by field. Refuses, with a message fit for the
 * page, what is not a table, a header row without the needed columns or with unknown ones, a file with
 * no accounts or too many. Rows with nothing in them are left out.
 */
export async function readImportFile(bytes: Buffer): Promise<ImportRow[]> {
  const table = await tableOf(bytes);
  const headerIndex = table.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  if (headerIndex === -1) throw fileError('guestAccounts.notATable');
  const header = table[headerIndex]!.map((c) => c.trim().toLowerCase().replace(/\s+/g, '_'));
  const fields: (GuestImportField | null)[] = [];
  const unknown: string[] = [];
  for (const name of header) {
    const field = ALIASES.get(name);
    if (name === '') fields.push(null);
    else if (!field) {
      unknown.push(name);
      fields.push(null);
    } else fields.push(fields.includes(field) ? null : field);
  }
  const missing = GUEST_IMPORT_REQUIRED.filter((f) => !fields.includes(f));
  // A header with none of our columns is most likely not a list of accounts at all.
  if (missing.length === GUEST_IMPORT_REQUIRED.length && fields.every((f) => f === null))
    throw fileError('guestAccounts.missingColumns', { columns: GUEST_IMPORT_REQUIRED.join(', ') });
  if (unknown.length)
    throw fileError('guestAccounts.unknownColumns', {
      columns: unknown.join(', '),
      known: Object.keys(GUEST_IMPORT_COLUMNS)
        .map((f) => columnNameOf(f as GuestImportField))
        .join(', '),
    });
  if (missing.length) throw fileError('guestAccounts.missingColumns', { columns: missing.join(', ') });

  const rows: ImportRow[] = [];
  for (let i = headerIndex + 1; i < table.length; i++) {
    const cells = table[i]!;
    if (cells.every((c) => c.trim() === '')) continue;
    const values: ImportRow['values'] = {};
    fields.forEach((field, col) => {
      if (field) values[field] = (cells[col] ?? '').trim();
    });
    rows.push({ row: i + 1, values });
    if (rows.length > GUEST_IMPORT_MAX_ROWS) throw fileError('guestAccounts.tooManyRows', { max: GUEST_IMPORT_MAX_ROWS });
  }
  if (!rows.length) throw fileError('guestAccounts.noRows');
  return rows;
}

async function tableOf(bytes: Buffer): Promise<string[][]> {
  if (bytes.subarray(0, 4).equals(OLE)) throw fileError('guestAccounts.oldExcel');
  if (bytes.subarray(0, 4).equals(ZIP)) {
    try {
      const sheet = await readSheet(bytes);
      return sheet.map((row) => row.map(cellText));
    } catch {
      throw fileError('guestAccounts.notATable');
    }
  }
  // Text has no NUL bytes; images, PDFs and other binaries do.
  if (bytes.includes(0)) throw fileError('guestAccounts.notATable');
  return parseCsv(decodeText(bytes));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}
