import type { AppContext } from '../../platform/context.ts';
import { createLedgerRepo } from './ledger.repo.ts';
import { createPaymentConnectionsRepo } from './payment-connections.repo.ts';
import { createPaymentEventsRepo } from './payment-events.repo.ts';
import { createPaymentsWebhook } from './payments-webhook.ts';
import { createSiteStripe } from './site-stripe.ts';

/**
 * What paid Wi-Fi shares across the dashboard's payments area and the guest portal's checkout: each site's
 * Stripe (site-stripe.ts) and the webhook of the operators' Stripe accounts, to which each part adds its
 * event handlers. Made once per process in app.ts.
 */
export function createPayments(ctx: Pick<AppContext, 'db' | 'config' | 'secrets' | 'accounts' | 'log'>) {
  const connections = createPaymentConnectionsRepo(ctx.db);
  return {
    connections,
    /** Payment accounts, their devices, transactions and refunds (what must happen once, under a row lock). */
    ledger: createLedgerRepo(ctx.db),
    siteStripe: createSiteStripe({ ...ctx, connections }),
    webhook: createPaymentsWebhook({ ...ctx, connections, events: createPaymentEventsRepo(ctx.db) }),
  };
}
export type Payments = ReturnType<typeof createPayments>;
