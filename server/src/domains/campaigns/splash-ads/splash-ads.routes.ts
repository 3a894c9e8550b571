import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  okSchema,
  positiveIdParam,
  splashAdCreateSchema,
  splashAdListSchema,
  splashAdSchema,
  splashAdUpdateSchema,
} from '@splashboard/contract';
import type { SplashAdsService } from './splash-ads.service.ts';

const site = z.object({ siteId: positiveIdParam });
const siteAndId = site.extend({ id: positiveIdParam });
const tags = ['Splash-page ads'];
const base = '/campaigns/splash-ads';

/** /s/{siteId}/api/v1/campaigns/splash-ads and splash-ads/{id}: the site's splash-page ads. */
export const splashAdsRoutes =
  (ads: SplashAdsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(base, { schema: { tags, params: site, response: { 200: splashAdListSchema } } }, async (r) =>
      ads.list(r.actor, r.params.siteId),
    );
    app.post(
      base,
      {
        // A body the contract refuses answers the spec's message, with each field's problem.
        config: { validationCode: 'campaigns.creationFailed' },
        schema: { tags, params: site, body: splashAdCreateSchema, response: { 200: splashAdSchema } },
      },
      async (r) => ads.create(r.actor, r.params.siteId, r.body),
    );
    app.get(`${base}/:id`, { schema: { tags, params: siteAndId, response: { 200: splashAdSchema } } }, async (r) =>
      ads.get(r.actor, r.params.siteId, r.params.id),
    );
    app.put(
      `${base}/:id`,
      {
        config: { validationCode: 'campaigns.updateFailed' },
        schema: { tags, params: siteAndId, body: splashAdUpdateSchema, response: { 200: splashAdSchema } },
      },
      async (r) => ads.update(r.actor, r.params.siteId, r.params.id, r.body),
    );
    app.delete(`${base}/:id`, { schema: { tags, params: siteAndId, response: { 200: okSchema } } }, async (r) =>
      ads.remove(r.actor, r.params.siteId, r.params.id),
    );
  };
