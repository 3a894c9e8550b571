import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { integrationContacts, integrationDeliveries } from '../../../db/schema/index.ts';

export type ContactState = 'synced' | 'parked' | 'unsubscribed';

/** integration_contacts: each guest as an integration's vendor has them, written as deliveries end. */
export function createContactsRepo(db: Database) {
  return {
    /** The vendor's ids of these guests, where an earlier delivery learnt one. */
    async vendorIds(integrationId: number, guestIds: number[]): Promise<Map<number, string>> {
      if (!guestIds.length) return new Map();
      const rows = await db
        .select({ guestId: integrationContacts.guestId, vendorId: integrationContacts.vendorId })
        .from(integrationContacts)
        .where(and(eq(integrationContacts.integrationId, integrationId), inArray(integrationContacts.guestId, guestIds)));
      return new Map(rows.flatMap((r) => (r.vendorId ? [[r.guestId, r.vendorId] as const] : [])));
    },

    /**
     * What a delivery that ended tells of its guest: the vendor has them as of the delivery's seen_at
     * (synced, parked or unsubscribed), so the collector passes them over until a newer login. Nothing is
     * written for a guest whose erasure is waiting (the contact is gone with them).
     */
    async record(
      deliveryId: number,
      state: ContactState,
      contact: { email: string | null; phone: string | null; vendorId: string | null },
    ) {
      await db.execute(sql`
        insert into integration_contacts (integration_id, guest_id, state, synced_seen_at, vendor_id, email, phone)
        select d.integration_id, d.guest_id, ${state}, d.seen_at, ${contact.vendorId}, ${contact.email}, ${contact.phone}
        from integration_deliveries d
        where d.id = ${deliveryId} and d.guest_id is not null and d.seen_at is not null
          and not exists (select 1 from integration_deliveries e where e.integration_id = d.integration_id
                          and e.guest_id = d.guest_id and e.action = 'erase' and e.status in ('queued', 'retrying', 'sending'))
        on conflict (integration_id, guest_id) do update set
          state = excluded.state,
          synced_seen_at = greatest(integration_contacts.synced_seen_at, excluded.synced_seen_at),
          vendor_id = coalesce(excluded.vendor_id, integration_contacts.vendor_id),
          email = coalesce(excluded.email, integration_contacts.email),
          phone = coalesce(excluded.phone, integration_contacts.phone),
          updated_at = now()`);
    },

    /** An erasure delivered: nothing of the guest is kept but the masked log line. */
    async forget(deliveryId: number) {
      await db.update(integrationDeliveries).set({ contact: null }).where(eq(integrationDeliveries.id, deliveryId));
    },
  };
}
export type ContactsRepo = ReturnType<typeof createContactsRepo>;
