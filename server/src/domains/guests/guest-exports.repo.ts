import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { guestExports } from '../../db/schema/index.ts';

export type GuestExportRow = typeof guestExports.$inferSelect;
type NewGuestExport = typeof guestExports.$inferInsert;
type Progress = Partial<Pick<GuestExportRow, 'status' | 'progress' | 'rows' | 'total' | 'error' | 'finishedAt'>>;

/**
 * guest_exports: the guest and session downloads being prepared or ready, each taken by one run at a
 * time (`attempt`). The only module that queries this table.
 */
export function createGuestExportsRepo(db: Database) {
  return {
    async add(row: NewGuestExport) {
      await db.insert(guestExports).values(row);
    },

    async byId(id: string, siteId: number): Promise<GuestExportRow | undefined> {
      const [row] = await db
        .select()
        .from(guestExports)
        .where(and(eq(guestExports.id, id), eq(guestExports.siteId, siteId)));
      return row;
    },

    /** The site's downloads still pending or running. */
    async activeOf(siteId: number): Promise<GuestExportRow[]> {
      return db
        .select()
        .from(guestExports)
        .where(and(eq(guestExports.siteId, siteId), inArray(guestExports.status, ['pending', 'running'])));
    },

    /**
     * Takes a download for a run, as its next attempt: a pending one, or a running one whose run has not
     * moved for `staleSeconds` (it died). Undefined when another run has it.
     */
    async take(id: string, staleSeconds: number): Promise<GuestExportRow | undefined> {
      const [job] = await db
        .update(guestExports)
        .set({ status: 'running', attempt: sql`${guestExports.attempt} + 1`, progress: 0, rows: 0, updatedAt: new Date() })
        .where(
          and(
            eq(guestExports.id, id),
            or(
              eq(guestExports.status, 'pending'),
              and(
                eq(guestExports.status, 'running'),
                lt(guestExports.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`),
              ),
            ),
          ),
        )
        .returning();
      return job;
    },

    /** Moves an attempt's progress on: false when another run has taken the download over. */
    async progress(id: string, attempt: number, progress: Progress): Promise<boolean> {
      const moved = await db
        .update(guestExports)
        .set({ ...progress, updatedAt: new Date() })
        .where(and(eq(guestExports.id, id), eq(guestExports.attempt, attempt)))
        .returning({ id: guestExports.id });
      return moved.length > 0;
    },

    /** Records how an attempt ended (ready, or failed and maybe to be tried again). */
    async settle(id: string, attempt: number, outcome: Progress) {
      await db
        .update(guestExports)
        .set({ ...outcome, updatedAt: new Date() })
        .where(and(eq(guestExports.id, id), eq(guestExports.attempt, attempt)));
    },

    /** Removes the downloads older than `hours`, answering which they were. */
    async removeOlderThan(hours: number): Promise<{ id: string; siteId: number }[]> {
      return db
        .delete(guestExports)
        .where(lt(guestExports.createdAt, sql`now() - make_interval(hours => ${hours})`))
        .returning({ id: guestExports.id, siteId: guestExports.siteId });
    },
  };
}
export type GuestExportsRepo = ReturnType<typeof createGuestExportsRepo>;
