import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import { paymentAccounts, paymentRefunds, paymentTransactions } from '../../../db/schema/index.ts';
import { containing, type AccountFilters } from '../accounts/payment-accounts.repo.ts';

const startOfDay = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
const startOfNextDay = (day: string, timeZone: string) => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

function matches(search: string): SQL | undefined {
  if (!search) return undefined;
  const like = containing(search);
  return or(
    ilike(paymentAccounts.email, like),
    ilike(paymentTransactions.packageName, like),
    ilike(paymentTransactions.stripePaymentIntentId, like),
    ilike(paymentTransactions.mac, like),
  );
}

/** The transactions list and what refunds need beyond the ledger: lists, and refunds by Stripe's id. */
export function createTransactionsRepo(db: Database) {
  return {
    async page(siteId: number, timeZone: string, q: AccountFilters & { page: number; per_page: number }) {
      const where = and(
        eq(paymentTransactions.siteId, siteId),
        q.fromdate ? sql`${paymentTransactions.createdAt} >= ${startOfDay(q.fromdate, timeZone)}` : undefined,
        q.todate ? sql`${paymentTransactions.createdAt} < ${startOfNextDay(q.todate, timeZone)}` : undefined,
        matches(q.search),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ t: paymentTransactions, email: paymentAccounts.email })
          .from(paymentTransactions)
          .leftJoin(paymentAccounts, eq(paymentAccounts.id, paymentTransactions.paymentAccountId))
          .where(where)
          .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db
          .select({ n: count() })
          .from(paymentTransactions)
          .leftJoin(paymentAccounts, eq(paymentAccounts.id, paymentTransactions.paymentAccountId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async byId(id: number) {
      const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
      return row;
    },

    async refundByStripeId(stripeRefundId: string, tx: Executor = db) {
      const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.stripeRefundId, stripeRefundId));
      return row;
    },

    async refundById(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
      return row;
    },

    async deleteRefund(id: number, tx: Executor = db) {
      await tx.delete(paymentRefunds).where(eq(paymentRefunds.id, id));
    },

    async updateRefund(id: number, changes: Partial<typeof paymentRefunds.$inferInsert>, tx: Executor = db) {
      await tx.update(paymentRefunds).set(changes).where(eq(paymentRefunds.id, id));
    },

    /** What the refunds of a transaction that did not fail add up to (its `refunded`). */
    async refundedOf(transactionId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ sum: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.transactionId, transactionId), sql`${paymentRefunds.status} <> 'failed'`));
      return Number(row?.sum ?? 0);
    },

    /** Marks a purchase's notifications sent; false when they already were (the checkout may ask twice). */
    async claimNotification(transactionId: number): Promise<boolean> {
      const done = await db
        .update(paymentTransactions)
        .set({ notifiedAt: new Date() })
        .where(and(eq(paymentTransactions.id, transactionId), sql`${paymentTransactions.notifiedAt} is null`))
        .returning({ id: paymentTransactions.id });
      return done.length > 0;
    },

    /** The invoice number of a transaction: its place among the site's paid transactions (1, 2, ...). */
    async invoiceSequence(siteId: number, transactionId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.siteId, siteId),
            sql`${paymentTransactions.paidAt} is not null`,
            sql`${paymentTransactions.id} <= ${transactionId}`,
          ),
        );
      return row?.n ?? 1;
    },
  };
}
export type TransactionsRepo = ReturnType<typeof createTransactionsRepo>;
