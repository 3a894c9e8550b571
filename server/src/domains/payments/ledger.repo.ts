import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { paymentAccountDevices, paymentAccounts, paymentRefunds, paymentTransactions } from '../../db/schema/index.ts';

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
export type PaymentAccountDeviceRow = typeof paymentAccountDevices.$inferSelect;
export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
type NewAccount = typeof paymentAccounts.$inferInsert;
type NewTransaction = typeof paymentTransactions.$inferInsert;
type NewRefund = typeof paymentRefunds.$inferInsert;

/**
 * The ledger of paid Wi-Fi: payment accounts, their devices, transactions and refunds, as both the guest's
 * checkout (portal) and the dashboard's accounts and transactions change them. What must happen once
 * (a payment succeeding, the last device slot taken) happens under a row lock in the caller's transaction:
 * `lockTransaction`, `lockAccount`.
 */
export function createLedgerRepo(db: Database) {
  return {
    // ---- Payment accounts ------------------------------------------------------------------------------

    async accountById(id: number, siteId: number, tx: Executor = db): Promise<PaymentAccountRow | undefined> {
      const [row] = await tx
        .select()
        .from(paymentAccounts)
        .where(and(eq(paymentAccounts.id, id), eq(paymentAccounts.siteId, siteId)));
      return row;
    },

    async accountByEmail(siteId: number, email: string, tx: Executor = db): Promise<PaymentAccountRow | undefined> {
      const [row] = await tx
        .select()
        .from(paymentAccounts)
        .where(and(eq(paymentAccounts.siteId, siteId), eq(paymentAccounts.email, email.toLowerCase())));
      return row;
    },

    /** The account, locked until the caller's transaction ends (binding its last device slot, say). */
    async lockAccount(id: number, tx: Executor): Promise<PaymentAccountRow | undefined> {
      const [row] = await tx.select().from(paymentAccounts).where(eq(paymentAccounts.id, id)).for('update');
      return row;
    },

    /** A new account, or the existing one of this email at the site (two checkouts of one guest at once). */
    async insertAccount(values: NewAccount, tx: Executor = db): Promise<PaymentAccountRow> {
      const email = values.email.toLowerCase();
      const [row] = await tx
        .insert(paymentAccounts)
        .values({ ...values, email })
        .onConflictDoNothing({ target: [paymentAccounts.siteId, paymentAccounts.email] })
        .returning();
      if (row) return row;
      const [existing] = await tx
        .select()
        .from(paymentAccounts)
        .where(and(eq(paymentAccounts.siteId, values.siteId), eq(paymentAccounts.email, email)));
      if (!existing) throw new Error('payment account neither inserted nor found');
      return existing;
    },

    async updateAccount(id: number, changes: Partial<NewAccount>, tx: Executor = db) {
      await tx
        .update(paymentAccounts)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(paymentAccounts.id, id));
    },

    // ---- Devices ---------------------------------------------------------------------------------------

    async devicesOf(paymentAccountId: number, tx: Executor = db): Promise<PaymentAccountDeviceRow[]> {
      return tx
        .select()
        .from(paymentAccountDevices)
        .where(eq(paymentAccountDevices.paymentAccountId, paymentAccountId))
        .orderBy(asc(paymentAccountDevices.boundAt));
    },

    async deviceAt(siteId: number, mac: string, tx: Executor = db): Promise<PaymentAccountDeviceRow | undefined> {
      const [row] = await tx
        .select()
        .from(paymentAccountDevices)
        .where(and(eq(paymentAccountDevices.siteId, siteId), eq(paymentAccountDevices.mac, mac.toLowerCase())));
      return row;
    },

    /**
     * Binds a device to a locked account within its device count: 'bound' (new), 'known' (already its),
     * 'full' (no slot left) or 'other' (the MAC is another account's at this site). Call with the account
     * locked (lockAccount) in the same transaction, so two devices cannot both take the last slot.
     */
    async bindDevice(
      account: Pick<PaymentAccountRow, 'id' | 'siteId'>,
      mac: string,
      maxDevices: number,
      source: 'login' | 'operator',
      tx: Executor,
    ): Promise<'bound' | 'known' | 'full' | 'other'> {
      const lower = mac.toLowerCase();
      const [owner] = await tx
        .select()
        .from(paymentAccountDevices)
        .where(and(eq(paymentAccountDevices.siteId, account.siteId), eq(paymentAccountDevices.mac, lower)));
      if (owner) {
        if (owner.paymentAccountId !== account.id) return 'other';
        await tx.update(paymentAccountDevices).set({ lastLoginAt: new Date() }).where(eq(paymentAccountDevices.id, owner.id));
        return 'known';
      }
      const [bound] = await tx
        .select({ n: count() })
        .from(paymentAccountDevices)
        .where(eq(paymentAccountDevices.paymentAccountId, account.id));
      if ((bound?.n ?? 0) >= maxDevices) return 'full';
      await tx.insert(paymentAccountDevices).values({
        siteId: account.siteId,
        paymentAccountId: account.id,
        mac: lower,
        source,
        lastLoginAt: source === 'login' ? new Date() : null,
      });
      return 'bound';
    },

    async unbindDevice(paymentAccountId: number, mac: string, tx: Executor = db): Promise<boolean> {
      const gone = await tx
        .delete(paymentAccountDevices)
        .where(
          and(eq(paymentAccountDevices.paymentAccountId, paymentAccountId), eq(paymentAccountDevices.mac, mac.toLowerCase())),
        )
        .returning({ id: paymentAccountDevices.id });
      return gone.length > 0;
    },

    // ---- Transactions ----------------------------------------------------------------------------------

    async insertTransaction(values: NewTransaction, tx: Executor = db): Promise<TransactionRow> {
      const [row] = await tx.insert(paymentTransactions).values(values).returning();
      if (!row) throw new Error('transaction not inserted');
      return row;
    },

    async transactionById(id: number, siteId: number, tx: Executor = db): Promise<TransactionRow | undefined> {
      const [row] = await tx
        .select()
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.siteId, siteId)));
      return row;
    },

    /** The transaction of a PaymentIntent, locked until the caller's transaction ends (it succeeds once). */
    async lockTransactionOfIntent(paymentIntentId: string, tx: Executor): Promise<TransactionRow | undefined> {
      const [row] = await tx
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.stripePaymentIntentId, paymentIntentId))
        .for('update');
      return row;
    },

    async lockTransaction(id: number, tx: Executor): Promise<TransactionRow | undefined> {
      const [row] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).for('update');
      return row;
    },

    async updateTransaction(id: number, changes: Partial<NewTransaction>, tx: Executor = db) {
      await tx.update(paymentTransactions).set(changes).where(eq(paymentTransactions.id, id));
    },

    // ---- Refunds ---------------------------------------------------------------------------------------

    async insertRefund(values: NewRefund, tx: Executor = db): Promise<RefundRow> {
      const [row] = await tx.insert(paymentRefunds).values(values).returning();
      if (!row) throw new Error('refund not inserted');
      return row;
    },

    async refundsOf(transactionIds: number[], tx: Executor = db): Promise<RefundRow[]> {
      if (!transactionIds.length) return [];
      return tx
        .select()
        .from(paymentRefunds)
        .where(inArray(paymentRefunds.transactionId, transactionIds))
        .orderBy(asc(paymentRefunds.createdAt));
    },
  };
}
export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
