/**
 * PaymentIntents (cards, automatic capture): create, retrieve (secret key, or Stripe.js with the publishable
 * key and the client secret), update, confirm, cancel, list. A confirmation charges the card at once
 * (succeeded), refuses it (402 card_error, back to requires_payment_method with `last_payment_error`), or
 * asks for 3-D Secure (requires_action, answered by the fake's challenge page). With `Stripe-Account` they
 * are direct charges on that connected account, and may carry the platform's `application_fee_amount`.
 */
import { applicationOf, createCharge } from './charges.ts';
import { cardByNumber, cardError, chargeDecline } from './cards.ts';
import {
  attachPaymentMethod,
  behaviourOf,
  createCardPaymentMethod,
  paymentMethodFromCardData,
  resolvePaymentMethod,
} from './payment-methods.ts';
import type { ApiRequest, Route } from './route.ts';
import {
  allowOnly,
  bool,
  expanded,
  integer,
  invalid,
  listOf,
  mergeMetadata,
  newId,
  orNull,
  randomText,
  required,
  StripeFail,
  type Obj,
  type Store,
} from './store.ts';

const CREATE_FIELDS = [
  'amount',
  'currency',
  'application_fee_amount',
  'automatic_payment_methods',
  'payment_method_types',
  'capture_method',
  'confirm',
  'customer',
  'description',
  'metadata',
  'receipt_email',
  'setup_future_usage',
  'payment_method',
  'payment_method_data',
  'payment_method_options',
  'off_session',
  'return_url',
  'statement_descriptor_suffix',
  'error_on_requires_action',
  'use_stripe_sdk',
  'confirmation_method',
];
const UPDATE_FIELDS = [
  'amount',
  'currency',
  'application_fee_amount',
  'customer',
  'description',
  'metadata',
  'payment_method',
  'payment_method_types',
  'receipt_email',
  'setup_future_usage',
  'statement_descriptor_suffix',
];
/** What Stripe.js may send when it confirms with the publishable key. */
const CLIENT_CONFIRM_FIELDS = [
  'payment_method',
  'payment_method_data',
  'return_url',
  'receipt_email',
  'setup_future_usage',
  'client_secret',
  'key',
  'use_stripe_sdk',
  'expected_payment_method_type',
  'mandate_data',
  'payment_method_options',
];
const SERVER_CONFIRM_FIELDS = [...CLIENT_CONFIRM_FIELDS, 'off_session', 'error_on_requires_action', 'capture_method'];

const UNFINISHED = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
/** Stripe's smallest charge per currency (docs "Minimum and maximum charge amounts"), in minor units. */
const MINIMUM: Record<string, [number, string]> = {
  usd: [50, '$0.50 usd'],
  eur: [50, '€0.50 eur'],
  gbp: [30, '£0.30 gbp'],
  mxn: [1000, '$10.00 mxn'],
};
const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

