import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { paymentTransactions } from '../../../db/schema/index.ts';
import type { TransactionRow } from '../ledger.repo.ts';

/** What the guests' customer portal reads of the ledger besides the ledger repo's own reads. */
export function createCustomerPortalRepo(db: Database) {
  return {
    /** A payment account's paid transactions (refunds included in each), trials left out, newest first. */
    async paymentsOfAccount(paymentAccountId: number, siteId: number, limit = 50): Promise<TransactionRow[]> {
      return db
        .select()
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.paymentAccountId, paymentAccountId),
            eq(paymentTransactions.siteId, siteId),
            eq(paymentTransactions.status, 'succeeded'),
            inArray(paymentTransactions.kind, ['purchase', 'renewal']),
          ),
        )
        .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
        .limit(limit);
    },
  };
}
export type CustomerPortalRepo = ReturnType<typeof createCustomerPortalRepo>;
