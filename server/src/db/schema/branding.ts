import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * An account's branding (provider plan): one row per section (logo, header, emails, ...), its settings as
 * the contract's schema of that section checks them (packages/contract/src/branding.ts). No row: not set.
 */
export const brandingSettings = pgTable(
  'branding_settings',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.section] })],
);
