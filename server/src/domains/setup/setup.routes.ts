import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, portalTestSchema, setupChecklistSchema } from '@splashboard/contract';
import type { SetupService } from './setup.service.ts';

const tags = ['Set-up'];
const site = z.object({ siteId: idParam });

/** `/s/{siteId}/api/v1/setup/…`: a new site's checklist and its guest portal's test mode. */
export const setupRoutes =
  (setup: SetupService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/setup/checklist',
      {
        schema: {
          tags,
          summary: "The site's set-up steps (controller, splash page, seen as a guest, first guest) and which are done",
          params: site,
          response: { 200: setupChecklistSchema },
        },
      },
      async (r) => setup.checklist(r.actor, r.params.siteId),
    );

    app.post(
      '/setup/portal-test',
      {
        schema: {
          tags,
          summary:
            "An address, good for 10 minutes, that opens the site's guest portal in test mode: every login step, and instead of the grant a page saying what the controller would have been told. Nothing is recorded as a guest or a login",
          params: site,
          response: { 200: portalTestSchema },
        },
      },
      async (r) => setup.startPortalTest(r.actor, r.params.siteId),
    );
  };
