import { sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import type { ChangedGuest } from '../../../platform/guest-changes.ts';

const kindsArray = (kinds: readonly string[]) =>
  sql`array[${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;

/**
 * The integrations' part in a guest's erasure or withdrawn consent, written in the transaction that makes
 * the change (integration_deliveries and integration_contacts only: the guest is passed in).
 */
export const guestChangesRepo = {
  /**
   * Erasure: an `erase` delivery to each integration of the site (of the kinds given) that has the guest
   * or was about to send them, carrying what the vendor knows them by; their waiting deliveries dropped,
   * their contacts forgotten and their earlier log lines masked.
   */
  async queueErasure(tx: Transaction, guest: ChangedGuest, kinds: readonly string[], maskedLabel: string) {
    if (kinds.length)
      await tx.execute(sql`
        insert into integration_deliveries (integration_id, site_id, guest_id, guest_label, action, contact)
        select i.id, i.site_id, ${guest.guestId}, ${maskedLabel}, 'erase',
               jsonb_build_object('email', ${guest.email}::text, 'phone', ${guest.phone}::text, 'vendorId', c.vendor_id)
        from integrations i
        left join integration_contacts c on c.integration_id = i.id and c.guest_id = ${guest.guestId}
        where i.site_id = ${guest.siteId} and i.kind = any(${kindsArray(kinds)})
          and (c.guest_id is not null or exists (select 1 from integration_deliveries d where d.integration_id = i.id
                 and d.guest_id = ${guest.guestId} and d.status in ('queued', 'retrying', 'sending')))
        on conflict do nothing`);
    await tx.execute(sql`
      delete from integration_deliveries where site_id = ${guest.siteId} and guest_id = ${guest.guestId}
        and action <> 'erase' and status in ('queued', 'retrying')`);
    await tx.execute(sql`
      delete from integration_contacts where guest_id = ${guest.guestId}
        and integration_id in (select id from integrations where site_id = ${guest.siteId})`);
    await tx.execute(sql`
      update integration_deliveries set guest_label = ${maskedLabel}
      where site_id = ${guest.siteId} and guest_id = ${guest.guestId}`);
  },

  /**
   * Withdrawn consent: an `unsubscribe` delivery to each integration (of the kinds given) where the
   * guest is synced; their waiting logins and upserts dropped (they would be skipped anyway).
   */
  async queueUnsubscribe(tx: Transaction, guest: ChangedGuest, kinds: readonly string[], label: string) {
    if (kinds.length)
      await tx.execute(sql`
        insert into integration_deliveries (integration_id, site_id, guest_id, guest_label, action, seen_at, contact)
        select i.id, i.site_id, c.guest_id, ${label}, 'unsubscribe', c.synced_seen_at,
               jsonb_build_object('email', ${guest.email}::text, 'phone', ${guest.phone}::text, 'vendorId', c.vendor_id)
        from integration_contacts c join integrations i on i.id = c.integration_id
        where i.site_id = ${guest.siteId} and c.guest_id = ${guest.guestId} and c.state = 'synced'
          and i.kind = any(${kindsArray(kinds)})
        on conflict do nothing`);
    await tx.execute(sql`
      delete from integration_deliveries where site_id = ${guest.siteId} and guest_id = ${guest.guestId}
        and action in ('upsert', 'login') and status in ('queued', 'retrying')`);
  },
};
