import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { plansSchema, subscriptionSchema } from '@splashboard/contract';
import { accounts } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireActor } from '../../platform/access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { PLAN_PRICES, toSubscription } from './subscription-state.ts';

const tags = ['Subscription'];

export const subscriptionRoutes =
  ({ db }: Pick<AppContext, 'db'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/subscription/', { schema: { tags, response: { 200: subscriptionSchema } } }, async (request) => {
      const actor = requireActor(request.actor);
      if (!actor.billingAccess) throw forbidden();
      const [account] = await db.select().from(accounts).where(eq(accounts.id, actor.accountId));
      if (!account) throw notFound();
      return toSubscription(account);
    });

    app.get('/plans/', { config: { public: true }, schema: { tags, response: { 200: plansSchema } } }, async () => PLAN_PRICES);
  };
