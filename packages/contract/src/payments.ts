import { z } from 'zod';
import { PASSWORD_MIN, emailField } from './common.ts';
import { MESSAGES } from './messages/common.ts';
import { PAYMENT_MESSAGES } from './messages/payments.ts';
import { fillMessage } from './messages/index.ts';
import { guestMacField } from './guest-accounts.ts';
import { BYTES_TYPES, DURATION_TYPES } from './splash.ts';

/**
 * Paid guest Wi-Fi (permission `payment`): the packages guests buy on the splash page, the operator's
 * Stripe connection, payment accounts and transactions. Site-scoped, under /s/{siteId}/api/v1/:
 *
 *   paymentloginconfig/packages            GET (active), POST (create)
 *   paymentloginconfig/packages/archived   GET
 *   paymentloginconfig/packages/order      POST {display_order: [ids]}
 *   paymentloginconfig/package/{id}        GET, PUT (id removed from body), DELETE
 *   paymentloginconfig/stripe              GET the connection (also merged into GET paymentloginconfig)
 *   paymentloginconfig/stripe/connect      POST: a Connect onboarding link (account link) to open
 *   paymentloginconfig/stripe/keys         PUT {payment_auth_field1, payment_auth_field2}: the operator's own keys
 *   paymentloginconfig/stripe/disconnect   PUT
 *   paymentaccount/                        GET list (page, per_page, search, fromdate, todate)
 *   paymentaccount/{id}                    GET, PUT; POST {id}/password, {id}/connect, {id}/disconnect/{mac},
 *                                          {id}/stoprecurring/{x}, {id}/startrecurring/{x},
 *                                          {id}/changerecurring/{x} {next_payment_on}, {id}/send/email, {id}/send/sms
 *   paymenttransactions/                   GET list (page, per_page, search, fromdate, todate)
 *   paymenttransactions/{id}               GET, PUT {num_devices, endtime}; POST {id}/resend/invoice,
 *                                          {id}/refund {disconnect_devices, reason_for_refund, comments, amount?}
 *
 * Money is in minor units of the site's currency (cents: 499 is 4.99 USD; 500 JPY is 500 yen) everywhere.
 * The platform's fee is the account plan's transaction_fee_percent of each payment, computed once when the
 * payment starts and stored with it.
 */

export const PACKAGE_STATUSES = ['active', 'archived', 'deleted'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export const TRANSACTION_KINDS = ['purchase', 'renewal', 'trial'] as const;
export const TRANSACTION_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** The spec's refund reasons: connectivity issues, duplicate transactions, no longer using. */
export const REFUND_REASONS = ['connectivity_issues', 'duplicate_transactions', 'no_longer_using'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const STRIPE_CONNECTION_MODES = ['connect', 'keys'] as const;

export { ZERO_DECIMAL_CURRENCIES, minorUnitDigits, minorToDecimal } from './currency.ts';
/** The platform's fee of a payment: percent of the amount, rounded half up to a minor unit. */
export const feeOf = (amount: number, percent: number) => Math.round((amount * percent) / 100);

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: MESSAGES.wholeNumber })
    .int(MESSAGES.wholeNumber)
    .min(min, fillMessage(MESSAGES.atLeast, { n: min }))
    .max(max, fillMessage(MESSAGES.atMost, { n: max }));

/** What a package (and so a purchase) gives: speeds in Kbps and data in MB/GB, 0 being unlimited. */
export const packageTermsShape = {
  duration_type: z.enum(DURATION_TYPES),
  duration_val: wholeNumber(1, 100_000),
  bytes_t: wholeNumber(0, 10_000_000),
  bytes_type: z.enum(BYTES_TYPES),
  speed_ul: wholeNumber(0, 10_000_000),
  speed_dl: wholeNumber(0, 10_000_000),
  /** Devices (distinct MACs) one purchase may use at once. */
  num_devices: wholeNumber(1, 100),
};
export const packageTermsSchema = z.object(packageTermsShape);
export type PackageTerms = z.infer<typeof packageTermsSchema>;

const packageEditableShape = {
  name: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(80),
  description: z.string().trim().max(500),
  /** Minor units; 0 only for a trial package. */
  price: wholeNumber(0, 100_000_000),
  ...packageTermsShape,
  recurring: z.boolean(),
};

/** POST packages: a paid package, or with is_trial a free one (price 0) limited by the daily trial limit. */
export const packageCreateSchema = z.object({
  ...packageEditableShape,
  description: packageEditableShape.description.default(''),
  bytes_t: packageEditableShape.bytes_t.default(0),
  bytes_type: packageEditableShape.bytes_type.default('MB'),
  speed_ul: packageEditableShape.speed_ul.default(0),
  speed_dl: packageEditableShape.speed_dl.default(0),
  num_devices: packageEditableShape.num_devices.default(1),
  recurring: packageEditableShape.recurring.default(false),
  is_trial: z.boolean().default(false),
});
export type PackageCreate = z.infer<typeof packageCreateSchema>;

