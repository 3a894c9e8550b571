import { z } from 'zod';
import { positiveIdParam } from './common.ts';
import { MESSAGES } from './messages/common.ts';
import { fillMessage } from './messages/index.ts';
import { VOUCHER_CARDS_PER_PAGE, VOUCHER_MESSAGES } from './messages/vouchers.ts';
import { normalizeMac } from './network.ts';
import { PLAN_TYPES } from './plans.ts';
import { DURATION_TYPES, colourField } from './splash.ts';

/**
 * Vouchers and multi-site vouchers: what the dashboard's Vouchers screens send and get back, under
 * `/s/{siteId}/api/v1/voucher` (permission `voucher`) and `/s/{siteId}/api/v1/multisite_voucher`
 * (permission `multisitevoucher`). Both kinds have the same calls and shapes; a multi-site batch also
 * names the sites it works at.
 *
 * Rules (the server and the guest portal share them):
 * - A code is 12 characters of Crockford's base 32 (digits and capitals without I, L, O, U: 60 random
 *   bits), printed in groups of four (`K7QM-2X9F-T4HB`). Entry ignores case, spaces and dashes, and
 *   reads O as 0 and I or L as 1. Codes are unique per account, so a multi-site code names one voucher
 *   at every site.
 * - A voucher is unused until its first login (activation). Its duration is wall-clock time from that
 *   first login: reconnecting, on any device or (multi-site) at any of its sites, gets what is left, not
 *   a fresh duration. It expires at first login + duration, at the batch's valid_until if that comes
 *   first (an unused voucher cannot be activated after valid_until), or when its data is used up.
 * - Devices are the distinct devices (MACs) bound to a voucher; a bound device reconnecting does not take
 *   a new seat. Disconnecting a device ends its sessions and frees its seat.
 * - Data (MB) counts every session of the voucher, on all its devices and sites.
 * - valid_until given as a date (YYYY-MM-DD) means the end of that day in the site's time zone.
 * - Deleting a voucher or a batch disconnects the devices still online with it. A single-site batch goes
 *   with its site; a multi-site batch goes on at its other sites.
 * - On the guest portal, either voucher login (voucher, multisitevoucher) takes any voucher that works at
 *   the site (the start page offers one "Use a voucher": startPageMethods). Wrong codes are counted per
 *   device and per address.
 * - Speeds are in Kbps, data in MB; 0 means unlimited.
 * - The plan limits how many vouchers an account activates per calendar month (UTC): collect 500,
 *   engage 2000, provider 5000. Past it, guests are refused with a clear page; the lists' metadata
 *   says how many are used (`usage`).
 */

/**
 * The login methods a splash start page offers. Either voucher screen takes any voucher that works at the
 * site and both buttons read "Use a voucher", so with both on only the voucher one is offered (the
 * multi-site one stays at its own address).
 */
export const startPageMethods = <T extends string>(methods: readonly T[]): T[] =>
  methods.includes('voucher' as T) ? methods.filter((m) => m !== 'multisitevoucher') : [...methods];

/** The path segment of each kind under /s/{siteId}/api/v1/. */
export const VOUCHER_KINDS = ['voucher', 'multisite_voucher'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];
/** The permission (and client area voucher_data) of each kind. */
export const VOUCHER_PERMISSION = { voucher: 'voucher', multisite_voucher: 'multisitevoucher' } as const;
/** The designer's path segment under the kind's path (`/voucher/voucherdesigner/`). */
export const VOUCHER_DESIGNER_PATH = { voucher: 'voucherdesigner', multisite_voucher: 'multisite_voucherdesigner' } as const;
/** `/s/{siteId}/api/v1/voucher` or `/s/{siteId}/api/v1/multisite_voucher`. */
export const voucherApiBase = (siteId: number, kind: VoucherKind) => `/s/${siteId}/api/v1/${kind}`;

