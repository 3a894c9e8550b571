import { and, eq, sql } from 'drizzle-orm';
import type { IntegrationKind } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import { integrations } from '../../db/schema/index.ts';

export type IntegrationRow = typeof integrations.$inferSelect;

/** integrations: each site's integration rows (settings, sealed secrets, state). Delivery's own queries are in delivery/. */
export function createIntegrationsRepo(db: Database) {
  return {
    async byId(id: number): Promise<IntegrationRow | null> {
      const [row] = await db.select().from(integrations).where(eq(integrations.id, id));
      return row ?? null;
    },

    async ofSite(siteId: number): Promise<IntegrationRow[]> {
      return db.select().from(integrations).where(eq(integrations.siteId, siteId));
    },

    async bySiteKind(siteId: number, kind: IntegrationKind): Promise<IntegrationRow | null> {
      const [row] = await db
        .select()
        .from(integrations)
        .where(and(eq(integrations.siteId, siteId), eq(integrations.kind, kind)));
      return row ?? null;
    },

    /** Stores new OAuth tokens (a refresh) in the sealed secrets. */
    async saveSecrets(id: number, secretsEnc: string) {
      await db
        .update(integrations)
        .set({ secretsEnc, updatedAt: sql`now()` })
        .where(eq(integrations.id, id));
    },

    /** What the integrations page shows: active after a delivery went through, failing with the reason after one did not. */
    async markStatus(id: number, status: 'active' | 'failing', error: string | null) {
      await db
        .update(integrations)
        .set(
          status === 'active'
            ? { status: sql`case when ${integrations.enabled} then 'active' else 'inactive' end`, lastError: null }
            : {
                status: sql`case when ${integrations.enabled} then 'failing' else 'inactive' end`,
                lastError: error?.slice(0, 500) ?? null,
                lastErrorAt: sql`now()`,
              },
        )
        .where(eq(integrations.id, id));
    },
  };
}
export type IntegrationsRepo = ReturnType<typeof createIntegrationsRepo>;
