import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CampaignFigures } from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import { campaignRecipients, emailCampaigns } from '../../../db/schema/index.ts';

export type EmailCampaignRow = typeof emailCampaigns.$inferSelect;
export type NewEmailCampaign = typeof emailCampaigns.$inferInsert;
export type EmailCampaignChanges = Partial<Omit<NewEmailCampaign, 'id' | 'accountId' | 'siteId' | 'createdAt'>>;

const live = (siteId: number) => and(eq(emailCampaigns.siteId, siteId), isNull(emailCampaigns.deletedAt));
const counted = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** email_campaigns of the dashboard (deleted ones are kept, unseen) and their recipients' figures. */
export function createEmailCampaignsRepo(db: Database) {
  return {
    async list(siteId: number): Promise<EmailCampaignRow[]> {
      return db
        .select()
        .from(emailCampaigns)
        .where(live(siteId))
        .orderBy(desc(emailCampaigns.createdAt), desc(emailCampaigns.id));
    },

    async byId(siteId: number, id: number): Promise<EmailCampaignRow | undefined> {
      const [row] = await db
        .select()
        .from(emailCampaigns)
        .where(and(eq(emailCampaigns.id, id), live(siteId)));
      return row;
    },

    async insert(values: NewEmailCampaign): Promise<EmailCampaignRow> {
      const [row] = await db.insert(emailCampaigns).values(values).returning();
      return row!;
    },

    async update(siteId: number, id: number, changes: EmailCampaignChanges): Promise<EmailCampaignRow | undefined> {
      const [row] = await db
        .update(emailCampaigns)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(emailCampaigns.id, id), live(siteId)))
        .returning();
      return row;
    },

    async markDeleted(siteId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(emailCampaigns)
        .set({ deletedAt: new Date(), active: false })
        .where(and(eq(emailCampaigns.id, id), live(siteId)))
        .returning({ id: emailCampaigns.id });
      return rows.length > 0;
    },

    /** Each campaign's figures, in one grouped query; a campaign without recipients is absent. */
    async figures(campaignIds: number[]): Promise<Map<number, CampaignFigures>> {
      if (!campaignIds.length) return new Map();
      const r = campaignRecipients;
      const rows = await db
        .select({
          campaignId: r.campaignId,
          sent: counted(sql`${r.status} = 'sent'`),
          failed: counted(sql`${r.status} = 'failed'`),
          opened: counted(sql`${r.openedAt} is not null`),
          clicked: counted(sql`${r.clickedAt} is not null`),
          unsubscribed: counted(sql`${r.unsubscribedAt} is not null`),
        })
        .from(r)
        .where(inArray(r.campaignId, campaignIds))
        .groupBy(r.campaignId);
      return new Map(rows.map(({ campaignId, ...figures }) => [campaignId, figures]));
    },
  };
}

export type EmailCampaignsRepo = ReturnType<typeof createEmailCampaignsRepo>;
