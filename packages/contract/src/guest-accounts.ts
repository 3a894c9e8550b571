import { z } from 'zod';
import { PASSWORD_MIN, emailField } from './common.ts';
import { GUEST_ACCOUNT_MESSAGES } from './messages/guest-accounts.ts';
import { MESSAGES } from './messages/common.ts';
import { fillMessage } from './messages/index.ts';
import { normalizeMac } from './network.ts';
import { BYTES_TYPES, DURATION_TYPES } from './splash.ts';

/**
 * Guest accounts (username and password) of a site: what the dashboard's Guest Accounts screens and
 * the import send and get back (/s/{siteId}/api/v1/guestuser/).
 *
 * Rules (shared with the portal):
 * - A username is unique per site, compared without case ("Ana" and "ana" are one account), and stored
 *   lower-case: phones capitalise the first letter on their own.
 * - A password has at least 7 characters; it is stored as an argon2id hash and never answered.
 * - The duration runs from the account's first use (its first login, or the first device the dashboard
 *   lets in); until then the account is "not used yet" and does not expire.
 * - Devices are the distinct MACs bound to the account; a bound device coming back is not a new one.
 */

export const GUEST_USERNAME_MIN = 3;
export const GUEST_USERNAME_MAX = 64;
export const GUEST_USERNAME_PATTERN = /^[a-z0-9._@+-]+$/;
export const GUEST_ACCOUNT_SOURCES = ['dashboard', 'import', 'signup'] as const;
export const GUEST_ACCOUNT_STATUSES = ['unused', 'active', 'expired'] as const;
export type GuestAccountStatus = (typeof GUEST_ACCOUNT_STATUSES)[number];

/** The most accounts one import file may hold. */
export const GUEST_IMPORT_MAX_ROWS = 5000;

export const normalizeGuestUsername = (value: string) => value.trim().toLowerCase();

export const guestUsernameField = z
  .string({ error: MESSAGES.required })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.required)
  .refine(
    (v) => v.length >= GUEST_USERNAME_MIN && v.length <= GUEST_USERNAME_MAX && GUEST_USERNAME_PATTERN.test(v),
    GUEST_ACCOUNT_MESSAGES.usernameFormat,
  );
const guestPasswordField = z.string({ error: MESSAGES.required }).min(PASSWORD_MIN, MESSAGES.passwordMin).max(200);
const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: MESSAGES.wholeNumber })
    .int(MESSAGES.wholeNumber)
    .min(min, fillMessage(MESSAGES.atLeast, { n: min }))
    .max(max, fillMessage(MESSAGES.atMost, { n: max }));

/** Access an account gives; left out on create, each takes the site's default (Guest user login settings). */
const limitsShape = {
  /** Devices (distinct MACs) the account may have. */
  num_devices: wholeNumber(1, 100),
  duration_val: wholeNumber(1, 100_000),
  duration_type: z.enum(DURATION_TYPES),
  /** Data for the whole account; 0 is unlimited. */
  bytes_t: wholeNumber(0, 10_000_000),
  bytes_type: z.enum(BYTES_TYPES),
  /** Kbps; 0 is unlimited. */
  speed_ul: wholeNumber(0, 10_000_000),
  speed_dl: wholeNumber(0, 10_000_000),
};
/** The same limits, each optional: on create a left-out one takes the site's default; on update it is kept. */
const optionalLimitsShape = {
  num_devices: limitsShape.num_devices.optional(),
  duration_val: limitsShape.duration_val.optional(),
  duration_type: limitsShape.duration_type.optional(),
  bytes_t: limitsShape.bytes_t.optional(),
  bytes_type: limitsShape.bytes_type.optional(),
  speed_ul: limitsShape.speed_ul.optional(),
  speed_dl: limitsShape.speed_dl.optional(),
};
const nameField = z.string().trim().max(120);
const optionalEmail = z.union([z.literal(''), emailField]);
const notesField = z.string().trim().max(1000);

export const guestAccountCreateSchema = z.object({
  username: guestUsernameField,
  password: guestPasswordField,
  name: nameField.default(''),
  email: optionalEmail.default(''),
  notes: notesField.default(''),
  ...optionalLimitsShape,
});
export type GuestAccountCreate = z.infer<typeof guestAccountCreateSchema>;

/** Any subset; a password left out or empty keeps the current one. */
export const guestAccountUpdateSchema = z.object({
  username: guestUsernameField.optional(),
  password: z.union([z.literal(''), guestPasswordField]).optional(),
  name: nameField.optional(),
  email: optionalEmail.optional(),
  notes: notesField.optional(),
  ...optionalLimitsShape,
});
export type GuestAccountUpdate = z.infer<typeof guestAccountUpdateSchema>;

export const guestAccountLimitsSchema = z.object(limitsShape);
export type GuestAccountLimits = z.infer<typeof guestAccountLimitsSchema>;

