import type { FastifyInstance } from 'fastify';
import { SITE_API } from '../../../platform/area.ts';
import type { CampaignDeps } from '../deps.ts';
import { createEmailCampaignsRepo } from './email-campaigns.repo.ts';
import { emailCampaignsRoutes } from './email-campaigns.routes.ts';
import { createEmailCampaignsService } from './email-campaigns.service.ts';
import { campaignTemplatesRoutes } from './templates/templates.routes.ts';

/** Email campaigns (create, edit, list with their figures, delete) and the template gallery they start from. */
export async function registerEmailCampaigns(app: FastifyInstance, deps: CampaignDeps): Promise<void> {
  const service = createEmailCampaignsService({ sites: deps.sites, campaigns: createEmailCampaignsRepo(deps.db) });
  await app.register(emailCampaignsRoutes(service), { prefix: SITE_API });
  await app.register(campaignTemplatesRoutes(deps.sites), { prefix: SITE_API });
}
