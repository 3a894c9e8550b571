import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { RefundRequest } from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { SiteRow } from '../../sites/sites.repo.ts';
import type { LedgerRepo, RefundRow, TransactionRow } from '../ledger.repo.ts';
import type { PaymentConnectionRow } from '../payment-connections.repo.ts';
import type { SiteStripe } from '../site-stripe.ts';
import { money } from '../notifications/guest-texts.ts';
import type { TransactionsRepo } from './transactions.repo.ts';

type Deps = { db: Database; ledger: LedgerRepo; transactions: TransactionsRepo };

/** Stripe's reason for ours: a duplicate is one, everything else the customer asked for. */
export const stripeReasonOf = (reason: RefundRequest['reason_for_refund']) =>
  reason === 'duplicate_transactions' ? ('duplicate' as const) : ('requested_by_customer' as const);
const ourReasonOf = (reason: Stripe.Refund['reason']) => (reason === 'duplicate' ? 'duplicate_transactions' : 'no_longer_using');
const statusOf = (status: string | null): RefundRow['status'] =>
  status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';

/**
 * Files a refund of a paid transaction on the site's Stripe. The amount is reserved first under the
 * transaction's lock (a refund row `pending`, `refunded` raised), so two refunds at once cannot pass what
 * was paid; Stripe is then asked with an idempotency key of that row; if Stripe refuses, the row goes and
 * `refunded` is as before.
 */
export async function fileRefund(
  deps: Deps,
  site: SiteRow,
  stripe: SiteStripe,
  transaction: TransactionRow,
  input: RefundRequest,
  userId: number | null,
): Promise<RefundRow> {
  const { db, ledger, transactions } = deps;
  const reserved = await db.transaction(async (tx) => {
    const t = (await ledger.lockTransaction(transaction.id, tx))!;
    if (t.status !== 'succeeded' || !t.stripePaymentIntentId) throw new AppError(422, 'payments.refundNotPaid');
    const left = t.amount - t.refunded;
    if (left <= 0) throw new AppError(422, 'payments.alreadyRefunded');
    const amount = input.amount ?? left;
    if (amount > left)
      throw new AppError(422, 'payments.refundTooLarge', { field: 'amount', params: { max: money(left, t.currency, 'en-US') } });
    const row = await ledger.insertRefund(
      {
        accountId: t.accountId,
        siteId: t.siteId,
        transactionId: t.id,
        amount,
        currency: t.currency,
        reason: input.reason_for_refund,
        comments: input.comments,
        disconnectDevices: input.disconnect_devices,
        status: 'pending',
        userId,
      },
      tx,
    );
    await ledger.updateTransaction(t.id, { refunded: t.refunded + amount }, tx);
    return row;
  });
  try {
    const refund = await stripe.stripe.refunds.create(
      {
        payment_intent: transaction.stripePaymentIntentId!,
        amount: reserved.amount,
        reason: stripeReasonOf(input.reason_for_refund),
        ...(stripe.mode === 'connect' && transaction.feeAmount > 0 && { refund_application_fee: true }),
        metadata: { refund_id: String(reserved.id), transaction_id: String(transaction.id) },
      },
      { ...stripe.requestOptions, idempotencyKey: `payment-refund-${reserved.id}` },
    );
    const status = statusOf(refund.status);
    await db.transaction(async (tx) => {
      await ledger.lockTransaction(transaction.id, tx);
      await transactions.updateRefund(reserved.id, { stripeRefundId: refund.id, status }, tx);
      await ledger.updateTransaction(transaction.id, { refunded: await transactions.refundedOf(transaction.id, tx) }, tx);
    });
    return { ...reserved, stripeRefundId: refund.id, status };
  } catch (err) {
    await db.transaction(async (tx) => {
      await ledger.lockTransaction(transaction.id, tx);
      await transactions.deleteRefund(reserved.id, tx);
      await ledger.updateTransaction(transaction.id, { refunded: await transactions.refundedOf(transaction.id, tx) }, tx);
    });
    if (err instanceof Stripe.errors.StripeError) {
      if (err.type === 'StripeConnectionError' || err.type === 'StripeAPIError')
        throw new AppError(502, 'payments.stripeUnavailable');
      throw new AppError(422, 'payments.refundFailed', { params: { detail: err.message } });
    }
    throw err;
  }
}

/**
 * A refund as Stripe tells it (refund.created/updated, or each refund of a charge.refunded): our row of it
 * takes its status, and a refund made in Stripe's dashboard gets a row of its own. `refunded` is the sum of
 * the transaction's refunds that did not fail. Returns the row when it is new (to be notified).
 */
export async function syncStripeRefund(
  deps: Deps,
  refund: Stripe.Refund,
  connection: PaymentConnectionRow,
  log: FastifyBaseLogger,
): Promise<RefundRow | null> {
  const { db, ledger, transactions } = deps;
  const intentId = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
  if (!intentId) return null;
  return db.transaction(async (tx) => {
    const t = await ledger.lockTransactionOfIntent(intentId, tx);
    if (!t || t.siteId !== connection.siteId) return null;
    const ours = Number(refund.metadata?.refund_id);
    const byOurs = Number.isInteger(ours) && ours > 0 ? await transactions.refundById(ours, tx) : undefined;
    const existing =
      (await transactions.refundByStripeId(refund.id, tx)) ?? (byOurs?.transactionId === t.id ? byOurs : undefined);
    const status = statusOf(refund.status);
    let created: RefundRow | null = null;
    if (existing) await transactions.updateRefund(existing.id, { stripeRefundId: refund.id, status }, tx);
    else {
      log.info({ refund: refund.id, transaction: t.id }, 'a refund made in Stripe is recorded');
      created = await ledger.insertRefund(
        {
          accountId: t.accountId,
          siteId: t.siteId,
          transactionId: t.id,
          amount: refund.amount,
          currency: t.currency,
          reason: ourReasonOf(refund.reason),
          comments: 'Refunded in Stripe',
          stripeRefundId: refund.id,
          status,
        },
        tx,
      );
    }
    await ledger.updateTransaction(t.id, { refunded: await transactions.refundedOf(t.id, tx) }, tx);
    return created;
  });
}
