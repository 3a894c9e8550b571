import type { FastifyInstance } from 'fastify';
import { ACCOUNT_API, SITE_API } from '../../../platform/area.ts';
import type { CampaignDeps } from '../deps.ts';
import type { DeliveryDeps } from './delivery-deps.ts';
import { registerCampaignDelivery as registerDeliveryJob } from './campaign-delivery.ts';
import { registerCampaignTriggers } from './campaign-triggers.ts';
import { campaignDeliveryRoutes, mailSettingsRoutes } from './delivery.routes.ts';
import { guestRoutes } from './guest.routes.ts';
import { createMailSettingsRepo } from './mail-settings.repo.ts';
import { createMailSettingsService } from './mail-settings.service.ts';
import { createRecipientsRepo } from './recipients.repo.ts';
import { createSiteSettingsRepo } from './site-settings.repo.ts';
import { createTestSendService } from './test-send.service.ts';
import { createTrackingTokens } from './tracking-tokens.ts';

/**
 * Delivery of email campaigns: the account's mail settings, test sends, the triggers that queue
 * recipients, the jobs that send to them, and the guests' tracking, unsubscribe and opt-in routes.
 */
export async function registerCampaignDelivery(app: FastifyInstance, campaignDeps: CampaignDeps): Promise<void> {
  const deps: DeliveryDeps = {
    ...campaignDeps,
    mailSettings: createMailSettingsRepo(campaignDeps.db),
    recipients: createRecipientsRepo(campaignDeps.db),
    siteSettings: createSiteSettingsRepo(campaignDeps.db),
    tokens: createTrackingTokens(campaignDeps.deriveKey),
  };
  registerDeliveryJob(deps);
  registerCampaignTriggers(deps);
  await app.register(mailSettingsRoutes(createMailSettingsService(deps)), { prefix: ACCOUNT_API });
  await app.register(campaignDeliveryRoutes(createTestSendService(deps)), { prefix: SITE_API });
  await app.register(guestRoutes(deps));
}
