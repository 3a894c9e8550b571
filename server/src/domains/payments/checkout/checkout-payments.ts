import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { PackageTerms } from '@splashboard/contract';
import type { Database, Executor } from '../../../db/client.ts';
import type { CheckoutState } from '../../../db/schema/index.ts';
import type { LedgerRepo, PaymentAccountRow, TransactionRow } from '../ledger.repo.ts';
import type { SiteStripeOf } from '../site-stripe.ts';
import type { PaymentsWebhook } from '../payments-webhook.ts';
import { createCheckoutRepo } from './checkout.repo.ts';

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
/** How long a package gives access. */
export const durationMsOf = (terms: Pick<PackageTerms, 'duration_type' | 'duration_val'>) =>
  terms.duration_val * UNIT_MS[terms.duration_type];

type Deps = { db: Database; ledger: LedgerRepo; siteStripe: SiteStripeOf; log: FastifyBaseLogger };

/**
 * A payment's account and device, made once: a new (or ended) account starts afresh with this package and
 * this device; an account still running gets the package's time added, if the device has its place.
 */
async function settleAccount(
  deps: Deps,
  row: TransactionRow,
  checkout: CheckoutState,
  intent: Pick<Stripe.PaymentIntent, 'payment_method'>,
  now: Date,
  tx: Executor,
): Promise<{ account: PaymentAccountRow; slot: 'bound' | 'full'; endtime: Date }> {
  const { ledger } = deps;
  const made = await ledger.insertAccount(
    {
      accountId: row.accountId,
      siteId: row.siteId,
      email: checkout.email,
      passwordHash: checkout.passwordHash,
      firstName: checkout.firstName,
      lastName: checkout.lastName,
      phone: checkout.phone,
      fields: checkout.fields,
      lang: checkout.lang,
    },
    tx,
  );
  const account = (await ledger.lockAccount(made.id, tx))!;
  const running = !!account.expiresAt && account.expiresAt > now;
  // An ended package frees its devices: this purchase starts with the device that paid.
  if (!running)
    for (const device of await ledger.devicesOf(account.id, tx)) await ledger.unbindDevice(account.id, device.mac, tx);
  const maxDevices = running ? Math.max(1, account.terms?.num_devices ?? row.numDevices) : row.numDevices;
  let slot: 'bound' | 'full' = 'bound';
  if (row.mac) {
    let bound = await ledger.bindDevice(account, row.mac, maxDevices, 'login', tx);
    if (bound === 'other') {
      // The device was another account's at this site: it is this one's now that it paid here.
      const owner = await ledger.deviceAt(row.siteId, row.mac, tx);
      if (owner) await ledger.unbindDevice(owner.paymentAccountId, row.mac, tx);
      bound = await ledger.bindDevice(account, row.mac, maxDevices, 'login', tx);
    }
    if (bound === 'full') slot = 'full';
  }
  const endtime = new Date((running ? account.expiresAt!.getTime() : now.getTime()) + durationMsOf(row.terms));
  if (slot === 'bound') {
    await ledger.updateAccount(
      account.id,
      {
        // A password chosen at this checkout replaces none: an existing account keeps its own.
        packageId: row.packageId,
        terms: running ? { ...row.terms, num_devices: maxDevices } : row.terms,
        startsAt: running ? account.startsAt : now,
        expiresAt: endtime,
        recurring: checkout.recurring === true,
        stripeCustomerId: checkout.customerId ?? account.stripeCustomerId,
        stripePaymentMethodId:
          typeof intent.payment_method === 'string'
            ? intent.payment_method
            : (intent.payment_method?.id ?? account.stripePaymentMethodId),
      },
      tx,
    );
  }
  return { account, slot, endtime };
}

/**
 * The guest's checkout on the portal, on the server's side: a payment succeeds once (`succeedPayment`, run
 * by the portal's return page and by Stripe's webhook, whichever comes first), a refused one is marked
 * failed, and a payment whose device found no place left on its account is refunded in full.
 */
