import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { userIdentities } from '../../../db/schema/index.ts';

/** The outside accounts (a Google account: its `sub`) users sign in with. */
export function createIdentitiesRepo(db: Database) {
  return {
    async userIdOf(provider: string, subject: string): Promise<number | null> {
      const [row] = await db
        .select({ userId: userIdentities.userId })
        .from(userIdentities)
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
      return row?.userId ?? null;
    },

    /** Links the outside account to the user (kept as it is when another call linked it first). */
    async link(values: { userId: number; provider: string; subject: string; email: string }) {
      await db.insert(userIdentities).values(values).onConflictDoNothing();
    },

    /** The address the outside account had at its last sign-in. */
    async updateEmail(provider: string, subject: string, email: string) {
      await db
        .update(userIdentities)
        .set({ email })
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
    },
  };
}
export type IdentitiesRepo = ReturnType<typeof createIdentitiesRepo>;
