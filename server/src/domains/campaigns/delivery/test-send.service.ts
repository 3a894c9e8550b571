import { messageText, type CampaignSettings } from '@splashboard/contract';
import type { Actor } from '../../../platform/access.ts';
import { notFound } from '../../../platform/errors.ts';
import type { DeliveryDeps } from './delivery-deps.ts';
import { campaignTransportOf, type CampaignTransport } from './campaign-transport.ts';
import { noSmtp, smtpFailed } from './mail-settings.service.ts';
import { renderCampaignEmail } from './render-campaign-email.ts';

/** A campaign's test send to the operator, and the site's marketing settings (permission email_campaigns). */
export function createTestSendService(deps: DeliveryDeps) {
  return {
    /** Sends the campaign now with the operator's own values, outside the campaign's figures. */
    async testSend(actor: Actor | null, siteId: number, campaignId: number, email: string | undefined) {
      const site = await deps.sites.siteFor(actor, siteId, 'email_campaigns', 'write');
      const campaign = await deps.recipients.campaign(campaignId);
      if (!campaign || campaign.siteId !== siteId || campaign.deletedAt) throw notFound('campaigns.campaignNotFound');
      const user = await deps.accounts.userById(site.actor.userId);
      const [first, ...rest] = (user?.name ?? '').split(' ');
      const to = email ?? site.actor.email;
      const transport = await campaignTransportOf(deps, site.row.accountId);
      if (!transport) throw noSmtp();
      const message = renderCampaignEmail({
        campaign,
        siteName: site.row.name,
        to,
        values: {
          first_name: first ?? '',
          last_name: rest.join(' '),
          email: to,
          site_name: site.row.name,
          visits: '1',
          last_visit: new Date().toISOString().slice(0, 10),
        },
        recipientId: 0,
        lang: 'en',
        publicUrl: deps.config.publicUrl,
        tokens: deps.tokens,
      });
      await sendOnce(transport, message);
      return { message: messageText('campaigns.testSent', { email: to }) };
    },

    async settings(actor: Actor | null, siteId: number): Promise<CampaignSettings> {
      await deps.sites.siteFor(actor, siteId, 'email_campaigns', 'read');
      return { opt_in_type: (await deps.siteSettings.optInType(siteId)) as CampaignSettings['opt_in_type'] };
    },

    async saveSettings(actor: Actor | null, siteId: number, body: CampaignSettings): Promise<CampaignSettings> {
      const site = await deps.sites.siteFor(actor, siteId, 'email_campaigns', 'write');
      await deps.siteSettings.saveOptInType(siteId, site.row.accountId, body.opt_in_type);
      return body;
    },
  };
}
export type TestSendService = ReturnType<typeof createTestSendService>;

async function sendOnce(transport: CampaignTransport, message: Parameters<CampaignTransport['send']>[0]) {
  try {
    await transport.send(message);
  } catch (err) {
    throw smtpFailed((err as Error).message);
  } finally {
    transport.close();
  }
}
