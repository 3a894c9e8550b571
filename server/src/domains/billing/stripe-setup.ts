import type Stripe from 'stripe';
import { BILLING_CYCLES, PLAN_TYPES, planIdOf, stripeLookupKey, type PlanType } from '@splashboard/contract';
import { PLAN_PRICES, toMinorUnits } from './plan-prices.ts';

const TIER_NAMES: Record<PlanType, string> = {
  collect: 'Splashboard Collect',
  engage: 'Splashboard Engage',
  provider: 'Splashboard Provider',
};

/**
 * Makes the plans' products and prices in Stripe (`npm run billing:setup`): a product per tier and a monthly
 * and a yearly price per tier, found again by their lookup keys. What exists already is left as it is, so it
 * can run any number of times. Answers what it created.
 */
export async function ensureStripePlans(stripe: Stripe, prices = PLAN_PRICES): Promise<string[]> {
  const keys = PLAN_TYPES.flatMap((tier) => BILLING_CYCLES.map((cycle) => stripeLookupKey(planIdOf(tier, cycle))));
  const existing = await stripe.prices.list({ lookup_keys: keys, limit: 100 });
  const have = new Map(existing.data.map((p) => [p.lookup_key, p]));
  const created: string[] = [];
  for (const tier of PLAN_TYPES) {
    const missing = BILLING_CYCLES.filter((cycle) => !have.has(stripeLookupKey(planIdOf(tier, cycle))));
    if (!missing.length) continue;
    const productId = await productOf(stripe, tier, have);
    for (const cycle of missing) {
      const key = stripeLookupKey(planIdOf(tier, cycle));
      await stripe.prices.create(
        {
          product: productId,
          currency: prices[tier].currency.toLowerCase(),
          unit_amount: toMinorUnits(prices[tier][cycle]),
          recurring: { interval: cycle === 'yearly' ? 'year' : 'month' },
          lookup_key: key,
          metadata: { plan_id: planIdOf(tier, cycle) },
        },
        { idempotencyKey: `splashboard-price-${key}` },
      );
      created.push(key);
    }
  }
  return created;
}

/** The tier's product: the one its other price already uses, one made before, or a new one. */
async function productOf(stripe: Stripe, tier: PlanType, have: Map<string | null, Stripe.Price>): Promise<string> {
  for (const cycle of BILLING_CYCLES) {
    const price = have.get(stripeLookupKey(planIdOf(tier, cycle)));
    if (price) return typeof price.product === 'string' ? price.product : price.product.id;
  }
  const product = await stripe.products.create(
    { name: TIER_NAMES[tier], metadata: { tier } },
    { idempotencyKey: `splashboard-product-${tier}` },
  );
  return product.id;
}
