import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@splashboard/contract';
import type { PaymentsWebhook } from './payments-webhook.ts';

const answers = { 200: z.object({ received: z.boolean() }), 400: apiErrorSchema };
const rawOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : ''));
const signatureOf = (header: string | string[] | undefined) => (typeof header === 'string' ? header : undefined);

/** The operators' Stripe events, the body kept as it came (the signature is over it). */
export const paymentsWebhookRoutes =
  (webhook: PaymentsWebhook): FastifyPluginAsyncZod =>
  async (app) => {
    // Only in this plugin: the rest of the app parses JSON as usual.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const config = { public: true, csrf: false } as const;
    app.post('/webhooks/stripe/connect', { config, schema: { tags: ['Webhooks'], response: answers } }, async (r) =>
      webhook.receiveConnect(rawOf(r.body), signatureOf(r.headers['stripe-signature']), r.id),
    );
    app.post(
      '/webhooks/stripe/payments/:connectionId',
      {
        config,
        schema: { tags: ['Webhooks'], params: z.object({ connectionId: z.coerce.number().int().positive() }), response: answers },
      },
      async (r) => webhook.receiveKeys(r.params.connectionId, rawOf(r.body), signatureOf(r.headers['stripe-signature']), r.id),
    );
  };
