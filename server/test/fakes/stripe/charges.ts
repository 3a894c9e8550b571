/**
 * Charges (what a PaymentIntent's attempt leaves: succeeded or failed) and application fees (what the
 * platform keeps of a direct charge on a connected account): created by payment-intents.ts, read here.
 */
import type { Route } from './route.ts';
import { expanded, listOf, newId, randomText, type Obj, type Store } from './store.ts';

/** The platform's Connect application, named in its direct charges and their fees. */
export function applicationOf(store: Store): string {
  const platform = store.secret(store.platform);
  if (!platform.application) platform.application = `ca_${randomText(32)}`;
  return platform.application as string;
}

function cardDetails(pm: Obj, amount: number, authenticated: boolean): Obj {
  const card = pm.card as Obj;
  return {
    card: {
      amount_authorized: amount,
      brand: card.brand,
      checks: card.checks,
      country: card.country,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: card.fingerprint,
      funding: card.funding,
      installments: null,
      last4: card.last4,
      mandate: null,
      network: card.brand,
      network_token: { used: false },
      three_d_secure: authenticated
        ? { authentication_flow: 'challenge', result: 'authenticated', result_reason: null, version: '2.2.0' }
        : null,
      wallet: null,
    },
    type: 'card',
  };
}

/**
 * The charge of one attempt to pay `intent` with `pm`: `failure` (Stripe's card error) makes it a failed
 * one. A successful direct charge with `application_fee_amount` records the platform's application fee.
 */
export function createCharge(store: Store, intent: Obj, pm: Obj, failure: Obj | null, authenticated = false): Obj {
  const id = newId('ch');
  const succeeded = failure === null;
  const connected = store.kindOf(store.account) === 'connected';
  const charge = store.put({
    id,
    object: 'charge',
    amount: intent.amount,
    amount_captured: succeeded ? intent.amount : 0,
    amount_refunded: 0,
    application: connected ? applicationOf(store) : null,
    application_fee: null,
    application_fee_amount: succeeded ? intent.application_fee_amount : null,
    balance_transaction: null,
    billing_details: structuredClone(pm.billing_details),
    calculated_statement_descriptor: 'STRIPE FAKE',
    captured: succeeded,
    created: store.now(),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    destination: null,
    dispute: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure ? failure.code : null,
    failure_message: failure ? failure.message : null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: succeeded
      ? {
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'Payment complete.',
          type: 'authorized',
        }
      : {
          network_status: 'declined_by_network',
          reason: failure.decline_code ?? null,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        },
    paid: succeeded,
    payment_intent: intent.id,
    payment_method: pm.id,
    payment_method_details: cardDetails(pm, intent.amount, authenticated),
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: succeeded ? `${store.url}/receipts/${id}` : null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: intent.statement_descriptor_suffix ?? null,
    status: succeeded ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  });
  if (succeeded && connected && intent.application_fee_amount) charge.application_fee = recordFee(store, charge).id;
  store.emit(succeeded ? 'charge.succeeded' : 'charge.failed', charge);
  return charge;
}

/** The platform's application fee on a connected account's charge (an object of the platform's). */
function recordFee(store: Store, charge: Obj): Obj {
  const account = store.account;
  return store.as(store.platform, () => {
    const id = newId('fee');
    const fee = store.put({
      id,
      object: 'application_fee',
      account,
      amount: charge.application_fee_amount,
      amount_refunded: 0,
      application: applicationOf(store),
      balance_transaction: null,
      charge: charge.id,
      created: store.now(),
      currency: charge.currency,
      fee_source: { charge: charge.id, type: 'charge' },
      livemode: false,
      originating_transaction: null,
      refunded: false,
      refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/application_fees/${id}/refunds` },
    });
    store.emit('application_fee.created', fee);
    return fee;
  });
}

/** Gives back part (or all) of an application fee, as refunding its charge with `refund_application_fee` does. */
export function refundFee(store: Store, feeId: string, amount: number) {
  store.as(store.platform, () => {
    const fee = store.get('application_fee', feeId);
    const feeRefund = {
      id: newId('fr'),
      object: 'fee_refund',
      amount,
      balance_transaction: null,
      created: store.now(),
      currency: fee.currency,
      fee: fee.id,
      metadata: {},
    };
    fee.amount_refunded += amount;
    fee.refunded = fee.amount_refunded >= fee.amount;
    fee.refunds.data.unshift(feeRefund);
    fee.refunds.total_count += 1;
    store.emit('application_fee.refunded', fee);
  });
}

export function chargeRoutes(store: Store): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/v1/charges/:id',
      handle: ({ params, path }) => expanded(store, store.get('charge', path.id), params),
    },
    {
      method: 'GET',
      pattern: '/v1/charges',
      handle: ({ params }) => {
        const found = store
          .all('charge')
          .filter((c) => params.customer === undefined || c.customer === params.customer)
          .filter((c) => params.payment_intent === undefined || c.payment_intent === params.payment_intent);
        return expanded(store, listOf(found, params, '/v1/charges'), params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/application_fees/:id',
      handle: ({ params, path }) => expanded(store, store.get('application_fee', path.id), params),
    },
    {
      method: 'GET',
      pattern: '/v1/application_fees',
      handle: ({ params }) => {
        const found = store.all('application_fee').filter((f) => params.charge === undefined || f.charge === params.charge);
        return expanded(store, listOf(found, params, '/v1/application_fees'), params);
      },
    },
  ];
}
