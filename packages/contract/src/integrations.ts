import { z } from 'zod';
import { MESSAGES } from './messages/common.ts';
import { INTEGRATION_MESSAGES } from './messages/integrations.ts';

/**
 * Integrations (permission `integrations`): each site's guests with marketing consent sent to the
 * operator's CRM and email-marketing tools, and erased there too. Site-scoped, under /s/{siteId}/api/v1/:
 *
 *   integrations                                 GET every integration of the site with its state
 *   integrations/{kind}                          GET one (settings with secrets as hints, field map, connection)
 *   integrations/{kind}                          PUT {settings?, field_map?, enabled?}: a secret left empty keeps the stored one
 *   integrations/{kind}                          DELETE: forgets its settings and tokens (the delivery log stays 30 days)
 *   integrations/{kind}/test                     POST {settings?}: a harmless real call with these settings (stored
 *                                                secrets where a field is empty); answers what was wrong, and the
 *                                                vendor's lists when it has some
 *   integrations/{kind}/deliveries               GET the delivery log of the last 30 days (page, per_page, status)
 *   integrations/{kind}/deliveries/{id}/resend   POST: a parked delivery queued again
 *   integrations/{kind}/deliveries/resend-parked POST: every parked delivery queued again
 *   integrations/{kind}/backfill                 POST {since?}: the guests from before it was turned on (or since) queued
 *   integrations/{kind}/oauth                    POST: the vendor's authorization address to send the browser to
 *                                                (HubSpot, Mailchimp, where the server has their OAuth client)
 *
 * Account-scoped: /a/api/v1/integrations/oauth/callback GET ?code&state, where the vendor sends the
 * browser back; it stores the tokens and goes on to /app/settings-view/{kind}/connection.
 *
 * Dashboard pages: /app/settings-view/integrations, /app/settings-view/integrations/inactive,
 * /app/settings-view/{kind} and, for the kinds with a connection, /app/settings-view/{kind}/connection.
 */

/** The spec's integrations, in its order. */
export const INTEGRATION_KINDS = [
  'hubspot', 'campaignmonitor', 'placewise', 'smartmembership', 'dotdigital', 'emma', 'mailchimp', 'revinate',
  'airship', 'access_crm', 'mailjet', 'mailrelay', 'msteams', 'webhook', 'zonal', 'klaviyo', 'icontact', 'mryum',
  'customerio',
] as const; // prettier-ignore
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** The spec's integration form fields ('required' each, where the kind uses them). */
export const INTEGRATION_FIELDS = [
  'url', 'api_key', 'private_key', 'public_key', 'account_id', 'region_id', 'username', 'collection_name',
  'address_book_id', 'list_id', 'data_template', 'attributes', 'venue_id', 'business_unit_id', 'sub_status', 'tags',
  'sms_gateway',
] as const; // prettier-ignore
export type IntegrationField = (typeof INTEGRATION_FIELDS)[number];

/**
 * How a kind reaches its vendor: `api` its documented API; `signed_post` a signed JSON POST to the URL
 * the operator enters (vendors that publish no API: the page says so); `webhook` our own signed
 * webhook; `teams` a Microsoft Teams Workflows webhook (login notices, no contacts).
 */
export type IntegrationTransport = 'api' | 'signed_post' | 'webhook' | 'teams';

/** How the /connection subpage connects: the vendor's OAuth (token also accepted), or a token only. */
export type IntegrationConnection = 'oauth' | 'token' | null;

export interface IntegrationFieldSpec {
  name: IntegrationField;
  /** Stored sealed, shown as a hint, never sent back whole. */
  secret: boolean;
  /** Required unless the integration is connected by OAuth (`unlessOAuth`). */
  required: boolean | 'unlessOAuth';
  /** The choices when the field is a pick (regions). */
  options?: readonly string[];
}

