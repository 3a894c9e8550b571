/**
 * SetupIntents: create, retrieve, confirm (by a server with the secret key, or by Stripe.js with the
 * publishable key and the client secret), cancel, list. A card needing 3-D Secure leaves the intent in
 * `requires_action` until the fake's challenge page completes or fails it.
 */
import { cardError, setupDecline } from './cards.ts';
import { attachPaymentMethod, behaviourOf, paymentMethodFromCardData, resolvePaymentMethod } from './payment-methods.ts';
import type { ApiRequest, Route } from './route.ts';
import {
  allowOnly,
  bool,
  expanded,
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

const CREATE_FIELDS = [
  'customer',
  'usage',
  'payment_method_types',
  'automatic_payment_methods',
  'payment_method',
  'confirm',
  'metadata',
  'description',
  'return_url',
  'payment_method_data',
  'payment_method_options',
  'single_use',
  'flow_directions',
];
const CONFIRM_FIELDS = [
  'payment_method',
  'payment_method_data',
  'return_url',
  'client_secret',
  'use_stripe_sdk',
  'mandate_data',
  'payment_method_options',
  'key',
  'expected_payment_method_type',
];

/** Stripe.js proves who it is with the intent's client secret; a server uses its secret key. */
export function checkClientSecret(req: ApiRequest, intent: Obj) {
  if (req.key === 'secret') return;
  if (req.params.client_secret !== intent.client_secret) {
    throw invalid(
      `The client_secret provided does not match the client_secret associated with the SetupIntent.`,
      'client_secret',
    );
  }
}

function confirm(store: Store, intent: Obj, params: Obj): Obj {
  if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
    throw invalid(
      `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
      undefined,
      'setup_intent_unexpected_state',
    );
  }
  let pm: Obj;
  if (params.payment_method_data !== undefined)
    pm = paymentMethodFromCardData(store, params.payment_method_data as Obj, 'payment_method_data');
  else if (params.payment_method !== undefined) pm = resolvePaymentMethod(store, params.payment_method);
  else if (intent.payment_method) pm = store.get('payment_method', intent.payment_method, 'payment_method');
  else
    throw invalid(
      "You cannot confirm this SetupIntent because it's missing a payment method.",
      'payment_method',
      'setup_intent_unexpected_state',
    );
  intent.payment_method = pm.id;
  if (params.return_url !== undefined) store.secret(intent.id).returnUrl = params.return_url;
  const behaviour = behaviourOf(store, pm.id);
  const decline = setupDecline(behaviour as never);
  if (decline) {
    const error = cardError(decline);
    intent.status = 'requires_payment_method';
    intent.last_setup_error = { ...error.error, payment_method: structuredClone(pm) };
    intent.payment_method = null;
    store.emit('setup_intent.setup_failed', intent);
    throw new StripeFail(402, { ...error.error, setup_intent: structuredClone(intent) });
  }
  if (behaviour === 'requires_3ds' || behaviour === 'always_3ds') {
    intent.status = 'requires_action';
    intent.next_action = {
      type: 'use_stripe_sdk',
      use_stripe_sdk: {
        type: 'three_d_secure_redirect',
        stripe_js: `${store.url}/3ds/${intent.id}`,
        source: `src_${randomText(24)}`,
      },
    };
    store.emit('setup_intent.requires_action', intent);
    return intent;
  }
  return succeed(store, intent);
}

function succeed(store: Store, intent: Obj): Obj {
  intent.status = 'succeeded';
  intent.next_action = null;
  intent.last_setup_error = null;
  intent.latest_attempt = `setatt_${randomText(24)}`;
  if (intent.customer) attachPaymentMethod(store, store.get('payment_method', intent.payment_method), intent.customer);
  store.emit('setup_intent.succeeded', intent);
  return intent;
}

/** The 3-D Secure challenge page's answer ("Complete" or "Fail"). */
export function finishAuthentication(store: Store, intentId: string, passed: boolean): Obj {
  const intent = store.get('setup_intent', intentId);
  if (intent.status !== 'requires_action') return intent;
  if (passed) return succeed(store, intent);
  const pm = store.find(intent.payment_method);
  intent.status = 'requires_payment_method';
  intent.next_action = null;
  intent.last_setup_error = {
    type: 'invalid_request_error',
    code: 'setup_intent_authentication_failure',
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    payment_method: pm ? structuredClone(pm) : null,
  };
  intent.payment_method = null;
  store.emit('setup_intent.setup_failed', intent);
  return intent;
}

export function setupIntentRoutes(store: Store): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/v1/setup_intents',
      handle: ({ params }) => {
        allowOnly(params, CREATE_FIELDS);
        const customer = params.customer === undefined ? null : store.get('customer', params.customer, 'customer').id;
        const automatic = params.automatic_payment_methods as Obj | undefined;
        const types = params.payment_method_types as string[] | undefined;
        if (types && types.some((t) => t !== 'card'))
          throw invalid('This fake supports only card payment methods.', 'payment_method_types');
        const usage = String(params.usage ?? 'off_session');
        if (!['off_session', 'on_session'].includes(usage))
          throw invalid('Invalid usage: must be one of off_session or on_session', 'usage');
        const id = newId('seti');
        const intent = store.put({
          id,
          object: 'setup_intent',
          application: null,
          automatic_payment_methods:
            automatic && bool(automatic.enabled, 'automatic_payment_methods[enabled]')
              ? { allow_redirects: automatic.allow_redirects ?? 'always', enabled: true }
              : null,
          cancellation_reason: null,
          client_secret: `${id}_secret_${randomText(32)}`,
          created: store.now(),
          customer,
          description: orNull(params.description),
          excluded_payment_method_types: null,
          flow_directions: null,
          last_setup_error: null,
          latest_attempt: null,
          livemode: false,
          mandate: null,
          metadata: mergeMetadata({}, params.metadata),
          next_action: null,
          on_behalf_of: null,
          payment_method: null,
          payment_method_configuration_details: null,
          payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
          payment_method_types: ['card'],
          single_use_mandate: null,
          status: 'requires_payment_method',
          usage,
        });
        store.emit('setup_intent.created', intent);
        if (params.payment_method !== undefined) {
          intent.payment_method = resolvePaymentMethod(store, params.payment_method).id;
          intent.status = 'requires_confirmation';
        }
        if (params.confirm !== undefined && bool(params.confirm, 'confirm')) {
          // Declined: Stripe answers the card error and the intent stays, waiting for another card.
          confirm(store, intent, params);
        }
        return expanded(store, intent, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/setup_intents/:id',
      publishable: true,
      handle: (req) => {
        const intent = store.get('setup_intent', req.path.id);
        checkClientSecret(req, intent);
        return expanded(store, intent, req.params);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/setup_intents/:id',
      handle: ({ params, path }) => {
        allowOnly(params, ['metadata', 'description', 'payment_method', 'customer']);
        const intent = store.get('setup_intent', path.id);
        intent.metadata = mergeMetadata(intent.metadata, params.metadata);
        if (params.description !== undefined) intent.description = orNull(params.description);
        if (params.customer !== undefined) intent.customer = store.get('customer', params.customer, 'customer').id;
        if (params.payment_method !== undefined) {
          intent.payment_method = resolvePaymentMethod(store, params.payment_method).id;
          intent.status = 'requires_confirmation';
        }
        return expanded(store, intent, params);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/setup_intents/:id/confirm',
      publishable: true,
      handle: (req) => {
        allowOnly(req.params, CONFIRM_FIELDS);
        const intent = store.get('setup_intent', req.path.id);
        checkClientSecret(req, intent);
        return expanded(store, confirm(store, intent, req.params), req.params);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/setup_intents/:id/cancel',
      handle: ({ params, path }) => {
        const intent = store.get('setup_intent', path.id);
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          throw invalid(
            `You cannot cancel this SetupIntent because it has a status of ${intent.status}.`,
            undefined,
            'setup_intent_unexpected_state',
          );
        }
        intent.status = 'canceled';
        intent.cancellation_reason = params.cancellation_reason ?? null;
        store.emit('setup_intent.canceled', intent);
        return expanded(store, intent, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/setup_intents',
      handle: ({ params }) => {
        const found = store.all('setup_intent').filter((s) => params.customer === undefined || s.customer === params.customer);
        return expanded(store, listOf(found, params, '/v1/setup_intents'), params);
      },
    },
  ];
}
