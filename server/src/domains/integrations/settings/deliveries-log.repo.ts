import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { DELIVERY_LOG_DAYS, type DeliveryStatus } from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import { integrationContacts, integrationDeliveries } from '../../../db/schema/index.ts';

export type DeliveryRow = typeof integrationDeliveries.$inferSelect;

const d = integrationDeliveries;
const withinLog = () => gte(d.createdAt, sql`now() - make_interval(days => ${DELIVERY_LOG_DAYS})`);
/** Answer kept on a parked delivery that another, newer one of the same guest and action now stands for. */
const COVERED = 'Queued again with a newer delivery of this guest';

/** The delivery log as the settings pages read it (last 30 days), and parked deliveries sent again. */
export function createDeliveriesLogRepo(db: Database) {
  return {
    /** Delivered and parked deliveries of the last 30 days, by integration of the site. */
    async countsOfSite(siteId: number): Promise<Map<number, { delivered: number; parked: number }>> {
      const rows = await db
        .select({ id: d.integrationId, status: d.status, n: count() })
        .from(d)
        .where(and(eq(d.siteId, siteId), inArray(d.status, ['delivered', 'parked']), withinLog()))
        .groupBy(d.integrationId, d.status);
      const counts = new Map<number, { delivered: number; parked: number }>();
      for (const r of rows) {
        const c = counts.get(r.id) ?? { delivered: 0, parked: 0 };
        if (r.status === 'delivered') c.delivered = Number(r.n);
        else c.parked = Number(r.n);
        counts.set(r.id, c);
      }
      return counts;
    },

    /** A page of the log, newest first. */
    async page(integrationId: number, q: { page: number; perPage: number; status?: DeliveryStatus }) {
      const where = and(eq(d.integrationId, integrationId), withinLog(), q.status ? eq(d.status, q.status) : undefined);
      const [total] = await db.select({ n: count() }).from(d).where(where);
      const items = await db
        .select()
        .from(d)
        .where(where)
        .orderBy(desc(d.createdAt), desc(d.id))
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage);
      return { items, total: Number(total?.n ?? 0) };
    },

    async byId(integrationId: number, id: number): Promise<DeliveryRow | null> {
      const [row] = await db
        .select()
        .from(d)
        .where(and(eq(d.id, id), eq(d.integrationId, integrationId)));
      return row ?? null;
    },

    /**
     * Parked deliveries of the integration (one, or all) queued again from the start: attempts 0, due
     * now. A guest's upsert also forgets that the guest was parked at the vendor, or the collector would
     * skip them. Where the same guest and action already wait (or several were parked), the newest one
     * goes and the others are marked skipped. Answers how many were queued or covered.
     */
    async requeueParked(integrationId: number, onlyId?: number): Promise<number> {
      const parked = and(eq(d.integrationId, integrationId), eq(d.status, 'parked'), onlyId ? eq(d.id, onlyId) : undefined);
      return db.transaction(async (tx) => {
        const candidates: SQL = sql`select id from (
            select id, guest_id, row_number() over (partition by guest_id, action order by created_at desc, id desc) as rn
            from ${d} where ${parked}) p
          where p.guest_id is null or p.rn = 1`;
        const queued = await tx
          .update(d)
          .set({
            status: 'queued',
            attempts: 0,
            nextAttemptAt: sql`now()`,
            httpStatus: null,
            answer: null,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              sql`${d.id} in (${candidates})`,
              sql`not exists (select 1 from ${d} w where w.integration_id = ${d.integrationId} and w.guest_id = ${d.guestId}
                and w.action = ${d.action} and w.status in ('queued', 'retrying'))`,
            ),
          )
          .returning({ guestId: d.guestId, action: d.action });
        const covered = await tx
          .update(d)
          .set({ status: 'skipped', answer: COVERED, updatedAt: sql`now()` })
          .where(parked)
          .returning({ id: d.id });
        const upserted = queued.flatMap((r) => (r.action === 'upsert' && r.guestId !== null ? [r.guestId] : []));
        if (upserted.length)
          await tx
            .delete(integrationContacts)
            .where(
              and(
                eq(integrationContacts.integrationId, integrationId),
                eq(integrationContacts.state, 'parked'),
                inArray(integrationContacts.guestId, upserted),
              ),
            );
        return queued.length + covered.length;
      });
    },
  };
}
export type DeliveriesLogRepo = ReturnType<typeof createDeliveriesLogRepo>;
