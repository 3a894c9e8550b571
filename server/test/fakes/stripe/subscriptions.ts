/**
 * Subscriptions: create (trials, payment behaviours), retrieve, update (plan changes with prorations,
 * cancel at period end, trial end now), cancel, resume, list; and what the clock does to them (trial
 * ends, renewals, failed charges retried then cancellation).
 */
import { cardError, chargeDecline } from './cards.ts';
import { collect, createInvoice, finalizeInvoice, periodEndAfter, periodLine, prorationLines } from './billing.ts';
import { attachedPaymentMethod } from './customers.ts';
import { behaviourOf } from './payment-methods.ts';
import type { Route } from './route.ts';
import { addPending, bill, DAY, endNow, pendingItems, startPeriod, takePending } from './subscription-clock.ts';
import {
  applyItems,
  changeLines,
  itemObject,
  itemsOf,
  periodEnd,
  planItems,
  prorationBehaviourOf,
  prorationDateOf,
  quantityOf,
  recurringPrice,
  sameCadence,
  setPeriod,
} from './subscription-items.ts';
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
  required,
  type Obj,
  type Store,
} from './store.ts';

export { afterInvoicePaid, runClockTo } from './subscription-clock.ts';

const STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'];

const CREATE_FIELDS = [
  'customer',
  'items',
  'default_payment_method',
  'trial_end',
  'trial_period_days',
  'trial_from_plan',
  'trial_settings',
  'payment_behavior',
  'proration_behavior',
  'metadata',
  'description',
  'cancel_at_period_end',
  'cancel_at',
  'collection_method',
  'off_session',
  'payment_settings',
  'currency',
  'billing_cycle_anchor',
];
const UPDATE_FIELDS = [
  'items',
  'default_payment_method',
  'trial_end',
  'trial_settings',
  'payment_behavior',
  'proration_behavior',
  'proration_date',
  'metadata',
  'description',
  'cancel_at_period_end',
  'cancel_at',
  'cancellation_details',
  'off_session',
  'payment_settings',
  'billing_cycle_anchor',
  'collection_method',
];

