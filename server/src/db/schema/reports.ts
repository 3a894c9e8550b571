import { bigint, bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ReportSettings } from '@splashboard/contract';
import { accounts } from './accounts.ts';
import { sites } from './sites.ts';

/**
 * A scheduled report: a site's client report, or (site_id null) the control panel's across the account's
 * sites. next_run_at is the next local send time turned into an instant, moved on once a period is sent.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<ReportSettings>().notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_schedules_site_key')
      .on(t.siteId)
      .where(sql`${t.siteId} is not null`),
    uniqueIndex('report_schedules_account_key')
      .on(t.accountId)
      .where(sql`${t.siteId} is null`),
    index('report_schedules_due_idx').on(t.nextRunAt),
  ],
);

/**
 * One sending of a report: scheduled ones are unique per period (a period is sent once however many
 * workers see it due), tests are kept too. status: 'sending' | 'sent' | 'failed'.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('scheduled'),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('sending'),
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('report_runs_period_key')
      .on(t.scheduleId, t.periodStart)
      .where(sql`${t.kind} = 'scheduled'`),
    index('report_runs_schedule_idx').on(t.scheduleId, t.createdAt),
  ],
);

/**
 * Usage and expiry notices told, once each: a guest account, voucher or payment account (subject_type,
 * subject_id) reaching its usage threshold or nearing its expiry. period_key names what was told of (the
 * expiry instant, or the allowance's start), so a renewed account is told again for its new period.
 */
export const accessNotices = pgTable(
  'access_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    periodKey: text('period_key').notNull(),
    /** Who was told: 'guest-email', 'guest-sms', and operator addresses. */
    toldTo: jsonb('told_to').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('access_notices_once_key').on(t.subjectType, t.subjectId, t.kind, t.periodKey),
    index('access_notices_site_idx').on(t.siteId, t.createdAt),
  ],
);
