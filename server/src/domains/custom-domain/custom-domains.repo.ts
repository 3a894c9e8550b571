import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customDomains } from '../../db/schema/index.ts';

export type CustomDomainRow = typeof customDomains.$inferSelect;
export const CUSTOM_DOMAIN_STATES = ['in_process', 'enabled'] as const;
export type CustomDomainState = (typeof CUSTOM_DOMAIN_STATES)[number];

const TAKEN = new Error('domain taken');

/** custom_domains: each account's white-label domain and how far it got. The only module that queries it. */
export function createCustomDomainsRepo(db: Database) {
  return {
    async ofAccount(accountId: number): Promise<CustomDomainRow | null> {
      const [row] = await db.select().from(customDomains).where(eq(customDomains.accountId, accountId));
      return row ?? null;
    },

    async byDomain(domain: string): Promise<CustomDomainRow | null> {
      const [row] = await db.select().from(customDomains).where(eq(customDomains.domain, domain.toLowerCase()));
      return row ?? null;
    },

    /** The account a request's host belongs to: only an enabled domain speaks for an account. */
    async accountIdForHost(host: string): Promise<number | null> {
      const [row] = await db
        .select({ accountId: customDomains.accountId })
        .from(customDomains)
        .where(and(eq(customDomains.domain, host.toLowerCase()), eq(customDomains.state, 'enabled')));
      return row?.accountId ?? null;
    },

    /**
     * The account's domain becomes `domain`, In Process with a new token; whatever it had before goes.
     * Null when another account holds the domain (nothing changes then).
     */
    async replace(accountId: number, domain: string, verifyToken: string): Promise<CustomDomainRow | null> {
      return db
        .transaction(async (tx) => {
          await tx.delete(customDomains).where(eq(customDomains.accountId, accountId));
          const [row] = await tx
            .insert(customDomains)
            .values({ accountId, domain, verifyToken, state: 'in_process' })
            .onConflictDoNothing()
            .returning();
          // Taken: the old row comes back.
          if (!row) throw TAKEN;
          return row;
        })
        .catch((err: unknown) => {
          if (err === TAKEN) return null;
          throw err;
        });
    },

    async remove(accountId: number): Promise<void> {
      await db.delete(customDomains).where(eq(customDomains.accountId, accountId));
    },

    /** Domains waiting to be seen reaching us (checked every minute). */
    async inProcess(): Promise<CustomDomainRow[]> {
      return db.select().from(customDomains).where(eq(customDomains.state, 'in_process'));
    },

    /**
     * A check's outcome, stored only if the row is still the one checked (same domain and token: not
     * removed or replaced meanwhile). Enabled stays enabled once reached, unless `state` says otherwise.
     */
    async recordCheck(
      checked: CustomDomainRow,
      outcome: { state: CustomDomainState; lastError: string | null; at: Date },
    ): Promise<CustomDomainRow | null> {
      const [row] = await db
        .update(customDomains)
        .set({
          state: outcome.state,
          lastError: outcome.lastError,
          lastCheckedAt: outcome.at,
          ...(outcome.state === 'enabled' && checked.state !== 'enabled' ? { enabledAt: outcome.at } : {}),
        })
        .where(
          and(
            eq(customDomains.id, checked.id),
            eq(customDomains.domain, checked.domain),
            eq(customDomains.verifyToken, checked.verifyToken),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Whether a certificate may be issued for a host (Caddy's on-demand `ask`): only domains entered and not removed. */
    async certificateAllowed(host: string): Promise<boolean> {
      const [row] = await db
        .select({ id: customDomains.id })
        .from(customDomains)
        .where(and(eq(customDomains.domain, host.toLowerCase()), inArray(customDomains.state, [...CUSTOM_DOMAIN_STATES])));
      return !!row;
    },
  };
}
export type CustomDomainsRepo = ReturnType<typeof createCustomDomainsRepo>;
