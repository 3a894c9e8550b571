import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accessNotices } from '../../db/schema/index.ts';

export type NoticeKind = 'usage' | 'expiry';
export type NoticeSubject = 'guest_account' | 'voucher' | 'payment_account';

export interface NoticeKey {
  siteId: number;
  kind: NoticeKind;
  subjectType: NoticeSubject;
  subjectId: number;
  /** The period the notice is about: the expiry instant (expiry) or the allowance's start (usage), ISO. */
  periodKey: string;
}

/**
 * access_notices: which usage and expiry notices were told, one per subject, kind and period. The only
 * module that queries the table.
 */
export function createAccessNoticesRepo(db: Database) {
  return {
    /**
     * Claims a notice: true for the one caller that inserted it (every other worker, re-run or concurrent
     * scan finds it there and tells nothing).
     */
    async claim(key: NoticeKey): Promise<number | null> {
      const [row] = await db
        .insert(accessNotices)
        .values(key)
        .onConflictDoNothing({
          target: [accessNotices.subjectType, accessNotices.subjectId, accessNotices.kind, accessNotices.periodKey],
        })
        .returning({ id: accessNotices.id });
      return row?.id ?? null;
    },

    /** Records who a claimed notice was told to. */
    async recordTold(id: number, toldTo: string[]) {
      await db.update(accessNotices).set({ toldTo }).where(eq(accessNotices.id, id));
    },

    /** The notices told of one subject (newest first). */
    async ofSubject(subjectType: NoticeSubject, subjectId: number) {
      return db
        .select()
        .from(accessNotices)
        .where(and(eq(accessNotices.subjectType, subjectType), eq(accessNotices.subjectId, subjectId)))
        .orderBy(sql`${accessNotices.id} desc`);
    },
  };
}
export type AccessNoticesRepo = ReturnType<typeof createAccessNoticesRepo>;
