import { z } from 'zod';
import { PLAN_TYPES, SUBSCRIPTION_STATUSES } from './plans.ts';
import { AUTH_METHODS } from './routers.ts';

export const metaSchema = z.object({
  logo_svg: z.string(),
  stripe_pk: z.string(),
  ui_settings: z.object({
    crisp_site_id: z.string(),
    sentry_dsn: z.string(),
    analytics_key: z.string(),
    sentry_trace_sample_rate: z.number(),
  }),
  supported_routers: z.array(z.object({ id: z.string(), name: z.string() })),
  languages: z.array(z.string()),
  /** Login methods this server cannot serve (Facebook without a Facebook app): the designer offers them disabled. */
  unavailable_login_methods: z.array(z.enum(AUTH_METHODS)),
});

export const subscriptionSchema = z.object({
  plan_type: z.enum(PLAN_TYPES).nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trial_end: z.string().nullable(),
  current_period_end: z.string().nullable(),
  price: z.number(),
  currency: z.string(),
  billing_cycle: z.enum(['monthly', 'yearly']),
  cancel_at_period_end: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

const tierPriceSchema = z.object({ monthly: z.number(), yearly: z.number(), currency: z.string() });
export const plansSchema = z.object({
  collect: tierPriceSchema,
  engage: tierPriceSchema,
  provider: tierPriceSchema,
});
