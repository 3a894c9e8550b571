import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  generatedFaskeySchema,
  idParam,
  openNdsRouterSettingsInputSchema,
  openNdsRouterSettingsSchema,
  unifiRouterSettingsInputSchema,
  unifiRouterSettingsSchema,
} from '@splashboard/contract';
import type { RouterSettingsService } from './router-settings.service.ts';

// Site 0 (the all-sites scope) has no router: it passes validation and answers 404 like any unknown site.
const site = z.object({ siteId: idParam });

/** Router settings pages under /s/{siteId}/api/v1/routersettings/: UniFi and openNDS. */
export const routerSettingsRoutes =
  (routers: RouterSettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Router settings'];
    const unifi = { 200: unifiRouterSettingsSchema };
    app.get('/routersettings/unifi', { schema: { tags, params: site, response: unifi } }, async (r) =>
      routers.getUnifi(r.actor, r.params.siteId),
    );
    app.put(
      '/routersettings/unifi',
      { schema: { tags, params: site, body: unifiRouterSettingsInputSchema, response: unifi } },
      async (r) => routers.updateUnifi(r.actor, r.params.siteId, r.body),
    );
    app.post(
      '/routersettings/unifi/status',
      {
        schema: {
          tags,
          params: site,
          description: 'Asks the controller now with the saved settings; stores and answers its status.',
          response: unifi,
        },
      },
      async (r) => routers.checkUnifiStatus(r.actor, r.params.siteId),
    );

    const opennds = { 200: openNdsRouterSettingsSchema };
    app.get('/routersettings/opennds', { schema: { tags, params: site, response: opennds } }, async (r) =>
      routers.getOpenNds(r.actor, r.params.siteId),
    );
    app.put(
      '/routersettings/opennds',
      { schema: { tags, params: site, body: openNdsRouterSettingsInputSchema, response: opennds } },
      async (r) => routers.updateOpenNds(r.actor, r.params.siteId, r.body),
    );
    app.post(
      '/routersettings/opennds/faskey',
      {
        schema: {
          tags,
          params: site,
          description: 'Generates and saves a new faskey; this answer is the only one that carries it whole.',
          response: { 200: generatedFaskeySchema },
        },
      },
      async (r) => routers.generateOpenNdsFaskey(r.actor, r.params.siteId),
    );
  };
