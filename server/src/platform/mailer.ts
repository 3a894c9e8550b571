import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { defineJob, type JobQueue } from './jobs.ts';
import type { OutboxRepo } from './outbox.repo.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The account the email is sent for: its email branding (sender name, logo, colours) applies. */
  accountId?: number;
}

/** Where emails leave from (adapters/smtp in the app; a test's own SMTP server in tests). */
export interface MailTransport {
  send(message: OutgoingEmail & { from: string }): Promise<void>;
}

export const MAIL_JOB = defineJob('mail.deliver', z.object({ id: z.number().int() }));

/**
 * Every email is written to the outbox, then delivered by a job with retries. Without SMTP the email
 * stays in the outbox and its text is logged, so a first run works offline.
 */
export function createMailer(deps: {
  outbox: OutboxRepo;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  transport: MailTransport | null;
  from: string;
  /** Where an email kept without SMTP is printed whole for the operator (null: not printed, as in tests). */
  printKept: ((text: string) => void) | null;
}) {
  const { outbox, transport } = deps;

  deps.jobs.register(MAIL_JOB, async ({ id }) => {
    const email = await outbox.byId(id);
    if (!email || email.status === 'sent' || !transport) return;
    try {
      await transport.send({ from: deps.from, to: email.to, subject: email.subject, text: email.text, html: email.html });
      await outbox.markSent(id);
    } catch (err) {
      await outbox.markRetrying(id, String(err));
      throw err;
    }
  });

  return {
    async send(email: OutgoingEmail) {
      const id = await outbox.insert(email, transport ? 'queued' : 'kept');
      if (!transport) {
        // The text (its links hold one-time tokens) goes to the operator's console, not into the JSON log.
        deps.log.info({ to: email.to, subject: email.subject, outboxId: id }, 'email kept in outbox (no SMTP configured)');
        deps.printKept?.(keptEmailBlock(email));
        return;
      }
      await deps.jobs.enqueue(MAIL_JOB, { id });
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;

/** An email as the console shows it when there is no SMTP server: its links each on a line of their own. */
export function keptEmailBlock(email: OutgoingEmail): string {
  const rule = '-'.repeat(72);
  return `\n${rule}\nEmail kept in the outbox (SMTP_URL is not set)\nTo: ${email.to}\nSubject: ${email.subject}\n\n${email.text.trim()}\n${rule}\n\n`;
}
