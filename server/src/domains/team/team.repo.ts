import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { teamEvents, teamInvitations } from '../../db/schema/index.ts';

export type InvitationRow = typeof teamInvitations.$inferSelect;
export type TeamEventRow = typeof teamEvents.$inferSelect;
export type TeamAction = 'invited' | 'invitation_resent' | 'accepted' | 'updated' | 'access_changed' | 'removed';

/** Invitations to join an account and the record of changes to its admins and clients. */
export function createTeamRepo(db: Database) {
  return {
    /** A new invitation for a user; any earlier one not used is voided. */
    async insertInvitation(values: typeof teamInvitations.$inferInsert, tx: Executor = db) {
      await tx
        .update(teamInvitations)
        .set({ voidedAt: new Date() })
        .where(and(eq(teamInvitations.userId, values.userId), isNull(teamInvitations.usedAt), isNull(teamInvitations.voidedAt)));
      await tx.insert(teamInvitations).values(values);
    },

    /** The invitation a link's token (hashed) names, whatever its state. */
    async invitationByTokenHash(tokenHash: string, tx: Executor = db): Promise<InvitationRow | null> {
      const [row] = await tx.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Spends a live invitation once: answers whether this call was the one that spent it. */
    async spendInvitation(id: number, tx: Executor = db) {
      const spent = await tx
        .update(teamInvitations)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(teamInvitations.id, id),
            isNull(teamInvitations.usedAt),
            isNull(teamInvitations.voidedAt),
            sql`${teamInvitations.expiresAt} > now()`,
          ),
        )
        .returning({ id: teamInvitations.id });
      return spent.length === 1;
    },

    /** When the newest open invitation of each of these users stops working (used or voided ones left out). */
    async openInvitationExpiries(userIds: number[]): Promise<Map<number, Date>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select({ userId: teamInvitations.userId, expiresAt: sql<Date>`max(${teamInvitations.expiresAt})` })
        .from(teamInvitations)
        .where(and(inArray(teamInvitations.userId, userIds), isNull(teamInvitations.usedAt), isNull(teamInvitations.voidedAt)))
        .groupBy(teamInvitations.userId);
      return new Map(rows.map((r) => [r.userId, new Date(r.expiresAt)]));
    },

    async insertEvent(values: typeof teamEvents.$inferInsert, tx: Executor = db) {
      await tx.insert(teamEvents).values(values);
    },

    /** A member's recorded changes, newest first. */
    async eventsOf(accountId: number, subjectUserId: number): Promise<TeamEventRow[]> {
      return db
        .select()
        .from(teamEvents)
        .where(and(eq(teamEvents.accountId, accountId), eq(teamEvents.subjectUserId, subjectUserId)))
        .orderBy(desc(teamEvents.at), desc(teamEvents.id))
        .limit(500);
    },
  };
}
export type TeamRepo = ReturnType<typeof createTeamRepo>;