export function createCheckoutPayments(deps: Deps) {
  const repo = createCheckoutRepo(deps.db);

  /** Refunds in full a succeeded payment that let no device in (idempotent: a second call finds the refund). */
  async function refundUnplaced(row: TransactionRow) {
    if (row.refunded >= row.amount || !row.stripePaymentIntentId) return;
    const site = await deps.siteStripe.forSite(row.siteId);
    if (!site) {
      deps.log.error({ transactionId: row.id }, 'a payment with no device place could not be refunded: the site has no Stripe');
      return;
    }
    const refund = await site.stripe.refunds.create(
      { payment_intent: row.stripePaymentIntentId, reason: 'duplicate', metadata: { transaction_id: String(row.id) } },
      { ...site.requestOptions, idempotencyKey: `refund-tx-${row.id}` },
    );
    await deps.db.transaction(async (tx) => {
      const locked = await deps.ledger.lockTransaction(row.id, tx);
      if (!locked || locked.refunded >= locked.amount) return;
      const known = await deps.ledger.refundsOf([row.id], tx);
      if (known.some((r) => r.stripeRefundId === refund.id)) return;
      await deps.ledger.insertRefund(
        {
          accountId: row.accountId,
          siteId: row.siteId,
          transactionId: row.id,
          amount: refund.amount,
          currency: row.currency,
          reason: 'duplicate_transactions',
          comments: 'Automatic: the account had no device place left for this payment.',
          stripeRefundId: refund.id,
          status: refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending',
        },
        tx,
      );
      await deps.ledger.updateTransaction(row.id, { refunded: locked.refunded + refund.amount }, tx);
    });
  }

  /**
   * A PaymentIntent succeeded (as Stripe says: the caller read it from Stripe or from a signed event): its
   * transaction goes from pending to succeeded once, with its account and device, under the row's lock.
   * Answers the transaction as it stands, or undefined when no transaction has this intent.
   */
  async function succeedPayment(intent: Stripe.PaymentIntent): Promise<TransactionRow | undefined> {
    if (intent.status !== 'succeeded') throw new Error(`succeedPayment: intent ${intent.id} is ${intent.status}`);
    const row = await deps.db.transaction(async (tx) => {
      const locked = await deps.ledger.lockTransactionOfIntent(intent.id, tx);
      // Only the portal's checkouts (with their state); other payments (renewals) are their owners' to settle.
      const checkout = locked?.checkout;
      if (!locked || !checkout || locked.status === 'succeeded' || locked.status === 'canceled') return locked;
      const now = new Date();
      const settled = await settleAccount(deps, locked, checkout, intent, now, tx);
      const changes: Partial<TransactionRow> = {
        status: 'succeeded',
        paidAt: now,
        stripeChargeId: typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null),
        failureMessage: '',
        paymentAccountId: settled.account.id,
        endtime: settled.endtime,
        checkout: { ...checkout, slot: settled.slot },
      };
      await deps.ledger.updateTransaction(locked.id, changes, tx);
      return { ...locked, ...changes } as TransactionRow;
    });
    if (row?.checkout?.slot === 'full') await refundUnplaced(row);
    return row;
  }

  /** A refused payment: the pending transaction is failed with Stripe's reason (the guest may try another card). */
  async function failPayment(intent: Stripe.PaymentIntent) {
    await deps.db.transaction(async (tx) => {
      const locked = await deps.ledger.lockTransactionOfIntent(intent.id, tx);
      if (!locked || !locked.checkout || locked.status !== 'pending') return;
      await deps.ledger.updateTransaction(
        locked.id,
        { status: 'failed', failureMessage: (intent.last_payment_error?.message ?? '').slice(0, 500) },
        tx,
      );
    });
  }

  /** Stripe's word on the checkout's payments (events of the site's own account, signed). */
  function listen(webhook: PaymentsWebhook) {
    webhook.on(['payment_intent.succeeded'], async (event, connection) => {
      const intent = event.data.object as Stripe.PaymentIntent;
      if (intent.metadata?.site_id !== String(connection.siteId)) return;
      await succeedPayment(intent);
    });
    webhook.on(['payment_intent.payment_failed'], async (event, connection) => {
      const intent = event.data.object as Stripe.PaymentIntent;
      if (intent.metadata?.site_id !== String(connection.siteId)) return;
      await failPayment(intent);
    });
  }

  return { repo, succeedPayment, failPayment, refundUnplaced, listen };
}
export type CheckoutPayments = ReturnType<typeof createCheckoutPayments>;
