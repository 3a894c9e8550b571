import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { Payments } from './payments.ts';
import { paymentsWebhookRoutes } from './payments-webhook.routes.ts';
import { connectionRoutes } from './connection/connection.routes.ts';
import { createConnectionService } from './connection/connection.service.ts';
import { packagesRoutes } from './packages/packages.routes.ts';
import { createPackagesService } from './packages/packages.service.ts';

export { createPayments, type Payments } from './payments.ts';
export { paymentSettingsValues } from './connection/settings-values.ts';

type Deps = Pick<AppContext, 'db' | 'config' | 'secrets' | 'accounts'> & { sites: SiteAccess; payments: Payments };

/**
 * Paid Wi-Fi in the dashboard (permission payment): packages, the site's Stripe connection, payment
 * accounts and transactions (refunds, invoices), under /s/{siteId}/api/v1/paymentloginconfig/...,
 * /paymentaccount/ and /paymenttransactions/; and the webhook of the operators' Stripe accounts. The guest's
 * checkout is the portal's (portal/methods/payment.ts), on the same shared parts (deps.payments).
 */
export const paymentsArea: Area<Deps> = {
  name: 'payments',
  register: async (app, deps) => {
    await app.register(paymentsWebhookRoutes(deps.payments.webhook));
    await app.register(packagesRoutes(createPackagesService(deps)), { prefix: SITE_API });
    const connection = createConnectionService(deps);
    deps.payments.webhook.on(['account.updated'], connection.onAccountUpdated);
    await app.register(connectionRoutes(connection), { prefix: SITE_API });
  },
};