export interface IntegrationDescriptor {
  kind: IntegrationKind;
  /** The vendor's name as users know it. */
  name: string;
  transport: IntegrationTransport;
  connection: IntegrationConnection;
  fields: readonly IntegrationFieldSpec[];
  /** The vendor's API can remove (or forget) a contact: erasure reaches it. */
  erases: boolean;
  /** The vendor's API can unsubscribe a contact: a withdrawn consent reaches it. */
  unsubscribes: boolean;
  /** Whether the field map applies (Teams posts a notice, not a contact). */
  maps: boolean;
}

const f = (name: IntegrationField, opts: Partial<Omit<IntegrationFieldSpec, 'name'>> = {}): IntegrationFieldSpec => ({
  name,
  secret: name === 'api_key' || name === 'private_key',
  required: true,
  ...opts,
});

export const DOTDIGITAL_REGIONS = ['r1', 'r2', 'r3'] as const;
export const CUSTOMERIO_REGIONS = ['us', 'eu'] as const;

const signedPost = (
  kind: IntegrationKind,
  name: string,
  fields: IntegrationFieldSpec[],
  connection: IntegrationConnection = null,
) => ({ kind, name, transport: 'signed_post', connection, fields, erases: true, unsubscribes: true, maps: true }) as const;

/** Each integration: its vendor, how it connects, and the fields its form asks for. */
export const INTEGRATIONS: Record<IntegrationKind, IntegrationDescriptor> = {
  hubspot: {
    kind: 'hubspot', name: 'HubSpot', transport: 'api', connection: 'oauth',
    fields: [f('api_key', { required: 'unlessOAuth' }), f('list_id', { required: false })],
    erases: true, unsubscribes: true, maps: true,
  },
  campaignmonitor: {
    kind: 'campaignmonitor', name: 'Campaign Monitor', transport: 'api', connection: null,
    fields: [f('api_key'), f('list_id')], erases: true, unsubscribes: true, maps: true,
  },
  placewise: signedPost('placewise', 'Placewise', [f('url'), f('api_key'), f('venue_id')]),
  smartmembership: signedPost('smartmembership', 'Smart Membership', [f('url'), f('api_key'), f('account_id'), f('sms_gateway', { required: false })]),
  dotdigital: {
    kind: 'dotdigital', name: 'dotdigital', transport: 'api', connection: null,
    fields: [f('region_id', { options: DOTDIGITAL_REGIONS }), f('username'), f('private_key'), f('address_book_id')],
    erases: true, unsubscribes: true, maps: true,
  },
  emma: {
    kind: 'emma', name: 'Emma', transport: 'api', connection: null,
    fields: [f('account_id'), f('public_key'), f('private_key'), f('list_id', { required: false })],
    erases: true, unsubscribes: true, maps: true,
  },
  mailchimp: {
    kind: 'mailchimp', name: 'Mailchimp', transport: 'api', connection: 'oauth',
    fields: [f('api_key', { required: 'unlessOAuth' }), f('list_id'), f('tags', { required: false })],
    erases: true, unsubscribes: true, maps: true,
  },
  revinate: signedPost('revinate', 'Revinate', [f('url'), f('api_key'), f('sub_status')]),
  airship: {
    kind: 'airship', name: 'Airship', transport: 'api', connection: 'token',
    fields: [f('username'), f('private_key'), f('account_id'), f('collection_name', { required: false }), f('data_template', { required: false })],
    erases: true, unsubscribes: true, maps: true,
  },
  access_crm: signedPost('access_crm', 'Access CRM', [f('url'), f('api_key'), f('business_unit_id')], 'token'),
  mailjet: {
    kind: 'mailjet', name: 'Mailjet', transport: 'api', connection: null,
    fields: [f('public_key'), f('private_key'), f('list_id')], erases: true, unsubscribes: true, maps: true,
  },
  mailrelay: {
    kind: 'mailrelay', name: 'Mailrelay', transport: 'api', connection: null,
    fields: [f('url'), f('api_key'), f('list_id')], erases: true, unsubscribes: true, maps: true,
  },
  msteams: {
    kind: 'msteams', name: 'Microsoft Teams', transport: 'teams', connection: null,
    fields: [f('url', { secret: true })], erases: false, unsubscribes: false, maps: false,
  },
  webhook: {
    kind: 'webhook', name: 'Webhook', transport: 'webhook', connection: null,
    fields: [f('url'), f('private_key')], erases: true, unsubscribes: true, maps: true,
  },
  zonal: signedPost('zonal', 'Zonal', [f('url'), f('api_key'), f('business_unit_id'), f('venue_id', { required: false })]),
  klaviyo: {
    kind: 'klaviyo', name: 'Klaviyo', transport: 'api', connection: null,
    fields: [f('private_key'), f('list_id')], erases: true, unsubscribes: true, maps: true,
  },
  icontact: {
    kind: 'icontact', name: 'iContact', transport: 'api', connection: null,
    fields: [f('api_key'), f('username'), f('private_key'), f('account_id'), f('list_id')],
    erases: true, unsubscribes: true, maps: true,
  },
  mryum: signedPost('mryum', 'Mr Yum', [f('url'), f('api_key'), f('venue_id')], 'token'),
  customerio: {
    kind: 'customerio', name: 'Customer.io', transport: 'api', connection: null,
    fields: [f('region_id', { options: CUSTOMERIO_REGIONS }), f('account_id'), f('api_key'), f('attributes', { required: false })],
    erases: true, unsubscribes: true, maps: true,
  },
}; // prettier-ignore

