import type { Area } from '../../platform/area.ts';
import { ACCOUNT_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import { subscriptionRoutes } from './subscription.routes.ts';

/** The account's plan and the plans on offer: /a/api/v1/subscription/, /a/api/v1/plans/. */
export const subscriptionArea: Area<Pick<AppContext, 'accounts' | 'config'>> = {
  name: 'subscription',
  register: async (app, deps) => {
    await app.register(subscriptionRoutes(deps), { prefix: ACCOUNT_API });
  },
};
