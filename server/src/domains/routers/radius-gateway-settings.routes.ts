import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  RADIUS_GATEWAY_TYPES,
  radiusGatewaySettingsInputSchema,
  radiusGatewaySettingsSchema,
} from '@splashboard/contract';
import type { RadiusGatewaySettingsService } from './radius-gateway-settings.service.ts';

const site = z.object({ siteId: idParam });
const LOGIN_HTML_LABELS = {
  en: { title: 'Wi-Fi', button: 'Continue' },
  es: { title: 'Wi-Fi', button: 'Continuar' },
};

/** Settings of the gateways that ask our RADIUS server: /routersettings/{mikrotik, ciscowlc, ...}. */
export const radiusGatewaySettingsRoutes =
  (service: RadiusGatewaySettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Router settings'];
    const response = { 200: radiusGatewaySettingsSchema };
    for (const family of RADIUS_GATEWAY_TYPES) {
      app.get(`/routersettings/${family}`, { schema: { tags, params: site, response } }, async (r) =>
        service.get(r.actor, r.params.siteId, family),
      );
      app.put(
        `/routersettings/${family}`,
        { schema: { tags, params: site, body: radiusGatewaySettingsInputSchema, response } },
        async (r) => service.update(r.actor, r.params.siteId, family, r.body),
      );
    }
    app.get(
      '/routersettings/mikrotik/login.html',
      {
        schema: {
          tags,
          params: site,
          querystring: z.object({ lang: z.enum(['en', 'es']).default('en') }),
          description: "The hotspot login.html to upload to the MikroTik router: it sends guests to this site's portal.",
        },
      },
      async (r, reply) => {
        const html = await service.mikrotikLoginHtml(r.actor, r.params.siteId, LOGIN_HTML_LABELS[r.query.lang]);
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-disposition', 'attachment; filename="login.html"')
          .send(html);
      },
    );
  };
