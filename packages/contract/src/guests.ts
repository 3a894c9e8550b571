import { z } from 'zod';
import { GUEST_MESSAGES } from './messages/guests.ts';

/** Shorter searches cannot use the trigram index: they would read every guest of the site. */
export const GUEST_SEARCH_MIN = 3;

export const GUEST_PAGE_SIZES = [10, 25, 50, 100] as const;

/** A calendar date typed `DD{sep}MM{sep}YYYY` as ISO `YYYY-MM-DD`, or null when it is not one. */
export function parseDayMonthYear(value: string, separator: '/' | '-'): string | null {
  const parts = value.split(separator);
  if (parts.length !== 3 || !/^\d{2}$/.test(parts[0]!) || !/^\d{2}$/.test(parts[1]!) || !/^\d{4}$/.test(parts[2]!)) return null;
  const [d, m, y] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 2000 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** ISO `YYYY-MM-DD` as the API's `DD/MM/YYYY` (lists) or `DD-MM-YYYY` (downloads). */
export const formatDayMonthYear = (iso: string, separator: '/' | '-') => iso.split('-').reverse().join(separator);

/** An optional date in the given form; an empty value means no bound. Parsed to ISO. */
const dayField = (separator: '/' | '-') => {
  const form = `DD${separator}MM${separator}YYYY`;
  return z
    .string()
    .trim()
    .max(10)
    .default('')
    .transform((v, ctx) => {
      if (v === '') return null;
      const iso = parseDayMonthYear(v, separator);
      if (!iso) ctx.addIssue({ code: 'custom', message: `Enter a date as ${form}` });
      return iso;
    });
};

const filters = (separator: '/' | '-') =>
  z.object({
    search: z
      .string()
      .trim()
      .max(100)
      .default('')
      .refine((v) => v === '' || v.length >= GUEST_SEARCH_MIN, GUEST_MESSAGES.searchMin),
    fromdate: dayField(separator),
    todate: dayField(separator),
  });

const datesInOrder = (q: { fromdate: string | null; todate: string | null }) =>
  !q.fromdate || !q.todate || q.fromdate <= q.todate;
const dateOrder = { message: GUEST_MESSAGES.dateOrder, path: ['todate'] };

/**
 * The guest list: newest last visit first; `fromdate`/`todate` bound the day of the guest's last visit
 * (both days included) in the site's time zone; `search` looks in name, email and phone.
 */
export const guestListQuerySchema = filters('/')
  .extend({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine(datesInOrder, dateOrder);
export type GuestListQuery = z.input<typeof guestListQuerySchema>;

/** A download: the same filters, with dates as DD-MM-YYYY (sessions: the day a session started). */
export const guestDownloadQuerySchema = filters('-').refine(datesInOrder, dateOrder);

/** The MAC of a guest known by their device (`device:aa:bb:…`: the method asked for nothing), else null. */
export const deviceOfIdentity = (identity: string): string | null =>
  identity.startsWith('device:') ? identity.slice('device:'.length) || null : null;

/**
 * How a guest is named wherever one is shown (lists, details, the dashboard): their name, else email,
 * else phone, else the device (MAC) they are known by; null when nothing is known. The API sends it as
 * `display_name`.
 */
export function guestDisplayName(g: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  identity: string;
}): string | null {
  const name = [g.firstName, g.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || g.email?.trim() || g.phone?.trim() || deviceOfIdentity(g.identity);
}

/** What names a guest in the API: see guestDisplayName. */
const displayName = z.string().nullable().describe('Name, else email, else phone, else device MAC; null when none');

export const guestListItemSchema = z.object({
  id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  display_name: displayName,
  visits: z.number().int(),
  last_method: z.string(),
  marketing_consent: z.boolean(),
  first_seen: z.string(),
  last_seen: z.string(),
});
export type GuestListItem = z.infer<typeof guestListItemSchema>;

export const guestListSchema = z.object({
  items: z.array(guestListItemSchema),
  metadata: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    /** Guests matching the filters; exact unless `total_exact` is false (then at least this many). */
    total: z.number().int(),
    total_exact: z.boolean(),
  }),
});
export type GuestList = z.infer<typeof guestListSchema>;

export const guestDeviceSchema = z.object({
  id: z.number().int(),
  mac: z.string(),
  device_type: z.string(),
  os: z.string(),
  user_agent: z.string(),
  first_seen: z.string(),
  last_seen: z.string(),
  /** A session of this device that has not ended and not run out. */
  online: z.boolean(),
});

export const guestSessionSchema = z.object({
  id: z.number().int(),
  mac: z.string().nullable(),
  method: z.string(),
  family: z.string(),
  ssid: z.string().nullable(),
  started_at: z.string(),
  expires_at: z.string(),
  ended_at: z.string().nullable(),
  end_cause: z.string().nullable(),
  minutes: z.number().int(),
  bytes_up: z.number(),
  bytes_down: z.number(),
  grant_status: z.string(),
});
export type GuestSession = z.infer<typeof guestSessionSchema>;

export const guestConsentSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  granted: z.boolean(),
  created_at: z.string(),
  mac: z.string().nullable(),
  ip: z.string(),
  /** The version of the site's consent texts the guest saw; its texts are in `consent_texts`. */
  text_version: z.number().int(),
});

