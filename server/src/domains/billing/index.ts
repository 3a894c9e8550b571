import type { Area } from '../../platform/area.ts';
import { ACCOUNT_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { PlanUsageReader } from '../../platform/plan-usage.ts';
import { createDashboardAddress } from '../custom-domain/dashboard-address.ts';
import type { BillingContext } from './billing-context.ts';
import { createBillingRepo } from './billing.repo.ts';
import { billingRoutes, billingWebhookRoutes } from './billing.routes.ts';
import { createBillingWebhook } from './billing-webhook.ts';
import { createCardService } from './card.service.ts';
import { createPlanCatalogue } from './plan-prices.ts';
import { createStripeClient } from './stripe-client.ts';
import { createSubscriptionService } from './subscription.service.ts';

export { ensureStripePlans } from './stripe-setup.ts';
export { createStripeClient } from './stripe-client.ts';
export { PLAN_PRICES } from './plan-prices.ts';

type Deps = Pick<AppContext, 'db' | 'accounts' | 'config' | 'log'> & { planUsage: PlanUsageReader };

/**
 * The account's subscription billing on Stripe: /a/api/v1/subscription/..., /plans/, /billingcard/,
 * /billingdetails/, /invoices/ (the owner's), and Stripe's webhook at /webhooks/stripe/billing. Without
 * STRIPE_SECRET_KEY billing is off: every account is on the provider plan and the other calls answer 409.
 */
export const billingArea: Area<Deps> = {
  name: 'billing',
  register: async (app, deps) => {
    const stripe = deps.config.stripe.enabled ? createStripeClient(deps.config.stripe) : null;
    const ctx: BillingContext = {
      config: deps.config,
      accounts: deps.accounts,
      log: deps.log,
      planUsage: deps.planUsage,
      stripe,
      catalogue: stripe ? createPlanCatalogue(stripe) : null,
      dashboardUrlOf: createDashboardAddress(deps.db, deps.config.publicUrl),
    };
    const cards = createCardService(ctx);
    const subscriptions = createSubscriptionService(ctx, cards);
    await app.register(billingRoutes(subscriptions, cards), { prefix: ACCOUNT_API });
    await app.register(billingWebhookRoutes(createBillingWebhook(ctx, createBillingRepo(deps.db))));
  },
};
