import { and, asc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { DELIVERY_LOG_DAYS } from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import { integrationDeliveries, integrations } from '../../../db/schema/index.ts';
import type { IntegrationRow } from '../integrations.repo.ts';

export type DeliveryRow = typeof integrationDeliveries.$inferSelect;

/** How long a drain holds its integration between renewals. */
export const LEASE_SECONDS = 60;
const WAITING = ['queued', 'retrying'] as const;
const due = (integrationId: number) =>
  and(
    eq(integrationDeliveries.integrationId, integrationId),
    inArray(integrationDeliveries.status, [...WAITING]),
    sql`${integrationDeliveries.nextAttemptAt} <= now()`,
  );
const seconds = (s: number) => sql`now() + make_interval(secs => ${s})`;
const shorten = (text: string | null | undefined) => (text == null ? null : text.slice(0, 1000));

/**
 * integration_deliveries as a queue (claims, outcomes, pruning) and the integration's delivery state
 * (lease, pause): what a drain reads and writes.
 */
export function createDeliveriesRepo(db: Database) {
  return {
    /**
     * The integration, held by this drain until the lease ends; null when another drain holds it. A turned-off
     * integration is held too: its erasures and unsubscribes still go (the drain sends nothing else).
     */
    async lease(integrationId: number): Promise<IntegrationRow | null> {
      const [row] = await db
        .update(integrations)
        .set({ leaseUntil: seconds(LEASE_SECONDS) })
        .where(
          and(
            eq(integrations.id, integrationId),
            sql`(${integrations.leaseUntil} is null or ${integrations.leaseUntil} < now())`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The lease renewed, with the integration as it is now (null when it was removed meanwhile). */
    async renew(integrationId: number): Promise<IntegrationRow | null> {
      const [row] = await db
        .update(integrations)
        .set({ leaseUntil: seconds(LEASE_SECONDS) })
        .where(eq(integrations.id, integrationId))
        .returning();
      return row ?? null;
    },

    async release(integrationId: number) {
      await db.update(integrations).set({ leaseUntil: null }).where(eq(integrations.id, integrationId));
    },

    /** No call to the vendor before `secondsFromNow` (never shortens a longer pause). */
    async pause(integrationId: number, secondsFromNow: number) {
      await db
        .update(integrations)
        .set({ pausedUntil: sql`greatest(coalesce(${integrations.pausedUntil}, now()), ${seconds(secondsFromNow)})` })
        .where(eq(integrations.id, integrationId));
    },

    /** Whether the integration may not call its vendor yet. */
    isPaused: (row: IntegrationRow) => row.pausedUntil !== null && row.pausedUntil.getTime() > Date.now(),

    /**
     * Deliveries left `sending` by a drain that stopped (its process ended) go back to the queue; the
     * caller holds the lease, so no drain is sending them. One that a newer one of the same guest and
     * action has replaced meanwhile is skipped.
     */
    async recoverOrphans(integrationId: number) {
      await db.execute(sql`
        update integration_deliveries d
        set status = case when exists (select 1 from integration_deliveries w where w.integration_id = d.integration_id
                            and w.guest_id = d.guest_id and w.action = d.action and w.status in ('queued', 'retrying'))
                          then 'skipped' else 'retrying' end,
            answer = case when exists (select 1 from integration_deliveries w where w.integration_id = d.integration_id
                            and w.guest_id = d.guest_id and w.action = d.action and w.status in ('queued', 'retrying'))
                          then 'replaced by a newer delivery' else d.answer end,
            next_attempt_at = now(), updated_at = now()
        where d.integration_id = ${integrationId} and d.status = 'sending'`);
    },

    async hasDue(integrationId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: integrationDeliveries.id })
        .from(integrationDeliveries)
        .where(due(integrationId))
        .limit(1);
      return Boolean(row);
    },

    /**
     * Claims up to `n` due deliveries, oldest first, for one try each (status sending, one more attempt);
     * rows another drain has locked are passed over.
     */
    /** Up to n due deliveries, marked sending; `actions` limits them (a turned-off integration: erasures and unsubscribes). */
    async claim(integrationId: number, n: number, actions?: readonly string[]): Promise<DeliveryRow[]> {
      const ids = db
        .select({ id: integrationDeliveries.id })
        .from(integrationDeliveries)
        .where(actions ? and(due(integrationId), inArray(integrationDeliveries.action, [...actions])) : due(integrationId))
        .orderBy(asc(integrationDeliveries.nextAttemptAt), asc(integrationDeliveries.id))
        .limit(n)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(integrationDeliveries)
        .set({ status: 'sending', attempts: sql`${integrationDeliveries.attempts} + 1`, updatedAt: sql`now()` })
        .where(and(inArray(integrationDeliveries.id, ids), inArray(integrationDeliveries.status, [...WAITING])))
        .returning();
      return rows.sort((a, b) => a.id - b.id);
    },

    async delivered(id: number, httpStatus: number | null, answer: string | null) {
      await db
        .update(integrationDeliveries)
        .set({ status: 'delivered', httpStatus, answer: shorten(answer), updatedAt: sql`now()` })
        .where(eq(integrationDeliveries.id, id));
    },

    /** Parked (given up, or refused for good) or skipped (never sent): with why. */
    async finish(ids: number[], status: 'parked' | 'skipped', answer: string, httpStatus: number | null = null) {
      if (!ids.length) return;
      await db
        .update(integrationDeliveries)
        .set({ status, httpStatus, answer: shorten(answer), updatedAt: sql`now()` })
        .where(inArray(integrationDeliveries.id, ids));
    },

    /** Tried again in `delaySeconds`. */
    async retryLater(ids: number[], delaySeconds: number, answer: string, httpStatus: number | null) {
      if (!ids.length) return;
      await db
        .update(integrationDeliveries)
        .set({
          status: 'retrying',
          nextAttemptAt: seconds(delaySeconds),
          httpStatus,
          answer: shorten(answer),
          updatedAt: sql`now()`,
        })
        .where(inArray(integrationDeliveries.id, ids));
    },

    /** Back in the queue without the try counting (the key was refused: nothing wrong with these contacts). */
    async requeue(ids: number[], delaySeconds: number, answer: string, httpStatus: number | null) {
      if (!ids.length) return;
      await db
        .update(integrationDeliveries)
        .set({
          status: 'queued',
          attempts: sql`greatest(${integrationDeliveries.attempts} - 1, 0)`,
          nextAttemptAt: seconds(delaySeconds),
          httpStatus,
          answer: shorten(answer),
          updatedAt: sql`now()`,
        })
        .where(inArray(integrationDeliveries.id, ids));
    },

    /** The delivery log keeps DELIVERY_LOG_DAYS days of what is no longer waiting or being sent. */
    async prune(): Promise<number> {
      const deleted = await db
        .delete(integrationDeliveries)
        .where(
          and(
            notInArray(integrationDeliveries.status, ['queued', 'retrying', 'sending']),
            lt(integrationDeliveries.createdAt, sql`now() - make_interval(days => ${DELIVERY_LOG_DAYS})`),
          ),
        )
        .returning({ id: integrationDeliveries.id });
      return deleted.length;
    },

    async enabledIds(): Promise<number[]> {
      const rows = await db.select({ id: integrations.id }).from(integrations).where(eq(integrations.enabled, true));
      return rows.map((r) => r.id);
    },
  };
}
export type DeliveriesRepo = ReturnType<typeof createDeliveriesRepo>;