/**
 * The calls, relative to voucherApiBase:
 * - GET  /unused, /inuse, /expired  (voucherListQuerySchema)          -> voucherListSchema
 * - GET  /batches                   (voucherBatchListQuerySchema)     -> voucherBatchListSchema
 * - GET  /batches/{id}                                                -> voucherBatchSchema
 * - GET  /batches/{id}/pdf          (voucherPdfQuerySchema)           -> application/pdf (cards to print)
 * - DELETE /batches/{id}            the batch and all its vouchers    -> okSchema
 * - POST /                          (voucherBatchInputSchema, or multisiteVoucherBatchInputSchema) -> voucherBatchCreatedSchema
 * - GET  /{id}                      one voucher                       -> voucherDetailsSchema
 * - DELETE /{id}                    one voucher (the lists' rows)     -> okSchema
 * - POST /{id}/disconnect/{user}    {user} = the device MAC           -> voucherDisconnectAnswerSchema
 * - GET, PUT /voucherdesigner/ (multi-site: /multisite_voucherdesigner/) -> voucherDesignSchema
 * - POST /voucherdesigner/logo (multi-site: /multisite_voucherdesigner/logo), multipart `file` -> {filelink}
 * Ids are database ids; `batch_id` is the operator's four-digit number.
 */
export const VOUCHER_LIST_STATUSES = ['unused', 'inuse', 'expired'] as const;
export type VoucherStatus = (typeof VOUCHER_LIST_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------
// Codes.

export const VOUCHER_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VOUCHER_CODE_LENGTH = 12;
const ENTRY_FIXES: Record<string, string> = { O: '0', I: '1', L: '1' };

/** A code as typed (any case, spaces, dashes, O for 0, I or L for 1) in its stored form; null when it cannot be one. */
export function normalizeVoucherCode(input: string): string | null {
  const code = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[OIL]/g, (c) => ENTRY_FIXES[c]!);
  if (code.length !== VOUCHER_CODE_LENGTH) return null;
  for (const c of code) if (!VOUCHER_CODE_ALPHABET.includes(c)) return null;
  return code;
}

/** `K7QM2X9FT4HB` -> `K7QM-2X9F-T4HB`, as printed and shown. */
export const formatVoucherCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

/** The query parameter that carries a code in the QR code's address (see voucherQrUrl). */
export const VOUCHER_QR_PARAM = 'wifivoucher';
/**
 * Apple's captive-portal probe: plain HTTP and never let through before login, so every gateway sends a
 * guest who opens it to the splash page, passing this address (with the code) along.
 */
export const DEFAULT_VOUCHER_QR_BASE_URL = 'http://captive.apple.com/hotspot-detect.html';

/**
 * What a card's QR code opens. A guest's browser reaches the portal only through the gateway's redirect,
 * and the gateway passes the address the guest asked for: the QR code is a plain-HTTP address that the
 * gateway intercepts, carrying the code, and the portal's voucher screen reads it from there and fills
 * it in. The same card works at every site (multi-site vouchers).
 */
export const voucherQrUrl = (baseUrl: string, code: string) => `${baseUrl}?${VOUCHER_QR_PARAM}=${code}`;

// ---------------------------------------------------------------------------------------------------
// Batches: creating one.

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: MESSAGES.wholeNumber })
    .int(MESSAGES.wholeNumber)
    .min(min, fillMessage(MESSAGES.atLeast, { n: min }))
    .max(max, fillMessage(MESSAGES.atMost, { n: max }));

/** The specification sets no bound; a print shop's run of 100,000 cards in one batch is what we promise (issue 24). */
export const VOUCHER_BATCH_MAX = 100_000;
const MINUTES_PER: Record<(typeof DURATION_TYPES)[number], number> = { minutes: 1, hours: 60, days: 1440 };
export const VOUCHER_MAX_MINUTES = 366 * 1440;
/** The duration in minutes. */
export const voucherMinutes = (value: number, type: (typeof DURATION_TYPES)[number]) => value * MINUTES_PER[type];

/** An object that names each field it does not know, so the error lands on that field. */
const rejectUnknown = (shape: z.ZodRawShape) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const key of Object.keys(value))
    if (!(key in shape)) ctx.addIssue({ code: 'custom', path: [key], message: 'This field is not accepted here' });
};

/** A date (the end of that day at the site) or a date and time with its offset. */
const validUntilField = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: VOUCHER_MESSAGES.validUntilFormat })
  .nullable();

