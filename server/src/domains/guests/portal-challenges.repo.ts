import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { portalChallenges } from '../../db/schema/index.ts';

export type PortalChallengeRow = typeof portalChallenges.$inferSelect;
type NewChallenge = typeof portalChallenges.$inferInsert;

/**
 * portal_challenges: the steps of a guest login that keep state between two requests (an email link, a
 * phone code, a Facebook sign-in), by the hash of the token the guest holds. The only module that
 * queries this table.
 */
export function createPortalChallengesRepo(db: Database) {
  return {
    async add(challenge: NewChallenge) {
      await db.insert(portalChallenges).values(challenge);
    },

    async remove(id: string) {
      await db.delete(portalChallenges).where(eq(portalChallenges.id, id));
    },

    /** A challenge of this kind that has not expired (used or not). */
    async unexpired(id: string, kind: string): Promise<PortalChallengeRow | undefined> {
      const [challenge] = await db
        .select()
        .from(portalChallenges)
        .where(and(eq(portalChallenges.id, id), eq(portalChallenges.kind, kind), gt(portalChallenges.expiresAt, new Date())));
      return challenge;
    },

    async markUsed(id: string) {
      await db.update(portalChallenges).set({ usedAt: new Date() }).where(eq(portalChallenges.id, id));
    },

    /** A challenge of this kind at the site, not used and not expired. */
    async live(id: string, kind: string, siteId: number): Promise<PortalChallengeRow | undefined> {
      const [row] = await db
        .select()
        .from(portalChallenges)
        .where(
          and(
            eq(portalChallenges.id, id),
            eq(portalChallenges.kind, kind),
            eq(portalChallenges.siteId, siteId),
            isNull(portalChallenges.usedAt),
            gt(portalChallenges.expiresAt, new Date()),
          ),
        );
      return row;
    },

    /**
     * Counts an attempt at the code, in one statement so parallel guesses cannot exceed the limit: the
     * attempts now, or undefined when the limit was already reached.
     */
    async countAttempt(id: string, maxAttempts: number): Promise<number | undefined> {
      const [counted] = await db
        .update(portalChallenges)
        .set({ attempts: sql`${portalChallenges.attempts} + 1` })
        .where(and(eq(portalChallenges.id, id), sql`${portalChallenges.attempts} < ${maxAttempts}`))
        .returning({ attempts: portalChallenges.attempts });
      return counted?.attempts;
    },

    /** Marks the challenge used unless it already was: whether this call used it. */
    async useOnce(id: string): Promise<boolean> {
      const [used] = await db
        .update(portalChallenges)
        .set({ usedAt: new Date() })
        .where(and(eq(portalChallenges.id, id), isNull(portalChallenges.usedAt)))
        .returning({ id: portalChallenges.id });
      return !!used;
    },

    /** A new code sent: its hash, attempts from zero, one more send, a new expiry. */
    async newCode(id: string, codeHash: string, sends: number, expiresAt: Date) {
      await db
        .update(portalChallenges)
        .set({ codeHash, attempts: 0, sends, lastSentAt: new Date(), expiresAt })
        .where(eq(portalChallenges.id, id));
    },

    /** Uses a live challenge of this kind in one statement, answering it, or undefined when there is none. */
    async take(id: string, kind: string): Promise<PortalChallengeRow | undefined> {
      const [challenge] = await db
        .update(portalChallenges)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(portalChallenges.id, id),
            eq(portalChallenges.kind, kind),
            isNull(portalChallenges.usedAt),
            gt(portalChallenges.expiresAt, new Date()),
          ),
        )
        .returning();
      return challenge;
    },

    /** The challenges of a guest being erased (their pending email confirmations). */
    async removeOfGuest(siteId: number, guestId: number, tx: Executor = db) {
      await tx
        .delete(portalChallenges)
        .where(and(eq(portalChallenges.siteId, siteId), sql`${portalChallenges.data}->>'guestId' = ${String(guestId)}`));
    },
  };
}
export type PortalChallengesRepo = ReturnType<typeof createPortalChallengesRepo>;
