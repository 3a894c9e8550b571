import { and, eq, sql } from 'drizzle-orm';
import type { FieldMapEntry, IntegrationKind } from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import { integrations } from '../../../db/schema/index.ts';
import type { IntegrationRow } from '../integrations.repo.ts';

/** integrations, as an OAuth connection writes it: the tokens sealed in with the other secrets, the account named. */
export function createOAuthRepo(db: Database) {
  return {
    /**
     * Stores the connection on the site's integration of this kind, creating the row when there is none.
     * `seal` gets the row as it is (locked) and returns its new sealed secrets, so that the secret
     * settings already there are kept.
     */
    async saveConnection(p: {
      accountId: number;
      siteId: number;
      kind: IntegrationKind;
      account: string | null;
      defaultFieldMap: FieldMapEntry[];
      seal: (row: Pick<IntegrationRow, 'secretsEnc'> | null) => string;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(integrations)
          .where(and(eq(integrations.siteId, p.siteId), eq(integrations.kind, p.kind)))
          .for('update');
        const secretsEnc = p.seal(row ?? null);
        if (row) {
          await tx
            .update(integrations)
            .set({ secretsEnc, connectionMethod: 'oauth', connectionAccount: p.account, updatedAt: sql`now()` })
            .where(eq(integrations.id, row.id));
          return;
        }
        await tx
          .insert(integrations)
          .values({
            accountId: p.accountId,
            siteId: p.siteId,
            kind: p.kind,
            secretsEnc,
            fieldMap: p.defaultFieldMap,
            connectionMethod: 'oauth',
            connectionAccount: p.account,
          })
          .onConflictDoUpdate({
            target: [integrations.siteId, integrations.kind],
            set: { secretsEnc, connectionMethod: 'oauth', connectionAccount: p.account, updatedAt: sql`now()` },
          });
      });
    },
  };
}
export type OAuthRepo = ReturnType<typeof createOAuthRepo>;
