import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { outboxEmails } from '../db/schema/index.ts';

/** A file sent with an email (an invoice's PDF), its content base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
  /** Content id of an inline image, shown in the html as `cid:<cid>` (absent: an ordinary attachment). */
  cid?: string;
}

/** outbox_emails: every email we send, kept with its delivery state. The only module that queries it. */
export function createOutboxRepo(db: Database) {
  return {
    async insert(
      email: {
        to: string;
        subject: string;
        text: string;
        html: string;
        fromAddress?: string | null;
        replyTo?: string | null;
        attachments?: MailAttachment[];
      },
      status: 'queued' | 'kept',
    ) {
      const [row] = await db
        .insert(outboxEmails)
        .values({ ...email, status })
        .returning({ id: outboxEmails.id });
      return row!.id;
    },

    async byId(id: number) {
      const [email] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
      return email ?? null;
    },

    async markSent(id: number) {
      await db
        .update(outboxEmails)
        .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outboxEmails.attempts} + 1` })
        .where(eq(outboxEmails.id, id));
    },

    async markRetrying(id: number, error: string) {
      await db
        .update(outboxEmails)
        .set({ status: 'retrying', lastError: error.slice(0, 500), attempts: sql`${outboxEmails.attempts} + 1` })
        .where(eq(outboxEmails.id, id));
    },
  };
}
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