const batchShape = {
  /** Four digits; left out, the server picks a free one. */
  batch_id: z
    .string({ error: VOUCHER_MESSAGES.batchId })
    .trim()
    .regex(/^\d{4}$/, VOUCHER_MESSAGES.batchId)
    .optional(),
  count: wholeNumber(1, VOUCHER_BATCH_MAX),
  duration_value: wholeNumber(1, VOUCHER_MAX_MINUTES),
  duration_type: z.enum(DURATION_TYPES, VOUCHER_MESSAGES.durationType),
  /** Distinct devices one voucher may be used on. */
  num_devices: wholeNumber(1, 100).default(1),
  speed_ul: wholeNumber(0, 10_000_000).default(0),
  speed_dl: wholeNumber(0, 10_000_000).default(0),
  /** MB for the whole voucher, all devices and sites together. */
  data_limit: wholeNumber(0, 10_000_000).default(0),
  notes: z.string().trim().max(500).default(''),
  /** After it, the voucher no longer works (used or not). */
  valid_until: validUntilField.default(null),
};
const checkDuration = (b: { duration_value: number; duration_type: (typeof DURATION_TYPES)[number] }, ctx: z.RefinementCtx) => {
  if (voucherMinutes(b.duration_value, b.duration_type) > VOUCHER_MAX_MINUTES)
    ctx.addIssue({ code: 'custom', path: ['duration_value'], message: VOUCHER_MESSAGES.durationTooLong });
};

export const voucherBatchInputSchema = z
  .looseObject(batchShape)
  .superRefine(rejectUnknown(batchShape))
  .superRefine(checkDuration);
export type VoucherBatchInput = z.infer<typeof voucherBatchInputSchema>;

const multisiteShape = {
  ...batchShape,
  /** Sites of the account where the vouchers work; the site in the address is always one of them. */
  site_ids: z
    .array(positiveIdParam, { error: (issue) => (issue.input === undefined ? MESSAGES.required : VOUCHER_MESSAGES.siteNotFound) })
    .max(1000),
};
export const multisiteVoucherBatchInputSchema = z
  .looseObject(multisiteShape)
  .superRefine(rejectUnknown(multisiteShape))
  .superRefine(checkDuration);
export type MultisiteVoucherBatchInput = z.infer<typeof multisiteVoucherBatchInputSchema>;

// ---------------------------------------------------------------------------------------------------
// Answers.

export const voucherSiteSchema = z.object({ id: z.number().int(), name: z.string() });

/** The account's vouchers activated in its current billing period against its plan. */
export const voucherPlanUsageSchema = z.object({
  plan_type: z.enum(PLAN_TYPES).nullable(),
  /** The billing period's start (ISO 8601): the key its activations are counted under. */
  period: z.string(),
  /** The billing period's end (ISO 8601): the count starts again from there. */
  period_end: z.string(),
  activated: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
  limit_reached: z.boolean(),
  /** VOUCHER_MESSAGES.planLimit filled in when the limit is reached, else ''. */
  message: z.string(),
});
export type VoucherPlanUsage = z.infer<typeof voucherPlanUsageSchema>;

const limitsAnswer = {
  duration_value: z.number().int(),
  duration_type: z.enum(DURATION_TYPES),
  duration_minutes: z.number().int(),
  num_devices: z.number().int(),
  speed_ul: z.number().int(),
  speed_dl: z.number().int(),
  data_limit: z.number().int(),
  notes: z.string(),
  valid_until: z.string().nullable(),
};

export const voucherBatchSchema = z.object({
  id: z.number().int(),
  batch_id: z.string(),
  kind: z.enum(VOUCHER_KINDS),
  count: z.number().int(),
  ...limitsAnswer,
  /** Where its vouchers work: the one site, or the sites picked for a multi-site batch. */
  sites: z.array(voucherSiteSchema),
  /** Its vouchers now, by status (deleted ones are not counted). */
  unused: z.number().int(),
  inuse: z.number().int(),
  expired: z.number().int(),
  created_at: z.string(),
});
export type VoucherBatch = z.infer<typeof voucherBatchSchema>;

