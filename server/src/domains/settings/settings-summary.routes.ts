import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { positiveIdParam, settingsSummarySchema } from '@splashboard/contract';
import type { SettingsSummaryService } from './settings-summary.service.ts';

const site = z.object({ siteId: positiveIdParam });

/** /s/{siteId}/api/v1/settings/summary: each settings page's state, for the settings list. */
export const settingsSummaryRoutes =
  (settings: SettingsSummaryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/settings/summary',
      {
        schema: {
          tags: ['Sites'],
          params: site,
          description:
            'Needs sitesettings. Each part needs its page’s permission (router: routersettings, sms_gateway: smsgateway, whitelist: macauth), else it is null. The router status is the one its settings page last stored: no controller is asked.',
          response: { 200: settingsSummarySchema },
        },
      },
      async (r) => settings.summary(r.actor, r.params.siteId),
    );
  };
