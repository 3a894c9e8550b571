import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { sites } from './sites.ts';
import { guests } from './guests.ts';

/**
 * An email campaign of a site: the spec's draft fields (snake_case as the spec names them) and ours.
 * Deleted campaigns keep their row (deleted_at) so that their recipients' history stays readable.
 */
export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    templateId: text('template_id'),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    active: boolean('active').notNull().default(false),
    campaignType: text('campaign_type').notNull().default('email'),
    triggerType: text('trigger_type').notNull().default('connect'),
    triggerParam: integer('trigger_param').notNull().default(1),
    triggerParamType: text('trigger_param_type').notNull().default('days'),
    emailType: text('email_type').notNull().default('Html'),
    /** Sanitised when stored; merge fields ({{first_name}}) are filled per recipient when sent. */
    campaignHtml: text('campaign_html').notNull().default(''),
    campaignJson: jsonb('campaign_json').$type<Record<string, unknown>>().notNull().default({}),
    plainText: text('plain_text').notNull().default(''),
    runNow: boolean('run_now').notNull().default(true),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    sendingFrequency: text('sending_frequency').notNull().default('only_once'),
    sendingPeriodDays: integer('sending_period_days').notNull().default(30),
    trackOpens: boolean('track_opens').notNull().default(true),
    trackClicks: boolean('track_clicks').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('email_campaigns_site_idx').on(t.siteId, t.createdAt),
    // The trigger run reads only live campaigns.
    index('email_campaigns_live_idx')
      .on(t.triggerType, t.siteId)
      .where(sql`${t.active} and ${t.deletedAt} is null`),
  ],
);

/**
 * One email of a campaign to one guest. `period_key` makes the sending frequency a unique key: '' for
 * Only Once, the period's number for Maximum once per period; a guest picked twice for the same key
 * is inserted once (on conflict do nothing), however many trigger runs race.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    /** Null for a test send to the operator, or once the guest was deleted. */
    guestId: bigint('guest_id', { mode: 'number' }).references(() => guests.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    periodKey: text('period_key').notNull().default(''),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    /** The Message-ID the mail server accepted. */
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_recipients_once_key')
      .on(t.campaignId, t.guestId, t.periodKey)
      .where(sql`${t.guestId} is not null`),
    index('campaign_recipients_campaign_idx').on(t.campaignId, t.status),
    index('campaign_recipients_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/** Addresses that unsubscribed from a site's campaigns (lower case): never emailed again by any of them. */
export const campaignUnsubscribes = pgTable(
  'campaign_unsubscribes',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The email it came from (null: the guest withdrew consent elsewhere). */
    recipientId: bigint('recipient_id', { mode: 'number' }),
    /** one_click (RFC 8058 POST), page (the link opened in a browser), consent_withdrawn. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.email] })],
);

/** A site's marketing settings (no row: the defaults, opt-in type single). */
export const campaignSiteSettings = pgTable('campaign_site_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  accountId: integer('account_id').notNull(),
  optInType: text('opt_in_type').notNull().default('single'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Double opt-in: a guest's marketing consent awaiting (or given) confirmation by the link emailed to them.
 * Only the token's hash is kept.
 */
export const campaignOptIns = pgTable(
  'campaign_opt_ins',
  {
    guestId: bigint('guest_id', { mode: 'number' })
      .primaryKey()
      .references(() => guests.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('campaign_opt_ins_token_key').on(t.tokenHash)],
);

/** An account's own mail server for its campaigns; the password sealed with the secret key. */
export const accountMailSettings = pgTable('account_mail_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  smtpHost: text('smtp_host').notNull().default(''),
  smtpPort: integer('smtp_port').notNull().default(587),
  smtpSecurity: text('smtp_security').notNull().default('starttls'),
  smtpUsername: text('smtp_username').notNull().default(''),
  smtpPasswordEnc: text('smtp_password_enc'),
  fromName: text('from_name').notNull().default(''),
  fromEmail: text('from_email').notNull().default(''),
  sendRatePerMinute: integer('send_rate_per_minute').notNull().default(600),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A splash-page ad of a site: the spec's fields (snake_case in the API). Deleted ads keep their row (deleted_at). */
export const splashAds = pgTable(
  'splash_ads',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    templateId: text('template_id'),
    name: text('name').notNull(),
    /** Sanitised when stored. */
    splashadHtml: text('splashad_html').notNull().default(''),
    splashadJson: jsonb('splashad_json').$type<Record<string, unknown>>().notNull().default({}),
    linkUrl: text('link_url').notNull().default(''),
    placement: text('placement').notNull().default('before_login'),
    autoskip: boolean('autoskip').notNull().default(true),
    autoskiptime: integer('autoskiptime').notNull().default(5),
    runNow: boolean('run_now').notNull().default(true),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    active: integer('active').notNull().default(1),
    triggerType: text('trigger_type').notNull().default('always'),
    triggerParam: integer('trigger_param'),
    rulesChaining: text('rules_chaining').notNull().default('and'),
    enableRules: boolean('enable_rules').notNull().default(false),
    rules: jsonb('rules').$type<{ field: string; operator: string; value: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('splash_ads_site_idx').on(t.siteId, t.createdAt),
    // The portal reads only the live ads of a site.
    index('splash_ads_live_idx')
      .on(t.siteId, t.placement)
      .where(sql`${t.active} = 1 and ${t.deletedAt} is null`),
  ],
);

/** Impressions and clicks of an ad per day (UTC), one row per ad and day, incremented with an upsert. */
export const splashAdDailyCounts = pgTable(
  'splash_ad_daily_counts',
  {
    adId: integer('ad_id')
      .notNull()
      .references(() => splashAds.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day] })],
);

/**
 * A splash A/B test of a site: its guests are split between variants of the splash design until the
 * operator ends it by keeping one (whose design changes become the site's). At most one runs per site.
 */
export const splashAbTests = pgTable(
  'splash_ab_tests',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    keptVariantId: integer('kept_variant_id'),
  },
  (t) => [
    index('splash_ab_tests_site_idx').on(t.siteId, t.startedAt),
    uniqueIndex('splash_ab_tests_one_running_key')
      .on(t.siteId)
      .where(sql`${t.status} = 'running'`),
  ],
);

/** A variant of a test: its share of the guests (percent) and the design fields it changes. */
export const splashAbVariants = pgTable(
  'splash_ab_variants',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => splashAbTests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    weight: integer('weight').notNull(),
    design: jsonb('design').$type<Record<string, unknown>>().notNull().default({}),
    position: integer('position').notNull(),
  },
  (t) => [index('splash_ab_variants_test_idx').on(t.testId, t.position)],
);

/**
 * The login funnel, counted per site, site-local day and variant (0: no test running): one row each,
 * incremented by upsert as guests go through the portal, so that counting costs one small write.
 */
export const splashFunnelCounts = pgTable(
  'splash_funnel_counts',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    variantId: integer('variant_id').notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
    methodChosen: integer('method_chosen').notNull().default(0),
    submitted: integer('submitted').notNull().default(0),
    granted: integer('granted').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.variantId] })],
);
