import type { Config } from '../../config.ts';

const BASE =
  "img-src * data:; style-src 'self' 'unsafe-inline'; font-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const cspByConfig = new WeakMap<Config['stripe'], string>();

/**
 * The pay page's policy: our checkout script and Stripe.js (STRIPE_JS_URL's origin), Stripe's frames (the
 * Payment Element, 3-D Secure) and its API (STRIPE_API_BASE in tests with the fake; api.stripe.com
 * otherwise), as Stripe's CSP guide lists them; nothing inline.
 */
export function checkoutCsp(stripe: Config['stripe']): string {
  let csp = cspByConfig.get(stripe);
  if (csp) return csp;
  const js = new URL(stripe.jsUrl).origin;
  const api = stripe.apiBase ? new URL(stripe.apiBase).origin : 'https://api.stripe.com';
  const stripeJs = js === 'https://js.stripe.com' ? `${js} https://*.js.stripe.com` : js;
  csp =
    `default-src 'none'; script-src 'self' ${stripeJs}; frame-src ${stripeJs} https://hooks.stripe.com; ` +
    `connect-src ${api} ${stripeJs}; ${BASE}`;
  cspByConfig.set(stripe, csp);
  return csp;
}
