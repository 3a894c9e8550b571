import type Stripe from 'stripe';
import {
  BILLING_CYCLES,
  PLAN_TYPES,
  planIdOf,
  stripeLookupKey,
  type PlanId,
  type PlanType,
  type Plans,
} from '@splashboard/contract';
import { AppError } from '../../platform/errors.ts';

/** The built-in price list: what the setup command creates in Stripe, and what /plans/ answers with billing off. */
export const PLAN_PRICES: Record<PlanType, { monthly: number; yearly: number; currency: string }> = {
  collect: { monthly: 29, yearly: 290, currency: 'USD' },
  engage: { monthly: 79, yearly: 790, currency: 'USD' },
  provider: { monthly: 199, yearly: 1990, currency: 'USD' },
};

export const toMinorUnits = (major: number) => Math.round(major * 100);
export const toMajorUnits = (minor: number) => minor / 100;

/** How long the prices read from Stripe are kept before reading them again. */
const CACHE_MS = 5 * 60_000;

export interface PlanCatalogue {
  /** The six Stripe prices by plan id (a missing one answers 503 naming the setup command). */
  prices(): Promise<Map<PlanId, Stripe.Price>>;
  /** The plan a Stripe price is, by its lookup key. */
  planOfPrice(price: Pick<Stripe.Price, 'lookup_key'> | null | undefined): PlanId | null;
  plans(): Promise<Plans>;
}

export function createPlanCatalogue(stripe: Stripe): PlanCatalogue {
  let cached: { at: number; prices: Map<PlanId, Stripe.Price> } | null = null;
  const ids = PLAN_TYPES.flatMap((tier) => BILLING_CYCLES.map((cycle) => planIdOf(tier, cycle)));
  const byKey = new Map(ids.map((id) => [stripeLookupKey(id), id]));

  async function prices() {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.prices;
    const list = await stripe.prices.list({ lookup_keys: [...byKey.keys()], expand: ['data.product'], limit: 100 });
    const found = new Map<PlanId, Stripe.Price>();
    for (const price of list.data) {
      const id = byKey.get(price.lookup_key ?? '');
      if (id && price.active) found.set(id, price);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length)
      throw new AppError(503, 'billing.pricesMissing', { params: { keys: missing.map(stripeLookupKey).join(', ') } });
    cached = { at: Date.now(), prices: found };
    return found;
  }

  return {
    prices,
    planOfPrice: (price) => byKey.get(price?.lookup_key ?? '') ?? null,
    async plans() {
      const all = await prices();
      const tier = (t: PlanType) => {
        const monthly = all.get(planIdOf(t, 'monthly'))!;
        const yearly = all.get(planIdOf(t, 'yearly'))!;
        return {
          monthly: toMajorUnits(monthly.unit_amount ?? 0),
          yearly: toMajorUnits(yearly.unit_amount ?? 0),
          currency: monthly.currency.toUpperCase(),
        };
      };
      return { collect: tier('collect'), engage: tier('engage'), provider: tier('provider') };
    },
  };
}
