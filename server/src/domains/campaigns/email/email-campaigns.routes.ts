import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailCampaignCreateSchema,
  emailCampaignListSchema,
  emailCampaignSchema,
  emailCampaignUpdateSchema,
  okSchema,
  positiveIdParam,
} from '@splashboard/contract';
import type { EmailCampaignsService } from './email-campaigns.service.ts';

const site = z.object({ siteId: positiveIdParam });
const siteAndId = site.extend({ id: positiveIdParam });
const tags = ['Email campaigns'];

/** /s/{siteId}/api/v1/campaigns/email: the site's email campaigns. */
export const emailCampaignsRoutes =
  (campaigns: EmailCampaignsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/campaigns/email', { schema: { tags, params: site, response: { 200: emailCampaignListSchema } } }, async (r) =>
      campaigns.list(r.actor, r.params.siteId),
    );
    app.post(
      '/campaigns/email',
      {
        config: { validationCode: 'campaigns.creationFailed' },
        schema: { tags, params: site, body: emailCampaignCreateSchema, response: { 200: emailCampaignSchema } },
      },
      async (r) => campaigns.create(r.actor, r.params.siteId, r.body),
    );
    app.get('/campaigns/email/:id', { schema: { tags, params: siteAndId, response: { 200: emailCampaignSchema } } }, async (r) =>
      campaigns.get(r.actor, r.params.siteId, r.params.id),
    );
    app.put(
      '/campaigns/email/:id',
      {
        config: { validationCode: 'campaigns.updateFailed' },
        schema: { tags, params: siteAndId, body: emailCampaignUpdateSchema, response: { 200: emailCampaignSchema } },
      },
      async (r) => campaigns.update(r.actor, r.params.siteId, r.params.id, r.body),
    );
    app.delete('/campaigns/email/:id', { schema: { tags, params: siteAndId, response: { 200: okSchema } } }, async (r) =>
      campaigns.remove(r.actor, r.params.siteId, r.params.id),
    );
  };
