import type { Area } from '../../platform/area.ts';
import type { Payments } from './payments.ts';
import { paymentsWebhookRoutes } from './payments-webhook.routes.ts';
import { registerPaymentLedger, type LedgerDeps } from './ledger-part.ts';

export { createPayments, type Payments } from './payments.ts';
export { notifyPurchase } from './notifications/notify.ts';

/**
 * Paid Wi-Fi in the dashboard (permission payment): packages, the site's Stripe connection, payment
 * accounts and transactions (refunds, invoices), under /s/{siteId}/api/v1/paymentloginconfig/...,
 * /paymentaccount/ and /paymenttransactions/; and the webhook of the operators' Stripe accounts. The guest's
 * checkout is the portal's (portal/methods/payment.ts), on the same shared parts (deps.payments).
 */
export const paymentsArea: Area<{ payments: Payments } & LedgerDeps> = {
  name: 'payments',
  register: async (app, deps) => {
    await app.register(paymentsWebhookRoutes(deps.payments.webhook));
    await registerPaymentLedger(app, deps);
  },
};