/** What the new batch's location lacks for its vouchers to work: `voucher_login_off`, its splash page has no voucher login. */
export const VOUCHER_BATCH_WARNINGS = ['voucher_login_off'] as const;
export const voucherBatchCreatedSchema = voucherBatchSchema.extend({
  warnings: z.array(z.enum(VOUCHER_BATCH_WARNINGS)),
});
export type VoucherBatchCreated = z.infer<typeof voucherBatchCreatedSchema>;

export const voucherSchema = z.object({
  id: z.number().int(),
  /** Grouped: K7QM-2X9F-T4HB. */
  code: z.string(),
  status: z.enum(VOUCHER_LIST_STATUSES),
  batch: z.object({ id: z.number().int(), batch_id: z.string() }),
  ...limitsAnswer,
  sites: z.array(voucherSiteSchema),
  devices_used: z.number().int(),
  data_used_mb: z.number(),
  /** First login; null while unused. */
  activated_at: z.string().nullable(),
  /** When its time runs out: first login + duration, or valid_until if sooner; null while unused. */
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const voucherDeviceSchema = z.object({
  /** AA:BB:CC:DD:EE:FF */
  mac: z.string(),
  bound_at: z.string(),
  /** Where it was first let in with this voucher. */
  site: voucherSiteSchema.nullable(),
  last_login_at: z.string().nullable(),
  /** Has a session that has not ended or run out. */
  online: z.boolean(),
});
export type VoucherDevice = z.infer<typeof voucherDeviceSchema>;

export const voucherSessionSchema = z.object({
  id: z.number().int(),
  site: voucherSiteSchema,
  mac: z.string().nullable(),
  started_at: z.string(),
  expires_at: z.string(),
  ended_at: z.string().nullable(),
  grant_status: z.string(),
  megabytes: z.number(),
});

export const voucherDetailsSchema = voucherSchema.extend({
  /** Minutes online so far, all sessions together. */
  used_minutes: z.number().int(),
  /** What is left of the duration (the whole duration while unused; 0 once expired). */
  minutes_left: z.number().int(),
  /** null: unlimited. */
  data_left_mb: z.number().nullable(),
  devices: z.array(voucherDeviceSchema),
  /** The latest 100 sessions, newest first. */
  sessions: z.array(voucherSessionSchema),
  can_write: z.boolean(),
});
export type VoucherDetails = z.infer<typeof voucherDetailsSchema>;

// ---------------------------------------------------------------------------------------------------
// Lists.

export const VOUCHER_SORT_FIELDS = [
  'created_at',
  'code',
  'batch_id',
  'activated_at',
  'expires_at',
  'valid_until',
  'duration',
  'num_devices',
  'data_limit',
] as const;
export const VOUCHER_SORT_DIRECTIONS = ['asc', 'desc'] as const;

const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
  /** Part of a code (with or without dashes), a Batch Id or words of the notes. */
  search: z.string().trim().max(100).default(''),
};

/** sort_by is the field, sort_on the direction. */
export const voucherListQuerySchema = z.object({
  ...pageFields,
  sort_by: z.enum(VOUCHER_SORT_FIELDS).default('created_at'),
  sort_on: z.enum(VOUCHER_SORT_DIRECTIONS).default('desc'),
  /** Only this batch (its database id). */
  batch: positiveIdParam.optional(),
});
export type VoucherListQuery = z.infer<typeof voucherListQuerySchema>;

const listMetadata = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** Null with billing off: no plan limits. */
  usage: voucherPlanUsageSchema.nullable(),
});

export const voucherListSchema = z.object({
  items: z.array(voucherSchema),
  metadata: listMetadata.extend({ status: z.enum(VOUCHER_LIST_STATUSES) }),
  /** Whether the signed-in user may change vouchers here (a Read Only client may not). */
  can_write: z.boolean(),
});
export type VoucherList = z.infer<typeof voucherListSchema>;

export const voucherBatchListQuerySchema = z.object(pageFields);
export const voucherBatchListSchema = z.object({
  items: z.array(voucherBatchSchema),
  metadata: listMetadata,
  can_write: z.boolean(),
});
export type VoucherBatchList = z.infer<typeof voucherBatchListSchema>;

