import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    routerType: text('router_type'),
    authMethods: jsonb('auth_methods').$type<string[]>().notNull().default([]),
    timezone: text('timezone').notNull().default('UTC'),
    currency: text('currency').notNull().default('USD'),
    defaultCountryCode: text('default_countrycode').notNull().default('US'),
    validateEmail: boolean('validate_email').notNull().default(false),
    redirectUrl: text('redirect_url').notNull().default(''),
    logoImage: text('logo_image').notNull().default(''),
    htmlImage: text('html_image').notNull().default(''),
    /** Names the site in its guest portal address (/guest/{portalKey}/): public, but not guessable. */
    portalKey: text('portal_key')
      .notNull()
      .default(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 12)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an operator last opened the site's guest portal in test mode (the set-up checklist's "see it as a guest"). */
    portalTestedAt: timestamp('portal_tested_at', { withTimezone: true }),
  },
  (t) => [index('sites_account_idx').on(t.accountId), uniqueIndex('sites_portal_key_key').on(t.portalKey)],
);
