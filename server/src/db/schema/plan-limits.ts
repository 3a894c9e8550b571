import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * The guest devices (MACs) that logged in to any site of an account in a billing period (`period_start`):
 * each counts once against the plan's active guest devices.
 */
export const planDeviceUsage = pgTable(
  'plan_device_usage',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    mac: text('mac').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.periodStart, t.mac] })],
);

/**
 * How many devices plan_device_usage holds for an account and period: claimed with one conditional upsert,
 * so that concurrent logins of new devices cannot both take the last place.
 */
export const planDeviceCounts = pgTable(
  'plan_device_counts',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.periodStart] })],
);

/**
 * The owner's emails about a limit (`kind`: active_guest_devices or vouchers_activated) reaching a share of
 * it (`threshold`: 80 or 100) in a period: one row each, inserted first, so two nodes never send twice.
 */
export const planLimitAlerts = pgTable(
  'plan_limit_alerts',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    threshold: integer('threshold').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.periodStart, t.kind, t.threshold] })],
);