export const VOUCHER_PAPERS = ['a4', 'letter'] as const;
/** Left out, the paper of the design. */
export const voucherPdfQuerySchema = z.object({ paper: z.enum(VOUCHER_PAPERS).optional() });

export const voucherDeviceParam = z
  .string()
  .trim()
  .max(32)
  .refine((v) => normalizeMac(v) !== null, 'Enter a MAC address such as AA:BB:CC:DD:EE:FF');

export const voucherDisconnectAnswerSchema = z.object({
  status: z.literal(200),
  message: z.string(),
  /** Whether the controller ended the device's access now (false: it runs out with its session). */
  revoked: z.boolean(),
  detail: z.string(),
});
export type VoucherDisconnectAnswer = z.infer<typeof voucherDisconnectAnswerSchema>;

// ---------------------------------------------------------------------------------------------------
// The designer: how printed cards look (one design per site and kind).

export { VOUCHER_CARDS_PER_PAGE };
export const VOUCHER_CARD_LANGUAGES = ['en-US', 'es-ES'] as const;

const text = (max: number) => z.string().trim().max(max);
/** '' for none, or a logo uploaded through the designer's logo call. */
const logoField = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^\/uploads\/[\w./-]+$/.test(v), VOUCHER_MESSAGES.logoNotUploaded)
  .refine((v) => !v.includes('..'), VOUCHER_MESSAGES.logoNotUploaded);
const qrBaseField = z
  .string()
  .trim()
  .max(200)
  .refine((v) => /^http:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:\/[\w.~%!$&'()*+,;=:@/-]*)?$/i.test(v), VOUCHER_MESSAGES.qrBaseUrl);

const designShape = {
  paper: z.enum(VOUCHER_PAPERS),
  cards_per_page: z.literal(VOUCHER_CARDS_PER_PAGE, VOUCHER_MESSAGES.cardsPerPage),
  /** The language of the card's own labels (Duration, Devices...). */
  language: z.enum(VOUCHER_CARD_LANGUAGES),
  background_color: colourField,
  border_color: colourField,
  text_color: colourField,
  /** The code and the heading. */
  accent_color: colourField,
  heading_text: text(60),
  instructions_text: text(300),
  footer_text: text(120),
  logo_image: logoField,
  show_code: z.boolean(),
  show_qr: z.boolean(),
  show_duration: z.boolean(),
  show_devices: z.boolean(),
  /** Speeds and data limit. */
  show_limits: z.boolean(),
  show_validity: z.boolean(),
  /** The site's name (multi-site: the sites'). */
  show_site: z.boolean(),
  show_batch: z.boolean(),
  show_notes: z.boolean(),
  /** The plain-HTTP address the QR code opens (see voucherQrUrl). */
  qr_base_url: qrBaseField,
};

export const voucherDesignSchema = z.object(designShape);
export type VoucherDesign = z.infer<typeof voucherDesignSchema>;
/** Any subset; fields left out keep their value. */
export const voucherDesignUpdateSchema = z.looseObject(designShape).partial().superRefine(rejectUnknown(designShape));
export type VoucherDesignUpdate = z.infer<typeof voucherDesignUpdateSchema>;

export const DEFAULT_VOUCHER_DESIGN: VoucherDesign = {
  paper: 'a4',
  cards_per_page: 10,
  language: 'en-US',
  background_color: '#ffffff',
  border_color: '#c5ced8',
  text_color: '#1f2933',
  accent_color: '#1565c0',
  heading_text: 'Wi-Fi voucher',
  instructions_text: 'Join the Wi-Fi network, then scan the QR code or enter the code on the login page.',
  footer_text: '',
  logo_image: '',
  show_code: true,
  show_qr: true,
  show_duration: true,
  show_devices: true,
  show_limits: true,
  show_validity: true,
  show_site: true,
  show_batch: false,
  show_notes: false,
  qr_base_url: DEFAULT_VOUCHER_QR_BASE_URL,
};

export const voucherLogoAnswerSchema = z.object({ filelink: z.string() });