export const guestAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  notes: z.string(),
  ...limitsShape,
  source: z.enum(GUEST_ACCOUNT_SOURCES),
  status: z.enum(GUEST_ACCOUNT_STATUSES),
  /** When the duration started (first use); null until then. */
  first_login_at: z.string().nullable(),
  /** first_login_at + duration; null until the first use. */
  expires_at: z.string().nullable(),
  devices_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GuestAccount = z.infer<typeof guestAccountSchema>;

export const guestAccountDeviceSchema = z.object({
  /** AA:BB:CC:DD:EE:FF */
  mac: z.string(),
  /** login: bound by the guest logging in on it; operator: connected from the dashboard. */
  source: z.enum(['login', 'operator']),
  bound_at: z.string(),
  last_login_at: z.string().nullable(),
  /** Has a session that has not ended or run out. */
  online: z.boolean(),
});
export type GuestAccountDevice = z.infer<typeof guestAccountDeviceSchema>;

export const guestAccountSessionSchema = z.object({
  id: z.number().int(),
  mac: z.string().nullable(),
  started_at: z.string(),
  expires_at: z.string(),
  ended_at: z.string().nullable(),
  grant_status: z.string(),
  megabytes: z.number(),
});

export const guestAccountDetailsSchema = guestAccountSchema.extend({
  /** MB used by the account's sessions so far. */
  data_used_mb: z.number(),
  devices: z.array(guestAccountDeviceSchema),
  /** The latest sessions, newest first. */
  sessions: z.array(guestAccountSessionSchema),
  can_write: z.boolean(),
});
export type GuestAccountDetails = z.infer<typeof guestAccountDetailsSchema>;

export const guestAccountListSchema = z.object({
  items: z.array(guestAccountSchema),
  metadata: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
  /** Whether the signed-in user may change accounts here (a Read Only client may not). */
  can_write: z.boolean(),
});
export type GuestAccountList = z.infer<typeof guestAccountListSchema>;

/** What a new account gets when the operator leaves a limit out: the site's Guest user login settings. */
export const guestAccountDefaultsSchema = guestAccountLimitsSchema.extend({ self_signup: z.boolean() });
export type GuestAccountDefaults = z.infer<typeof guestAccountDefaultsSchema>;

export const guestMacField = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(32)
  .refine((v) => normalizeMac(v) !== null, GUEST_ACCOUNT_MESSAGES.macFormat);
export const guestAccountConnectSchema = z.object({ guestmac: guestMacField });

/**
 * What connecting a device did: on a controller that can let a MAC in by itself (UniFi) the device is
 * online now; on other gateways it is let in the next time it joins the Wi-Fi; a controller that
 * failed leaves it bound and it is let in at its next arrival.
 */
export const GUEST_CONNECT_ACCESS = ['granted_now', 'on_next_arrival', 'grant_failed'] as const;
export const guestAccountConnectAnswerSchema = z.object({
  device: guestAccountDeviceSchema,
  access: z.enum(GUEST_CONNECT_ACCESS),
  detail: z.string(),
});
export type GuestAccountConnectAnswer = z.infer<typeof guestAccountConnectAnswerSchema>;

export const guestAccountDisconnectAnswerSchema = z.object({
  status: z.literal(200),
  message: z.string(),
  /** Whether the controller ended the device's access now (false: it runs out with its session). */
  revoked: z.boolean(),
  detail: z.string(),
});
export type GuestAccountDisconnectAnswer = z.infer<typeof guestAccountDisconnectAnswerSchema>;

// ---------------------------------------------------------------------------------------------------
// Import (POST /guestuser/import, multipart `file`; then GET /guestuser/import/{importId} until done).

/**
 * The columns an import file's header row may name (case and spaces do not matter). username and
 * password are required; the rest take the site's defaults when left out or empty.
 */
export const GUEST_IMPORT_COLUMNS = {
  username: ['username', 'user', 'login'],
  password: ['password'],
  name: ['name', 'full_name'],
  email: ['email', 'e-mail'],
  notes: ['notes', 'note'],
  num_devices: ['devices', 'num_devices'],
  duration_val: ['duration', 'duration_val'],
  duration_type: ['duration_type', 'duration_unit'],
  bytes_t: ['data_limit', 'bytes_t'],
  bytes_type: ['data_unit', 'bytes_type'],
  speed_ul: ['speed_up', 'speed_ul', 'upload_kbps'],
  speed_dl: ['speed_down', 'speed_dl', 'download_kbps'],
} as const;
export type GuestImportField = keyof typeof GUEST_IMPORT_COLUMNS;
export const GUEST_IMPORT_REQUIRED: GuestImportField[] = ['username', 'password'];

export const GUEST_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const guestImportRejectionSchema = z.object({
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  username: z.string(),
  /** Per column, what is wrong with its value. */
  errors: z.record(z.string(), z.array(z.string())),
});
export type GuestImportRejection = z.infer<typeof guestImportRejectionSchema>;

export const guestImportSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  status: z.enum(GUEST_IMPORT_STATUSES),
  /** Accounts in the file. */
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  rejected: z.array(guestImportRejectionSchema),
  /** Why the whole import failed, when it did. */
  error: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type GuestImport = z.infer<typeof guestImportSchema>;
