import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { accountMailSettings } from '../../../db/schema/index.ts';

export type MailSettingsRow = typeof accountMailSettings.$inferSelect;
export type MailSettingsValues = Omit<MailSettingsRow, 'accountId' | 'updatedAt'>;

/** account_mail_settings: an account's own mail server for its campaigns (no row: the server's SMTP_URL). */
export function createMailSettingsRepo(db: Database) {
  return {
    of: async (accountId: number): Promise<MailSettingsRow | undefined> =>
      (await db.select().from(accountMailSettings).where(eq(accountMailSettings.accountId, accountId)))[0],

    async save(accountId: number, values: MailSettingsValues) {
      const row = { ...values, updatedAt: new Date() };
      await db
        .insert(accountMailSettings)
        .values({ accountId, ...row })
        .onConflictDoUpdate({ target: accountMailSettings.accountId, set: row });
    },
  };
}
export type MailSettingsRepo = ReturnType<typeof createMailSettingsRepo>;
