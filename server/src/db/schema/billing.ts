import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * Each Stripe event the billing webhook has applied, inserted in the same transaction as the change it made:
 * a redelivered event finds its row and changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The account it changed (null when it named none of ours). */
  accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
