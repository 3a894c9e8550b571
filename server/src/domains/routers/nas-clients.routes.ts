import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nasClientInputSchema, nasClientSchema, positiveIdParam } from '@splashboard/contract';
import type { NasClientsService } from './nas-clients.service.ts';

const site = z.object({ siteId: positiveIdParam });
const siteAndId = site.extend({ id: positiveIdParam });
const ok = z.object({ status: z.literal(200), message: z.string() });

/** The gateways of a site that may ask our RADIUS server: /s/{siteId}/api/v1/radiusclients/. */
export const nasClientsRoutes =
  (nas: NasClientsService): FastifyPluginAsyncZod =>
  async (app) => {
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
