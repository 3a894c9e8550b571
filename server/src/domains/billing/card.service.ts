import type Stripe from 'stripe';
import type { BillingCard, BillingDetails, Invoice } from '@splashboard/contract';
import type { z } from 'zod';
import type { billingDetailsBodySchema } from '@splashboard/contract';
import type { AccountRow } from '../../platform/accounts.repo.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import {
  billingOf,
  customerOf,
  defaultCardOf,
  storeSubscription,
  subscriptionOf,
  type BillingContext,
} from './billing-context.ts';
import type { PlanCatalogue } from './plan-prices.ts';
import { toMajorUnits } from './plan-prices.ts';
import { callStripe, cardMessage } from './stripe-client.ts';

type DetailsBody = z.output<typeof billingDetailsBodySchema>;

/** The card on file, the billing address, invoices and Stripe's customer portal. */
export function createCardService(ctx: BillingContext) {
  /**
   * Makes the card a confirmed SetupIntent saved the customer's default (and the subscription's), and pays
   * an invoice a failed renewal left open with it.
   */
  async function useConfirmedCard(stripe: Stripe, catalogue: PlanCatalogue, account: AccountRow, setupIntentId: string) {
    const customerId = await customerOf(ctx, stripe, account);
    const intent = await callStripe('read setup intent', () =>
      stripe.setupIntents.retrieve(setupIntentId).catch((e: Stripe.errors.StripeError) => {
        if (e.statusCode === 404) return null;
        throw e;
      }),
    );
    const owner = typeof intent?.customer === 'string' ? intent.customer : intent?.customer?.id;
    const pm = typeof intent?.payment_method === 'string' ? intent.payment_method : intent?.payment_method?.id;
    // The card Stripe refused while confirming (expired, declined...) is named, as Stripe.js named it.
    const refused = intent && owner === customerId ? intent.last_setup_error : null;
    if (refused?.type === 'card_error' && intent?.status !== 'succeeded') throw new AppError(402, cardMessage(refused));
    if (!intent || owner !== customerId || intent.status !== 'succeeded' || !pm)
      throw new AppError(422, 'billing.cardNotConfirmed', { field: 'token' });
    await callStripe('set default card', () =>
      stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm } }),
    );
    await ctx.accounts.updateBilling(account.id, { cardUpdatedRequired: false });
    let sub = await subscriptionOf(ctx, stripe, account);
    if (!sub || ['canceled', 'incomplete_expired'].includes(sub.status)) return pm;
    const subId = sub.id;
    sub = await callStripe('set subscription card', () => stripe.subscriptions.update(subId, { default_payment_method: pm }));
    if (['past_due', 'unpaid'].includes(sub.status)) {
      const open = await callStripe('list open invoices', () =>
        stripe.invoices.list({ customer: customerId, subscription: subId, status: 'open', limit: 10 }),
      );
      for (const invoice of open.data) {
        const invoiceId = invoice.id!;
        await callStripe('pay open invoice', () =>
          stripe.invoices.pay(invoiceId, { payment_method: pm }, { idempotencyKey: `splashboard-pay-${invoiceId}-${pm}` }),
        );
        ctx.log.info({ accountId: account.id, invoice: invoiceId }, 'billing: open invoice paid with the new card');
      }
    }
    await storeSubscription(ctx, stripe, catalogue, account.id, sub.id);
    return pm;
  }

  return {
    useConfirmedCard,

    async setupIntent(actor: Actor | null) {
      const { account, stripe } = await billingOf(ctx, actor);
      const customer = await customerOf(ctx, stripe, account);
      const intent = await callStripe('create setup intent', () =>
        stripe.setupIntents.create({ customer, usage: 'off_session' }),
      );
      return { client_secret: intent.client_secret!, publishable_key: ctx.config.stripe.publishableKey };
    },

    async saveCard(actor: Actor | null, token: string): Promise<BillingCard> {
      const { account, stripe, catalogue } = await billingOf(ctx, actor);
      await useConfirmedCard(stripe, catalogue, account, token);
      return { card_details: (await defaultCardOf(ctx, stripe, account.stripeCustomerId))?.card ?? null };
    },

    async card(actor: Actor | null): Promise<BillingCard> {
      const { account, stripe } = await billingOf(ctx, actor);
      return { card_details: (await defaultCardOf(ctx, stripe, account.stripeCustomerId))?.card ?? null };
    },

    async details(actor: Actor | null): Promise<BillingDetails> {
      const { account, stripe } = await billingOf(ctx, actor);
      const id = account.stripeCustomerId;
      if (!id) return { id: null, name: '', line1: '', line2: '', city: '', country: '', zipcode: '' };
      const customer = await callStripe('read customer', () => stripe.customers.retrieve(id));
      const c = customer.deleted ? null : customer;
      return {
        id,
        name: c?.name ?? '',
        line1: c?.address?.line1 ?? '',
        line2: c?.address?.line2 ?? '',
        city: c?.address?.city ?? '',
        country: c?.address?.country ?? '',
        zipcode: c?.address?.postal_code ?? '',
      };
    },

    async saveDetails(actor: Actor | null, body: DetailsBody): Promise<BillingDetails> {
      const { account, stripe } = await billingOf(ctx, actor);
      const id = await customerOf(ctx, stripe, account);
      const address = { line1: body.line1, line2: body.line2, city: body.city, country: body.country, postal_code: body.zipcode };
      await callStripe('update billing details', () => stripe.customers.update(id, { name: body.name, address }));
      return { id, ...body };
    },

    async invoices(actor: Actor | null): Promise<{ items: Invoice[] }> {
      const { account, stripe } = await billingOf(ctx, actor);
      const customer = account.stripeCustomerId;
      if (!customer) return { items: [] };
      const list = await callStripe('list invoices', () => stripe.invoices.list({ customer, limit: 100 }));
      const items = list.data
        .filter((i) => i.status !== 'draft')
        .sort((a, b) => b.created - a.created)
        .map((i) => {
          const period = i.lines?.data[0]?.period ?? { start: i.period_start, end: i.period_end };
          return {
            id: i.id!,
            number: i.number,
            status: i.status ?? 'open',
            period_start: new Date(period.start * 1000).toISOString(),
            period_end: new Date(period.end * 1000).toISOString(),
            amount: toMajorUnits(i.total),
            currency: i.currency.toUpperCase(),
            invoice_pdf: i.invoice_pdf ?? null,
            hosted_invoice_url: i.hosted_invoice_url ?? null,
            created: new Date(i.created * 1000).toISOString(),
          };
        });
      return { items };
    },

    async portalSession(actor: Actor | null) {
      const { account, stripe } = await billingOf(ctx, actor);
      const customer = await customerOf(ctx, stripe, account);
      const returnUrl = `${await ctx.dashboardUrlOf(account.id)}/newapp/app/account/subscription`;
      const session = await callStripe('create portal session', () =>
        stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
      );
      return { url: session.url };
    },
  };
}
export type CardService = ReturnType<typeof createCardService>;
