import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * An account's white-label domain (one per account): Not Added is no row; `in_process` once entered,
 * until requests for it are seen to reach this server and a certificate is issued; then `enabled`.
 * The dashboard and the guest portal answer on an enabled domain with the account's brand.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Lower case, no trailing dot, no port. */
    domain: text('domain').notNull(),
    state: text('state').notNull().default('in_process'),
    /** What the domain must answer at its check path to prove requests for it reach us. */
    verifyToken: text('verify_token').notNull(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastError: text('last_error'),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_domains_domain_key').on(t.domain),
    uniqueIndex('custom_domains_account_key').on(t.accountId),
    index('custom_domains_state_idx').on(t.state),
  ],
);
