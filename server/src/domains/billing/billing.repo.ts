import { count, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { stripeEvents } from '../../db/schema/index.ts';

/** The Stripe events the webhook has applied (each once). */
export function createBillingRepo(db: Database) {
  return {
    /** Records an event as applied: false when it was already (a redelivery). */
    async claimEvent(values: { id: string; type: string; accountId: number | null }, tx: Executor = db) {
      const inserted = await tx.insert(stripeEvents).values(values).onConflictDoNothing().returning({ id: stripeEvents.id });
      return inserted.length === 1;
    },

    async eventCount(id: string) {
      const [row] = await db.select({ n: count() }).from(stripeEvents).where(eq(stripeEvents.id, id));
      return row?.n ?? 0;
    },
  };
}
export type BillingRepo = ReturnType<typeof createBillingRepo>;
