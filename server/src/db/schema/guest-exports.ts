import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { sites } from './sites.ts';

/**
 * A CSV download of a site's guests or sessions, written by a job: the dashboard polls its status and
 * then fetches the file (kept under DATA_DIR/exports, never under the public uploads) for a day.
 * `attempt` says which run of the job owns it, so a run that was taken over stops writing.
 */
export const guestExports = pgTable(
  'guest_exports',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** guests or sessions. */
    kind: text('kind').notNull(),
    /** search, and the first and last day (ISO, in the site's time zone) or null. */
    filters: jsonb('filters').$type<{ search: string; from: string | null; to: string | null }>().notNull(),
    /** pending, running, ready or failed. */
    status: text('status').notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    total: integer('total').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on by the running job at every chunk: a run silent for minutes has died. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('guest_exports_site_created_idx').on(t.siteId, t.createdAt), index('guest_exports_created_idx').on(t.createdAt)],
);
