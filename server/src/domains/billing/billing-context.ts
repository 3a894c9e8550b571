import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { isPlanId, type BillingCard, type PlanId } from '@splashboard/contract';
import type { Config } from '../../config.ts';
import type { AccountRow, AccountsRepo } from '../../platform/accounts.repo.ts';
import { requireActor, type Actor } from '../../platform/access.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { PlanUsageReader } from '../../platform/plan-usage.ts';
import type { PlanCatalogue } from './plan-prices.ts';
import { callStripe } from './stripe-client.ts';
import { changesFromSubscription } from './subscription-state.ts';

/** What the billing services share: the account's rows, Stripe and its prices. */
export interface BillingContext {
  config: Pick<Config, 'stripe' | 'publicUrl'>;
  accounts: AccountsRepo;
  log: FastifyBaseLogger;
  planUsage: PlanUsageReader;
  /** Null with billing off. */
  stripe: Stripe | null;
  catalogue: PlanCatalogue | null;
  dashboardUrlOf(accountId: number): Promise<string>;
}

/** The owner's account (billing access is checked first); another user of the account is refused. */
export async function ownerAccount(ctx: BillingContext, actor: Actor | null | undefined): Promise<AccountRow> {
  const a = requireActor(actor);
  if (!a.billingAccess) throw forbidden('billing.notOwner');
  const account = await ctx.accounts.accountById(a.accountId);
  if (!account) throw notFound();
  return account;
}

/** The owner's account and Stripe, or 409 with billing off. */
export async function billingOf(ctx: BillingContext, actor: Actor | null | undefined) {
  const account = await ownerAccount(ctx, actor);
  if (!ctx.stripe || !ctx.catalogue) throw new AppError(409, 'billing.billingOff');
  return { account, stripe: ctx.stripe, catalogue: ctx.catalogue };
}

/** A plan id from a body or a query: an unknown one is 422 `billing.planNotFound` under `plan_id`. */
export function planIdFrom(value: string | undefined): PlanId {
  if (!isPlanId(value)) throw new AppError(422, 'billing.planNotFound', { field: 'plan_id', params: { plan_id: value ?? '' } });
  return value;
}

/** The account's Stripe customer, made on first need (one per account, whatever the retries). */
export async function customerOf(ctx: BillingContext, stripe: Stripe, account: AccountRow): Promise<string> {
  if (account.stripeCustomerId) return account.stripeCustomerId;
  const ownerId = await ctx.accounts.ownerIdOf(account.id);
  const owner = ownerId ? await ctx.accounts.userById(ownerId) : null;
  const customer = await callStripe('create customer', () =>
    stripe.customers.create(
      {
        name: account.name,
        ...(owner ? { email: owner.email } : {}),
        metadata: { account_id: String(account.id) },
      },
      { idempotencyKey: `splashboard-customer-${account.id}` },
    ),
  );
  const stored = await ctx.accounts.setStripeCustomer(account.id, customer.id);
  account.stripeCustomerId = stored;
  ctx.log.info({ accountId: account.id, customer: stored }, 'billing: Stripe customer created');
  return stored;
}

/** The customer's default card, if any. */
export async function defaultCardOf(
  ctx: BillingContext,
  stripe: Stripe,
  customerId: string | null,
): Promise<{ paymentMethodId: string; card: NonNullable<BillingCard['card_details']> } | null> {
  if (!customerId) return null;
  const customer = await callStripe('read customer', () =>
    stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] }),
  );
  if (customer.deleted) return null;
  const pm = customer.invoice_settings?.default_payment_method;
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  const { last4, brand, exp_month, exp_year } = pm.card;
  return { paymentMethodId: pm.id, card: { last4, brand, exp_month, exp_year } };
}

/** The account's Stripe subscription, or null when it has none. */
export async function subscriptionOf(ctx: BillingContext, stripe: Stripe, account: AccountRow) {
  if (!account.stripeSubscriptionId) return null;
  const id = account.stripeSubscriptionId;
  return callStripe('read subscription', () => stripe.subscriptions.retrieve(id));
}

/** Stores what a subscription now holds on the account (as the webhook would, without waiting for it). */
export async function storeSubscription(
  ctx: BillingContext,
  catalogue: PlanCatalogue,
  accountId: number,
  sub: Stripe.Subscription,
) {
  await ctx.accounts.updateBilling(accountId, changesFromSubscription(sub, catalogue.planOfPrice));
}
