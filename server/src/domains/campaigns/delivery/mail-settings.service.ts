import nodemailer from 'nodemailer';
import type { z } from 'zod';
import { messageText, type MailSettings, type mailSettingsUpdateSchema } from '@splashboard/contract';
import type { Config } from '../../../config.ts';
import { requireAdmin, type Actor } from '../../../platform/access.ts';
import type { SecretBox } from '../../../platform/crypto.ts';
import { AppError } from '../../../platform/errors.ts';
import { DEFAULT_RATE_PER_MINUTE, failureOf, smtpOptionsOf } from './campaign-transport.ts';
import type { MailSettingsRepo, MailSettingsRow } from './mail-settings.repo.ts';

type Update = z.output<typeof mailSettingsUpdateSchema>;

const DEFAULTS = {
  smtpHost: '',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  smtpUsername: '',
  smtpPasswordEnc: null,
  fromName: '',
  fromEmail: '',
  sendRatePerMinute: DEFAULT_RATE_PER_MINUTE,
} satisfies Omit<MailSettingsRow, 'accountId' | 'updatedAt'>;

export const smtpFailed = (detail: string) => new AppError(422, 'campaigns.smtpFailed', { params: { detail } });
export const noSmtp = () => new AppError(422, 'campaigns.noSmtp');

/** The account's own mail server for campaigns (account admins only); its password sealed, shown as a hint. */
export function createMailSettingsService(deps: { config: Config; secrets: SecretBox; mailSettings: MailSettingsRepo }) {
  const view = (row: Omit<MailSettingsRow, 'accountId' | 'updatedAt'>): MailSettings => {
    const password = row.smtpPasswordEnc ? deps.secrets.open(row.smtpPasswordEnc) : '';
    return {
      smtp_host: row.smtpHost,
      smtp_port: row.smtpPort,
      smtp_security: row.smtpSecurity as MailSettings['smtp_security'],
      smtp_username: row.smtpUsername,
      from_name: row.fromName,
      from_email: row.fromEmail,
      send_rate_per_minute: row.sendRatePerMinute,
      smtp_password_hint: password ? `…${password.slice(-2)}` : '',
      configured: Boolean(row.smtpHost),
      server_smtp: Boolean(deps.config.smtpUrl),
    };
  };

  return {
    async get(actor: Actor | null): Promise<MailSettings> {
      const a = requireAdmin(actor);
      return view((await deps.mailSettings.of(a.accountId)) ?? DEFAULTS);
    },

    async save(actor: Actor | null, body: Update): Promise<MailSettings & { message: string }> {
      const a = requireAdmin(actor);
      const stored = await deps.mailSettings.of(a.accountId);
      const { smtp_password, ...rest } = body;
      const values = {
        smtpHost: rest.smtp_host,
        smtpPort: rest.smtp_port,
        smtpSecurity: rest.smtp_security,
        smtpUsername: rest.smtp_username,
        smtpPasswordEnc: smtp_password ? deps.secrets.seal(smtp_password) : (stored?.smtpPasswordEnc ?? null),
        fromName: rest.from_name,
        fromEmail: rest.from_email,
        sendRatePerMinute: rest.send_rate_per_minute,
      };
      await deps.mailSettings.save(a.accountId, values);
      return { ...view(values), message: messageText('campaigns.smtpSaved') };
    },

    /** Connects and signs in to the account's server (else SMTP_URL) now: smtpOk, or smtpFailed with the server's words. */
    async test(actor: Actor | null): Promise<{ message: string }> {
      const a = requireAdmin(actor);
      const row = await deps.mailSettings.of(a.accountId);
      const options = row?.smtpHost
        ? smtpOptionsOf(row, row.smtpPasswordEnc ? deps.secrets.open(row.smtpPasswordEnc) : '')
        : null;
      if (!options && !deps.config.smtpUrl) throw noSmtp();
      const transport = nodemailer.createTransport(options ?? deps.config.smtpUrl!);
      try {
        await transport.verify();
      } catch (err) {
        throw smtpFailed(failureOf(err).message);
      } finally {
        transport.close();
      }
      return { message: messageText('campaigns.smtpOk') };
    },
  };
}
export type MailSettingsService = ReturnType<typeof createMailSettingsService>;