function checkAmount(amount: number, currency: string) {
  if (amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount');
  const minimum = MINIMUM[currency];
  if (minimum && amount < minimum[0]) throw invalid(`Amount must be at least ${minimum[1]}`, 'amount', 'amount_too_small');
}

function currencyOf(value: unknown): string {
  const currency = String(value).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${String(value)}.`, 'currency');
  return currency;
}

/** A platform's fee exists only on a direct charge, i.e. one made on a connected account (`Stripe-Account`). */
function applicationFee(store: Store, value: unknown, amount: number): number {
  if (store.kindOf(store.account) !== 'connected') {
    throw invalid(
      'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      'application_fee_amount',
    );
  }
  const fee = integer(value, 'application_fee_amount');
  if (fee < 0) throw invalid('This value must be greater than or equal to 0.', 'application_fee_amount');
  if (fee > amount)
    throw invalid('The application fee amount cannot be greater than the amount of the PaymentIntent.', 'application_fee_amount');
  return fee;
}

function setupFutureUsage(value: unknown): string | null {
  if (value === '' || value === undefined) return null;
  if (value !== 'off_session' && value !== 'on_session')
    throw invalid('Invalid setup_future_usage: must be one of on_session or off_session', 'setup_future_usage');
  return value;
}

function paymentMethodTypes(params: Obj): { automatic: Obj | null; types: string[] } {
  const automatic = params.automatic_payment_methods as Obj | undefined;
  const types = params.payment_method_types as string[] | undefined;
  if (automatic !== undefined && types !== undefined) {
    throw invalid('You may only specify one of these parameters: automatic_payment_methods, payment_method_types.');
  }
  if (types) {
    if (!Array.isArray(types) || types.some((t) => t !== 'card'))
      throw invalid('This fake supports only card payment methods.', 'payment_method_types');
    return { automatic: null, types: ['card'] };
  }
  // Since API 2023-08-16 automatic payment methods are on unless payment_method_types is given.
  if (automatic && !bool(automatic.enabled, 'automatic_payment_methods[enabled]')) {
    throw invalid(
      'You must specify `payment_method_types` when `automatic_payment_methods[enabled]` is false.',
      'payment_method_types',
    );
  }
  return { automatic: { allow_redirects: automatic?.allow_redirects ?? 'always', enabled: true }, types: ['card'] };
}

/** Stripe.js proves who it is with the intent's client secret; a server uses its secret key. */
function checkClientSecret(req: ApiRequest, intent: Obj) {
  if (req.key === 'secret') return;
  if (req.params.client_secret !== intent.client_secret) {
    throw invalid(
      'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
      'client_secret',
    );
  }
}

function unexpectedState(action: string, intent: Obj, extra = ''): StripeFail {
  return invalid(
    `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.${extra}`,
    undefined,
    'payment_intent_unexpected_state',
  );
}

function confirm(store: Store, intent: Obj, params: Obj): Obj {
  if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
    throw unexpectedState('confirm', intent);
  }
  let pm: Obj;
  if (params.payment_method_data !== undefined)
    pm = paymentMethodFromCardData(store, params.payment_method_data as Obj, 'payment_method_data');
  else if (params.payment_method !== undefined) pm = resolvePaymentMethod(store, params.payment_method);
  else if (intent.payment_method) pm = store.get('payment_method', intent.payment_method, 'payment_method');
  else {
    throw invalid(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      'payment_method',
      'payment_intent_unexpected_state',
    );
  }
  if (params.receipt_email !== undefined) intent.receipt_email = orNull(params.receipt_email);
  if (params.setup_future_usage !== undefined) intent.setup_future_usage = setupFutureUsage(params.setup_future_usage);
  if (params.return_url !== undefined) store.secret(intent.id).returnUrl = params.return_url;
  intent.payment_method = pm.id;
  const offSession = params.off_session !== undefined && params.off_session !== 'false';
  const behaviour = behaviourOf(store, pm.id);
  // 3184 asks every time; 3155 asks unless the card was set up for later payments by this customer.
  const needsAuthentication =
    behaviour === 'always_3ds' ||
    (behaviour === 'requires_3ds' && !(offSession && pm.customer === intent.customer && pm.customer));
  if (needsAuthentication && (offSession || params.error_on_requires_action === 'true')) {
    throw decline(store, intent, pm, cardError('authentication_required'));
  }
  if (needsAuthentication) {
    intent.status = 'requires_action';
    intent.next_action = {
      type: 'use_stripe_sdk',
      use_stripe_sdk: {
        type: 'three_d_secure_redirect',
        stripe_js: `${store.url}/3ds/${intent.id}`,
        source: `src_${randomText(24)}`,
      },
    };
    store.emit('payment_intent.requires_action', intent);
    return intent;
  }
  const refused = chargeDecline(behaviour as never);
  if (refused) throw decline(store, intent, pm, cardError(refused));
  return succeed(store, intent, pm, false);
}

function succeed(store: Store, intent: Obj, pm: Obj, authenticated: boolean): Obj {
  const charge = createCharge(store, intent, pm, null, authenticated);
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.latest_charge = charge.id;
  intent.next_action = null;
  intent.last_payment_error = null;
  if (intent.setup_future_usage && intent.customer) attachPaymentMethod(store, pm, intent.customer);
  store.emit('payment_intent.succeeded', intent);
  return intent;
}

/** The card refused: a failed charge, the intent waits for another payment method; the 402 to answer. */
function decline(store: Store, intent: Obj, pm: Obj, refusal: StripeFail): StripeFail {
  const charge = createCharge(store, intent, pm, refusal.error);
  intent.status = 'requires_payment_method';
  intent.latest_charge = charge.id;
  intent.payment_method = null;
  intent.next_action = null;
  intent.last_payment_error = { ...refusal.error, charge: charge.id, payment_method: structuredClone(pm) };
  store.emit('payment_intent.payment_failed', intent);
  return new StripeFail(402, {
    ...refusal.error,
    charge: charge.id,
    payment_intent: structuredClone(intent),
    payment_method: structuredClone(pm),
  });
}

/** The 3-D Secure challenge page's answer ("Complete" or "Fail") for a PaymentIntent of the acting account. */
export function finishPaymentAuthentication(store: Store, intentId: string, passed: boolean): Obj {
  const intent = store.get('payment_intent', intentId);
  if (intent.status !== 'requires_action') return intent;
  const pm = store.get('payment_method', intent.payment_method);
  if (passed) return succeed(store, intent, pm, true);
  intent.status = 'requires_payment_method';
  intent.next_action = null;
  intent.payment_method = null;
  intent.last_payment_error = {
    type: 'invalid_request_error',
    code: 'payment_intent_authentication_failure',
    message: AUTHENTICATION_FAILED,
    payment_method: structuredClone(pm),
  };
  store.emit('payment_intent.payment_failed', intent);
  return intent;
}

/** The guest paid (or failed to) somewhere the fake does not show, such as a bank app. */
export function finishOutOfBand(store: Store, intentId: string, succeeded: boolean): Obj {
  const intent = store.get('payment_intent', intentId);
  if (!UNFINISHED.includes(intent.status)) {
    throw new Error(`PaymentIntent ${intentId} is ${intent.status}: only an unfinished one can be paid elsewhere`);
  }
  const pm = intent.payment_method
    ? store.get('payment_method', intent.payment_method)
    : createCardPaymentMethod(store, cardByNumber('4242424242424242')!, 12, new Date().getUTCFullYear() + 3);
  intent.payment_method = pm.id;
  if (succeeded) return succeed(store, intent, pm, intent.status === 'requires_action');
  decline(store, intent, pm, cardError('generic_decline'));
  return intent;
}

function create(store: Store, params: Obj): Obj {
  allowOnly(params, CREATE_FIELDS);
  const currency = currencyOf(required(params, 'currency'));
  const amount = integer(required(params, 'amount'), 'amount');
  checkAmount(amount, currency);
  const fee = params.application_fee_amount === undefined ? null : applicationFee(store, params.application_fee_amount, amount);
  const { automatic, types } = paymentMethodTypes(params);
  const capture = String(params.capture_method ?? 'automatic_async');
  if (capture === 'manual') {
    throw invalid(
      'The Stripe fake does not implement the parameter capture_method=manual yet (Stripe has it).',
      'capture_method',
    );
  }
  if (!['automatic', 'automatic_async'].includes(capture))
    throw invalid('Invalid capture_method: must be one of automatic, automatic_async, or manual', 'capture_method');
  const customer = params.customer === undefined ? null : store.get('customer', params.customer, 'customer').id;
  const id = newId('pi');
  const intent = store.put({
    id,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: fee === null ? null : applicationOf(store),
    application_fee_amount: fee,
    automatic_payment_methods: automatic,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: capture,
    client_secret: `${id}_secret_${randomText(25)}`,
    confirmation_method: 'automatic',
    created: store.now(),
    currency,
    customer,
    customer_account: null,
    description: orNull(params.description),
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: mergeMetadata({}, params.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: automatic ? { id: `pmc_${randomText(24)}`, parent: null } : null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: types,
    processing: null,
    receipt_email: orNull(params.receipt_email),
    review: null,
    setup_future_usage: setupFutureUsage(params.setup_future_usage),
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: orNull(params.statement_descriptor_suffix),
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  });
  store.emit('payment_intent.created', intent);
  if (params.payment_method !== undefined) {
    intent.payment_method = resolvePaymentMethod(store, params.payment_method).id;
    intent.status = 'requires_confirmation';
  }
  if (params.confirm !== undefined && bool(params.confirm, 'confirm')) confirm(store, intent, params);
  else if (params.off_session !== undefined) throw invalid('You can only pass `off_session` when `confirm=true`.', 'off_session');
  return intent;
}

function update(store: Store, intent: Obj, params: Obj) {
  allowOnly(params, UPDATE_FIELDS);
  const changesPayment = ['amount', 'currency', 'application_fee_amount', 'payment_method', 'payment_method_types', 'customer'];
  const changing = changesPayment.filter((name) => params[name] !== undefined);
  if (changing.length && !UNFINISHED.includes(intent.status)) {
    throw invalid(
      `This PaymentIntent's ${changing[0]} could not be updated because it has a status of ${intent.status}. You may only update the ${changing[0]} of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
      changing[0],
      'payment_intent_unexpected_state',
    );
  }
  const currency = params.currency === undefined ? intent.currency : currencyOf(params.currency);
  const amount = params.amount === undefined ? intent.amount : integer(params.amount, 'amount');
  checkAmount(amount, currency);
  if (params.application_fee_amount !== undefined)
    intent.application_fee_amount =
      orNull(params.application_fee_amount) === null ? null : applicationFee(store, params.application_fee_amount, amount);
  if (intent.application_fee_amount !== null && intent.application_fee_amount > amount)
    throw invalid('The application fee amount cannot be greater than the amount of the PaymentIntent.', 'application_fee_amount');
  intent.amount = amount;
  intent.currency = currency;
  if (params.payment_method_types !== undefined) {
    const { types } = paymentMethodTypes({ payment_method_types: params.payment_method_types });
    intent.payment_method_types = types;
    intent.automatic_payment_methods = null;
  }
  if (params.customer !== undefined) intent.customer = store.get('customer', params.customer, 'customer').id;
  if (params.description !== undefined) intent.description = orNull(params.description);
  if (params.receipt_email !== undefined) intent.receipt_email = orNull(params.receipt_email);
  if (params.statement_descriptor_suffix !== undefined)
    intent.statement_descriptor_suffix = orNull(params.statement_descriptor_suffix);
  if (params.setup_future_usage !== undefined) intent.setup_future_usage = setupFutureUsage(params.setup_future_usage);
  intent.metadata = mergeMetadata(intent.metadata, params.metadata);
  if (params.payment_method !== undefined) {
    intent.payment_method = resolvePaymentMethod(store, params.payment_method).id;
    intent.status = 'requires_confirmation';
    intent.next_action = null;
  } else if (intent.status === 'requires_action' && changing.length) {
    // Changing what is paid ends the authentication under way: the guest confirms again.
    intent.status = 'requires_confirmation';
    intent.next_action = null;
  }
}

