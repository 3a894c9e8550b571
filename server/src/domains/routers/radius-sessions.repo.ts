import { and, eq, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { radiusSessions } from '../../db/schema/index.ts';
import type { AccountingRecord } from '../../adapters/radius/server.ts';

/** radius_sessions: RADIUS accounting as the gateways report it, one row per gateway session. The only module that queries this table. */
export function createRadiusSessionsRepo(db: Database) {
  return {
    /**
     * An accounting record into its gateway session: a late Interim after a Stop does not reopen it, and counters
     * only move forward. radius_sessions is partitioned by month, so no unique index can hold a gateway's session id
     * alone: the records of one session take turns on an advisory lock (retransmissions reach several nodes at once),
     * then update its row or add it.
     */
    async record(r: AccountingRecord) {
      const stopped = r.statusType === 'Stop';
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${r.client.id}, hashtext(${r.sessionId}))`);
        const updated = await tx
          .update(radiusSessions)
          .set({
            status: sql`case when ${radiusSessions.status} = 'Stop' then ${radiusSessions.status} else ${r.statusType} end`,
            inputOctets: sql`greatest(${radiusSessions.inputOctets}, ${r.inputOctets})`,
            outputOctets: sql`greatest(${radiusSessions.outputOctets}, ${r.outputOctets})`,
            sessionTime: sql`greatest(${radiusSessions.sessionTime}, ${r.sessionTime})`,
            terminateCause: stopped ? r.terminateCause : sql`${radiusSessions.terminateCause}`,
            stoppedAt: stopped ? new Date() : sql`${radiusSessions.stoppedAt}`,
            updatedAt: new Date(),
          })
          .where(and(eq(radiusSessions.nasClientId, r.client.id), eq(radiusSessions.acctSessionId, r.sessionId)))
          .returning({ id: radiusSessions.id });
        if (updated.length > 0) return;
        await tx.insert(radiusSessions).values({
          nasClientId: r.client.id,
          siteId: r.client.siteId,
          acctSessionId: r.sessionId,
          userName: r.userName,
          callingStationId: r.callingStationId,
          status: r.statusType,
          inputOctets: r.inputOctets,
          outputOctets: r.outputOctets,
          sessionTime: r.sessionTime,
          terminateCause: r.terminateCause,
          stoppedAt: stopped ? new Date() : null,
        });
      });
    },

    /**
     * A gateway said all its sessions ended (Accounting-On after a restart, Accounting-Off before stopping):
     * its open sessions are stopped with the cause; the users they were, by site.
     */
    async stopOpenOfNas(nasClientId: number, cause: string) {
      return db
        .update(radiusSessions)
        .set({ status: 'Stop', terminateCause: cause, stoppedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(radiusSessions.nasClientId, nasClientId), isNull(radiusSessions.stoppedAt)))
        .returning({ siteId: radiusSessions.siteId, userName: radiusSessions.userName });
    },

    /** Sites with gateway sessions still open. */
    async sitesWithOpen(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ siteId: radiusSessions.siteId })
        .from(radiusSessions)
        .where(isNull(radiusSessions.stoppedAt));
      return rows.map((r) => r.siteId);
    },

    /**
     * A site's open sessions with no word since `before`, of gateways that do send Interim-Updates (one of
     * their sessions has): stopped with the cause; the users they were. A gateway that never sends interim
     * updates reports only Start and Stop, and its quiet sessions are left alone.
     */
    async stopQuietSince(siteId: number, before: Date, cause: string) {
      const interimSenders = db
        .selectDistinct({ id: radiusSessions.nasClientId })
        .from(radiusSessions)
        .where(and(eq(radiusSessions.siteId, siteId), eq(radiusSessions.status, 'Interim-Update')));
      return db
        .update(radiusSessions)
        .set({ status: 'Stop', terminateCause: cause, stoppedAt: new Date() })
        .where(
          and(
            eq(radiusSessions.siteId, siteId),
            isNull(radiusSessions.stoppedAt),
            lt(radiusSessions.updatedAt, before),
            inArray(radiusSessions.nasClientId, interimSenders),
          ),
        )
        .returning({ siteId: radiusSessions.siteId, userName: radiusSessions.userName });
    },

    /** When a gateway of the site last reported anything. */
    async lastSeenAt(siteId: number): Promise<Date | null> {
      const [seen] = await db
        .select({ at: max(radiusSessions.updatedAt) })
        .from(radiusSessions)
        .where(eq(radiusSessions.siteId, siteId));
      return seen?.at ?? null;
    },
  };
}
export type RadiusSessionsRepo = ReturnType<typeof createRadiusSessionsRepo>;
