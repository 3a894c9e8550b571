/**
 * Refunds of a PaymentIntent's charge, whole or in parts: create (by `payment_intent` or `charge`),
 * retrieve, update (metadata), list. A refund succeeds at once; with `refund_application_fee` on a direct
 * charge the platform gives back its fee in proportion.
 */
import { refundFee } from './charges.ts';
import type { Route } from './route.ts';
import { allowOnly, bool, expanded, integer, invalid, listOf, mergeMetadata, newId, type Obj, type Store } from './store.ts';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

/** The charge a refund is for: the one named, or the successful one of the PaymentIntent named. */
function chargeToRefund(store: Store, params: Obj): Obj {
  if ((params.charge === undefined) === (params.payment_intent === undefined)) {
    throw invalid('You must pass either a charge or a payment_intent, but not both.', undefined, 'parameter_missing');
  }
  if (params.charge !== undefined) return store.get('charge', params.charge, 'charge');
  const intent = store.get('payment_intent', params.payment_intent, 'payment_intent');
  if (intent.status !== 'succeeded' || !intent.latest_charge) {
    throw invalid(
      `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      'payment_intent',
      'charge_not_refundable',
    );
  }
  return store.get('charge', intent.latest_charge);
}

export function refundRoutes(store: Store): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/v1/refunds',
      handle: ({ params }) => {
        allowOnly(params, [
          'charge',
          'payment_intent',
          'amount',
          'reason',
          'refund_application_fee',
          'reverse_transfer',
          'metadata',
        ]);
        const charge = chargeToRefund(store, params);
        if (charge.status !== 'succeeded')
          throw invalid(`Charge ${charge.id} has not succeeded, so it cannot be refunded.`, 'charge');
        const left = charge.amount_captured - charge.amount_refunded;
        if (left <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
        const amount = params.amount === undefined ? left : integer(params.amount, 'amount');
        if (amount < 1) throw invalid('Invalid positive integer', 'amount');
        if (amount > left) {
          throw invalid(
            `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(left, charge.currency)})`,
            'amount',
            'amount_too_large',
          );
        }
        if (params.reason !== undefined && !REASONS.includes(String(params.reason)))
          throw invalid('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason');
        const giveFeeBack =
          params.refund_application_fee !== undefined && bool(params.refund_application_fee, 'refund_application_fee');
        const before = structuredClone(charge);
        const refund = store.put({
          id: newId('re'),
          object: 'refund',
          amount,
          balance_transaction: null,
          charge: charge.id,
          created: store.now(),
          currency: charge.currency,
          destination_details: {
            card: { reference: null, reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
            type: 'card',
          },
          metadata: mergeMetadata({}, params.metadata),
          payment_intent: charge.payment_intent,
          reason: params.reason ?? null,
          receipt_number: null,
          source_transfer_reversal: null,
          status: 'succeeded',
          transfer_reversal: null,
        });
        charge.amount_refunded += amount;
        charge.refunded = charge.amount_refunded >= charge.amount_captured;
        if (giveFeeBack && charge.application_fee) {
          // A full refund gives the whole fee back; a partial one its share.
          const share = charge.refunded
            ? charge.application_fee_amount
            : Math.round((charge.application_fee_amount * amount) / charge.amount_captured);
          const fee = store.as(store.platform, () => store.get('application_fee', charge.application_fee));
          const back = Math.min(share, fee.amount - fee.amount_refunded);
          if (back > 0) refundFee(store, fee.id, back);
        }
        store.emit('charge.refunded', charge, { amount_refunded: before.amount_refunded, refunded: before.refunded });
        store.emit('refund.created', refund);
        return expanded(store, refund, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/refunds/:id',
      handle: ({ params, path }) => expanded(store, store.get('refund', path.id), params),
    },
    {
      method: 'POST',
      pattern: '/v1/refunds/:id',
      handle: ({ params, path }) => {
        allowOnly(params, ['metadata']);
        const refund = store.get('refund', path.id);
        const before = structuredClone(refund);
        refund.metadata = mergeMetadata(refund.metadata, params.metadata);
        store.emitUpdated('refund.updated', before, refund);
        return expanded(store, refund, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/refunds',
      handle: ({ params }) => {
        const found = store
          .all('refund')
          .filter((r) => params.charge === undefined || r.charge === params.charge)
          .filter((r) => params.payment_intent === undefined || r.payment_intent === params.payment_intent);
        return expanded(store, listOf(found, params, '/v1/refunds'), params);
      },
    },
  ];
}
