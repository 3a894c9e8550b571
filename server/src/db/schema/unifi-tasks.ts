import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { sites } from './sites.ts';

/**
 * A scheduled UniFi controller task of a site (reboot all APs, RF scan, restart the console), at a local
 * time in the site's time zone. nextRunAt is when it is due (null when off): the worker's tick claims a
 * due task by moving nextRunAt on, so one process runs each slot.
 */
export const unifiScheduledTasks = pgTable(
  'unifi_scheduled_tasks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    frequency: text('frequency').notNull().default('weekly'),
    weekday: integer('weekday').notNull().default(1),
    time: text('time').notNull().default('03:30'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastStatus: text('last_status').notNull().default('never'),
    lastCount: integer('last_count').notNull().default(0),
    lastError: text('last_error'),
    lastDetail: text('last_detail').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unifi_scheduled_tasks_site_kind_key').on(t.siteId, t.kind),
    index('unifi_scheduled_tasks_due_idx').on(t.nextRunAt),
  ],
);