export const guestDetailsSchema = z.object({
  guest: z.object({
    id: z.number().int(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    display_name: displayName,
    gender: z.string().nullable(),
    birthday: z.string().nullable(),
    country: z.string().nullable(),
    postcode: z.string().nullable(),
    /** Custom answers by field title. */
    fields: z.record(z.string(), z.union([z.string(), z.boolean()])),
    marketing_consent: z.boolean(),
    email_verified_at: z.string().nullable(),
    first_method: z.string(),
    last_method: z.string(),
    visits: z.number().int(),
    first_seen: z.string(),
    last_seen: z.string(),
  }),
  devices: z.array(guestDeviceSchema),
  /** The latest sessions, newest first (`total` counts them all). */
  sessions: z.object({ items: z.array(guestSessionSchema), total: z.number().int() }),
  /** The latest consent answers, newest first (`total` counts them all). */
  consents: z.object({ items: z.array(guestConsentSchema), total: z.number().int() }),
  /** The texts of each consent version in `consents`, by version. */
  consent_texts: z.record(z.string(), z.record(z.string(), z.string())),
  usage: z.object({
    sessions: z.number().int(),
    minutes_online: z.number().int(),
    bytes_up: z.number(),
    bytes_down: z.number(),
  }),
  /** Whether this user may disconnect and delete (a Read Only client may not). */
  can_write: z.boolean(),
});
export type GuestDetails = z.infer<typeof guestDetailsSchema>;

export const guestDisconnectSchema = z.object({
  status: z.literal(200),
  message: z.string(),
  /** Whether the controller took the device off the network (false: it cannot, e.g. openNDS). */
  disconnected: z.boolean(),
  /** Open sessions of the device now recorded as ended. */
  ended_sessions: z.number().int(),
});
export type GuestDisconnect = z.infer<typeof guestDisconnectSchema>;

export const GUEST_EXPORT_KINDS = ['guests', 'sessions'] as const;
export type GuestExportKind = (typeof GUEST_EXPORT_KINDS)[number];
export const GUEST_EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;

export const guestDownloadStartSchema = z.object({ id: z.string(), status_url: z.string() });

export const guestDownloadStatusSchema = z.object({
  id: z.string(),
  kind: z.enum(GUEST_EXPORT_KINDS),
  status: z.enum(GUEST_EXPORT_STATUSES),
  /** 0 to 100. */
  progress: z.number().int(),
  /** Rows written so far (all of them once ready). */
  rows: z.number().int(),
  /** Set when ready: the file, for a signed-in user with access to the site. */
  download_url: z.string().nullable(),
  file_name: z.string(),
  error: z.string().nullable(),
});
export type GuestDownloadStatus = z.infer<typeof guestDownloadStatusSchema>;