function trialEndFrom(store: Store, params: Obj, prices: Obj[]): number | null {
  const now = store.now();
  if (params.trial_end === 'now') return null;
  if (params.trial_end !== undefined) {
    const t = integer(params.trial_end, 'trial_end');
    if (t <= now) throw invalid('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
    if (t > now + 730 * DAY) throw invalid('Invalid timestamp: can be no more than two years in the future.', 'trial_end');
    return t;
  }
  if (params.trial_period_days !== undefined) {
    const days = integer(params.trial_period_days, 'trial_period_days');
    if (days < 0 || days > 730) throw invalid('Invalid trial_period_days: must be between 0 and 730.', 'trial_period_days');
    return days === 0 ? null : now + days * DAY;
  }
  if (params.trial_from_plan !== undefined && bool(params.trial_from_plan, 'trial_from_plan')) {
    const days = prices[0]?.recurring?.trial_period_days as number | null;
    return days ? now + days * DAY : null;
  }
  return null;
}

function paymentBehaviourOf(params: Obj): string {
  const value = String(params.payment_behavior ?? 'allow_incomplete');
  if (!['allow_incomplete', 'error_if_incomplete', 'default_incomplete', 'pending_if_incomplete'].includes(value)) {
    throw invalid('Invalid payment_behavior', 'payment_behavior');
  }
  return value;
}

/** With `error_if_incomplete`, a charge that would fail is refused before anything changes. */
function refuseIfChargeFails(store: Store, customer: Obj, pmId: string | null, amount: number, currency: string) {
  if (amount <= 0) return;
  const pm = pmId ?? (customer.invoice_settings.default_payment_method as string | null);
  if (!pm) {
    throw invalid(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      undefined,
      'resource_missing',
    );
  }
  const decline = chargeDecline(behaviourOf(store, pm) as never);
  if (decline) {
    store.recordPayment(customer.id, { amount, currency, status: 'failed', invoice: null });
    throw cardError(decline);
  }
}

function create(store: Store, params: Obj): Obj {
  allowOnly(params, CREATE_FIELDS);
  const customer = store.get('customer', required(params, 'customer'), 'customer');
  const entries = required(params, 'items');
  if (!Array.isArray(entries) || entries.length === 0) throw invalid('Invalid array', 'items');
  const prices = entries.map((e: Obj, i: number) => recurringPrice(store, e.price, `items[${i}][price]`));
  sameCadence(prices);
  const pmId = params.default_payment_method
    ? attachedPaymentMethod(store, customer.id, params.default_payment_method, 'default_payment_method')
    : null;
  const trialEnd = trialEndFrom(store, params, prices);
  const behaviour = paymentBehaviourOf(params);
  const now = store.now();
  const quantities = entries.map((e: Obj, i: number) => quantityOf(e.quantity, `items[${i}][quantity]`));
  const firstAmount = prices.reduce((sum, p, i) => sum + p.unit_amount * (quantities[i] ?? 1), 0);
  const currency = prices[0]!.currency as string;
  if (!trialEnd && behaviour === 'error_if_incomplete') refuseIfChargeFails(store, customer, pmId, firstAmount, currency);

  const id = newId('sub');
  const anchor = trialEnd ?? now;
  const items = prices.map((price, i) => {
    const end = trialEnd ?? periodEndAfter(now, anchor, price.recurring);
    return itemObject(store, id, price, quantities[i] ?? 1, now, end, (entries[i] as Obj).metadata);
  });
  const trialSettings = params.trial_settings as Obj | undefined;
  const missingBehaviour = trialSettings?.end_behavior?.missing_payment_method ?? 'create_invoice';
  if (!['cancel', 'pause', 'create_invoice'].includes(missingBehaviour)) {
    throw invalid(
      'Invalid trial_settings[end_behavior][missing_payment_method]',
      'trial_settings[end_behavior][missing_payment_method]',
    );
  }
  const sub = store.put({
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: anchor,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency,
    customer: customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: pmId,
    default_source: null,
    default_tax_rates: [],
    description: orNull(params.description),
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: items,
      has_more: false,
      total_count: items.length,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: mergeMetadata({}, params.metadata),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: missingBehaviour } },
    trial_start: trialEnd ? now : null,
  });
  if (params.cancel_at_period_end !== undefined && bool(params.cancel_at_period_end, 'cancel_at_period_end')) {
    sub.cancel_at_period_end = true;
    sub.cancel_at = periodEnd(sub);
    sub.canceled_at = now;
  }
  if (params.cancel_at !== undefined && params.cancel_at !== '') sub.cancel_at = integer(params.cancel_at, 'cancel_at');
  store.emit('customer.subscription.created', sub);
  const lines = items.map((item) => periodLine(store, sub, item, now, item.current_period_end));
  const invoice = createInvoice(store, {
    customer,
    subscription: sub,
    billingReason: 'subscription_create',
    lines,
    periodStart: now,
    periodEnd: now,
  });
  sub.latest_invoice = invoice.id;
  finalizeInvoice(store, invoice);
  if (trialEnd) {
    collect(store, invoice);
    if (trialEnd - 3 * DAY <= now) {
      store.secret(sub.id).trialWillEndSent = true;
      store.emit('customer.subscription.trial_will_end', sub);
    }
    return sub;
  }
  const before = structuredClone(sub);
  if (behaviour === 'default_incomplete' && invoice.amount_due > 0) return sub;
  const error = collect(store, invoice);
  if (!error) sub.status = 'active';
  store.emitUpdated('customer.subscription.updated', before, sub);
  return sub;
}