/**
 * PUT package/{id}: any subset. `status` archives (archived) or restores (active) a package. Once guests
 * bought a package its price, terms and recurring flag cannot change (payments.packageSold).
 */
export const packageUpdateSchema = z
  .object({
    name: packageEditableShape.name,
    description: packageEditableShape.description,
    price: packageEditableShape.price,
    ...packageTermsShape,
    recurring: packageEditableShape.recurring,
    status: z.enum(['active', 'archived']),
  })
  .partial()
  .strict();
export type PackageUpdate = z.infer<typeof packageUpdateSchema>;

export const packageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  /** The site's currency (ISO 4217, upper case). */
  currency: z.string(),
  ...packageTermsShape,
  recurring: z.boolean(),
  is_trial: z.boolean(),
  status: z.enum(PACKAGE_STATUSES),
  display_order: z.number().int(),
  /** Successful transactions of this package: once above 0 its price and terms are fixed. */
  transactions_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Package = z.infer<typeof packageSchema>;

export const packageListSchema = z.object({ packages: z.array(packageSchema), can_write: z.boolean() });
export type PackageList = z.infer<typeof packageListSchema>;
export const packageOrderSchema = z.object({
  display_order: z.array(z.number().int().positive()).min(1).max(500),
});

// ---------------------------------------------------------------------------------------------------
// The Stripe connection, part of the payment settings (GET paymentloginconfig merges it in).

export const stripeConnectionSchema = z.object({
  /** The payment_connections row's id, or 0 when not connected. */
  id: z.number().int(),
  connected_to_stripe: z.boolean(),
  /** connect (Connect onboarding) or keys (pasted keys); null when not connected. */
  mode: z.enum(STRIPE_CONNECTION_MODES).nullable(),
  stripe_account_id: z.string().nullable(),
  /** Connect: onboarding is finished and the account can take payments. */
  charges_enabled: z.boolean(),
  livemode: z.boolean(),
  /** Where the "Connect with Stripe" button leads (starts the onboarding); '' when this server has no platform key. */
  stripe_connection_url: z.string(),
  /** Whether the keys fields are offered (always; Connect is offered beside them when the platform key is set). */
  show_stripe_keys: z.boolean(),
  /** The secret key, masked (`sk_test_…1234`), never whole; '' when none. */
  payment_auth_field1: z.string(),
  /** The publishable key. */
  payment_auth_field2: z.string(),
  /** The plan's fee on each payment, in percent (5, 3 or 1.5; 0 with billing off or pasted keys). */
  transaction_fee_percent: z.number(),
  /**
   * The guests' customer portal of the site (`<portal address>/guest/<portal key>/account`): they sign in with
   * their payment account to see their package, invoices and devices, and renew.
   */
  customer_portal_url: z.string(),
});
export type StripeConnection = z.infer<typeof stripeConnectionSchema>;

export const stripeKeysSchema = z.object({
  payment_auth_field1: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(255)
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, PAYMENT_MESSAGES.invalidSecretKey),
  payment_auth_field2: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(255)
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, PAYMENT_MESSAGES.invalidPublishableKey),
});
export const stripeConnectLinkSchema = z.object({ url: z.string() });

// ---------------------------------------------------------------------------------------------------
// Payment accounts.

export const PAYMENT_ACCOUNT_STATUSES = ['active', 'expired', 'unpaid'] as const;

export const paymentAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  fields: z.record(z.string(), z.string()),
  package_id: z.number().int().nullable(),
  package_name: z.string(),
  terms: packageTermsSchema.nullable(),
  status: z.enum(PAYMENT_ACCOUNT_STATUSES),
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  recurring: z.boolean(),
  next_payment_on: z.string().nullable(),
  has_card: z.boolean(),
  devices_count: z.number().int(),
  /** Paid in total, refunds deducted, in the site's currency. */
  total_paid: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;

export const paymentAccountDeviceSchema = z.object({
  mac: z.string(),
  source: z.enum(['login', 'operator']),
  bound_at: z.string(),
  last_login_at: z.string().nullable(),
  online: z.boolean(),
});

export const paymentAccountListSchema = z.object({
  items: z.array(paymentAccountSchema),
  metadata: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
  can_write: z.boolean(),
});
export type PaymentAccountList = z.infer<typeof paymentAccountListSchema>;

/** PUT paymentaccount/{id}: the guest's details. */
export const paymentAccountUpdateSchema = z
  .object({
    email: emailField,
    first_name: z.string().trim().max(80),
    last_name: z.string().trim().max(80),
    phone: z.string().trim().max(32),
  })
  .partial()
  .strict();
