import { z } from 'zod';
import { PLAN_TYPES, SUBSCRIPTION_STATUSES, type PlanType } from './plans.ts';

/**
 * The account's subscription billing on Stripe (permission: the account owner's billing access).
 *
 * GET, POST  /a/api/v1/billingdetails/               billing address
 * GET, POST  /a/api/v1/billingcard/                  the card on file; POST { token }: the SetupIntent confirmed by Stripe.js
 * GET        /a/api/v1/billingcard/setup_intent      a SetupIntent's client secret for the Payment Element
 * GET, POST  /a/api/v1/subscription/                 the current plan; POST { plan_type }: the plan of a trial without a card
 * GET        /a/api/v1/invoices/                     billing history
 * GET        /a/api/v1/plans/                        prices (public)
 * POST       /a/api/v1/subscription/cancel           { reason, comments }: cancel at period end
 * GET, POST  /a/api/v1/subscription/reactivate       preview; { plan_id }
 * GET, POST  /a/api/v1/subscription/buynow           preview; { plan_id, token? }
 * GET, POST  /a/api/v1/subscription/change           preview (?plan_id=); { plan_id }
 * GET        /a/api/v1/subscription/portal/session   { url } of Stripe's customer portal
 * POST       /webhooks/stripe/billing                Stripe's signed events (raw body)
 *
 * With billing off (no STRIPE_SECRET_KEY) every account has the provider plan without limits, GET
 * /subscription/ says `billing_enabled: false`, and the other billing calls answer 409 `billing.billingOff`.
 */

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** A plan on offer: its tier and cycle, `collect_monthly` ... `provider_yearly`. */
export const PLAN_IDS = PLAN_TYPES.flatMap((tier) => BILLING_CYCLES.map((cycle) => `${tier}_${cycle}` as const));
export type PlanId = (typeof PLAN_IDS)[number];
export const planIdOf = (tier: PlanType, cycle: BillingCycle): PlanId => `${tier}_${cycle}`;
export const isPlanId = (v: unknown): v is PlanId => typeof v === 'string' && (PLAN_IDS as readonly string[]).includes(v);
export function splitPlanId(id: PlanId): { tier: PlanType; cycle: BillingCycle } {
  const [tier, cycle] = id.split('_') as [PlanType, BillingCycle];
  return { tier, cycle };
}

/** The lookup key of each plan's Stripe price (the setup command creates them; the server finds prices by it). */
export const stripeLookupKey = (id: PlanId) => `splashboard_${id}`;

/** The specification's cancel reasons (second document, section 9). */
export const CANCEL_REASONS = ['price too high', 'could not set up', 'too many bugs', 'not used anymore', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** How the gate's and the banners' flows open /change-subscription/{flow} and /signup/registration/setup-payment/{flow}. */
export const SUBSCRIPTION_FLOWS = ['update', 'buy_now', 'reactivate', 'change'] as const;
export type SubscriptionFlow = (typeof SUBSCRIPTION_FLOWS)[number];

const money = z.number(); // major units (29.5 = 29.50), in `currency`
const iso = z.string();

export const USAGE_KINDS = ['active_guest_devices', 'vouchers_activated'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];
export const usageLineSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  /** Whole percent of the limit used, 0-100. */
  percent: z.number().int(),
  reached: z.boolean(),
});
/** The plan's limits counted in the current billing period; null when the account has no limits (billing off). */
export const planUsageSchema = z.object({
  period_start: iso,
  period_end: iso,
  active_guest_devices: usageLineSchema,
  vouchers_activated: usageLineSchema,
});
export type PlanUsage = z.infer<typeof planUsageSchema>;

export const cardDetailsSchema = z.object({
  last4: z.string(),
  brand: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export const billingCardSchema = z.object({ card_details: cardDetailsSchema.nullable() });
export type BillingCard = z.infer<typeof billingCardSchema>;
export const billingCardBodySchema = z.object({ token: z.string().trim().min(1).max(255) });
export const setupIntentSchema = z.object({ client_secret: z.string(), publishable_key: z.string() });

export const subscriptionSchema = z.object({
  billing_enabled: z.boolean(),
  plan_type: z.enum(PLAN_TYPES).nullable(),
  plan_id: z.enum(PLAN_IDS).nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trial_end: iso.nullable(),
  current_period_start: iso.nullable(),
  current_period_end: iso.nullable(),
  price: money,
  currency: z.string(),
  billing_cycle: z.enum(BILLING_CYCLES),
  cancel_at_period_end: z.boolean(),
  /** The next charge Stripe will make, when one is due. */
  next_charge: z.object({ amount: money, currency: z.string(), date: iso }).nullable(),
  /** The plan's fee on paid Wi-Fi transactions, in percent (5, 3, 1.5). */
  transaction_fee_percent: z.number(),
  has_card: z.boolean(),
  usage: planUsageSchema.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionPlanBodySchema = z.object({ plan_type: z.enum(PLAN_TYPES) });

const tierPriceSchema = z.object({ monthly: money, yearly: money, currency: z.string() });
export const plansSchema = z.object({ collect: tierPriceSchema, engage: tierPriceSchema, provider: tierPriceSchema });
export type Plans = z.infer<typeof plansSchema>;

export const billingDetailsBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).default(''),
  city: z.string().trim().min(1).max(100),
  /** ISO 3166-1 alpha-2, as Stripe takes it. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
  zipcode: z.string().trim().max(20).default(''),
});
export const billingDetailsSchema = billingDetailsBodySchema.extend({ id: z.string().nullable() });
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  period_start: iso,
  period_end: iso,
  amount: money,
  currency: z.string(),
  invoice_pdf: z.string().nullable(),
  hosted_invoice_url: z.string().nullable(),
  created: iso,
});
export const invoicesSchema = z.object({ items: z.array(invoiceSchema) });
export type Invoice = z.infer<typeof invoiceSchema>;

/** A plan id; an unknown one answers 422 `billing.planNotFound`. */
export const planIdBodySchema = z.object({ plan_id: z.string().trim().min(1).max(64) });
export const buyNowBodySchema = planIdBodySchema.extend({ token: z.string().trim().min(1).max(255).optional() });
export const reactivateBodySchema = z.object({ plan_id: z.string().trim().min(1).max(64).optional() });
export const cancelBodySchema = z.object({
  reason: z.enum(CANCEL_REASONS),
  comments: z.string().trim().max(1000).default(''),
});

/** What a buy now, reactivation or plan change will charge, shown before confirming. */
export const chargePreviewSchema = z.object({
  plan_id: z.enum(PLAN_IDS),
  /** Charged when confirming (the proration of a change, the first period of a purchase), 0 when nothing is. */
  amount_due_now: money,
  currency: z.string(),
  lines: z.array(z.object({ description: z.string(), amount: money })),
  /** The next regular charge after this one. */
  next_charge: z.object({ amount: money, date: iso }).nullable(),
  card: cardDetailsSchema.nullable(),
});
export type ChargePreview = z.infer<typeof chargePreviewSchema>;

export const portalSessionSchema = z.object({ url: z.string() });
