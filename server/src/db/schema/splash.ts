import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp, index } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { sites } from './sites.ts';

/**
 * A site's splash page design. Only what the operator has set is stored; the defaults of the contract
 * fill the rest when it is read, so a new default reaches every site that never changed it.
 */
export const splashDesigns = pgTable('splash_designs', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  design: jsonb('design').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One login method's settings at a site (method is the settings path, e.g. emailconfig): its advanced
 * values and screen styles (stored sparse, like the design) and its field lists (stored whole once set).
 */
export const splashMethodSettings = pgTable(
  'splash_method_settings',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    styles: jsonb('styles').$type<Record<string, string>>().notNull().default({}),
    /** login_fields, registration_fields, account_login_fields: each present once the operator saved it. */
    fieldLists: jsonb('field_lists').$type<Record<string, unknown[]>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.method] })],
);

/** Images uploaded for a site's splash page, listed as the design's thumbnails. */
export const splashUploads = pgTable(
  'splash_uploads',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('splash_uploads_site_idx').on(t.siteId, t.createdAt)],
);
