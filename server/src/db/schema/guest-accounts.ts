import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GuestImportRejection } from '@splashboard/contract';
import { accounts, users } from './accounts.ts';
import { sites } from './sites.ts';

/**
 * A guest account of one site: a username (unique per site, stored lower-case) and an argon2id password
 * hash, with the access it gives. Its duration starts at first use (firstLoginAt); expiresAt is kept
 * beside it so the list can sort and filter by it, and is recomputed when the duration changes.
 */
export const guestAccounts = pgTable(
  'guest_accounts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    notes: text('notes').notNull().default(''),
    numDevices: integer('num_devices').notNull(),
    durationVal: integer('duration_val').notNull(),
    /** minutes, hours or days. */
    durationType: text('duration_type').notNull(),
    /** Data for the whole account in bytesType units (MB or GB); 0 is unlimited. */
    bytesT: integer('bytes_t').notNull().default(0),
    bytesType: text('bytes_type').notNull().default('MB'),
    speedUl: integer('speed_ul').notNull().default(0),
    speedDl: integer('speed_dl').notNull().default(0),
    /** dashboard, import or signup (the guest made it on the portal). */
    source: text('source').notNull(),
    firstLoginAt: timestamp('first_login_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guest_accounts_site_username_key').on(t.siteId, t.username),
    index('guest_accounts_site_created_idx').on(t.siteId, t.createdAt),
  ],
);

/**
 * A device (MAC) bound to a guest account: by the guest logging in on it, or connected from the
 * dashboard. A MAC belongs to at most one account per site, so a device arriving is known at once.
 */
export const guestAccountDevices = pgTable(
  'guest_account_devices',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    guestAccountId: integer('guest_account_id')
      .notNull()
      .references(() => guestAccounts.id, { onDelete: 'cascade' }),
    /** Lower-case `aa:bb:cc:dd:ee:ff`. */
    mac: text('mac').notNull(),
    /** login or operator. */
    source: text('source').notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('guest_account_devices_site_mac_key').on(t.siteId, t.mac),
    index('guest_account_devices_account_idx').on(t.guestAccountId),
  ],
);

/**
 * One import file, worked through by a job: its rows (sealed, as they hold passwords, and dropped when
 * done), how far it got, and the rows it rejected with the reasons. `processed` moves in the same
 * transaction as each row's account, so a retried job carries on where the last one stopped.
 */
export const guestAccountImports = pgTable(
  'guest_account_imports',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull().default(''),
    /** queued, running, done or failed. */
    status: text('status').notNull().default('queued'),
    rowsEnc: text('rows_enc'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    rejected: jsonb('rejected').$type<GuestImportRejection[]>().notNull().default([]),
    error: text('error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('guest_account_imports_site_idx').on(t.siteId, t.createdAt)],
);
