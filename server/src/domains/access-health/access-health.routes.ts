import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantListQuerySchema, grantListSchema, positiveIdParam } from '@splashboard/contract';
import type { AccessHealthService } from './access-health.service.ts';

const site = z.object({ siteId: positiveIdParam });

/** /s/{siteId}/api/v1/accesshealth/grants: recent grants with the gateway's answer, filtered by status. */
export const accessHealthRoutes =
  (health: AccessHealthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/accesshealth/grants',
      {
        schema: {
          tags: ['Access health'],
          params: site,
          querystring: grantListQuerySchema,
          description: 'Newest first. `unconfirmed` lists pending and granted (sent to the gateway, not confirmed).',
          response: { 200: grantListSchema },
        },
      },
      async (r) => health.grants(r.actor, r.params.siteId, r.query),
    );
  };
