import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  abTestCreateSchema,
  abTestEndSchema,
  abTestListSchema,
  abTestSchema,
  funnelAnswerSchema,
  funnelQuerySchema,
  positiveIdParam,
} from '@splashboard/contract';
import type { AbTestsService } from './ab-tests.service.ts';

const site = z.object({ siteId: positiveIdParam });
const siteAndId = site.extend({ id: positiveIdParam });
const tags = ['Splash A/B tests'];

/** /s/{siteId}/api/v1/campaigns/ab-tests... and campaigns/funnel (paths in the contract's campaigns.ts). */
export const abTestsRoutes =
  (service: AbTestsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/campaigns/ab-tests', { schema: { tags, params: site, response: { 200: abTestListSchema } } }, async (r) =>
      service.list(r.actor, r.params.siteId),
    );
    app.post(
      '/campaigns/ab-tests',
      { schema: { tags, params: site, body: abTestCreateSchema, response: { 200: abTestSchema } } },
      async (r) => service.start(r.actor, r.params.siteId, r.body),
    );
    app.get('/campaigns/ab-tests/:id', { schema: { tags, params: siteAndId, response: { 200: abTestSchema } } }, async (r) =>
      service.get(r.actor, r.params.siteId, r.params.id),
    );
    app.post(
      '/campaigns/ab-tests/:id/end',
      { schema: { tags, params: siteAndId, body: abTestEndSchema, response: { 200: abTestSchema } } },
      async (r) => service.end(r.actor, r.params.siteId, r.params.id, r.body.keep_variant_id),
    );
    app.get(
      '/campaigns/funnel',
      { schema: { tags, params: site, querystring: funnelQuerySchema, response: { 200: funnelAnswerSchema } } },
      async (r) => service.funnel(r.actor, r.params.siteId, r.query.fromdate, r.query.todate),
    );
  };
