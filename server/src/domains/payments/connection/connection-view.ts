import type { StripeConnection } from '@splashboard/contract';
import type { AppContext } from '../../../platform/context.ts';
import type { SiteRow } from '../../../platform/site-access.ts';
import { planLimitsOf } from '../../../platform/subscription-status.ts';
import type { PaymentConnectionRow } from '../payment-connections.repo.ts';

type Deps = Pick<AppContext, 'config' | 'secrets' | 'accounts'>;

/** `sk_test_…1234`: enough to tell keys apart, never the key. */
export const maskKey = (key: string) => (key ? `${key.slice(0, key.indexOf('_', 3) + 1)}…${key.slice(-4)}` : '');

/** Where the payment settings' "Connect with Stripe" button posts (this server's route), per site. */
export const connectPath = (siteId: number) => `/s/${siteId}/api/v1/paymentloginconfig/stripe/connect`;

/**
 * A site's Stripe connection as the payment settings show it (GET paymentloginconfig/stripe, and merged
 * into GET paymentloginconfig/): the secret key masked, the plan's fee, the guests' customer portal.
 */
export function createConnectionView({ config, secrets, accounts }: Deps) {
  async function planFeePercent(accountId: number) {
    const plan = await accounts.planTypeOf(accountId);
    return planLimitsOf({ planType: plan?.planType ?? null }, config.stripe.enabled)?.transaction_fee_percent ?? 0;
  }

  return async function viewOf(site: SiteRow, row: PaymentConnectionRow | undefined): Promise<StripeConnection> {
    const secretKey = row?.secretKeyEnc ? secrets.open(row.secretKeyEnc) : '';
    return {
      id: row?.id ?? 0,
      connected_to_stripe: Boolean(row),
      mode: (row?.mode as StripeConnection['mode']) ?? null,
      stripe_account_id: row?.stripeAccountId ?? null,
      // Pasted keys can charge as soon as they are checked; a Connect account once onboarding is done.
      charges_enabled: row ? row.mode === 'keys' || row.chargesEnabled : false,
      livemode: row?.livemode ?? false,
      stripe_connection_url: config.stripe.enabled ? connectPath(site.id) : '',
      show_stripe_keys: true,
      payment_auth_field1: maskKey(secretKey),
      payment_auth_field2: row?.publishableKey ?? '',
      // No application fee can be taken on an account that is not connected to the platform.
      transaction_fee_percent: row?.mode === 'keys' ? 0 : await planFeePercent(site.accountId),
      customer_portal_url: `${config.publicUrl}/guest/${site.portalKey}/account`,
    };
  };
}
export type ConnectionView = ReturnType<typeof createConnectionView>;
