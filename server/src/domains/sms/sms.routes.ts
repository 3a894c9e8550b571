import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  idParam,
  okSchema,
  smsGatewaySchema,
  smsGatewayUpdateSchema,
  smsTestInputSchema,
} from '@splashboard/contract';
import type { SmsService } from './sms.service.ts';

// Site 0 (the all-sites scope) has no gateway: it passes validation and answers 404 like any unknown site.
const site = z.object({ siteId: idParam });

/** The site's SMS gateway under /s/{siteId}/api/v1/smsgateway/: its settings and a test send. */
export const smsRoutes =
  (sms: SmsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['SMS gateway'];
    // The base path answers with and without its trailing slash; the document lists it once.
    for (const url of ['/smsgateway/', '/smsgateway']) {
      const hide = url !== '/smsgateway/';
      app.get(
        url,
        {
          schema: {
            hide,
            tags,
            summary: 'The SMS gateway settings (secrets only as *_set flags and hints)',
            params: site,
            response: { 200: smsGatewaySchema },
          },
        },
        async (r) => sms.get(r.actor, r.params.siteId),
      );
      app.put(
        url,
        {
          schema: {
            hide,
            tags,
            summary: 'Change any of the settings; a secret left out or empty keeps the saved one, null removes it',
            params: site,
            body: smsGatewayUpdateSchema,
            response: { 200: smsGatewaySchema },
          },
        },
        async (r) => sms.update(r.actor, r.params.siteId, r.body),
      );
    }
    app.post(
      '/smsgateway/test',
      {
        schema: {
          tags,
          summary: 'Send a test SMS with the saved settings',
          description: "502 with 'Failed to send SMS' and what the gateway answered; 409 while the gateway is not set up.",
          params: site,
          body: smsTestInputSchema,
          response: { 200: okSchema, 409: apiErrorSchema, 502: apiErrorSchema },
        },
      },
      async (r) => sms.sendTest(r.actor, r.params.siteId, r.body),
    );
  };
