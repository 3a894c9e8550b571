import { z } from 'zod';
import { AUTH_METHODS } from './routers.ts';

export const metaSchema = z.object({
  logo_svg: z.string(),
  stripe_pk: z.string(),
  /** Subscription billing is on (the server has a Stripe key). */
  billing_enabled: z.boolean(),
  /** Where Stripe.js is loaded from (Stripe's own address unless the server points it elsewhere). */
  stripe_js_url: z.string(),
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
  /** Operators can sign in with Google (the server has a Google client id and secret). */
  google_sign_in: z.boolean(),
});
