import type Stripe from 'stripe';
import {
  planIdOf,
  type CancelReason,
  type ChargePreview,
  type PlanId,
  type PlanType,
  type Plans,
  type Subscription,
} from '@splashboard/contract';
import type { AccountRow } from '../../platform/accounts.repo.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import {
  billingOf,
  customerOf,
  defaultCardOf,
  ownerAccount,
  planIdFrom,
  storeSubscription,
  subscriptionOf,
  type BillingContext,
} from './billing-context.ts';
import type { CardService } from './card.service.ts';
import { PLAN_PRICES, toMajorUnits, type PlanCatalogue } from './plan-prices.ts';
import { callStripe } from './stripe-client.ts';
import { billingOffSubscription, isLive, toSubscription } from './subscription-state.ts';

/** How long a change's previewed proration time is used when confirming it. */
const PRORATION_KEPT_MS = 15 * 60_000;

/** Stripe's cancellation feedback for the specification's reasons. */
const FEEDBACK: Record<CancelReason, Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback> = {
  'price too high': 'too_expensive',
  'could not set up': 'too_complex',
  'too many bugs': 'low_quality',
  'not used anymore': 'unused',
  other: 'other',
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const iso = (s: number) => new Date(s * 1000).toISOString();

/** The account's plan: buying one, changing, cancelling and reactivating it on Stripe. */
export function createSubscriptionService(ctx: BillingContext, cards: CardService) {
  /** The proration time of each account's last previewed change, so the charge is the one shown. */
  const prorations = new Map<number, { planId: PlanId; date: number | undefined; at: number }>();

  /** Whether the account is in its own trial (no Stripe subscription yet) with time left. */
  const inLocalTrial = (account: AccountRow) =>
    account.subscriptionStatus === 'trialing' && account.trialEnd !== null && account.trialEnd.getTime() > Date.now() + 60_000;

  async function liveSubscription(stripe: Stripe, account: AccountRow) {
    const sub = await subscriptionOf(ctx, stripe, account);
    return sub && isLive(sub) ? sub : null;
  }

  async function priceOf(catalogue: PlanCatalogue, planId: PlanId) {
    return (await catalogue.prices()).get(planId)!;
  }

  async function requireCard(stripe: Stripe, account: AccountRow) {
    const card = await defaultCardOf(ctx, stripe, account.stripeCustomerId);
    if (!card) throw new AppError(422, 'billing.cardRequired');
    return card;
  }

  /** A preview of a purchase: charged now, or at the end of the trial. */
  async function purchasePreview(
    stripe: Stripe,
    catalogue: PlanCatalogue,
    account: AccountRow,
    planId: PlanId,
  ): Promise<ChargePreview> {
    const price = await priceOf(catalogue, planId);
    const amount = toMajorUnits(price.unit_amount ?? 0);
    const product = typeof price.product === 'string' ? null : price.product;
    const description = `${product && !product.deleted ? product.name : planId} (${price.recurring?.interval === 'year' ? 'yearly' : 'monthly'})`;
    const trial = inLocalTrial(account);
    const card = await defaultCardOf(ctx, stripe, account.stripeCustomerId);
    const nextDate = trial ? account.trialEnd! : addInterval(new Date(), price.recurring?.interval);
    return {
      plan_id: planId,
      amount_due_now: trial ? 0 : amount,
      currency: price.currency.toUpperCase(),
      lines: trial ? [] : [{ description, amount }],
      next_charge: { amount, date: nextDate.toISOString() },
      card: card?.card ?? null,
    };
  }

  /** A new subscription: to start when the account's trial ends, or charged now (a refused card leaves none). */
  async function createSubscription(stripe: Stripe, catalogue: PlanCatalogue, account: AccountRow, planId: PlanId) {
    const customer = await customerOf(ctx, stripe, account);
    const card = await requireCard(stripe, account);
    const price = await priceOf(catalogue, planId);
    const trialEnd = inLocalTrial(account) ? seconds(account.trialEnd!) : null;
    const sub = await callStripe('create subscription', () =>
      stripe.subscriptions.create(
        {
          customer,
          items: [{ price: price.id }],
          default_payment_method: card.paymentMethodId,
          metadata: { account_id: String(account.id) },
          ...(trialEnd ? { trial_end: trialEnd } : { payment_behavior: 'error_if_incomplete' as const }),
        },
        // The same purchase (account, plan, card, after the same subscription) is made once.
        {
          idempotencyKey: `splashboard-buy-${account.id}-${planId}-${card.paymentMethodId}-${account.stripeSubscriptionId ?? 'first'}`,
        },
      ),
    );
    await storeSubscription(ctx, catalogue, account.id, sub);
    ctx.log.info({ accountId: account.id, subscription: sub.id, planId, status: sub.status }, 'billing: subscription created');
  }

  async function changePlan(stripe: Stripe, catalogue: PlanCatalogue, account: AccountRow, planId: PlanId) {
    const sub = await liveSubscription(stripe, account);
    if (!sub) throw new AppError(409, 'billing.noSubscription');
    const item = sub.items.data[0]!;
    if (catalogue.planOfPrice(item.price) === planId) throw new AppError(422, 'billing.samePlan', { field: 'plan_id' });
    const price = await priceOf(catalogue, planId);
    const previewed = prorations.get(account.id);
    const date = previewed?.planId === planId && Date.now() - previewed.at < PRORATION_KEPT_MS ? previewed.date : undefined;
    prorations.delete(account.id);
    const updated = await callStripe('change plan', () =>
      stripe.subscriptions.update(
        sub.id,
        {
          items: [{ id: item.id, price: price.id }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          ...(date ? { proration_date: date } : {}),
        },
        { idempotencyKey: `splashboard-change-${sub.id}-${planId}-${date ?? Date.now()}` },
      ),
    );
    await storeSubscription(ctx, catalogue, account.id, updated);
    ctx.log.info({ accountId: account.id, subscription: sub.id, planId }, 'billing: plan changed');
  }

  async function current(actor: Actor | null): Promise<Subscription> {
    const account = await ownerAccount(ctx, actor);
    if (!ctx.stripe || !ctx.catalogue) return billingOffSubscription(account, PLAN_PRICES);
    const [prices, card, usage] = await Promise.all([
      ctx.catalogue.plans(),
      defaultCardOf(ctx, ctx.stripe, account.stripeCustomerId),
      ctx.planUsage.usageOf(account.id),
    ]);
    return toSubscription(account, { prices, hasCard: card !== null, usage });
  }

  return {
    current,

    async plans(): Promise<Plans> {
      return ctx.catalogue ? ctx.catalogue.plans() : PLAN_PRICES;
    },

    /** A trial's plan changes here; with a Stripe subscription it is a plan change. */
    async setPlan(actor: Actor | null, planType: PlanType): Promise<Subscription> {
      const { account, stripe, catalogue } = await billingOf(ctx, actor);
      const cycle = account.billingCycle === 'yearly' ? 'yearly' : 'monthly';
      if (await liveSubscription(stripe, account)) await changePlan(stripe, catalogue, account, planIdOf(planType, cycle));
      else await ctx.accounts.updateBilling(account.id, { planType });
      return current(actor);
    },

    async buyNowPreview(actor: Actor | null, planIdRaw: string | undefined): Promise<ChargePreview> {
      const { account, stripe, catalogue } = await billingOf(ctx, actor);
      const planId = planIdFrom(planIdRaw ?? currentPlanId(account));
      return purchasePreview(stripe, catalogue, account, planId);
    },

    async buyNow(actor: Actor | null, body: { plan_id: string; token?: string }): Promise<Subscription> {
      const { account, stripe, catalogue } = await billingOf(ctx, actor);
      const planId = planIdFrom(body.plan_id);
      if (body.token) await cards.useConfirmedCard(stripe, catalogue, account, body.token);
      if (await liveSubscription(stripe, account)) await changePlan(stripe, catalogue, account, planId);
      else await createSubscription(stripe, catalogue, account, planId);
      return current(actor);
    },

    async changePreview(actor: Actor | null, planIdRaw: string | undefined): Promise<ChargePreview> {
      const { account, stripe, catalogue } = await billingOf(ctx, actor);
      const planId = planIdFrom(planIdRaw);
      const sub = await liveSubscription(stripe, account);
      if (!sub) throw new AppError(409, 'billing.noSubscription');
      const item = sub.items.data[0]!;
      if (catalogue.planOfPrice(item.price) === planId) throw new AppError(422, 'billing.samePlan', { field: 'plan_id' });
      const price = await priceOf(catalogue, planId);
      const preview = await callStripe('preview plan change', () =>
        stripe.invoices.createPreview({
          customer: account.stripeCustomerId!,
          subscription: sub.id,
          subscription_details: { items: [{ id: item.id, price: price.id }], proration_behavior: 'always_invoice' },
        }),
      );
      prorations.set(account.id, {
        planId,
        date: preview.parent?.subscription_details?.subscription_proration_date ?? undefined,
        at: Date.now(),
      });
      const card = await defaultCardOf(ctx, stripe, account.stripeCustomerId);
      return {
        plan_id: planId,
        amount_due_now: toMajorUnits(Math.max(0, preview.amount_due)),
        currency: preview.currency.toUpperCase(),
        lines: preview.lines.data.map((l) => ({ description: l.description ?? '', amount: toMajorUnits(l.amount) })),
        next_charge:
          sub.status === 'trialing' || !item.current_period_end
            ? { amount: toMajorUnits(price.unit_amount ?? 0), date: iso(sub.trial_end ?? item.current_period_end) }
            : { amount: toMajorUnits(price.unit_amount ?? 0), date: iso(item.current_period_end) },
        card: card?.card ?? null,
      };
    },

    async change(actor: Actor | null, planIdRaw: string): Promise<Subscription> {
      const { account, stripe, catalogue } = await billingOf(ctx, actor);
      await changePlan(stripe, catalogue, account, planIdFrom(planIdRaw));
      return current(actor);
    },

    async cancel(actor: Actor | null, body: { reason: CancelReason; comments: string }): Promise<Subscription> {
      const { account, stripe, catalogue } = await billingOf(ctx, actor);
      const sub = await liveSubscription(stripe, account);
      if (!sub) throw new AppError(409, 'billing.noSubscription');
      if (sub.cancel_at_period_end) throw new AppError(409, 'billing.notCancellable');
      const updated = await callStripe('cancel subscription', () =>
        stripe.subscriptions.update(sub.id, {
          cancel_at_period_end: true,
          cancellation_details: { feedback: FEEDBACK[body.reason], ...(body.comments ? { comment: body.comments } : {}) },
        }),
      );
      await ctx.accounts.updateBilling(account.id, { cancelReason: body.reason, cancelComments: body.comments });
      await storeSubscription(ctx, catalogue, account.id, updated);
      ctx.log.info({ accountId: account.id, subscription: sub.id, reason: body.reason }, 'billing: cancelled at period end');
      return current(actor);
    },

    async reactivatePreview(actor: Actor | null, planIdRaw: string | undefined): Promise<ChargePreview> {
      const { account, stripe, catalogue } = await billingOf(ctx, actor);
      const sub = await liveSubscription(stripe, account);
      const planId = planIdFrom(planIdRaw ?? currentPlanId(account));
      if (sub?.cancel_at_period_end) {
        const item = sub.items.data[0]!;
        const card = await defaultCardOf(ctx, stripe, account.stripeCustomerId);
        return {
          plan_id: catalogue.planOfPrice(item.price) ?? planId,
          amount_due_now: 0,
          currency: item.price.currency.toUpperCase(),
          lines: [],
          next_charge: { amount: toMajorUnits(item.price.unit_amount ?? 0), date: iso(sub.trial_end ?? item.current_period_end) },
          card: card?.card ?? null,
        };
      }
      if (sub || inLocalTrial(account)) throw new AppError(409, 'billing.notReactivatable');
      return purchasePreview(stripe, catalogue, account, planId);
    },

    async reactivate(actor: Actor | null, planIdRaw: string | undefined): Promise<Subscription> {
      const { account, stripe, catalogue } = await billingOf(ctx, actor);
      const sub = await liveSubscription(stripe, account);
      if (sub?.cancel_at_period_end) {
        const updated = await callStripe('reactivate subscription', () =>
          stripe.subscriptions.update(sub.id, { cancel_at_period_end: false }),
        );
        await ctx.accounts.updateBilling(account.id, { cancelReason: null, cancelComments: null });
        await storeSubscription(ctx, catalogue, account.id, updated);
        ctx.log.info({ accountId: account.id, subscription: sub.id }, 'billing: cancellation withdrawn');
        return current(actor);
      }
      if (sub || inLocalTrial(account)) throw new AppError(409, 'billing.notReactivatable');
      await createSubscription(stripe, catalogue, account, planIdFrom(planIdRaw ?? currentPlanId(account)));
      return current(actor);
    },
  };
}

function currentPlanId(account: AccountRow): string {
  return `${account.planType ?? 'provider'}_${account.billingCycle === 'yearly' ? 'yearly' : 'monthly'}`;
}

function addInterval(from: Date, interval: string | undefined) {
  const d = new Date(from);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
