import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plansSchema, subscriptionSchema } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireActor } from '../../platform/access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { PLAN_PRICES, toSubscription } from './subscription-state.ts';

const tags = ['Subscription'];

export const subscriptionRoutes =
  ({ accounts, config }: Pick<AppContext, 'accounts' | 'config'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/subscription/', { schema: { tags, response: { 200: subscriptionSchema } } }, async (request) => {
      const actor = requireActor(request.actor);
      if (!actor.billingAccess) throw forbidden();
      const account = await accounts.accountById(actor.accountId);
      if (!account) throw notFound();
      return toSubscription(account, config.stripe.enabled);
    });

    app.get('/plans/', { config: { public: true }, schema: { tags, response: { 200: plansSchema } } }, async () => PLAN_PRICES);
  };
