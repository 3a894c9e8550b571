import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PackageTerms } from '@splashboard/contract';
import { accounts, users } from './accounts.ts';
import { sites } from './sites.ts';

/**
 * How a site takes guests' money: its operator's own Stripe account, either connected to the platform
 * (Connect: mode `connect`, charges made with the platform's key and the `Stripe-Account` header, the
 * plan's fee kept as an application fee) or by the keys pasted in the payment settings (mode `keys`: the
 * operator's secret key, sealed, and a webhook endpoint made on their account). One row per site at most;
 * disconnecting deletes it (transactions keep the Stripe account they were made on).
 */
export const paymentConnections = pgTable(
  'payment_connections',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** connect or keys. */
    mode: text('mode').notNull(),
    /** acct_… (connect: the connected account; keys: the account the key belongs to). */
    stripeAccountId: text('stripe_account_id').notNull(),
    /** Connect: onboarding finished and Stripe lets the account take charges. */
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    livemode: boolean('livemode').notNull().default(false),
    /** keys: the operator's secret key, sealed with the server's secret key. */
    secretKeyEnc: text('secret_key_enc'),
    publishableKey: text('publishable_key').notNull().default(''),
    /** keys: the webhook endpoint made on the operator's account, and its signing secret (sealed). */
    webhookEndpointId: text('webhook_endpoint_id'),
    webhookSecretEnc: text('webhook_secret_enc'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_connections_site_key').on(t.siteId),
    index('payment_connections_stripe_account_idx').on(t.stripeAccountId),
  ],
);

/**
 * A package guests buy (or, `isTrial`, get free within the site's daily trial limit). Prices are in the
 * site's currency's minor units. Status active, archived or deleted (a deleted package is hidden
 * everywhere but kept for the transactions that name it).
 */
export const paymentPackages = pgTable(
  'payment_packages',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Minor units (cents); 0 for a trial package. */
    price: integer('price').notNull(),
    currency: text('currency').notNull(),
    durationType: text('duration_type').notNull(),
    durationVal: integer('duration_val').notNull(),
    /** Data for the whole purchase in bytesType units; 0 is unlimited. */
    bytesT: integer('bytes_t').notNull().default(0),
    bytesType: text('bytes_type').notNull().default('MB'),
    speedUl: integer('speed_ul').notNull().default(0),
    speedDl: integer('speed_dl').notNull().default(0),
    numDevices: integer('num_devices').notNull().default(1),
    isTrial: boolean('is_trial').notNull().default(false),
    /** The payment account is charged again at the end of each duration until recurring payments stop. */
    recurring: boolean('recurring').notNull().default(false),
    /** active, archived or deleted. */
    status: text('status').notNull().default('active'),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_packages_site_idx').on(t.siteId, t.status, t.displayOrder)],
);

/**
 * A guest's payment account at a site: made at their first purchase, signed in to with its email and
 * password to get back online on another device (within the package's devices) and in the customer
 * portal. The package bought last and when it ends; recurring payments charge its saved card.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Lower-case; unique per site. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** The other account login fields the guest filled in, by field name. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    packageId: integer('package_id').references(() => paymentPackages.id, { onDelete: 'set null' }),
    /** What the current package gives (copied at purchase, changed by "update" on a transaction). */
    terms: jsonb('terms').$type<PackageTerms>(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    recurring: boolean('recurring').notNull().default(false),
    nextPaymentOn: timestamp('next_payment_on', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    lang: text('lang').notNull().default('en'),
    /** The expiry the guest was last reminded of (one reminder per expiry). */
    expiryRemindedFor: timestamp('expiry_reminded_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_accounts_site_email_key').on(t.siteId, t.email),
    index('payment_accounts_site_created_idx').on(t.siteId, t.createdAt),
  ],
);

/** A device (MAC) of a payment account; a MAC belongs to one payment account per site. */
export const paymentAccountDevices = pgTable(
  'payment_account_devices',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    paymentAccountId: integer('payment_account_id')
      .notNull()
      .references(() => paymentAccounts.id, { onDelete: 'cascade' }),
    /** Lower-case `aa:bb:cc:dd:ee:ff`. */
    mac: text('mac').notNull(),
    /** login (the guest paid or signed in on it) or operator (connected from the dashboard). */
    source: text('source').notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_account_devices_site_mac_key').on(t.siteId, t.mac),
    index('payment_account_devices_account_idx').on(t.paymentAccountId),
  ],
);

