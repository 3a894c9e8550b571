import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FieldMapEntry, IntegrationKind, IntegrationSettings } from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import { integrationContacts, integrationDeliveries, integrations } from '../../../db/schema/index.ts';
import type { IntegrationRow } from '../integrations.repo.ts';

export interface IntegrationChanges {
  settings: IntegrationSettings;
  secretsEnc: string;
  fieldMap: FieldMapEntry[];
  enabled?: boolean;
  status?: 'active' | 'inactive';
  enabledAt?: Date;
  collectFrom?: Date;
}

/** integrations rows as the settings pages change them: the form's values, sealed secrets, field map, on or off. */
export function createSettingsRepo(db: Database) {
  return {
    /** Creates the site's row of this kind or changes it; answers the row as stored. */
    async save(site: { id: number; accountId: number }, kind: IntegrationKind, changes: IntegrationChanges) {
      const [row] = await db
        .insert(integrations)
        .values({ accountId: site.accountId, siteId: site.id, kind, ...changes })
        .onConflictDoUpdate({
          target: [integrations.siteId, integrations.kind],
          set: { ...changes, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    /**
     * Forgets what the operator entered and the tokens: settings, secrets, field map, connection; turned
     * off. The delivery log stays; deliveries still waiting are skipped (nothing left to send them with),
     * and what the vendor was sent is forgotten (new settings may name another account).
     */
    async forget(id: number): Promise<IntegrationRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(integrationDeliveries)
          .set({ status: 'skipped', answer: 'The integration was removed', updatedAt: sql`now()` })
          .where(and(eq(integrationDeliveries.integrationId, id), inArray(integrationDeliveries.status, ['queued', 'retrying'])));
        await tx.delete(integrationContacts).where(eq(integrationContacts.integrationId, id));
        const [row] = await tx
          .update(integrations)
          .set({
            enabled: false,
            status: 'inactive',
            settings: {},
            secretsEnc: null,
            fieldMap: [],
            connectionMethod: null,
            connectionAccount: null,
            lastError: null,
            lastErrorAt: null,
            enabledAt: null,
            pausedUntil: null,
            updatedAt: sql`now()`,
          })
          .where(eq(integrations.id, id))
          .returning();
        return row!;
      });
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
