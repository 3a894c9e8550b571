import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listQuerySchema,
  macEntryDetailsSchema,
  macEntryInputSchema,
  macEntryListSchema,
  macEntrySchema,
  positiveIdParam,
} from '@splashboard/contract';
import type { MacEntriesService } from './macentries.service.ts';

const site = z.object({ siteId: positiveIdParam });
const siteAndId = site.extend({ id: positiveIdParam });
const ok = z.object({ status: z.literal(200), message: z.string() });

/** Whitelisted devices of a site: /s/{siteId}/api/v1/macentry/. */
export const whitelistRoutes =
  (macs: MacEntriesService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Whitelisted devices'];
    app.get(
      '/macentry/',
      {
        schema: {
          tags,
          params: site,
          querystring: listQuerySchema,
          response: { 200: macEntryListSchema },
        },
      },
      async (r) => macs.list(r.actor, r.params.siteId, r.query),
    );
    app.get('/macentry/:id', { schema: { tags, params: siteAndId, response: { 200: macEntryDetailsSchema } } }, async (r) =>
      macs.get(r.actor, r.params.siteId, r.params.id),
    );
    app.post(
      '/macentry/',
      { schema: { tags, params: site, body: macEntryInputSchema, response: { 200: macEntrySchema } } },
      async (r) => macs.create(r.actor, r.params.siteId, r.body),
    );
    app.put(
      '/macentry/:id',
      { schema: { tags, params: siteAndId, body: macEntryInputSchema, response: { 200: macEntrySchema } } },
      async (r) => macs.update(r.actor, r.params.siteId, r.params.id, r.body),
    );
    app.delete('/macentry/:id', { schema: { tags, params: siteAndId, response: { 200: ok } } }, async (r) =>
      macs.remove(r.actor, r.params.siteId, r.params.id),
    );
  };
