import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { positiveIdParam, stripeConnectLinkSchema, stripeConnectionSchema, stripeKeysSchema } from '@splashboard/contract';
import { logStripeFailures } from '../../billing/stripe-client.ts';
import type { ConnectionService } from './connection.service.ts';

const site = z.object({ siteId: positiveIdParam });
const tags = ['Payment settings'];
const base = '/paymentloginconfig/stripe';

/** /s/{siteId}/api/v1/paymentloginconfig/stripe...: the site's Stripe connection (Connect onboarding or own keys). */
export const connectionRoutes =
  (connection: ConnectionService): FastifyPluginAsyncZod =>
  async (app) => {
    logStripeFailures(app);
    app.get(base, { schema: { tags, params: site, response: { 200: stripeConnectionSchema } } }, async (r) =>
      connection.get(r.actor, r.params.siteId),
    );
    app.post(`${base}/connect`, { schema: { tags, params: site, response: { 200: stripeConnectLinkSchema } } }, async (r) =>
      connection.connect(r.actor, r.params.siteId, r.log),
    );
    // Stripe sends the operator's browser (signed in to the dashboard) back here after onboarding.
    app.get(`${base}/return`, { schema: { tags, params: site } }, async (r, reply) =>
      reply.redirect(await connection.returnFromOnboarding(r.actor, r.params.siteId, r.log)),
    );
    app.put(
      `${base}/keys`,
      { schema: { tags, params: site, body: stripeKeysSchema, response: { 200: stripeConnectionSchema } } },
      async (r) => connection.saveKeys(r.actor, r.params.siteId, r.body, r.log),
    );
    app.put(`${base}/disconnect`, { schema: { tags, params: site, response: { 200: stripeConnectionSchema } } }, async (r) =>
      connection.disconnect(r.actor, r.params.siteId, r.log),
    );
  };
