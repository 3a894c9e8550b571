import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MESSAGES,
  okSchema,
  positiveIdParam,
  splashAdCreateSchema,
  splashAdListSchema,
  splashAdSchema,
  splashAdUpdateSchema,
  type MessageCode,
} from '@splashboard/contract';
import { AppError, type SchemaErrors } from '../../../platform/errors.ts';
import type { SplashAdsService } from './splash-ads.service.ts';

const site = z.object({ siteId: positiveIdParam });
const siteAndId = site.extend({ id: positiveIdParam });
const tags = ['Splash-page ads'];
const base = '/campaigns/splash-ads';

/**
 * A body the contract refuses answers the spec's 'Campaign creation failed' / 'Campaign update failed'
 * with each field's problem (the route validates, then hands the refusal here: attachValidation).
 */
function refusedBody(r: FastifyRequest, code: MessageCode) {
  const failure = r.validationError as (Error & { validation?: { instancePath?: string; message?: string }[] }) | undefined;
  if (!failure) return;
  const schemaErrors: SchemaErrors = {};
  for (const v of failure.validation ?? []) {
    const key = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
    (schemaErrors[key] ??= []).push(v.message ?? MESSAGES.validation);
  }
  throw new AppError(422, code, { schemaErrors });
}

/** /s/{siteId}/api/v1/campaigns/splash-ads and splash-ads/{id}: the site's splash-page ads. */
export const splashAdsRoutes =
  (ads: SplashAdsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(base, { schema: { tags, params: site, response: { 200: splashAdListSchema } } }, async (r) =>
      ads.list(r.actor, r.params.siteId),
    );
    app.post(
      base,
      { attachValidation: true, schema: { tags, params: site, body: splashAdCreateSchema, response: { 200: splashAdSchema } } },
      async (r) => {
        refusedBody(r, 'campaigns.creationFailed');
        return ads.create(r.actor, r.params.siteId, r.body);
      },
    );
    app.get(`${base}/:id`, { schema: { tags, params: siteAndId, response: { 200: splashAdSchema } } }, async (r) =>
      ads.get(r.actor, r.params.siteId, r.params.id),
    );
    app.put(
      `${base}/:id`,
      {
        attachValidation: true,
        schema: { tags, params: siteAndId, body: splashAdUpdateSchema, response: { 200: splashAdSchema } },
      },
      async (r) => {
        refusedBody(r, 'campaigns.updateFailed');
        return ads.update(r.actor, r.params.siteId, r.params.id, r.body);
      },
    );
    app.delete(`${base}/:id`, { schema: { tags, params: siteAndId, response: { 200: okSchema } } }, async (r) =>
      ads.remove(r.actor, r.params.siteId, r.params.id),
    );
  };
