import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { paymentStripeEvents } from '../../db/schema/index.ts';

/** payment_stripe_events: the events of operators' Stripe accounts the payments webhook has applied. */
export function createPaymentEventsRepo(db: Database) {
  return {
    async seen(id: string, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: paymentStripeEvents.id })
        .from(paymentStripeEvents)
        .where(eq(paymentStripeEvents.id, id));
      return Boolean(row);
    },
    async record(values: { id: string; type: string; stripeAccountId: string | null }, tx: Executor = db) {
      await tx.insert(paymentStripeEvents).values(values).onConflictDoNothing();
    },
  };
}
export type PaymentEventsRepo = ReturnType<typeof createPaymentEventsRepo>;