/** The kinds with a /connection subpage. */
export const CONNECTION_KINDS = INTEGRATION_KINDS.filter((k) => INTEGRATIONS[k].connection !== null);

/** What the field map can send: the guest's own fields and the visit's; `custom:<title>` for a custom field. */
export const GUEST_SOURCE_FIELDS = [
  'email', 'first_name', 'last_name', 'phone', 'gender', 'birthday', 'country', 'postcode', 'site_name', 'visits',
  'first_seen', 'last_seen', 'login_method',
] as const; // prettier-ignore
export type GuestSourceField = (typeof GUEST_SOURCE_FIELDS)[number];
const sourceField = z.union([
  z.enum(GUEST_SOURCE_FIELDS),
  z.string().regex(/^custom:.{1,120}$/, INTEGRATION_MESSAGES.unknownSourceField),
]);

/** One line of the field map: a guest field to the vendor's field (its property, merge tag or data field). */
export const fieldMapEntrySchema = z.object({
  source: sourceField,
  target: z.string().trim().min(1, MESSAGES.required).max(100),
});
export type FieldMapEntry = z.infer<typeof fieldMapEntrySchema>;
export const fieldMapSchema = z.array(fieldMapEntrySchema).max(50);

/** Every integration's form values, all strings; the kind says which are used and which are required. */
export const integrationSettingsSchema = z
  .object(Object.fromEntries(INTEGRATION_FIELDS.map((k) => [k, z.string().trim().max(2000).optional()])))
  .partial() as z.ZodType<Partial<Record<IntegrationField, string>>>;
export type IntegrationSettings = Partial<Record<IntegrationField, string>>;

/** Unknown keys are refused (a misspelt field would otherwise save nothing and say nothing). */
export const integrationUpdateSchema = z.strictObject({
  settings: integrationSettingsSchema.optional(),
  field_map: fieldMapSchema.optional(),
  enabled: z.boolean().optional(),
});
export type IntegrationUpdate = z.infer<typeof integrationUpdateSchema>;

export const integrationTestSchema = z.strictObject({ settings: integrationSettingsSchema.optional() });

/** inactive: not turned on (or never set); active: on and delivering; failing: on, and its last calls failed. */
export const INTEGRATION_STATES = ['active', 'inactive', 'failing'] as const;
export type IntegrationState = (typeof INTEGRATION_STATES)[number];