/**
 * One payment (or free trial) for a package. Made `pending` when the guest starts paying (with the
 * PaymentIntent), then `succeeded` exactly once (the portal's return or Stripe's webhook, whichever comes
 * first, under the row's lock) or `failed`/`canceled`. Amounts in minor units; the platform's fee is
 * computed once, when the intent is made, and stored. Refunds are rows of payment_refunds; `refunded` is
 * their sum.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    paymentAccountId: integer('payment_account_id').references(() => paymentAccounts.id, { onDelete: 'set null' }),
    packageId: integer('package_id').references(() => paymentPackages.id, { onDelete: 'set null' }),
    /** The package as bought (name and terms), so later edits or deletion do not change the record. */
    packageName: text('package_name').notNull(),
    terms: jsonb('terms').$type<PackageTerms>().notNull(),
    /** purchase, renewal (a recurring charge) or trial. */
    kind: text('kind').notNull(),
    /** pending, succeeded, failed or canceled. */
    status: text('status').notNull().default('pending'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The platform's fee in minor units (Connect: the application fee), and the percent it came from. */
    feeAmount: integer('fee_amount').notNull().default(0),
    feePercent: text('fee_percent').notNull().default('0'),
    refunded: integer('refunded').notNull().default(0),
    stripeAccountId: text('stripe_account_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeChargeId: text('stripe_charge_id'),
    /** The device that paid, and how many devices and until when the purchase gives access. */
    mac: text('mac'),
    numDevices: integer('num_devices').notNull(),
    endtime: timestamp('endtime', { withTimezone: true }),
    failureMessage: text('failure_message').notNull().default(''),
    /**
     * A guest finishing the payment in another browser (a wallet, a bank app) is let in briefly first:
     * that session, ended when this time passes without the payment (by the controller or a RADIUS Disconnect).
     */
    preGrantSessionId: bigint('pre_grant_session_id', { mode: 'number' }),
    preGrantEndsAt: timestamp('pre_grant_ends_at', { withTimezone: true }),
    /**
     * The guest's checkout on the portal (portal/checkout): the payment account to make or find when the
     * payment succeeds (its password already hashed), the guest's signed pass for the grant, and how the
     * device fared. Null for transactions not made by the portal.
     */
    checkout: jsonb('checkout').$type<CheckoutState>(),
    /** When the guest was let in for this payment (once: the portal's return and the webhook race). */
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the purchase's notifications (operator, webhook, guest) were sent: once per transaction. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_transactions_intent_key').on(t.stripePaymentIntentId),
    index('payment_transactions_site_created_idx').on(t.siteId, t.createdAt),
    index('payment_transactions_site_paid_idx').on(t.siteId, t.paidAt),
    index('payment_transactions_payment_account_idx').on(t.paymentAccountId),
    // The pre-grants' sweep (every minute) reads only the pending ones that have a pre-grant.
    index('payment_transactions_pre_grant_idx')
      .on(t.preGrantEndsAt)
      .where(sql`${t.status} = 'pending' and ${t.preGrantEndsAt} is not null`),
  ],
);

/** What the portal's checkout keeps on its transaction until (and after) the payment succeeds. */
export interface CheckoutState {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  fields: Record<string, string>;
  lang: string;
  /**
   * The guest's signed portal pass (the site, device and gateway the grant goes to). The grant is made by the
   * guest's return page with the pass in its address; this copy is for a grant without the guest's browser.
   */
  pass: string;
  /** The payment account's Stripe customer on the site's account. */
  customerId: string | null;
  /** The package renews by itself (the card is saved for it). */
  recurring?: boolean;
  /** The device's slot once the payment succeeded: bound, or full (the payment was refunded). */
  slot?: 'bound' | 'full';
}

/** A refund of a transaction (full or partial), with the operator's reason and comments. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    comments: text('comments').notNull().default(''),
    disconnectDevices: boolean('disconnect_devices').notNull().default(false),
    stripeRefundId: text('stripe_refund_id'),
    /** pending, succeeded or failed (as Stripe says). */
    status: text('status').notNull().default('pending'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_stripe_refund_key').on(t.stripeRefundId),
    index('payment_refunds_site_created_idx').on(t.siteId, t.createdAt),
    index('payment_refunds_transaction_idx').on(t.transactionId),
  ],
);

/** Each Stripe event of a connected or pasted-keys account the payments webhook applied (once only). */
export const paymentStripeEvents = pgTable('payment_stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  stripeAccountId: text('stripe_account_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
