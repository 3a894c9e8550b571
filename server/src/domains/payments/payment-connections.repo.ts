import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { paymentConnections } from '../../db/schema/index.ts';

export type PaymentConnectionRow = typeof paymentConnections.$inferSelect;
type NewConnection = typeof paymentConnections.$inferInsert;

/** payment_connections: each site's Stripe account (Connect or pasted keys). The only module that queries it. */
export function createPaymentConnectionsRepo(db: Database) {
  return {
    async bySite(siteId: number, tx: Executor = db): Promise<PaymentConnectionRow | undefined> {
      const [row] = await tx.select().from(paymentConnections).where(eq(paymentConnections.siteId, siteId));
      return row;
    },

    async byId(id: number, tx: Executor = db): Promise<PaymentConnectionRow | undefined> {
      const [row] = await tx.select().from(paymentConnections).where(eq(paymentConnections.id, id));
      return row;
    },

    async byStripeAccount(stripeAccountId: string, tx: Executor = db): Promise<PaymentConnectionRow[]> {
      return tx.select().from(paymentConnections).where(eq(paymentConnections.stripeAccountId, stripeAccountId));
    },

    /** Sets the site's connection, replacing any it had. */
    async upsert(values: NewConnection, tx: Executor = db): Promise<PaymentConnectionRow> {
      const { siteId, ...rest } = values;
      const [row] = await tx
        .insert(paymentConnections)
        .values(values)
        .onConflictDoUpdate({ target: paymentConnections.siteId, set: { ...rest, updatedAt: new Date() } })
        .returning();
      if (!row) throw new Error(`payment connection of site ${siteId} not saved`);
      return row;
    },

    async update(siteId: number, changes: Partial<NewConnection>, tx: Executor = db) {
      await tx
        .update(paymentConnections)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(paymentConnections.siteId, siteId));
    },

    async deleteOfSite(siteId: number, tx: Executor = db) {
      await tx.delete(paymentConnections).where(eq(paymentConnections.siteId, siteId));
    },
  };
}
export type PaymentConnectionsRepo = ReturnType<typeof createPaymentConnectionsRepo>;
