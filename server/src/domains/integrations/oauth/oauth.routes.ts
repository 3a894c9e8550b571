import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oauthStartResultSchema, positiveIdParam } from '@splashboard/contract';
import type { OAuthService } from './oauth.service.ts';

const tags = ['Integrations'];

/** POST /s/{siteId}/api/v1/integrations/{kind}/oauth: where to send the browser to connect the vendor. */
export const oauthStartRoutes =
  (oauth: OAuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/integrations/:kind/oauth',
      {
        schema: {
          tags,
          params: z.object({ siteId: positiveIdParam, kind: z.string().max(40) }),
          response: { 200: oauthStartResultSchema },
        },
      },
      async (r) => oauth.start(r.actor, r.params.siteId, r.params.kind),
    );
  };

/** GET /a/api/v1/integrations/oauth/callback: the vendor sends the signed-in browser back here. */
export const oauthCallbackRoutes =
  (oauth: OAuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/integrations/oauth/callback',
      {
        schema: {
          tags,
          querystring: z.object({
            code: z.string().max(2000).optional(),
            state: z.string().max(2000).optional(),
            error: z.string().max(200).optional(),
            error_description: z.string().max(2000).optional(),
          }),
        },
      },
      async (r, reply) => reply.redirect(await oauth.callback(r.actor, r.query, r.log), 302),
    );
  };
