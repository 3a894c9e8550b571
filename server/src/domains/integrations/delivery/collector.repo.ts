import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { guests, sites } from '../../../db/schema/index.ts';
import type { MappedGuest } from './field-map.ts';

/** Guests queued by one collect at most (the next collect goes on from there). */
export const COLLECT_LIMIT = 5000;
/** How far back before collect_from a collect looks again: a login committed late is still found. */
const OVERLAP = sql.raw(`interval '2 minutes'`);

export interface DeliveryGuest extends MappedGuest {
  id: number;
  marketingConsent: boolean;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The site's guests as delivery reads them (with guests and sites): which integrations have work, the
 * set-based collect of the guests seen since the last one, and the guests of a batch at sending time.
 */
export function createCollectorRepo(db: Database) {
  return {
    /**
     * Integrations nobody holds, not paused, with work: turned on, a delivery due or a guest of the site
     * seen after where the collector reached; turned off (but still set up), an erasure or unsubscribe due.
     * One statement per poll.
     */
    async withWork(): Promise<number[]> {
      const result = await db.execute(sql`
        select i.id from integrations i
        where (i.lease_until is null or i.lease_until < now())
          and (i.paused_until is null or i.paused_until <= now())
          and ((i.enabled and (exists (select 1 from integration_deliveries d where d.integration_id = i.id
                                         and d.status in ('queued', 'retrying') and d.next_attempt_at <= now())
                               or exists (select 1 from guests g where g.site_id = i.site_id
                                          and g.last_seen_at > i.collect_from and g.last_seen_at <= now())))
               or (not i.enabled and i.secrets_enc is not null
                   and exists (select 1 from integration_deliveries d where d.integration_id = i.id
                               and d.status in ('queued', 'retrying') and d.next_attempt_at <= now()
                               and d.action in ('erase', 'unsubscribe'))))`);
      return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
    },

    /**
     * Queues the site's guests seen since the integration's collect_from (less the overlap) in one
     * statement: a consenting guest with an email or phone whom the vendor does not have at this visit
     * (`consentAction`), and, where the vendor unsubscribes, a guest who has withdrawn consent and is
     * synced there. A guest already waiting for the same action waits once (the waiting key), for
     * their latest login.
     * collect_from moves to the last guest looked at, never back. Answers how many were queued.
     */
    async collect(integrationId: number, consentAction: 'upsert' | 'login', unsubscribes: boolean): Promise<number> {
      const window = sql`g.last_seen_at > i.collect_from - ${OVERLAP} and g.last_seen_at <= now()`;
      const result = await db.execute(sql`
        with i as (select id, site_id, collect_from from integrations where id = ${integrationId}),
        candidates as (
          select g.id, g.site_id, coalesce(nullif(g.email, ''), g.phone) as label, g.last_seen_at,
                 case when g.marketing_consent then ${consentAction} else 'unsubscribe' end as action
          from i join guests g on g.site_id = i.site_id
          left join integration_contacts c on c.integration_id = i.id and c.guest_id = g.id
          where ${window} and (nullif(g.email, '') is not null or g.phone is not null)
            and ((g.marketing_consent and (c.guest_id is null or c.synced_seen_at < g.last_seen_at))
                 or (${unsubscribes} and not g.marketing_consent and c.state = 'synced'))
        ),
        -- A guest already waiting for the same action as of this login is not picked again (a full pick
        -- always moves on); one waiting since an earlier login has the wait moved to this one.
        picked as (
          select p.* from candidates p
          where not exists (select 1 from integration_deliveries w where w.integration_id = ${integrationId}
                            and w.guest_id = p.id and w.action = p.action and w.status in ('queued', 'retrying')
                            and w.seen_at >= p.last_seen_at)
          order by p.last_seen_at, p.id
          limit ${COLLECT_LIMIT}
        ),
        ins as (
          insert into integration_deliveries (integration_id, site_id, guest_id, guest_label, action, seen_at)
          select ${integrationId}, p.site_id, p.id, p.label, p.action, p.last_seen_at from picked p
          order by p.last_seen_at, p.id
          on conflict (integration_id, guest_id, action) where status in ('queued', 'retrying') and guest_id is not null
          do update set seen_at = greatest(integration_deliveries.seen_at, excluded.seen_at), guest_label = excluded.guest_label,
                        updated_at = now()
          returning id
        ),
        reached as (
          select case when (select count(*) from picked) >= ${COLLECT_LIMIT} then (select max(last_seen_at) from picked)
                 else (select max(g.last_seen_at) from i join guests g on g.site_id = i.site_id where ${window}) end as at
        ),
        moved as (
          update integrations set collect_from = greatest(collect_from, (select at from reached))
          where id = ${integrationId} and (select at from reached) is not null
          returning id
        )
        select (select count(*) from ins)::int as queued, (select count(*) from moved)::int as moved`);
      return Number(rowsOf<{ queued: number }>(result)[0]?.queued ?? 0);
    },

    /** The guests of a batch as they are now (an erased one is missing), with their site's name. */
    async guestsOf(siteId: number, ids: number[]): Promise<Map<number, DeliveryGuest>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({
          id: guests.id,
          email: guests.email,
          phone: guests.phone,
          firstName: guests.firstName,
          lastName: guests.lastName,
          gender: guests.gender,
          birthday: guests.birthday,
          country: guests.country,
          postcode: guests.postcode,
          fields: guests.fields,
          visits: guests.visits,
          firstSeenAt: guests.firstSeenAt,
          lastSeenAt: guests.lastSeenAt,
          lastMethod: guests.lastMethod,
          marketingConsent: guests.marketingConsent,
          siteName: sites.name,
        })
        .from(guests)
        .innerJoin(sites, eq(sites.id, guests.siteId))
        .where(and(eq(guests.siteId, siteId), inArray(guests.id, ids)));
      return new Map(rows.map((r) => [r.id, r]));
    },

    async siteName(siteId: number): Promise<string> {
      const [row] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
      return row?.name ?? '';
    },
  };
}
export type CollectorRepo = ReturnType<typeof createCollectorRepo>;