export const paymentAccountPasswordSchema = z.object({
  password: z.string({ error: MESSAGES.required }).min(PASSWORD_MIN, MESSAGES.passwordMin).max(200),
});
export const paymentAccountConnectSchema = z.object({ guestmac: guestMacField });
export const changeRecurringSchema = z.object({ next_payment_on: z.iso.datetime({ offset: true }).or(z.iso.date()) });

// ---------------------------------------------------------------------------------------------------
// Transactions.

export const refundSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.enum(REFUND_REASONS),
  comments: z.string(),
  disconnect_devices: z.boolean(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  created_at: z.string(),
});

export const transactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TRANSACTION_KINDS),
  status: z.enum(TRANSACTION_STATUSES),
  payment_account_id: z.number().int().nullable(),
  email: z.string(),
  package_id: z.number().int().nullable(),
  package_name: z.string(),
  terms: packageTermsSchema,
  amount: z.number().int(),
  currency: z.string(),
  fee_amount: z.number().int(),
  refunded: z.number().int(),
  mac: z.string().nullable(),
  num_devices: z.number().int(),
  endtime: z.string().nullable(),
  stripe_payment_intent_id: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunds: z.array(refundSchema),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListSchema = z.object({
  items: z.array(transactionSchema),
  metadata: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
  can_write: z.boolean(),
});
export type TransactionList = z.infer<typeof transactionListSchema>;

/** PUT paymenttransactions/{id}: more (or fewer) devices, a later (or earlier) end. */
export const transactionUpdateSchema = z
  .object({
    num_devices: packageTermsShape.num_devices,
    endtime: z.iso.datetime({ offset: true }),
  })
  .partial()
  .strict();

/** POST paymenttransactions/{id}/refund: `amount` (minor units) left out refunds what is left. */
export const refundRequestSchema = z.object({
  disconnect_devices: z.boolean().default(false),
  reason_for_refund: z.enum(REFUND_REASONS, { error: MESSAGES.required }),
  comments: z.string().trim().max(1000).default(''),
  amount: z.number().int().positive().optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/**
 * The hosts a guest's browser reaches before login to pay on the splash page (Stripe.js, the Payment
 * Element's frames and API calls, 3-D Secure, Stripe's fraud signals), from Stripe's list of its domains
 * (docs.stripe.com/ips): what each router's walled garden must allow on a site with the payment login.
 */
export const STRIPE_WALLED_GARDEN_HOSTS = [
  'js.stripe.com',
  'api.stripe.com',
  'hooks.stripe.com',
  'm.stripe.network',
  'm.stripe.com',
  'q.stripe.com',
  'r.stripe.com',
  'b.stripecdn.com',
  'hcaptcha.com',
] as const;

// ---------------------------------------------------------------------------------------------------
// Answers of the payment accounts' and transactions' actions.

/** GET/PUT paymentaccount/{id}: the account with its devices (online: an open guest session) and transactions. */
export const paymentAccountDetailsSchema = paymentAccountSchema.extend({
  devices: z.array(paymentAccountDeviceSchema),
  /** Newest first (the last 100). */
  transactions: z.array(transactionSchema),
  can_write: z.boolean(),
});
export type PaymentAccountDetails = z.infer<typeof paymentAccountDetailsSchema>;

/**
 * POST paymentaccount/{id}/connect: the device is bound; `access` says whether the controller let it in now
 * (granted_now), will when it next arrives at the splash page (on_next_arrival), or refused (grant_failed, with
 * its reason in `detail`).
 */
export const paymentAccountConnectAnswerSchema = z.object({
  device: paymentAccountDeviceSchema,
  access: z.enum(['granted_now', 'on_next_arrival', 'grant_failed']),
  detail: z.string(),
});
/** POST paymentaccount/{id}/disconnect/{mac}: whether the controller ended the device's access, and why not. */
export const paymentAccountDisconnectAnswerSchema = z.object({
  status: z.literal(200),
  message: z.string(),
  revoked: z.boolean(),
  detail: z.string(),
});
/** Recurring changes and sends: a message and the account as it is now. */
export const paymentAccountActionAnswerSchema = z.object({
  status: z.literal(200),
  message: z.string(),
  account: paymentAccountSchema,
});
/** POST paymenttransactions/{id}/refund: 'Refund filed' and the transaction with its refunds. */
export const refundAnswerSchema = z.object({
  status: z.literal(200),
  message: z.string(),
  transaction: transactionSchema,
});
/** POST paymenttransactions/{id}/resend/invoice. */
export const invoiceSentAnswerSchema = z.object({ status: z.literal(200), message: z.string() });