function update(store: Store, sub: Obj, params: Obj): Obj {
  allowOnly(params, UPDATE_FIELDS);
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    const allowed = Object.keys(params).every((k) => ['metadata', 'cancellation_details', 'expand'].includes(k));
    if (!allowed) throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
  }
  const before = structuredClone(sub);
  const customer = store.get('customer', sub.customer);
  const behaviour = prorationBehaviourOf(params.proration_behavior);
  const payment = paymentBehaviourOf(params);
  const when = prorationDateOf(store, sub, params.proration_date, 'proration_date');
  const plan = params.items !== undefined ? planItems(store, sub, params.items) : null;
  const pmId =
    params.default_payment_method === undefined
      ? undefined
      : params.default_payment_method === ''
        ? null
        : attachedPaymentMethod(store, customer.id, params.default_payment_method, 'default_payment_method');
  const lines = plan ? changeLines(store, sub, plan, behaviour, when) : { now: [], pending: [] };
  const trialEndsNow = params.trial_end === 'now' && sub.status === 'trialing';
  const resets = Boolean(plan?.resetsPeriod && sub.status !== 'trialing') || params.billing_cycle_anchor === 'now';
  if (payment === 'error_if_incomplete' && (lines.now.length > 0 || resets || trialEndsNow)) {
    const nextItems = plan?.next ?? itemsOf(sub).map((item) => ({ price: item.price, quantity: item.quantity ?? 1 }));
    const full = resets || trialEndsNow ? nextItems.reduce((s, n) => s + n.price.unit_amount * n.quantity, 0) : 0;
    const amount = lines.now.reduce((s, l) => s + l.amount, 0) + full;
    refuseIfChargeFails(store, customer, pmId === undefined ? sub.default_payment_method : pmId, amount, sub.currency);
  }

  if (pmId !== undefined) sub.default_payment_method = pmId;
  sub.metadata = mergeMetadata(sub.metadata, params.metadata);
  if (params.description !== undefined) sub.description = orNull(params.description);
  const details = params.cancellation_details as Obj | undefined;
  if (details) {
    sub.cancellation_details = {
      ...sub.cancellation_details,
      ...(details.comment !== undefined && { comment: orNull(details.comment) }),
      ...(details.feedback !== undefined && { feedback: orNull(details.feedback) }),
    };
  }
  const missing = (params.trial_settings as Obj | undefined)?.end_behavior?.missing_payment_method;
  if (missing) sub.trial_settings = { end_behavior: { missing_payment_method: missing } };
  if (plan) applyItems(sub, plan);
  if (params.trial_end !== undefined && params.trial_end !== 'now') {
    const t = trialEndFrom(store, { trial_end: params.trial_end }, []);
    sub.trial_end = t;
    sub.status = 'trialing';
    sub.trial_start ??= store.now();
    for (const item of itemsOf(sub)) item.current_period_end = t;
    const secret = store.secret(sub.id);
    secret.trialWillEndSent = false;
    if (t !== null && t - 3 * DAY <= store.now()) {
      secret.trialWillEndSent = true;
      store.emit('customer.subscription.trial_will_end', sub);
    }
  }

  if (trialEndsNow) {
    sub.trial_end = store.now();
    // Stripe announces a trial ended early as if it were about to end.
    store.emit('customer.subscription.trial_will_end', sub);
    store.secret(sub.id).trialWillEndSent = true;
    sub.status = 'active';
    startPeriod(store, sub, store.now(), store.now(), 'subscription_update');
  } else if (resets) {
    sub.billing_cycle_anchor = store.now();
    setPeriod(sub, store.now(), store.now());
    const full = itemsOf(sub).map((item) => periodLine(store, sub, item, store.now(), item.current_period_end));
    bill(store, sub, 'subscription_update', [...lines.now, ...takePending(store, sub), ...full], [store.now(), store.now()]);
  } else if (lines.now.length > 0) {
    bill(store, sub, 'subscription_update', [...takePending(store, sub), ...lines.now], [store.now(), store.now()]);
  } else if (lines.pending.length > 0) {
    addPending(store, sub, lines.pending);
  }

  if (params.cancel_at_period_end !== undefined) {
    const atEnd = bool(params.cancel_at_period_end, 'cancel_at_period_end');
    sub.cancel_at_period_end = atEnd;
    sub.cancel_at = atEnd ? periodEnd(sub) : null;
    sub.canceled_at = atEnd ? store.now() : null;
  }
  if (params.cancel_at !== undefined) {
    sub.cancel_at = params.cancel_at === '' ? null : integer(params.cancel_at, 'cancel_at');
    sub.cancel_at_period_end = sub.cancel_at !== null && sub.cancel_at === periodEnd(sub);
  }
  store.emitUpdated('customer.subscription.updated', before, sub);
  return sub;
}

