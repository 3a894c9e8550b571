import type { EmailCampaign, EmailCampaignCreate, EmailCampaignList, EmailCampaignUpdate } from '@splashboard/contract';
import { can, type AccessMode, type Actor } from '../../../platform/access.ts';
import { notFound } from '../../../platform/errors.ts';
import type { SiteAccess } from '../../../platform/site-access.ts';
import { campaignToStore } from './email-campaign-rules.ts';
import { campaignFieldsOf, campaignView, columnsOf, NO_FIGURES } from './email-campaign-view.ts';
import type { EmailCampaignRow, EmailCampaignsRepo } from './email-campaigns.repo.ts';

type Deps = { sites: SiteAccess; campaigns: EmailCampaignsRepo };

/**
 * Email campaigns of a site (permission email_campaigns): reading needs read access, every change write
 * access; another account's or another site's campaign is 404. Deleting keeps the row (deleted_at).
 */
export function createEmailCampaignsService({ sites, campaigns }: Deps) {
  async function access(actor: Actor | null, siteId: number, mode: AccessMode) {
    const found = await sites.siteFor(actor, siteId, 'email_campaigns', mode);
    return { ...found, canWrite: can(found.actor, siteId, 'email_campaigns', 'write', found.access) };
  }

  async function campaignIn(siteId: number, id: number): Promise<EmailCampaignRow> {
    const row = await campaigns.byId(siteId, id);
    if (!row) throw notFound('campaigns.campaignNotFound');
    return row;
  }

  async function withFigures(row: EmailCampaignRow): Promise<EmailCampaign> {
    const figures = await campaigns.figures([row.id]);
    return campaignView(row, figures.get(row.id));
  }

  return {
    async list(actor: Actor | null, siteId: number): Promise<EmailCampaignList> {
      const { canWrite } = await access(actor, siteId, 'read');
      const rows = await campaigns.list(siteId);
      const figures = await campaigns.figures(rows.map((r) => r.id));
      const now = new Date();
      const summaries = rows.map((row) => {
        const {
          campaign_html: _html,
          campaign_json: _json,
          plain_text: _text,
          ...summary
        } = campaignView(row, figures.get(row.id) ?? NO_FIGURES, now);
        return summary;
      });
      return { campaigns: summaries, can_write: canWrite };
    },

    async get(actor: Actor | null, siteId: number, id: number): Promise<EmailCampaign> {
      await access(actor, siteId, 'read');
      return withFigures(await campaignIn(siteId, id));
    },

    async create(actor: Actor | null, siteId: number, body: EmailCampaignCreate): Promise<EmailCampaign> {
      const { row: site } = await access(actor, siteId, 'write');
      const campaign = campaignToStore(body, { wasActive: false, failure: 'campaigns.creationFailed' });
      const row = await campaigns.insert({
        ...columnsOf(campaign),
        accountId: site.accountId,
        siteId,
        name: campaign.name,
        subject: campaign.subject,
      });
      return campaignView(row);
    },

    async update(actor: Actor | null, siteId: number, id: number, body: EmailCampaignUpdate): Promise<EmailCampaign> {
      await access(actor, siteId, 'write');
      const stored = await campaignIn(siteId, id);
      const merged = { ...campaignFieldsOf(stored), ...body };
      const campaign = campaignToStore(merged, { wasActive: stored.active, failure: 'campaigns.updateFailed' });
      const row = await campaigns.update(siteId, id, columnsOf(campaign));
      if (!row) throw notFound('campaigns.campaignNotFound');
      return withFigures(row);
    },

    async remove(actor: Actor | null, siteId: number, id: number) {
      await access(actor, siteId, 'write');
      if (!(await campaigns.markDeleted(siteId, id))) throw notFound('campaigns.campaignNotFound');
      return { status: 200 as const, message: 'Deleted' };
    },
  };
}

export type EmailCampaignsService = ReturnType<typeof createEmailCampaignsService>;