export function paymentIntentRoutes(store: Store): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/v1/payment_intents',
      handle: ({ params }) => expanded(store, create(store, params), params),
    },
    {
      method: 'GET',
      pattern: '/v1/payment_intents/:id',
      publishable: true,
      handle: (req) => {
        const intent = store.get('payment_intent', req.path.id);
        checkClientSecret(req, intent);
        const { client_secret: _secret, key: _key, ...params } = req.params;
        return expanded(store, intent, params);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/payment_intents/:id',
      handle: ({ params, path }) => {
        const intent = store.get('payment_intent', path.id);
        const before = structuredClone(intent);
        update(store, intent, params);
        store.emitUpdated('payment_intent.updated', before, intent);
        return expanded(store, intent, params);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/payment_intents/:id/confirm',
      publishable: true,
      handle: (req) => {
        allowOnly(req.params, req.key === 'secret' ? SERVER_CONFIRM_FIELDS : CLIENT_CONFIRM_FIELDS);
        const intent = store.get('payment_intent', req.path.id);
        checkClientSecret(req, intent);
        const { client_secret: _secret, key: _key, ...params } = req.params;
        return expanded(store, confirm(store, intent, params), params);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/payment_intents/:id/cancel',
      handle: ({ params, path }) => {
        allowOnly(params, ['cancellation_reason']);
        const intent = store.get('payment_intent', path.id);
        if (!UNFINISHED.includes(intent.status) && intent.status !== 'processing') {
          throw unexpectedState(
            'cancel',
            intent,
            ' Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.',
          );
        }
        const reason = params.cancellation_reason;
        if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'].includes(String(reason)))
          throw invalid(
            'Invalid cancellation_reason: must be one of duplicate, fraudulent, requested_by_customer, or abandoned',
            'cancellation_reason',
          );
        intent.status = 'canceled';
        intent.canceled_at = store.now();
        intent.cancellation_reason = reason ?? null;
        intent.next_action = null;
        store.emit('payment_intent.canceled', intent);
        return expanded(store, intent, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/payment_intents',
      handle: ({ params }) => {
        const found = store
          .all('payment_intent')
          .filter((pi) => params.customer === undefined || pi.customer === params.customer);
        return expanded(store, listOf(found, params, '/v1/payment_intents'), params);
      },
    },
  ];
}
