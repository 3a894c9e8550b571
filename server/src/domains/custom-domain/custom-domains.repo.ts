import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customDomains } from '../../db/schema/index.ts';

export type CustomDomainRow = typeof customDomains.$inferSelect;
export const CUSTOM_DOMAIN_STATES = ['in_process', 'enabled'] as const;
export type CustomDomainState = (typeof CUSTOM_DOMAIN_STATES)[number];

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
