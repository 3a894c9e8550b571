import nodemailer from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { outboxEmails } from '../db/schema/index.ts';
import type { JobQueue } from './jobs.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const MAIL_JOB = 'mail.deliver';

/**
 * Every email is written to the outbox, then delivered by a job with retries. Without SMTP the email
 * stays in the outbox and its text is logged, so a first run works offline.
 */
export function createMailer(deps: { db: Database; jobs: JobQueue; log: FastifyBaseLogger; smtpUrl?: string; from: string }) {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;

  deps.jobs.register(MAIL_JOB, async (data) => {
    const id = Number(data.id);
    const [email] = await deps.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    if (!email || email.status === 'sent' || !transport) return;
    try {
      await transport.sendMail({ from: deps.from, to: email.to, subject: email.subject, text: email.text, html: email.html });
      await deps.db
        .update(outboxEmails)
        .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outboxEmails.attempts} + 1` })
        .where(eq(outboxEmails.id, id));
    } catch (err) {
      await deps.db
        .update(outboxEmails)
        .set({ status: 'retrying', lastError: String(err).slice(0, 500), attempts: sql`${outboxEmails.attempts} + 1` })
        .where(eq(outboxEmails.id, id));
      throw err;
    }
  });

  return {
    async send(email: OutgoingEmail) {
      const [row] = await deps.db
        .insert(outboxEmails)
        .values({ ...email, status: transport ? 'queued' : 'kept' })
        .returning({ id: outboxEmails.id });
      if (!transport) {
        deps.log.info(
          { to: email.to, subject: email.subject, outboxId: row!.id },
          `email kept in outbox (no SMTP configured):\n${email.text}`,
        );
        return;
      }
      await deps.jobs.enqueue(MAIL_JOB, { id: row!.id });
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
