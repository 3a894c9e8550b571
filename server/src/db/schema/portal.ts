import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { sites } from './sites.ts';

/**
 * A step of a guest login that needs server state between two requests: a one-time code sent by SMS,
 * an email verification link, a Facebook sign-in in progress. The id is the SHA-256 of the token the
 * guest holds (in the URL), so a leaked table grants nothing.
 */
export const portalChallenges = pgTable(
  'portal_challenges',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** A hashed secret the guest must present (an SMS code), when the step has one. */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portal_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * How a site reaches its Wi-Fi controller or gateway: the family (the site's router type), its plain
 * settings, and its secrets sealed with the SecretBox (never sent whole to the browser). lookupKey is
 * what a gateway's redirect names the site by when it cannot carry our portal key (UniFi's site name).
 */
export const controllerSettings = pgTable(
  'controller_settings',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    secretsEnc: text('secrets_enc'),
    lookupKey: text('lookup_key'),
    /** Access point MACs the controller reported, to tell apart sites that share a lookup key. */
    knownAps: jsonb('known_aps').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('Not configured'),
    statusDetail: text('status_detail').notNull().default(''),
    statusCheckedAt: timestamp('status_checked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('controller_settings_lookup_idx').on(t.family, t.lookupKey)],
);

/** A site's SMS gateway (for phone logins): how to call it, with its credentials sealed. */
export const smsGateways = pgTable('sms_gateways', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  secretsEnc: text('secrets_enc'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
