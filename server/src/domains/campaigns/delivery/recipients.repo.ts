import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { GuestChangeStep } from '../../../platform/guest-changes.ts';
import { campaignRecipients, campaignUnsubscribes, emailCampaigns, guests, sites } from '../../../db/schema/index.ts';

export type CampaignRow = typeof emailCampaigns.$inferSelect;
export type RecipientRow = typeof campaignRecipients.$inferSelect;
export interface LiveCampaign {
  id: number;
  siteId: number;
  accountId: number;
  triggerType: string;
  timezone: string;
}
/** What a recipient's email is filled with. */
export interface RecipientGuest {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  visits: number;
  lastSeenAt: Date;
  country: string | null;
  marketingConsent: boolean;
}

/**
 * The guests a trigger picks at one instant, as SQL over `g` (guests) for a campaign `c` and the site's
 * local day `d` (a date) and its bounds in UTC. Each uses an index of the site's guests or sessions.
 */
const TRIGGER_SQL: Record<string, string> = {
  connect: `exists (select 1 from guest_sessions s where s.site_id = g.site_id and s.guest_id = g.id
              and s.started_at >= b.day_start - make_interval(days => c.trigger_param)
              and s.started_at < b.day_end - make_interval(days => c.trigger_param))`,
  disconnect: `exists (select 1 from guest_sessions s where s.site_id = g.site_id and s.guest_id = g.id
              and s.ended_at >= b.day_start - make_interval(days => c.trigger_param)
              and s.ended_at < b.day_end - make_interval(days => c.trigger_param))`,
  inactive: `g.last_seen_at >= b.day_start - make_interval(days => c.trigger_param)
              and g.last_seen_at < b.day_end - make_interval(days => c.trigger_param)`,
  // 29 February is celebrated on 28 February in other years; sent from 09:00 of the site's day.
  birthday: `b.local_time >= time '09:00' and g.birthday is not null and (substr(g.birthday, 6) = to_char(b.day, 'MM-DD')
              or (substr(g.birthday, 6) = '02-29' and to_char(b.day, 'MM-DD') = '02-28'
                  and extract(day from (date_trunc('year', b.day) + interval '1 month 28 days')) <> 29))`,
};

/**
 * email_campaigns and campaign_recipients (with the site's guests and sessions, and its time zone):
 * the trigger run's set-based pick, the delivery's pages of queued recipients and their outcomes, and
 * the guests' tracking and unsubscribes.
 */
