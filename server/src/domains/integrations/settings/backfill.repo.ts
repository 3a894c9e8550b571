import { and, eq, gte, isNotNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { guests, integrationContacts, integrations } from '../../../db/schema/index.ts';

/** A backfill: where the collector starts from moved back, and how many consenting guests that brings in. */
export function createBackfillRepo(db: Database) {
  return {
    /**
     * Moves the integration's collect_from back to `since` (never forward) and counts the site's guests
     * with marketing consent and an email or phone seen since, but for those the vendor already has as of
     * their last visit.
     */
    async moveBack(integration: { id: number; siteId: number }, since: Date): Promise<number> {
      return db.transaction(async (tx) => {
        await tx
          .update(integrations)
          .set({
            collectFrom: sql`least(${integrations.collectFrom}, ${since.toISOString()}::timestamptz)`,
            updatedAt: sql`now()`,
          })
          .where(eq(integrations.id, integration.id));
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(guests)
          .where(
            and(
              eq(guests.siteId, integration.siteId),
              eq(guests.marketingConsent, true),
              or(and(isNotNull(guests.email), ne(guests.email, '')), and(isNotNull(guests.phone), ne(guests.phone, ''))),
              gte(guests.lastSeenAt, since),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(integrationContacts)
                  .where(
                    and(
                      eq(integrationContacts.integrationId, integration.id),
                      eq(integrationContacts.guestId, guests.id),
                      gte(integrationContacts.syncedSeenAt, guests.lastSeenAt),
                    ),
                  ),
              ),
            ),
          );
        return Number(row?.n ?? 0);
      });
    },
  };
}
