import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  billingCardBodySchema,
  billingCardSchema,
  billingDetailsBodySchema,
  billingDetailsSchema,
  buyNowBodySchema,
  cancelBodySchema,
  chargePreviewSchema,
  invoicesSchema,
  planIdBodySchema,
  plansSchema,
  portalSessionSchema,
  reactivateBodySchema,
  setupIntentSchema,
  subscriptionPlanBodySchema,
  subscriptionSchema,
} from '@splashboard/contract';
import type { CardService } from './card.service.ts';
import { logStripeFailures } from './stripe-client.ts';
import type { SubscriptionService } from './subscription.service.ts';

const errors = {
  400: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};
const planQuery = z.object({ plan_id: z.string().trim().max(64).optional() });
/** The stored address, empty until the owner enters one. */
const storedDetailsSchema = billingDetailsSchema.extend({
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  country: z.string(),
  zipcode: z.string(),
});

/** The account's subscription, card, billing details, invoices and plans (/a/api/v1/...). */
export const billingRoutes =
  (subscriptions: SubscriptionService, cards: CardService): FastifyPluginAsyncZod =>
  async (app) => {
    logStripeFailures(app);
    const tags = ['Subscription'];
    const sub = { 200: subscriptionSchema, ...errors };
    const preview = { 200: chargePreviewSchema, ...errors };

    app.get('/plans/', { config: { public: true }, schema: { tags, response: { 200: plansSchema, ...errors } } }, async () =>
      subscriptions.plans(),
    );
    app.get('/subscription/', { schema: { tags, response: sub } }, async (r) => subscriptions.current(r.actor));
    app.post('/subscription/', { schema: { tags, body: subscriptionPlanBodySchema, response: sub } }, async (r) =>
      subscriptions.setPlan(r.actor, r.body.plan_type),
    );
    app.get('/subscription/buynow', { schema: { tags, querystring: planQuery, response: preview } }, async (r) =>
      subscriptions.buyNowPreview(r.actor, r.query.plan_id),
    );
    app.post('/subscription/buynow', { schema: { tags, body: buyNowBodySchema, response: sub } }, async (r) =>
      subscriptions.buyNow(r.actor, r.body),
    );
    app.get('/subscription/change', { schema: { tags, querystring: planQuery, response: preview } }, async (r) =>
      subscriptions.changePreview(r.actor, r.query.plan_id),
    );
    app.post('/subscription/change', { schema: { tags, body: planIdBodySchema, response: sub } }, async (r) =>
      subscriptions.change(r.actor, r.body.plan_id),
    );
    app.post('/subscription/cancel', { schema: { tags, body: cancelBodySchema, response: sub } }, async (r) =>
      subscriptions.cancel(r.actor, r.body),
    );
    app.get('/subscription/reactivate', { schema: { tags, querystring: planQuery, response: preview } }, async (r) =>
      subscriptions.reactivatePreview(r.actor, r.query.plan_id),
    );
    // Strict: every field is optional, so a body of another shape is refused rather than taken as none.
    app.post('/subscription/reactivate', { schema: { tags, body: reactivateBodySchema.strict(), response: sub } }, async (r) =>
      subscriptions.reactivate(r.actor, r.body.plan_id),
    );
    app.get('/subscription/portal/session', { schema: { tags, response: { 200: portalSessionSchema, ...errors } } }, async (r) =>
      cards.portalSession(r.actor),
    );

    const cardTags = ['Billing'];
    app.get('/billingcard/', { schema: { tags: cardTags, response: { 200: billingCardSchema, ...errors } } }, async (r) =>
      cards.card(r.actor),
    );
    app.post(
      '/billingcard/',
      { schema: { tags: cardTags, body: billingCardBodySchema, response: { 200: billingCardSchema, ...errors } } },
      async (r) => cards.saveCard(r.actor, r.body.token),
    );
    app.get(
      '/billingcard/setup_intent',
      { schema: { tags: cardTags, response: { 200: setupIntentSchema, ...errors } } },
      async (r) => cards.setupIntent(r.actor),
    );
    app.get('/billingdetails/', { schema: { tags: cardTags, response: { 200: storedDetailsSchema, ...errors } } }, async (r) =>
      cards.details(r.actor),
    );
    app.post(
      '/billingdetails/',
      { schema: { tags: cardTags, body: billingDetailsBodySchema, response: { 200: storedDetailsSchema, ...errors } } },
      async (r) => cards.saveDetails(r.actor, r.body),
    );
    app.get('/invoices/', { schema: { tags: cardTags, response: { 200: invoicesSchema, ...errors } } }, async (r) =>
      cards.invoices(r.actor),
    );
  };

/** POST /webhooks/stripe/billing: Stripe's signed events, the body kept as it came (the signature is over it). */
export const billingWebhookRoutes =
  (
    receive: (raw: Buffer, signature: string | undefined, requestId: string) => Promise<{ received: boolean }>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    logStripeFailures(app);
    // Only in this plugin: the rest of the app parses JSON as usual.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    app.post(
      '/webhooks/stripe/billing',
      {
        config: { public: true, csrf: false },
        schema: {
          tags: ['Webhooks'],
          response: { 200: z.object({ received: z.boolean() }), 400: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (r) => {
        const raw = Buffer.isBuffer(r.body) ? r.body : Buffer.from(typeof r.body === 'string' ? r.body : '');
        const signature = r.headers['stripe-signature'];
        return receive(raw, typeof signature === 'string' ? signature : undefined, r.id);
      },
    );
  };