export function createRecipientsRepo(db: Database) {
  return {
    /** Active campaigns started and not ended at `at`, with their site's time zone. */
    async liveCampaigns(at: Date): Promise<LiveCampaign[]> {
      return db
        .select({
          id: emailCampaigns.id,
          siteId: emailCampaigns.siteId,
          accountId: emailCampaigns.accountId,
          triggerType: emailCampaigns.triggerType,
          timezone: sites.timezone,
        })
        .from(emailCampaigns)
        .innerJoin(sites, eq(sites.id, emailCampaigns.siteId))
        .where(
          and(
            sql`${emailCampaigns.active} and ${emailCampaigns.deletedAt} is null`,
            sql`(${emailCampaigns.startTime} is null or ${emailCampaigns.startTime} <= ${at})`,
            sql`(${emailCampaigns.endTime} is null or ${emailCampaigns.endTime} > ${at})`,
          ),
        );
    },

    /**
     * Queues the campaign's recipients as of `at` in one statement: the trigger's guests who consented,
     * have an email, did not unsubscribe from the site and (double opt-in) confirmed; a guest already
     * queued for the same period is left alone. Answers how many were queued.
     */
    async pick(campaign: LiveCampaign, at: Date): Promise<number> {
      const trigger = TRIGGER_SQL[campaign.triggerType];
      if (!trigger) return 0;
      const result = (await db.execute(sql`
        with b as (
          select d as day, (d::timestamp at time zone ${campaign.timezone}) as day_start,
                 ((d + 1)::timestamp at time zone ${campaign.timezone}) as day_end,
                 (${at}::timestamptz at time zone ${campaign.timezone})::time as local_time
          from (select (${at}::timestamptz at time zone ${campaign.timezone})::date as d) x
        ), o as (
          select coalesce((select opt_in_type from campaign_site_settings where site_id = ${campaign.siteId}), 'single') as t
        )
        insert into campaign_recipients (account_id, site_id, campaign_id, guest_id, email, period_key)
        select c.account_id, c.site_id, c.id, g.id, lower(g.email),
               case when c.sending_frequency = 'once_per_period'
                    then ((b.day - date '1970-01-01') / c.sending_period_days)::text else '' end
        from email_campaigns c cross join b cross join o
        join guests g on g.site_id = c.site_id
        where c.id = ${campaign.id}
          and g.marketing_consent and g.email is not null and g.email <> ''
          and not exists (select 1 from campaign_unsubscribes u where u.site_id = g.site_id and u.email = lower(g.email))
          and (o.t in ('unknown', 'single') or exists (
                select 1 from campaign_opt_ins oi where oi.guest_id = g.id and oi.confirmed_at is not null
                  and (o.t = 'double' or g.email_verified_at is not null)))
          and ${sql.raw(trigger)}
        on conflict (campaign_id, guest_id, period_key) where guest_id is not null do nothing
        returning id`)) as unknown as { rows: unknown[] };
      return result.rows.length;
    },

    campaign: async (id: number) => (await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)))[0],

    /** A campaign with its site's name (what its emails are signed with). */
    async campaignWithSite(id: number) {
      const [row] = await db
        .select({ campaign: emailCampaigns, siteName: sites.name })
        .from(emailCampaigns)
        .innerJoin(sites, eq(sites.id, emailCampaigns.siteId))
        .where(eq(emailCampaigns.id, id));
      return row;
    },

    /** Consenting guests of a site with an email and no double opt-in row yet (a confirmation is due). */
    async awaitingOptIn(siteId: number, limit: number) {
      return db
        .select({ id: guests.id, email: guests.email, country: guests.country, siteName: sites.name })
        .from(guests)
        .innerJoin(sites, eq(sites.id, guests.siteId))
        .where(
          and(
            eq(guests.siteId, siteId),
            sql`${guests.marketingConsent} and ${guests.email} is not null and ${guests.email} <> ''`,
            sql`not exists (select 1 from campaign_opt_ins oi where oi.guest_id = ${guests.id})`,
          ),
        )
        .limit(limit);
    },

    /** A page of the campaign's queued recipients after `afterId`, with their guest. */
    /** The next queued recipients with their guest and whether the address unsubscribed meanwhile. */
    async queuedPage(campaignId: number, afterId: number, size: number) {
      const unsubscribed = sql<boolean>`exists (select 1 from ${campaignUnsubscribes} u
        where u.site_id = ${campaignRecipients.siteId} and u.email = lower(${campaignRecipients.email}))`;
      return db
        .select({ recipient: campaignRecipients, guest: guestColumns, unsubscribed })
        .from(campaignRecipients)
        .leftJoin(guests, eq(guests.id, campaignRecipients.guestId))
        .where(
          and(
            eq(campaignRecipients.campaignId, campaignId),
            eq(campaignRecipients.status, 'queued'),
            gt(campaignRecipients.id, afterId),
          ),
        )
        .orderBy(asc(campaignRecipients.id))
        .limit(size);
    },

    /**
     * Claims a queued recipient for one attempt (false: another worker has it, or it is done). An address
     * that unsubscribed since its page was read is skipped by the same statement, so none is emailed after.
     */
    async claim(id: number, attempts: number): Promise<boolean> {
      const gone = sql`exists (select 1 from ${campaignUnsubscribes} u
        where u.site_id = ${campaignRecipients.siteId} and u.email = lower(${campaignRecipients.email}))`;
      const rows = await db
        .update(campaignRecipients)
        .set({
          attempts: attempts + 1,
          status: sql`case when ${gone} then 'skipped' else ${campaignRecipients.status} end`,
          lastError: sql`case when ${gone} then 'unsubscribed or consent withdrawn' else ${campaignRecipients.lastError} end`,
        })
        .where(
          and(eq(campaignRecipients.id, id), eq(campaignRecipients.status, 'queued'), eq(campaignRecipients.attempts, attempts)),
        )
        .returning({ status: campaignRecipients.status });
      return rows[0]?.status === 'queued';
    },

    async markSent(id: number, messageId: string) {
      await db
        .update(campaignRecipients)
        .set({ status: 'sent', messageId, sentAt: new Date(), lastError: '' })
        .where(eq(campaignRecipients.id, id));
    },

    /** A failed attempt: kept queued for the next (temporary), or failed for good. */
    async markAttemptFailed(id: number, error: string, final: boolean) {
      await db
        .update(campaignRecipients)
        .set({ lastError: error.slice(0, 1000), ...(final && { status: 'failed' }) })
        .where(eq(campaignRecipients.id, id));
    },

    async markSkipped(id: number, why: string) {
      await db.update(campaignRecipients).set({ status: 'skipped', lastError: why }).where(eq(campaignRecipients.id, id));
    },

    recipient: async (id: number) => (await db.select().from(campaignRecipients).where(eq(campaignRecipients.id, id)))[0],

    async markOpened(id: number) {
      await db
        .update(campaignRecipients)
        .set({ openedAt: new Date() })
        .where(and(eq(campaignRecipients.id, id), sql`${campaignRecipients.openedAt} is null`));
    },

    /** A click also tells the email was opened (images are often blocked). */
    async markClicked(id: number) {
      await db
        .update(campaignRecipients)
        .set({
          clickedAt: sql`coalesce(${campaignRecipients.clickedAt}, now())`,
          openedAt: sql`coalesce(${campaignRecipients.openedAt}, now())`,
        })
        .where(eq(campaignRecipients.id, id));
    },

    /**
     * The address leaves every campaign of the site and the guest's marketing consent is withdrawn;
     * `consentWithdrawn` (other areas' steps) runs in the same transaction when the guest still exists.
     */
    async unsubscribe(recipient: RecipientRow, source: 'one_click' | 'page', consentWithdrawn: GuestChangeStep) {
      await db.transaction(async (tx) => {
        await tx
          .insert(campaignUnsubscribes)
          .values({ siteId: recipient.siteId, email: recipient.email.toLowerCase(), recipientId: recipient.id, source })
          .onConflictDoNothing();
        await tx
          .update(campaignRecipients)
          .set({ unsubscribedAt: sql`coalesce(${campaignRecipients.unsubscribedAt}, now())` })
          .where(eq(campaignRecipients.id, recipient.id));
        if (recipient.guestId === null) return;
        const [guest] = await tx
          .update(guests)
          .set({ marketingConsent: false })
          .where(eq(guests.id, recipient.guestId))
          .returning({ accountId: guests.accountId, siteId: guests.siteId, email: guests.email, phone: guests.phone });
        if (guest) await consentWithdrawn(tx, { ...guest, guestId: recipient.guestId });
      });
    },
  };
}
export type RecipientsRepo = ReturnType<typeof createRecipientsRepo>;

const guestColumns = {
  firstName: guests.firstName,
  lastName: guests.lastName,
  email: guests.email,
  visits: guests.visits,
  lastSeenAt: guests.lastSeenAt,
  country: guests.country,
  marketingConsent: guests.marketingConsent,
};
