import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex, index, primaryKey } from 'drizzle-orm/pg-core';

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull().default(''),
  deploymentType: text('deployment_type').notNull().default('other'),
  deploymentTypeOtherText: text('deployment_type_other_text').notNull().default(''),
  accountType: text('account_type').notNull().default('business'),
  forYourOwn: boolean('for_your_own').notNull().default(true),
  planType: text('plan_type'),
  subscriptionStatus: text('subscription_status').notNull().default('trialing'),
  billingCycle: text('billing_cycle').notNull().default('monthly'),
  trialEnd: timestamp('trial_end', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  cardUpdatedRequired: boolean('card_updated_required').notNull().default(false),
  /** The start of the paid (or trial) period the plan's limits are counted in. */
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  /** Stripe's own status of the subscription (trialing, active, past_due, unpaid, canceled, incomplete...). */
  stripeStatus: text('stripe_status'),
  cancelReason: text('cancel_reason'),
  cancelComments: text('cancel_comments'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('admin'),
    /** 'invited' until the emailed invitation is accepted (it cannot sign in), then 'active'. */
    status: text('status').notNull().default('active'),
    billingAccess: boolean('billing_access').notNull().default(true),
    emailVerified: boolean('email_verified').notNull().default(false),
    language: text('language').notNull().default('en-US'),
    tfEnabled: boolean('tf_enabled').notNull().default(false),
    tfSecretEnc: text('tf_secret_enc'),
    tfPendingSecretEnc: text('tf_pending_secret_enc'),
    tfLastCounter: integer('tf_last_counter'),
    apiKeyHash: text('api_key_hash'),
    apiKeyPrefix: text('api_key_prefix'),
    apiKeyCreatedAt: timestamp('api_key_created_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_api_key_hash_key').on(t.apiKeyHash),
    index('users_account_idx').on(t.accountId),
  ],
);

/** An invited client's access level to one area of one site. */
export const clientSiteAccess = pgTable(
  'client_site_access',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull(),
    area: text('area').notNull(),
    level: text('level').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId, t.area] })],
);

/**
 * A sign-in identity of a user at an outside provider (provider 'google': subject is the ID token's `sub`),
 * linked once the provider vouched for the user's email.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);
