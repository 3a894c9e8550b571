import type { Database } from '../../db/client.ts';
import { createCustomDomainsRepo } from './custom-domains.repo.ts';

/**
 * Where an account's users reach the dashboard, for the links emailed to them (invitations, password
 * resets): its white-label domain once Enabled, else PUBLIC_URL.
 */
export function createDashboardAddress(db: Database, publicUrl: string) {
  const domains = createCustomDomainsRepo(db);
  return async (accountId: number): Promise<string> => {
    const row = await domains.ofAccount(accountId);
    return row?.state === 'enabled' ? `https://${row.domain}` : publicUrl;
  };
}
