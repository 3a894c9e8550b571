import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROUTER_FAMILIES, API_ROUTER_INPUT_SCHEMAS, apiRouterSettingsSchema, idParam } from '@splashboard/contract';
import type { ApiRouterSettingsService } from './api-router-settings.service.ts';
import { API_FAMILIES } from './api-router-settings.ts';

// Site 0 (the all-sites scope) has no router: it passes validation and answers 404 like any unknown site.
const site = z.object({ siteId: idParam });

/**
 * Router settings of the API and URL families under /s/{siteId}/api/v1/routersettings/{family}: GET the
 * page, PUT the settings (families with something to enter), POST .../status to ask the controller now.
 */
export const apiRouterSettingsRoutes =
  (routers: ApiRouterSettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Router settings'];
    const response = { 200: apiRouterSettingsSchema };
    for (const family of API_ROUTER_FAMILIES) {
      if (!API_FAMILIES[family]) continue;
      const path = `/routersettings/${family}`;
      app.get(path, { schema: { tags, params: site, response } }, async (r) => routers.get(r.actor, r.params.siteId, family));
      const body = API_ROUTER_INPUT_SCHEMAS[family as keyof typeof API_ROUTER_INPUT_SCHEMAS];
      if (body) {
        app.put(path, { schema: { tags, params: site, body, response } }, async (r) =>
          routers.update(r.actor, r.params.siteId, family, r.body as Record<string, unknown>),
        );
      }
      app.post(
        `${path}/status`,
        {
          schema: {
            tags,
            params: site,
            description: 'Asks the controller now with the saved settings; stores and answers its status.',
            response,
          },
        },
        async (r) => routers.checkStatus(r.actor, r.params.siteId, family),
      );
    }
  };
