import type Stripe from 'stripe';
import type { AppContext } from '../../platform/context.ts';
import { planLimitsOf } from '../../platform/subscription-status.ts';
import { createStripeClient } from '../billing/stripe-client.ts';
import type { PaymentConnectionRow, PaymentConnectionsRepo } from './payment-connections.repo.ts';

/**
 * How to charge a site's guests on Stripe: through its connection (payment_connections).
 * - connect: the platform's client (STRIPE_SECRET_KEY) acting on the connected account (`stripeAccount` in
 *   every call's request options, the `Stripe-Account` header), the charge direct on that account and the
 *   plan's fee kept as `application_fee_amount`. Stripe.js gets the platform's publishable key and
 *   `{ stripeAccount }`.
 * - keys: the operator's own secret key (sealed at rest). No application fee can be taken on an account
 *   that is not connected to the platform, so feePercent is 0.
 */
export interface SiteStripe {
  mode: 'connect' | 'keys';
  stripe: Stripe;
  /** Pass to every call: `stripe.paymentIntents.create(params, site.requestOptions)`. */
  requestOptions: Stripe.RequestOptions;
  stripeAccountId: string;
  /** For Stripe.js: `Stripe(publishableKey, stripeJsAccount ? { stripeAccount: stripeJsAccount } : {})`. */
  publishableKey: string;
  stripeJsAccount: string | null;
  /** The platform's fee in percent of each payment (the account plan's transaction_fee_percent, Connect only). */
  feePercent: number;
  livemode: boolean;
  /** Whether the site can take payments now (Connect: onboarding finished). */
  ready: boolean;
  connection: PaymentConnectionRow;
}

type Deps = Pick<AppContext, 'config' | 'secrets' | 'accounts'> & { connections: PaymentConnectionsRepo };

export function createSiteStripe(deps: Deps) {
  const { config } = deps;
  const platform = config.stripe.enabled ? createStripeClient(config.stripe) : null;
  /** Clients of pasted keys, by sealed key (one per key, as the SDK keeps connections alive). */
  const keyClients = new Map<string, Stripe>();

  const clientOfKey = (secretKey: string) => {
    let client = keyClients.get(secretKey);
    if (!client) {
      client = createStripeClient({ secretKey, apiBase: config.stripe.apiBase });
      keyClients.set(secretKey, client);
    }
    return client;
  };

  async function feePercentOf(accountId: number) {
    const plan = await deps.accounts.planTypeOf(accountId);
    return planLimitsOf({ planType: plan?.planType ?? null }, config.stripe.enabled)?.transaction_fee_percent ?? 0;
  }

  return {
    /** The platform's client (Connect), or null when this server has no STRIPE_SECRET_KEY. */
    platform,
    /** A client for keys the operator is pasting (to check them before they are stored). */
    clientOfKey,

    /** The site's Stripe, or null when the site has no connection. */
    async of(connection: PaymentConnectionRow | undefined): Promise<SiteStripe | null> {
      if (!connection) return null;
      if (connection.mode === 'connect') {
        if (!platform) return null;
        return {
          mode: 'connect',
          stripe: platform,
          requestOptions: { stripeAccount: connection.stripeAccountId },
          stripeAccountId: connection.stripeAccountId,
          publishableKey: config.stripe.publishableKey,
          stripeJsAccount: connection.stripeAccountId,
          feePercent: await feePercentOf(connection.accountId),
          livemode: connection.livemode,
          ready: connection.chargesEnabled,
          connection,
        };
      }
      if (!connection.secretKeyEnc) return null;
      return {
        mode: 'keys',
        stripe: clientOfKey(deps.secrets.open(connection.secretKeyEnc)),
        requestOptions: {},
        stripeAccountId: connection.stripeAccountId,
        publishableKey: connection.publishableKey,
        stripeJsAccount: null,
        feePercent: 0,
        livemode: connection.livemode,
        ready: true,
        connection,
      };
    },

    async forSite(siteId: number): Promise<SiteStripe | null> {
      return this.of(await deps.connections.bySite(siteId));
    },
  };
}
export type SiteStripeOf = ReturnType<typeof createSiteStripe>;
