import { pgTable, serial, text, timestamp, integer, jsonb } from 'drizzle-orm/pg-core';

/** Every email we send is written here first; a job delivers it over SMTP when SMTP is configured. */
export const outboxEmails = pgTable('outbox_emails', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** The From when an account's email branding names the sender (null: MAIL_FROM). */
  fromAddress: text('from_address'),
  replyTo: text('reply_to'),
  /** Files sent with the email (an invoice's PDF), their content base64. */
  attachments: jsonb('attachments')
    .$type<{ filename: string; contentType: string; contentBase64: string; cid?: string }[]>()
    .notNull()
    .default([]),
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
