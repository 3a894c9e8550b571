import { feeOf, type TRANSACTION_KINDS } from '@splashboard/contract';
import type Stripe from 'stripe';
import type { CheckoutState } from '../../db/schema/index.ts';
import type { PackageRow } from '../../domains/payments/checkout/checkout.repo.ts';
import type { SiteStripe } from '../../domains/payments/site-stripe.ts';
import type { TransactionRow } from '../../domains/payments/ledger.repo.ts';
import type { PortalDeps } from '../deps.ts';
import type { SiteSnapshot } from '../site-snapshot.ts';
import { termsOf } from './package-view.ts';

/** The payment account's customer on the site's Stripe: the one it has, or a new one. */
export async function customerFor(
  site: SiteStripe,
  siteId: number,
  who: { email: string; name?: string; known: string | null | undefined },
) {
  if (who.known) return who.known;
  const customer = await site.stripe.customers.create(
    { email: who.email, ...(who.name && { name: who.name }), metadata: { site_id: String(siteId) } },
    site.requestOptions,
  );
  return customer.id;
}

/**
 * A package's payment started: the transaction `pending` (the package's name and terms as they are now, the
 * fee computed once: the plan's percent, with Connect only) and its PaymentIntent on the site's Stripe (a
 * direct charge with the fee as application fee; idempotent per transaction). The checkout and the customer
 * portal's renewal both start here.
 */
export async function startPackagePayment(
  deps: Pick<PortalDeps, 'payments'>,
  snap: SiteSnapshot,
  site: SiteStripe,
  start: {
    p: PackageRow;
    kind: (typeof TRANSACTION_KINDS)[number];
    paymentAccountId: number | null;
    mac: string | null;
    checkout: CheckoutState;
  },
): Promise<{ row: TransactionRow; intent: Stripe.PaymentIntent }> {
  const { p, checkout } = start;
  const feePercent = site.mode === 'connect' ? site.feePercent : 0;
  const feeAmount = feeOf(p.price, feePercent);
  const row = await deps.payments.ledger.insertTransaction({
    accountId: snap.site.accountId,
    siteId: snap.site.id,
    paymentAccountId: start.paymentAccountId,
    packageId: p.id,
    packageName: p.name,
    terms: termsOf(p),
    kind: start.kind,
    status: 'pending',
    amount: p.price,
    currency: p.currency,
    feeAmount,
    feePercent: String(feePercent),
    stripeAccountId: site.stripeAccountId,
    mac: start.mac,
    numDevices: p.numDevices,
    checkout,
  });
  const intent = await site.stripe.paymentIntents.create(
    {
      amount: p.price,
      currency: p.currency.toLowerCase(),
      ...(feeAmount > 0 && { application_fee_amount: feeAmount }),
      automatic_payment_methods: { enabled: true },
      metadata: { transaction_id: String(row.id), site_id: String(snap.site.id) },
      receipt_email: checkout.email,
      customer: checkout.customerId ?? undefined,
      description: `${p.name} (${snap.site.name})`.slice(0, 200),
      ...(p.recurring && { setup_future_usage: 'off_session' as const }),
    },
    { ...site.requestOptions, idempotencyKey: `tx-${row.id}` },
  );
  await deps.payments.ledger.updateTransaction(row.id, { stripePaymentIntentId: intent.id });
  return { row, intent };
}
