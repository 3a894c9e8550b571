import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
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
import { accounts, users } from './accounts.ts';
import { sites } from './sites.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A batch of vouchers made at once, with the access each of its vouchers gives. kind is `voucher`
 * (works at the site it was made at) or `multisite_voucher` (works at the sites in voucherBatchSites).
 * batchCode is the operator's four-digit Batch Id: unique per site for single-site batches, per account
 * for multi-site ones (each is listed in that scope).
 */
export const voucherBatches = pgTable(
  'voucher_batches',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /**
     * The site it was made at. A batch lives as long as it works at some site: when the last of its
     * voucher_batch_sites goes (its site was deleted), a trigger of the migration deletes it; a multi-site
     * batch whose own site is deleted goes on at its other sites (this becomes null).
     */
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    batchCode: text('batch_code').notNull(),
    count: integer('count').notNull(),
    durationValue: integer('duration_value').notNull(),
    durationType: text('duration_type').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    numDevices: integer('num_devices').notNull(),
    speedUl: integer('speed_ul').notNull().default(0),
    speedDl: integer('speed_dl').notNull().default(0),
    /** MB for a whole voucher; 0 is unlimited. */
    dataLimitMb: integer('data_limit_mb').notNull().default(0),
    notes: text('notes').notNull().default(''),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voucher_batches_site_code_key')
      .on(t.siteId, t.batchCode)
      .where(sql`${t.kind} = 'voucher'`),
    uniqueIndex('voucher_batches_account_code_key')
      .on(t.accountId, t.batchCode)
      .where(sql`${t.kind} = 'multisite_voucher'`),
    index('voucher_batches_account_idx').on(t.accountId, t.createdAt),
  ],
);

/** Where a batch's vouchers work: its own site, or the sites picked for a multi-site batch. */
export const voucherBatchSites = pgTable(
  'voucher_batch_sites',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => voucherBatches.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.siteId] }), index('voucher_batch_sites_site_idx').on(t.siteId)],
);

/**
 * One voucher. code is unique per account (a multi-site code names one voucher everywhere). It is
 * unused until activatedAt (its first login); expiresAt is then fixed: first login + duration, or the
 * batch's validUntil if sooner. The control panel's two indexes by account (vouchers_account_unexpired_idx,
 * vouchers_account_activated_idx, with INCLUDE columns) are declared only in migration 0025.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => voucherBatches.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vouchers_account_code_key').on(t.accountId, t.code),
    index('vouchers_batch_idx').on(t.batchId),
    // A batch's vouchers in the order they were made: printing reads them a page at a time after the last id.
    index('vouchers_batch_id_idx').on(t.batchId, t.id),
  ],
);

/** A device (MAC) holding one of a voucher's seats. */
export const voucherDevices = pgTable(
  'voucher_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    voucherId: bigint('voucher_id', { mode: 'number' })
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    /** Lower-case `aa:bb:cc:dd:ee:ff`. */
    mac: text('mac').notNull(),
    /** The site where it was first let in with the voucher. */
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('voucher_devices_voucher_mac_key').on(t.voucherId, t.mac)],
);

/** The guest sessions a voucher let in: its time and data are counted from them, at every site. */
export const voucherSessions = pgTable(
  'voucher_sessions',
  {
    /** A guest session's id; deleting the session deletes this row (a trigger: guest_sessions is partitioned). */
    sessionId: bigint('session_id', { mode: 'number' }).primaryKey(),
    voucherId: bigint('voucher_id', { mode: 'number' })
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    mac: text('mac'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voucher_sessions_voucher_idx').on(t.voucherId),
    index('voucher_sessions_site_mac_idx').on(t.siteId, t.mac, t.createdAt),
  ],
);

/**
 * Vouchers an account activated per billing period, held against its plan. `month` holds the period's key:
 * its start as an ISO string (it held `YYYY-MM` when vouchers were counted per calendar month).
 */
export const voucherActivationCounts = pgTable(
  'voucher_activation_counts',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    activated: integer('activated').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] })],
);

/** How a site's printed cards of one kind look (the designer). */
export const voucherDesigns = pgTable(
  'voucher_designs',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    design: jsonb('design').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.kind] })],
);

/**
 * A logo uploaded for printed cards: public by its link (for the designer's preview) and kept here as
 * well, so the PDF is drawn from the database whatever holds the uploads.
 */
export const voucherLogos = pgTable(
  'voucher_logos',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** png or jpg. */
    format: text('format').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('voucher_logos_url_key').on(t.url), index('voucher_logos_account_idx').on(t.accountId)],
);
