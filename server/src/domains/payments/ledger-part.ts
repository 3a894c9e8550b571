import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { positiveIdParam } from '@splashboard/contract';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { createBrandingReader } from '../branding/branding.reader.ts';
import { createGuestSessionsRepo } from '../guests/guest-sessions.repo.ts';
import { createGuestsRepo } from '../guests/guests.repo.ts';
import type { DevicePlanLimits } from '../guest-accounts/network-access.ts';
import type { Controllers } from '../routers/controllers.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { smsSenderOf } from '../sms/index.ts';
import { createSplashRepo } from '../splash/splash.repo.ts';
import { createPaymentAccountsRepo } from './accounts/payment-accounts.repo.ts';
import { paymentAccountsRoutes } from './accounts/payment-accounts.routes.ts';
import { createPaymentAccountsService } from './accounts/payment-accounts.service.ts';
import { createPaymentNotifications } from './notifications/notify.ts';
import type { Payments } from './payments.ts';
import { createRecurringCharges } from './transactions/recurring-charge.ts';
import { syncStripeRefund } from './transactions/refunds.ts';
import { createTransactionsRepo } from './transactions/transactions.repo.ts';
import { transactionsRoutes } from './transactions/transactions.routes.ts';
import { createTransactionsService } from './transactions/transactions.service.ts';

export type LedgerDeps = Pick<
  AppContext,
  'db' | 'config' | 'secrets' | 'jobs' | 'mailer' | 'log' | 'accounts' | 'deriveKey' | 'storage'
> & {
  sites: SiteAccess;
  controllers: Controllers;
  planLimits: DevicePlanLimits;
  payments: Payments;
};

/** The signing secret of a site's notify_webhook: derived from the server's secret key, never stored. */
export const webhookSecretOf = (deriveKey: AppContext['deriveKey'], siteId: number) =>
  `whsec_${deriveKey(`payments.notify-webhook:${siteId}`).slice(0, 48)}`;

/**
 * Payment accounts, transactions (refunds, invoices), recurring charges and the payment settings'
 * notifications: routes under /s/{siteId}/api/v1/paymentaccount/ and /paymenttransactions/, their jobs, and
 * the refund events of the sites' Stripe accounts.
 */
export async function registerPaymentLedger(app: FastifyInstance, deps: LedgerDeps) {
  const { db, config, payments } = deps;
  const ledger = payments.ledger;
  const accounts = createPaymentAccountsRepo(db);
  const transactions = createTransactionsRepo(db);
  const network = {
    db,
    guests: createGuestsRepo(db),
    guestSessions: createGuestSessionsRepo(db),
    controllers: deps.controllers,
    log: deps.log,
    planLimits: deps.planLimits,
  };
  const messages = {
    config,
    mailer: deps.mailer,
    branding: createBrandingReader(db, { publicUrl: config.publicUrl, billingEnabled: config.stripe.enabled }),
    sms: smsSenderOf(deps),
    splash: createSplashRepo(db),
  };
  const sitesRepo = createSitesRepo(db);
  const notifications = createPaymentNotifications({
    ...messages,
    jobs: deps.jobs,
    log: deps.log,
    ledger,
    accounts,
    transactions,
    sitesRepo,
    users: deps.accounts,
    webhookSecretOf: (siteId) => webhookSecretOf(deps.deriveKey, siteId),
  });
  createRecurringCharges({
    db,
    jobs: deps.jobs,
    log: deps.log,
    mailer: deps.mailer,
    ledger,
    accounts,
    sitesRepo,
    siteStripe: payments.siteStripe,
    notifications,
  });

  const refundDeps = { db, ledger, transactions };
  payments.webhook.on(['refund.created', 'refund.updated', 'refund.failed'], async (event, connection, log) => {
    const created = await syncStripeRefund(refundDeps, event.data.object as Stripe.Refund, connection, log);
    if (created) await notifications.notifyRefund(created.id);
  });
  payments.webhook.on(['charge.refunded'], async (event, connection, log) => {
    const charge = event.data.object as Stripe.Charge;
    const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    const stripe = await payments.siteStripe.of(connection);
    if (!intent || !stripe) return;
    const refunds = await stripe.stripe.refunds.list({ payment_intent: intent, limit: 100 }, stripe.requestOptions);
    for (const refund of refunds.data) {
      const created = await syncStripeRefund(refundDeps, refund, connection, log);
      if (created) await notifications.notifyRefund(created.id);
    }
  });

  const service = createPaymentAccountsService({ ...network, ...messages, sites: deps.sites, ledger, accounts });
  const transactionsService = createTransactionsService({
    ...network,
    sites: deps.sites,
    ledger,
    transactions,
    siteStripe: payments.siteStripe,
    notifications,
    branding: messages.branding,
    storage: deps.storage,
    mailer: deps.mailer,
  });
  const secretRoute: FastifyPluginAsyncZod = async (scope) => {
    scope.get(
      '/paymentloginconfig/webhook-secret',
      {
        schema: {
          tags: ['Payment accounts'],
          params: z.object({ siteId: positiveIdParam }),
          response: { 200: z.object({ secret: z.string() }) },
        },
      },
      async (r) => {
        await deps.sites.siteFor(r.actor, r.params.siteId, 'payment', 'write');
        return { secret: webhookSecretOf(deps.deriveKey, r.params.siteId) };
      },
    );
  };
  await app.register(paymentAccountsRoutes(service), { prefix: SITE_API });
  await app.register(transactionsRoutes(transactionsService), { prefix: SITE_API });
  await app.register(secretRoute, { prefix: SITE_API });
}
