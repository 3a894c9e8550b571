import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { accounts } from '../db/schema/index.ts';

/** accounts, users, client_site_access, sessions and one_time_tokens. The only module that queries these tables. */
export function createAccountsRepo(db: Database) {
  return {
    /** The account's plan (null before it has one); undefined for an account that does not exist. */
    async planTypeOf(accountId: number, tx: Executor = db): Promise<{ planType: string | null } | undefined> {
      const [account] = await tx.select({ planType: accounts.planType }).from(accounts).where(eq(accounts.id, accountId));
      return account;
    },
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
