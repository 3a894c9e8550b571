/**
 * PaymentMethods (cards only): created from card details (Stripe.js) or from the docs' test ids
 * (`pm_card_visa`...), retrieved, attached to a customer, detached, listed.
 */
import { cardByNumber, cardError, luhnValid, setupDecline, testPaymentMethodCard, type TestCard } from './cards.ts';
import type { Route } from './route.ts';
import {
  allowOnly,
  expanded,
  integer,
  invalid,
  listOf,
  mergeMetadata,
  newId,
  orNull,
  randomText,
  StripeFail,
  type Obj,
  type Store,
} from './store.ts';

export function createCardPaymentMethod(store: Store, card: TestCard, expMonth: number, expYear: number, extra: Obj = {}): Obj {
  const billing = (extra.billing_details ?? {}) as Obj;
  const address = (billing.address ?? {}) as Obj;
  const pm = store.put({
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: {
        city: orNull(address.city),
        country: orNull(address.country),
        line1: orNull(address.line1),
        line2: orNull(address.line2),
        postal_code: orNull(address.postal_code),
        state: orNull(address.state),
      },
      email: orNull(billing.email),
      name: orNull(billing.name),
      phone: orNull(billing.phone),
      tax_id: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
      country: card.country,
      display_brand: card.brand,
      exp_month: expMonth,
      exp_year: expYear,
      fingerprint: randomText(16),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: store.now(),
    customer: null,
    livemode: false,
    metadata: mergeMetadata({}, extra.metadata),
    type: 'card',
  });
  store.secret(pm.id).behaviour = card.behaviour;
  return pm;
}

/** A test id (`pm_card_visa`) becomes a fresh PaymentMethod, as in Stripe; other ids must exist. */
export function resolvePaymentMethod(store: Store, id: unknown, param = 'payment_method'): Obj {
  const testCard = typeof id === 'string' ? testPaymentMethodCard(id) : undefined;
  if (testCard) return createCardPaymentMethod(store, testCard, 12, new Date().getUTCFullYear() + 3);
  const pm = typeof id === 'string' ? store.find(id) : undefined;
  if (!pm || pm.object !== 'payment_method') throw invalid(`No such PaymentMethod: '${String(id)}'`, param, 'resource_missing');
  return pm;
}

export function behaviourOf(store: Store, pmId: string): string {
  return (store.hidden.get(pmId)?.behaviour as string | undefined) ?? 'succeeds';
}

/** Attaching verifies the card as Stripe does: declining cards are refused (402). */
export function attachPaymentMethod(store: Store, pm: Obj, customerId: string) {
  if (pm.customer === customerId) return;
  if (pm.customer) {
    throw invalid(
      'The payment method you provided has already been attached to a customer.',
      'payment_method',
      'payment_method_unexpected_state',
    );
  }
  const decline = setupDecline(behaviourOf(store, pm.id) as never);
  if (decline) throw cardError(decline);
  pm.customer = customerId;
  store.emit('payment_method.attached', pm);
}

/** Card details as Stripe.js or a test posts them, checked like Stripe checks them. */
export function paymentMethodFromCardData(store: Store, data: Obj, prefix: string): Obj {
  if (data.type !== 'card') throw invalid(`Invalid ${prefix}[type]: only card is supported by this fake`, `${prefix}[type]`);
  const card = (data.card ?? {}) as Obj;
  const number = String(card.number ?? '').replace(/\s/g, '');
  if (!number) throw invalid('Missing required param: card[number].', `${prefix}[card][number]`, 'parameter_missing');
  const incorrect = (code: string, message: string, param: string) =>
    new StripeFail(402, { type: 'card_error', code, message, param });
  if (!luhnValid(number)) throw incorrect('incorrect_number', 'Your card number is incorrect.', 'number');
  const month = integer(card.exp_month, `${prefix}[card][exp_month]`);
  let year = integer(card.exp_year, `${prefix}[card][exp_year]`);
  if (year < 100) year += 2000;
  if (month < 1 || month > 12) throw incorrect('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  const today = new Date(store.now() * 1000);
  if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) {
    throw incorrect('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  }
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(String(card.cvc))) {
    throw incorrect('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  }
  const testCard = cardByNumber(number);
  if (!testCard) {
    throw new StripeFail(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'test_mode_live_card',
      message:
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    });
  }
  return createCardPaymentMethod(store, testCard, month, year, data);
}

export function paymentMethodRoutes(store: Store): Route[] {
  const list = (params: Obj, customer: string | undefined, url: string) => {
    if (params.type !== undefined && params.type !== 'card') return listOf([], params, url);
    const found = store.all('payment_method').filter((pm) => customer === undefined || pm.customer === customer);
    return expanded(store, listOf(found, params, url), params);
  };
  return [
    {
      method: 'POST',
      pattern: '/v1/payment_methods',
      publishable: true,
      handle: ({ params }) => {
        allowOnly(params, ['type', 'card', 'billing_details', 'metadata', 'allow_redisplay', 'key']);
        return expanded(store, paymentMethodFromCardData(store, params, 'payment_method_data'), params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/payment_methods/:id',
      handle: ({ params, path }) => expanded(store, resolvePaymentMethod(store, path.id, 'id'), params),
    },
    {
      method: 'POST',
      pattern: '/v1/payment_methods/:id',
      handle: ({ params, path }) => {
        allowOnly(params, ['metadata', 'billing_details', 'allow_redisplay', 'card']);
        const pm = store.get('payment_method', path.id);
        const before = structuredClone(pm);
        pm.metadata = mergeMetadata(pm.metadata, params.metadata);
        const card = params.card as Obj | undefined;
        if (card?.exp_month) pm.card.exp_month = integer(card.exp_month, 'card[exp_month]');
        if (card?.exp_year) pm.card.exp_year = integer(card.exp_year, 'card[exp_year]');
        store.emitUpdated('payment_method.updated', before, pm);
        return expanded(store, pm, params);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/payment_methods/:id/attach',
      handle: ({ params, path }) => {
        allowOnly(params, ['customer']);
        const customer = store.get('customer', params.customer, 'customer');
        const pm = resolvePaymentMethod(store, path.id, 'id');
        attachPaymentMethod(store, pm, customer.id);
        return expanded(store, pm, params);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/payment_methods/:id/detach',
      handle: ({ params, path }) => {
        const pm = store.get('payment_method', path.id);
        if (!pm.customer)
          throw invalid(
            'The payment method you provided is not attached to a customer so detachment is impossible.',
            undefined,
            'payment_method_unexpected_state',
          );
        const customer = store.find(pm.customer);
        if (customer && customer.invoice_settings?.default_payment_method === pm.id) {
          const before = structuredClone(customer);
          customer.invoice_settings.default_payment_method = null;
          store.emitUpdated('customer.updated', before, customer);
        }
        for (const sub of store.all('subscription')) {
          if (sub.default_payment_method === pm.id) sub.default_payment_method = null;
        }
        const previous = pm.customer;
        pm.customer = null;
        store.emit('payment_method.detached', pm, { customer: previous });
        return expanded(store, pm, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/payment_methods',
      handle: ({ params }) => {
        if (params.customer !== undefined) store.get('customer', params.customer, 'customer');
        return list(params, params.customer as string | undefined, '/v1/payment_methods');
      },
    },
    {
      method: 'GET',
      pattern: '/v1/customers/:id/payment_methods',
      handle: ({ params, path }) => {
        store.get('customer', path.id);
        return list(params, path.id, `/v1/customers/${path.id}/payment_methods`);
      },
    },
  ];
}
