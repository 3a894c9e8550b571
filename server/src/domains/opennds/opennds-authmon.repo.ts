import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { openNdsAuthQueue } from '../../db/schema/index.ts';
import { createGuestSessionsRepo } from '../guests/guest-sessions.repo.ts';

export type AuthmonQueueRow = typeof openNdsAuthQueue.$inferSelect;
type NewQueued = typeof openNdsAuthQueue.$inferInsert;
/** Which of a gateway's pending grants to drop: run out by a time, delivered too often, or queued before a time. */
export type DropWhich = { expiredBy: Date } | { deliveriesAtLeast: number } | { createdBefore: Date };

const q = openNdsAuthQueue;
const ofGateway = (siteId: number, gatewayHash: string) => and(eq(q.siteId, siteId), eq(q.gatewayHash, gatewayHash));
const pending = () => and(isNull(q.confirmedAt), isNull(q.droppedAt));

/**
 * opennds_auth_queue: grants waiting for an openNDS gateway at FAS level 3 (see opennds-authmon.ts), and
 * the guest sessions they settle. The only module that queries this table.
 */
export function createAuthmonRepo(db: Database) {
  const sessions = createGuestSessionsRepo(db);

  async function settleSessions(ids: (number | null)[], outcome: 'confirmed' | 'failed', detail = '') {
    const sessionIds = ids.filter((id): id is number => id !== null);
    if (!sessionIds.length) return;
    await sessions.settleUnsettled(sessionIds, outcome, detail);
  }

  /** Drops pending grants, and fails their sessions with the reason: how many were dropped. */
  async function drop(where: SQL | undefined, reason: string, detail: string) {
    const dropped = await db
      .update(q)
      .set({ droppedAt: new Date(), dropReason: reason })
      .where(and(where, pending()))
      .returning({ sessionId: q.sessionId });
    await settleSessions(
      dropped.map((d) => d.sessionId),
      'failed',
      detail,
    );
    return dropped.length;
  }

  return {
    settleSessions,

    /** Queues a grant; the same client (same rhid) queued again starts over. */
    async enqueue(
      key: Pick<NewQueued, 'accountId' | 'siteId' | 'gatewayHash' | 'rhid'>,
      fresh: Omit<NewQueued, keyof typeof key>,
    ) {
      await db
        .insert(q)
        .values({ ...key, ...fresh })
        .onConflictDoUpdate({ target: [q.siteId, q.gatewayHash, q.rhid], set: fresh });
    },

    /** Forgets a gateway's grants queued before a time, whatever became of them. */
    async removeQueuedBefore(siteId: number, gatewayHash: string, before: Date) {
      await db.delete(q).where(and(ofGateway(siteId, gatewayHash), lt(q.createdAt, before)));
    },

    async drop(siteId: number, gatewayHash: string, which: DropWhich, reason: string, detail: string) {
      const gateway = ofGateway(siteId, gatewayHash);
      if ('expiredBy' in which) return drop(and(gateway, lt(q.expiresAt, which.expiredBy)), reason, detail);
      if ('deliveriesAtLeast' in which) return drop(and(gateway, gte(q.deliveries, which.deliveriesAtLeast)), reason, detail);
      return drop(and(gateway, lt(q.createdAt, which.createdBefore)), reason, detail);
    },

    async dropById(id: number, reason: string, detail: string) {
      return drop(eq(q.id, id), reason, detail);
    },

    /** A gateway's pending grants, oldest first. */
    async pending(siteId: number, gatewayHash: string, limit: number) {
      return db
        .select({ id: q.id, entry: q.entry })
        .from(q)
        .where(and(ofGateway(siteId, gatewayHash), pending()))
        .orderBy(asc(q.id))
        .limit(limit);
    },

    /** These grants went to the gateway once more. */
    async markDelivered(ids: number[]) {
      await db
        .update(q)
        .set({ deliveries: sql`${q.deliveries} + 1`, deliveredAt: sql`coalesce(${q.deliveredAt}, now())` })
        .where(inArray(q.id, ids));
    },

    /** The gateway took these delivered grants (by rhid or id): they and their sessions are confirmed. How many. */
    async confirm(siteId: number, gatewayHash: string, which: { rhids: string[] } | { ids: number[] }) {
      const grants = 'rhids' in which ? inArray(q.rhid, which.rhids) : inArray(q.id, which.ids);
      const confirmed = await db
        .update(q)
        .set({ confirmedAt: new Date() })
        .where(and(and(ofGateway(siteId, gatewayHash), grants), pending(), isNotNull(q.deliveredAt)))
        .returning({ sessionId: q.sessionId });
      await settleSessions(
        confirmed.map((c) => c.sessionId),
        'confirmed',
      );
      return confirmed.length;
    },

    /** The device's running session that the gateway let in ends: 1 when there was one, else 0. */
    async endSession(siteId: number, gatewayHash: string, mac: string, cause: string) {
      const sessionId = await sessions.openConfirmedThroughGateway(siteId, gatewayHash, mac);
      if (!sessionId) return 0;
      await sessions.end(sessionId, cause);
      return 1;
    },

    /** Every running session the gateway let in (acknowledged grants) ends: how many. */
    async endAllSessions(siteId: number, gatewayHash: string, cause: string) {
      return sessions.endRunning(await sessions.runningConfirmedThroughGateway(siteId, gatewayHash), cause);
    },

    async byWaitTokenHash(hash: string): Promise<AuthmonQueueRow | undefined> {
      const [row] = await db.select().from(q).where(eq(q.waitTokenHash, hash));
      return row;
    },
  };
}
export type AuthmonRepo = ReturnType<typeof createAuthmonRepo>;
