import { and, asc, count, eq, gte, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import { paymentPackages, paymentTransactions } from '../../../db/schema/index.ts';
import type { TransactionRow } from '../ledger.repo.ts';

export type PackageRow = typeof paymentPackages.$inferSelect;

/** What the guest's checkout reads besides the ledger: the packages on sale, trials taken, a payment's grant. */
export function createCheckoutRepo(db: Database) {
  return {
    /** The site's active packages, in the operator's order. */
    async packagesOnSale(siteId: number): Promise<PackageRow[]> {
      return db
        .select()
        .from(paymentPackages)
        .where(and(eq(paymentPackages.siteId, siteId), eq(paymentPackages.status, 'active')))
        .orderBy(asc(paymentPackages.displayOrder), asc(paymentPackages.id));
    },

    /** A package of the site if it is still on sale. */
    async packageOnSale(siteId: number, id: number): Promise<PackageRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentPackages)
        .where(and(eq(paymentPackages.id, id), eq(paymentPackages.siteId, siteId), eq(paymentPackages.status, 'active')));
      return row;
    },

    /** Free trials a device took at the site since a moment (the daily trial limit). */
    async trialsOfDevice(siteId: number, mac: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.siteId, siteId),
            eq(paymentTransactions.kind, 'trial'),
            eq(paymentTransactions.mac, mac.toLowerCase()),
            gte(paymentTransactions.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    /** The site's transaction of a PaymentIntent (unlocked: to read how it went). */
    async transactionOfIntent(siteId: number, paymentIntentId: string): Promise<TransactionRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.siteId, siteId), eq(paymentTransactions.stripePaymentIntentId, paymentIntentId)));
      return row;
    },

    /** Marks a succeeded payment's guest as let in: true for the one caller that does it. */
    async claimGrant(transactionId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(paymentTransactions)
        .set({ grantedAt: new Date() })
        .where(
          and(
            eq(paymentTransactions.id, transactionId),
            eq(paymentTransactions.status, 'succeeded'),
            isNull(paymentTransactions.grantedAt),
          ),
        )
        .returning({ id: paymentTransactions.id });
      return rows.length > 0;
    },

    /** Gives a claimed grant back (the controller failed: the guest's retry may claim it again). */
    async releaseGrant(transactionId: number) {
      await db.update(paymentTransactions).set({ grantedAt: null }).where(eq(paymentTransactions.id, transactionId));
    },
  };
}
export type CheckoutRepo = ReturnType<typeof createCheckoutRepo>;
