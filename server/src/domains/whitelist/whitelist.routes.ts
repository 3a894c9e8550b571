import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listQuerySchema,
  macEntryDetailsSchema,
  macEntryInputSchema,
  macEntryListSchema,
  macEntrySchema,
  nasClientInputSchema,
  nasClientSchema,
  positiveIdParam,
} from '@splashboard/contract';
import type { MacEntriesService } from './macentries.service.ts';
import type { NasClientsService } from '../routers/nas-clients.service.ts';

const site = z.object({ siteId: positiveIdParam });
const siteAndId = site.extend({ id: positiveIdParam });
const ok = z.object({ status: z.literal(200), message: z.string() });

/** Site-scoped network settings: whitelisted devices (/macentry/) and RADIUS gateways (/radiusclients/). */
export const networkRoutes =
  (macs: MacEntriesService, nas: NasClientsService): FastifyPluginAsyncZod =>
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

    const nasTags = ['RADIUS gateways'];
    app.get(
      '/radiusclients/',
      { schema: { tags: nasTags, params: site, response: { 200: z.object({ items: z.array(nasClientSchema) }) } } },
      async (r) => ({
        items: await nas.list(r.actor, r.params.siteId),
      }),
    );
    app.post(
      '/radiusclients/',
      { schema: { tags: nasTags, params: site, body: nasClientInputSchema, response: { 200: nasClientSchema } } },
      async (r) => nas.create(r.actor, r.params.siteId, r.body),
    );
    app.get(
      '/radiusclients/:id/secret',
      {
        schema: {
          tags: nasTags,
          params: siteAndId,
          description: 'The whole shared secret of a gateway, to enter it on the gateway again.',
          response: { 200: z.object({ secret: z.string() }) },
        },
      },
      async (r) => nas.revealSecret(r.actor, r.params.siteId, r.params.id),
    );
    app.delete('/radiusclients/:id', { schema: { tags: nasTags, params: siteAndId, response: { 200: ok } } }, async (r) =>
      nas.remove(r.actor, r.params.siteId, r.params.id),
    );
  };
