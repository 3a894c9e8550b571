import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignTemplateListSchema,
  campaignTemplateQuerySchema,
  campaignTemplateSchema,
  positiveIdParam,
} from '@splashboard/contract';
import { notFound } from '../../../../platform/errors.ts';
import type { SiteAccess } from '../../../../platform/site-access.ts';
import { galleryOf, galleryTemplate, isTemplateId } from './template-gallery.ts';

const site = z.object({ siteId: positiveIdParam });
const tags = ['Email campaigns'];

/** /s/{siteId}/api/v1/campaigns/templates: the gallery an email campaign starts from (permission email_campaigns, read). */
export const campaignTemplatesRoutes =
  (sites: SiteAccess): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/campaigns/templates',
      { schema: { tags, params: site, querystring: campaignTemplateQuerySchema, response: { 200: campaignTemplateListSchema } } },
      async (r) => {
        await sites.siteFor(r.actor, r.params.siteId, 'email_campaigns', 'read');
        return { templates: galleryOf(r.query.lang) };
      },
    );
    app.get(
      '/campaigns/templates/:templateId',
      {
        schema: {
          tags,
          params: site.extend({ templateId: z.string().max(60) }),
          querystring: campaignTemplateQuerySchema,
          response: { 200: campaignTemplateSchema },
        },
      },
      async (r) => {
        await sites.siteFor(r.actor, r.params.siteId, 'email_campaigns', 'read');
        const { templateId } = r.params;
        if (!isTemplateId(templateId)) throw notFound('campaigns.unknownTemplate', { templateId });
        return galleryTemplate(templateId, r.query.lang);
      },
    );
  };
