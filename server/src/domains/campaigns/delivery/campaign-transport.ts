import nodemailer from 'nodemailer';
import type { Config } from '../../../config.ts';
import type { SecretBox } from '../../../platform/crypto.ts';
import { withSenderName } from '../../../platform/mailer.ts';
import type { MailSettingsRepo, MailSettingsRow } from './mail-settings.repo.ts';

export const DEFAULT_RATE_PER_MINUTE = 600;

export interface CampaignMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** `<id@host>`; nodemailer makes a random one without it. */
  messageId?: string;
}

/** Where an account's campaign emails leave from, as whom, and how fast. */
export interface CampaignTransport {
  from: string;
  ratePerMinute: number;
  /** Answers the Message-ID the server accepted; throws a SendFailure. */
  send(message: CampaignMessage): Promise<string>;
  close(): void;
}

/** A refused send: permanent (5xx: the address or the message is refused) or worth retrying (4xx, network). */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** The server's words for a failure (its reply when it gave one). */
export function failureOf(err: unknown): SendFailure {
  const e = err as { responseCode?: number; response?: string; message?: string };
  const code = e.responseCode ?? 0;
  return new SendFailure((e.response ?? e.message ?? String(err)).trim(), code >= 500 && code < 600);
}

/** Options of nodemailer for an account's own server. */
export function smtpOptionsOf(row: MailSettingsRow, password: string) {
  return {
    host: row.smtpHost,
    port: row.smtpPort,
    secure: row.smtpSecurity === 'tls',
    requireTLS: row.smtpSecurity === 'starttls',
    ignoreTLS: row.smtpSecurity === 'none',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    ...(row.smtpUsername && { auth: { user: row.smtpUsername, pass: password } }),
  };
}

/** The From of an account's campaigns: its own sender, else MAIL_FROM (with its sender name when it gave one). */
export function fromOf(row: MailSettingsRow | undefined, mailFrom: string): string {
  if (row?.fromEmail) return withSenderName(row.fromEmail, row.fromName);
  return row?.fromName ? withSenderName(mailFrom, row.fromName) : mailFrom;
}

/**
 * The transport of an account: its own SMTP server when it set one, else the server's SMTP_URL, else
 * none (null: campaigns.noSmtp).
 */
export async function campaignTransportOf(
  deps: { config: Config; secrets: SecretBox; mailSettings: MailSettingsRepo },
  accountId: number,
): Promise<CampaignTransport | null> {
  const row = await deps.mailSettings.of(accountId);
  const own = row?.smtpHost ? smtpOptionsOf(row, row.smtpPasswordEnc ? deps.secrets.open(row.smtpPasswordEnc) : '') : null;
  if (!own && !deps.config.smtpUrl) return null;
  // One pooled connection per use (a test send, a delivery job's run), closed by its user.
  const transport = own
    ? nodemailer.createTransport({ ...own, pool: true })
    : nodemailer.createTransport(`${deps.config.smtpUrl!}${deps.config.smtpUrl!.includes('?') ? '&' : '?'}pool=true`);
  const from = fromOf(row, deps.config.mailFrom);
  return {
    from,
    ratePerMinute: row?.sendRatePerMinute ?? DEFAULT_RATE_PER_MINUTE,
    async send(message) {
      try {
        const info = await transport.sendMail({ from, ...message });
        return String(info.messageId ?? '');
      } catch (err) {
        throw failureOf(err);
      }
    },
    close: () => transport.close(),
  };
}
