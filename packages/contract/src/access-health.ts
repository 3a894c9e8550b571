import { z } from 'zod';

/**
 * What became of a grant: pending (recorded, the gateway not asked or not answered yet), granted (the
 * guest's browser was sent to the gateway, which has not confirmed), confirmed (the controller said yes,
 * or the gateway reported the session), failed (the controller refused or could not be reached).
 */
export const GRANT_STATUSES = ['pending', 'granted', 'confirmed', 'failed'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

/** `unconfirmed` is pending and granted together: what an operator waits on. */
export const GRANT_FILTERS = ['all', 'failed', 'unconfirmed', ...GRANT_STATUSES] as const;
export type GrantFilter = (typeof GRANT_FILTERS)[number];

/** Why a grant failed, as the controller adapter classed it (the dashboard words each). */
export const GRANT_REASONS = [
  'not_configured',
  'unreachable',
  'timeout',
  'tls',
  'invalid_credentials',
  'needs_super_admin',
  'rejected',
  'bad_response',
  'bad_arrival',
  'unsupported',
  'limits',
  'other',
] as const;
export type GrantReason = (typeof GRANT_REASONS)[number];

/**
 * A login's limits a gateway can leave to itself: session length, upload and download rate, data quota.
 * Only the limits the login set (a rate or quota of 0 is none) are ever named.
 */
export const GRANT_LIMITS = ['session_length', 'upload_rate', 'download_rate', 'data_quota'] as const;
export type GrantLimit = (typeof GRANT_LIMITS)[number];

/** One limit the gateway does not enforce, worded by a message code of the `accessHealth` catalogue. */
export const unenforcedLimitSchema = z.object({
  limit: z.enum(GRANT_LIMITS),
  /** `accessHealth.sessionLength`, `accessHealth.uploadRate`, `accessHealth.downloadRate` or `accessHealth.dataQuota`. */
  code: z.string(),
  /** The code's English text with its values. */
  message: z.string(),
  /** The login's value: `minutes`, `kbps` or `mb`. */
  params: z.record(z.string(), z.number()),
});
export type UnenforcedLimit = z.infer<typeof unenforcedLimitSchema>;

export const grantListQuerySchema = z.object({
  status: z.enum(GRANT_FILTERS).default('all'),
  /** How far back, in days. */
  days: z.coerce.number().int().min(1).max(90).default(7),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
});

export const grantSchema = z.object({
  session_id: z.number().int(),
  started_at: z.string(),
  confirmed_at: z.string().nullable(),
  mac: z.string().nullable(),
  ap_mac: z.string().nullable(),
  method: z.string(),
  family: z.string(),
  status: z.enum(GRANT_STATUSES),
  /** Null unless something is wrong or partial. */
  reason: z.enum(GRANT_REASONS).nullable(),
  /** The controller's own words (English, as it answered). */
  detail: z.string(),
  /** With reason `limits`: which of the login's limits the gateway does not enforce (empty for grants recorded before it was kept). */
  unenforced: z.array(unenforcedLimitSchema),
});
export type Grant = z.infer<typeof grantSchema>;

export const grantListSchema = z.object({
  /** Grants per status over the whole window, whatever the filter. */
  summary: z.object({ pending: z.number(), granted: z.number(), confirmed: z.number(), failed: z.number() }),
  items: z.array(grantSchema),
  metadata: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
  timezone: z.string(),
});
export type GrantList = z.infer<typeof grantListSchema>;