function cancel(store: Store, sub: Obj, params: Obj): Obj {
  allowOnly(params, ['invoice_now', 'prorate', 'cancellation_details']);
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    throw invalid(`No such subscription: '${sub.id}'`, 'id', 'resource_missing');
  }
  const details = params.cancellation_details as Obj | undefined;
  if (details)
    sub.cancellation_details = {
      ...sub.cancellation_details,
      comment: orNull(details.comment),
      feedback: orNull(details.feedback),
    };
  const prorate = params.prorate !== undefined && bool(params.prorate, 'prorate');
  const invoiceNow = params.invoice_now !== undefined && bool(params.invoice_now, 'invoice_now');
  if (prorate && sub.status !== 'trialing') {
    const credits = prorationLines(
      store,
      sub,
      itemsOf(sub).map((item) => ({ item, from: { price: item.price, quantity: item.quantity ?? 1 }, to: null })),
      store.now(),
      true,
    );
    addPending(store, sub, credits);
  }
  if (invoiceNow) {
    const lines = takePending(store, sub);
    if (lines.length) {
      const customer = store.get('customer', sub.customer);
      const invoice = createInvoice(store, {
        customer,
        subscription: sub,
        billingReason: 'subscription_update',
        lines,
        periodStart: store.now(),
        periodEnd: store.now(),
      });
      for (const ii of pendingItems(store, sub)) ii.invoice = invoice.id;
      finalizeInvoice(store, invoice);
      collect(store, invoice);
    }
  }
  sub.canceled_at = store.now();
  endNow(store, sub, 'cancellation_requested');
  return sub;
}

export function subscriptionRoutes(store: Store): Route[] {
  return [
    { method: 'POST', pattern: '/v1/subscriptions', handle: ({ params }) => expanded(store, create(store, params), params) },
    {
      method: 'GET',
      pattern: '/v1/subscriptions/:id',
      handle: ({ params, path }) => expanded(store, store.get('subscription', path.id), params),
    },
    {
      method: 'POST',
      pattern: '/v1/subscriptions/:id',
      handle: ({ params, path }) => expanded(store, update(store, store.get('subscription', path.id), params), params),
    },
    {
      method: 'DELETE',
      pattern: '/v1/subscriptions/:id',
      handle: ({ params, path }) => expanded(store, cancel(store, store.get('subscription', path.id), params), params),
    },
    {
      method: 'POST',
      pattern: '/v1/subscriptions/:id/resume',
      handle: ({ params, path }) => {
        const sub = store.get('subscription', path.id);
        if (sub.status !== 'paused')
          throw invalid('Only a paused subscription can be resumed.', undefined, 'subscription_unexpected_state');
        const before = structuredClone(sub);
        sub.status = 'active';
        startPeriod(store, sub, store.now(), store.now(), 'subscription_update');
        store.emit('customer.subscription.resumed', sub);
        store.emitUpdated('customer.subscription.updated', before, sub);
        return expanded(store, sub, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/subscriptions',
      handle: ({ params }) => {
        const status = params.status as string | undefined;
        if (status !== undefined && status !== 'all' && status !== 'ended' && !STATUSES.includes(status))
          throw invalid('Invalid status', 'status');
        const found = store
          .all('subscription')
          .filter((s) => params.customer === undefined || s.customer === params.customer)
          .filter((s) => params.price === undefined || itemsOf(s).some((i) => i.price.id === params.price))
          .filter((s) => {
            if (status === 'all') return true;
            if (status === 'ended') return ['canceled', 'incomplete_expired'].includes(s.status);
            if (status === undefined) return s.status !== 'canceled';
            return s.status === status;
          });
        return expanded(store, listOf(found, params, '/v1/subscriptions'), params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/subscription_items',
      handle: ({ params }) => {
        const sub = store.get('subscription', required(params, 'subscription'), 'subscription');
        return expanded(store, listOf([...itemsOf(sub)].reverse(), params, '/v1/subscription_items'), params);
      },
    },
  ];
}
