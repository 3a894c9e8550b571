import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { paymentTransactions } from '../../../db/schema/index.ts';
import type { TransactionRow } from '../ledger.repo.ts';

/**
 * The short grants of guests finishing a payment in their normal browser: started once per pending
 * transaction, and found when they end unpaid.
 */
export function createPreGrantRepo(db: Database) {
  return {
    /** Records the pre-grant on a pending transaction that has none yet: true for the one caller that does it. */
    async start(transactionId: number, sessionId: number, endsAt: Date): Promise<boolean> {
      const rows = await db
        .update(paymentTransactions)
        .set({ preGrantSessionId: sessionId, preGrantEndsAt: endsAt })
        .where(
          and(
            eq(paymentTransactions.id, transactionId),
            eq(paymentTransactions.status, 'pending'),
            isNull(paymentTransactions.preGrantEndsAt),
          ),
        )
        .returning({ id: paymentTransactions.id });
      return rows.length > 0;
    },

    /** Claims a transaction for a pre-grant before the controller is asked (one device in per transaction). */
    async claim(transactionId: number, endsAt: Date): Promise<boolean> {
      const rows = await db
        .update(paymentTransactions)
        .set({ preGrantEndsAt: endsAt })
        .where(
          and(
            eq(paymentTransactions.id, transactionId),
            eq(paymentTransactions.status, 'pending'),
            isNull(paymentTransactions.preGrantEndsAt),
          ),
        )
        .returning({ id: paymentTransactions.id });
      return rows.length > 0;
    },

    /** The session the pre-grant let in (after the controller did). */
    async setSession(transactionId: number, sessionId: number) {
      await db.update(paymentTransactions).set({ preGrantSessionId: sessionId }).where(eq(paymentTransactions.id, transactionId));
    },

    /** Gives a claim back (the controller refused: the guest may pay in the page, or try again). */
    async release(transactionId: number) {
      await db
        .update(paymentTransactions)
        .set({ preGrantEndsAt: null, preGrantSessionId: null })
        .where(and(eq(paymentTransactions.id, transactionId), eq(paymentTransactions.status, 'pending')));
    },

    /** Pre-grants whose time is up with no payment (oldest first). */
    async dueUnpaid(now: Date, limit = 100): Promise<TransactionRow[]> {
      return db
        .select()
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.status, 'pending'),
            isNotNull(paymentTransactions.preGrantEndsAt),
            lte(paymentTransactions.preGrantEndsAt, now),
          ),
        )
        .orderBy(asc(paymentTransactions.preGrantEndsAt))
        .limit(limit);
    },
  };
}
export type PreGrantRepo = ReturnType<typeof createPreGrantRepo>;
