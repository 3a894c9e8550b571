import { formatMac, type PackageTerms, type RefundReason, type Transaction } from '@splashboard/contract';
import type { RefundRow, TransactionRow } from '../ledger.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** `aa:bb:cc:dd:ee:ff` as lists show MACs. */
export const shownMac = (mac: string) => formatMac(mac.replace(/[:-]/g, ''));

export function toRefund(r: RefundRow) {
  return {
    id: r.id,
    amount: r.amount,
    currency: r.currency,
    reason: r.reason as RefundReason,
    comments: r.comments,
    disconnect_devices: r.disconnectDevices,
    status: r.status as 'pending' | 'succeeded' | 'failed',
    created_at: r.createdAt.toISOString(),
  };
}

/** A transaction as the API answers it, with its refunds. */
export function toTransaction(t: TransactionRow, refunds: RefundRow[], email: string): Transaction {
  return {
    id: t.id,
    kind: t.kind as Transaction['kind'],
    status: t.status as Transaction['status'],
    payment_account_id: t.paymentAccountId,
    email,
    package_id: t.packageId,
    package_name: t.packageName,
    terms: t.terms as PackageTerms,
    amount: t.amount,
    currency: t.currency,
    fee_amount: t.feeAmount,
    refunded: t.refunded,
    mac: t.mac ? shownMac(t.mac) : null,
    num_devices: t.numDevices,
    endtime: iso(t.endtime),
    stripe_payment_intent_id: t.stripePaymentIntentId,
    created_at: t.createdAt.toISOString(),
    paid_at: iso(t.paidAt),
    refunds: refunds.filter((r) => r.transactionId === t.id).map(toRefund),
  };
}