export const integrationSummarySchema = z.object({
  kind: z.enum(INTEGRATION_KINDS),
  name: z.string(),
  state: z.enum(INTEGRATION_STATES),
  configured: z.boolean(),
  enabled: z.boolean(),
  last_error: z.string().nullable(),
  /** Delivered and parked in the last 30 days. */
  delivered_30d: z.number().int(),
  parked_30d: z.number().int(),
});
export type IntegrationSummary = z.infer<typeof integrationSummarySchema>;

export const integrationDetailsSchema = integrationSummarySchema.extend({
  /** The form values; a secret field holds its hint ('••••1a2b') or '' when not set. */
  settings: z.record(z.string(), z.string()),
  /** Which secret fields are set. */
  secrets_set: z.array(z.enum(INTEGRATION_FIELDS)),
  field_map: fieldMapSchema,
  /** The default field map of this vendor (the form's "Reset"). */
  default_field_map: fieldMapSchema,
  /** The guest fields the site collects, custom ones included, for the field map's choices. */
  source_fields: z.array(z.string()),
  connection: z.object({
    /** oauth: connected through the vendor's authorization; token: by the key in the settings. */
    method: z.enum(['oauth', 'token']).nullable(),
    /** The vendor's account as it names it (portal id, login, account name), once connected. */
    account: z.string().nullable(),
    /** Whether this server can connect by OAuth to this vendor (its client id and secret are set). */
    oauth_available: z.boolean(),
  }),
  enabled_at: z.string().nullable(),
  /** signed_post and webhook: how the receiver checks our signature (header names and algorithm). */
  signature: z.object({ header: z.string(), algorithm: z.literal('HMAC-SHA256') }).nullable(),
});
export type IntegrationDetails = z.infer<typeof integrationDetailsSchema>;

export const integrationTestResultSchema = z.object({
  ok: z.boolean(),
  /** What the vendor said, in our words ('The API key was refused', 'No list with id …'). */
  message: z.string(),
  /** The vendor's lists (audiences, address books, groups) to choose from, when it has some. */
  lists: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  /** The vendor's account as it names it. */
  account: z.string().nullable().optional(),
});
export type IntegrationTestResult = z.infer<typeof integrationTestResultSchema>;

/** upsert: the contact created or updated; unsubscribe: a withdrawn consent; erase: a deleted guest; login: a webhook or Teams notice. */
export const DELIVERY_ACTIONS = ['upsert', 'unsubscribe', 'erase', 'login'] as const;
export type DeliveryAction = (typeof DELIVERY_ACTIONS)[number];
export const DELIVERY_STATUSES = ['queued', 'sending', 'retrying', 'delivered', 'parked', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliverySchema = z.object({
  id: z.number().int(),
  guest_id: z.number().int().nullable(),
  /** The guest's email or phone (masked once the guest is erased). */
  guest: z.string(),
  action: z.enum(DELIVERY_ACTIONS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** When it was queued, and when it was last tried. */
  created_at: z.string(),
  updated_at: z.string(),
  next_attempt_at: z.string().nullable(),
  /** The vendor's HTTP status and answer (shortened), or why it was parked or skipped. */
  http_status: z.number().int().nullable(),
  answer: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(DELIVERY_STATUSES).optional(),
});

export const deliveryListSchema = z.object({
  items: z.array(deliverySchema),
  metadata: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export type DeliveryList = z.infer<typeof deliveryListSchema>;

export const backfillSchema = z.strictObject({ since: z.iso.datetime({ offset: true }).optional() });
export const queuedResultSchema = z.object({ status: z.literal(200), message: z.string(), queued: z.number().int() });
export const oauthStartResultSchema = z.object({ url: z.string() });

/** The header our signed POSTs carry: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'Splashboard-Signature';
/** How old a signature the README tells receivers to accept. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** How long the delivery log keeps a delivery. */
export const DELIVERY_LOG_DAYS = 30;
