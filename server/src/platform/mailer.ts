import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { defineJob, type JobQueue } from './jobs.ts';
import type { MailAttachment, OutboxRepo } from './outbox.repo.ts';

export type { MailAttachment };

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The account the email is sent for: its email branding (sender name, logo, colours) applies. */
  accountId?: number;
  attachments?: MailAttachment[];
  /**
   * The html is a whole designed document that applies the brand itself (a report): the brand's sender
   * name and reply-to still apply, its logo and footer frame does not.
   */
  ownLayout?: boolean;
}

/** Where emails leave from (adapters/smtp in the app; a test's own SMTP server in tests). */
export interface MailTransport {
  send(message: OutgoingEmail & { from: string; replyTo?: string; messageId?: string }): Promise<void>;
}

/** An account's email branding, as the mailer applies it (domains/branding reads it, on the provider plan only). */
export interface EmailBrand {
  /** The From's display name; the address stays MAIL_FROM's. */
  senderName: string;
  replyTo: string;
  /** An absolute address. */
  logoUrl: string;
  /** #rrggbb. */
  accentColor: string;
  footerText: string;
}
export type EmailBrandOf = (accountId: number) => Promise<EmailBrand | null>;

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
      const from = email.fromAddress ?? deps.from;
      await transport.send({
        from,
        // The outbox row's: sent again after a worker died before marking it sent, it is the same email.
        messageId: `<outbox-${id}@${domainOf(from)}>`,
        ...(email.replyTo && { replyTo: email.replyTo }),
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.attachments.length && { attachments: email.attachments }),
      });
      await outbox.markSent(id);
    } catch (err) {
      await outbox.markRetrying(id, String(err));
      throw err;
    }
  });

  let brandOf: EmailBrandOf | null = null;

  return {
    /** Where an account's email branding is read from (the branding area sets it as it registers). */
    useBrand(fn: EmailBrandOf) {
      brandOf = fn;
    },

    async send(outgoing: OutgoingEmail) {
      // Branded as it is written to the outbox, so that a retry sends what was written.
      const brand = outgoing.accountId !== undefined && brandOf ? await brandOf(outgoing.accountId) : null;
      const email = brand ? branded(outgoing, brand, deps.from) : { ...outgoing, fromAddress: null, replyTo: null };
      const id = await outbox.insert(
        {
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          fromAddress: email.fromAddress,
          replyTo: email.replyTo,
          attachments: email.attachments ?? [],
        },
        transport ? 'queued' : 'kept',
      );
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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `Name <address>` of MAIL_FROM with the brand's display name in place of ours. */
export function withSenderName(from: string, name: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  if (!name) return from;
  // A quoted display name (RFC 5322): quotes and backslashes escaped.
  const oneLine = name.replace(/[\r\n\t]+/g, ' ');
  return `"${oneLine.replace(/["\\]/g, (c) => `\\${c}`)}" <${address}>`;
}

/** An email in the account's brand: its sender name and reply-to, and its logo, accent colour and footer around the html. */
function branded(email: OutgoingEmail, brand: EmailBrand, from: string) {
  const accent = brand.accentColor || '#1976d2';
  const logo = brand.logoUrl
    ? `<div style="padding:16px 24px;border-bottom:4px solid ${accent}"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.senderName)}" style="max-height:48px;max-width:240px"></div>`
    : `<div style="border-top:4px solid ${accent}"></div>`;
  const footer = brand.footerText
    ? `<div style="padding:16px 24px;color:#666;font-size:12px;border-top:1px solid #eee">${escapeHtml(brand.footerText).replace(/\n/g, '<br>')}</div>`
    : '';
  const sender = {
    fromAddress: brand.senderName ? withSenderName(from, brand.senderName) : null,
    replyTo: brand.replyTo || null,
  };
  if (email.ownLayout) return { ...email, ...sender };
  // Links take the accent colour; the body keeps its own markup.
  const body = email.html.replace(/<a /g, `<a style="color:${accent}" `);
  const html = `<!doctype html><html><body style="margin:0;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif"><div style="max-width:600px;margin:0 auto;background:#fff">${logo}<div style="padding:24px">${body}</div>${footer}</div></body></html>`;
  const text = brand.footerText ? `${email.text.trimEnd()}\n\n--\n${brand.footerText}\n` : email.text;
  return {
    ...email,
    html,
    text,
    ...sender,
  };
}

/** An email as the console shows it when there is no SMTP server: its links each on a line of their own. */
export function keptEmailBlock(email: OutgoingEmail): string {
  const rule = '-'.repeat(72);
  return `\n${rule}\nEmail kept in the outbox (SMTP_URL is not set)\nTo: ${email.to}\nSubject: ${email.subject}\n\n${email.text.trim()}\n${rule}\n\n`;
}

/** The domain of an address such as `Name <user@example.com>`. */
const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'splashboard.local';
