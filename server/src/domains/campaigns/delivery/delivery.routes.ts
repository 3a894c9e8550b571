import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignSettingsSchema,
  campaignTestSendSchema,
  mailSettingsSchema,
  mailSettingsUpdateSchema,
  positiveIdParam,
} from '@splashboard/contract';
import type { MailSettingsService } from './mail-settings.service.ts';
import type { TestSendService } from './test-send.service.ts';

const tags = ['Campaigns'];
const messageSchema = z.object({ message: z.string() });

/** /a/api/v1/mail-settings...: the account's own mail server for campaigns (account admins). */
export const mailSettingsRoutes =
  (service: MailSettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/mail-settings', { schema: { tags, response: { 200: mailSettingsSchema } } }, async (r) => service.get(r.actor));
    app.put(
      '/mail-settings',
      { schema: { tags, body: mailSettingsUpdateSchema, response: { 200: mailSettingsSchema.extend(messageSchema.shape) } } },
      async (r) => service.save(r.actor, r.body),
    );
    app.post('/mail-settings/test', { schema: { tags, response: { 200: messageSchema } } }, async (r) => service.test(r.actor));
  };

const site = z.object({ siteId: positiveIdParam });

/** /s/{siteId}/api/v1/campaigns/...: a campaign's test send and the site's marketing settings. */
export const campaignDeliveryRoutes =
  (service: TestSendService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/campaigns/email/:id/test',
      {
        schema: {
          tags,
          params: site.extend({ id: positiveIdParam }),
          body: campaignTestSendSchema,
          response: { 200: messageSchema },
        },
      },
      async (r) => service.testSend(r.actor, r.params.siteId, r.params.id, r.body.email),
    );
    app.get('/campaigns/settings', { schema: { tags, params: site, response: { 200: campaignSettingsSchema } } }, async (r) =>
      service.settings(r.actor, r.params.siteId),
    );
    app.put(
      '/campaigns/settings',
      { schema: { tags, params: site, body: campaignSettingsSchema, response: { 200: campaignSettingsSchema } } },
      async (r) => service.saveSettings(r.actor, r.params.siteId, r.body),
    );
  };
