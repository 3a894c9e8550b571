import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROUTER_LABELS, ROUTER_TYPES, metaSchema } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { LOGO_SVG } from './logo.ts';

export const metaRoutes =
  ({ config }: Pick<AppContext, 'config'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/meta/', { config: { public: true }, schema: { tags: ['Meta'], response: { 200: metaSchema } } }, async () => ({
      logo_svg: LOGO_SVG,
      stripe_pk: config.stripePublishableKey,
      billing_enabled: config.stripe.enabled,
      stripe_js_url: config.stripe.jsUrl,
      ui_settings: {
        crisp_site_id: config.crisp.siteId,
        sentry_dsn: config.sentryDsn,
        analytics_key: config.analyticsKey,
        sentry_trace_sample_rate: 1,
      },
      supported_routers: ROUTER_TYPES.map((id) => ({ id, name: ROUTER_LABELS[id] })),
      languages: ['en-US', 'es-ES'],
      unavailable_login_methods: config.facebook.configured ? [] : ['facebook' as const],
      google_sign_in: config.google.enabled,
    }));
  };
