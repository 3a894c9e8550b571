/**
 * Invoices: retrieve, list, lines, pay (idempotent by Idempotency-Key like every POST), void, mark
 * uncollectible, and `create_preview` (what a subscription change would invoice, prorations included).
 * Also pending invoice items (`/v1/invoiceitems`, read only).
 */
import { collect, createInvoice, periodEndAfter, periodLine, voidInvoice } from './billing.ts';
import { resolvePaymentMethod } from './payment-methods.ts';
import type { Route } from './route.ts';
import { afterInvoicePaid, pendingItems } from './subscription-clock.ts';
import { changeLines, periodEnd, planItems, prorationBehaviourOf, prorationDateOf } from './subscription-items.ts';
import { allowOnly, bool, expanded, invalid, listOf, StripeFail, type Obj, type Store } from './store.ts';

function pay(store: Store, invoice: Obj, params: Obj): Obj {
  allowOnly(params, ['payment_method', 'paid_out_of_band', 'off_session', 'forgive', 'source', 'mandate']);
  if (invoice.status === 'paid') throw invalid('Invoice is already paid', undefined, 'invoice_already_paid');
  if (invoice.status !== 'open')
    throw invalid(`This invoice can no longer be paid (status ${invoice.status}).`, undefined, 'invoice_not_editable');
  if (params.paid_out_of_band !== undefined && bool(params.paid_out_of_band, 'paid_out_of_band')) {
    invoice.status = 'paid';
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = store.now();
    store.emit('invoice.paid', invoice);
    afterInvoicePaid(store, invoice);
    return invoice;
  }
  let pmId: string | undefined;
  if (params.payment_method !== undefined) {
    const pm = resolvePaymentMethod(store, params.payment_method);
    if (pm.customer && pm.customer !== invoice.customer)
      throw invalid('The payment method belongs to another customer.', 'payment_method');
    pmId = pm.id;
  }
  const error = pmId === undefined ? collect(store, invoice) : collect(store, invoice, pmId);
  if (error) throw error;
  afterInvoicePaid(store, invoice);
  return invoice;
}

/** `POST /v1/invoices/create_preview`: the invoice a subscription (or its change) would produce next. */
function preview(store: Store, params: Obj): Obj {
  allowOnly(params, [
    'customer',
    'subscription',
    'subscription_details',
    'proration_behavior',
    'automatic_tax',
    'currency',
    'preview_mode',
  ]);
  const details = (params.subscription_details ?? {}) as Obj;
  const sub = params.subscription !== undefined ? store.get('subscription', params.subscription, 'subscription') : null;
  const customer = store.get('customer', params.customer ?? sub?.customer, 'customer');
  if (sub && sub.customer !== customer.id)
    throw invalid(`The subscription does not belong to customer ${customer.id}.`, 'subscription');
  const now = store.now();
  if (!sub) {
    const entries = details.items as Obj[] | undefined;
    if (!entries?.length)
      throw invalid('Missing required param: subscription or subscription_details[items].', 'subscription', 'parameter_missing');
    const fakeSub: Obj = { id: null, status: 'active', trial_end: null, currency: 'usd', metadata: {} };
    const lines = entries.map((e, i) => {
      const price = store.get('price', e.price, `subscription_details[items][${i}][price]`);
      const quantity = e.quantity === undefined ? 1 : Number(e.quantity);
      const item = { id: null, price, quantity };
      return periodLine(store, fakeSub, item, now, periodEndAfter(now, now, price.recurring));
    });
    return createInvoice(
      store,
      { customer, subscription: null, billingReason: 'upcoming', lines, periodStart: now, periodEnd: now },
      true,
    );
  }
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
    throw invalid('No upcoming invoices for a canceled subscription.', 'subscription', 'invoice_upcoming_none');
  if (details.trial_end === 'now' && sub.status === 'trialing') {
    const lines = (sub.items.data as Obj[]).map((item) =>
      periodLine(store, { ...sub, status: 'active' }, item, now, periodEndAfter(now, now, item.price.recurring)),
    );
    const spec = { customer, subscription: sub, billingReason: 'subscription_update', lines, periodStart: now, periodEnd: now };
    return withBalance(createInvoice(store, spec, true), customer);
  }
  const canceling = details.cancel_at_period_end === undefined ? sub.cancel_at !== null : details.cancel_at_period_end === 'true';
  if (canceling && details.items === undefined) {
    throw new StripeFail(404, {
      type: 'invalid_request_error',
      code: 'invoice_upcoming_none',
      message: `No upcoming invoices for customer: ${customer.id}`,
    });
  }
  const behaviour = prorationBehaviourOf(details.proration_behavior ?? params.proration_behavior);
  const when = prorationDateOf(store, sub, details.proration_date, 'subscription_details[proration_date]');
  const plan = planItems(store, sub, details.items);
  const lines = changeLines(store, sub, plan, behaviour, when);
  const pending = pendingItems(store, sub).map((ii) => structuredClone(store.secret(ii.id).line as Obj));
  const nextItems = plan.next.map(({ item, price, quantity }) => ({ ...item, price, quantity }));
  let invoiceLines: Obj[];
  let period: [number, number];
  if (plan.resetsPeriod && sub.status !== 'trialing') {
    invoiceLines = [
      ...lines.now,
      ...pending,
      ...nextItems.map((item) => periodLine(store, sub, item, now, periodEndAfter(now, now, item.price.recurring))),
    ];
    period = [now, now];
  } else if (behaviour === 'always_invoice' && lines.now.length > 0) {
    invoiceLines = [...pending, ...lines.now];
    period = [now, now];
  } else {
    const start = periodEnd(sub);
    const cycle = nextItems.map((item) =>
      periodLine(
        store,
        { ...sub, status: 'active' },
        item,
        start,
        periodEndAfter(start, sub.billing_cycle_anchor, item.price.recurring),
      ),
    );
    invoiceLines = [...pending, ...lines.pending, ...cycle];
    period = [itemsStart(sub), start];
  }
  const invoice = createInvoice(
    store,
    {
      customer,
      subscription: sub,
      billingReason: plan.changes.length ? 'subscription_update' : 'upcoming',
      lines: invoiceLines,
      periodStart: period[0],
      periodEnd: period[1],
    },
    true,
  );
  invoice.parent.subscription_details.subscription_proration_date = when;
  return withBalance(invoice, customer);
}

function withBalance(invoice: Obj, customer: Obj): Obj {
  const balance = Number(customer.balance ?? 0);
  invoice.starting_balance = balance;
  invoice.amount_due = invoice.amount_remaining = Math.max(0, invoice.total + balance);
  invoice.ending_balance = Math.min(0, invoice.total + balance);
  return invoice;
}

const itemsStart = (sub: Obj) => sub.items.data[0]?.current_period_start as number;

export function invoiceRoutes(store: Store): Route[] {
  const invoice = (id: string) => store.get('invoice', id);
  return [
    {
      method: 'POST',
      pattern: '/v1/invoices/create_preview',
      handle: ({ params }) => expanded(store, preview(store, params), params),
    },
    { method: 'GET', pattern: '/v1/invoices/:id', handle: ({ params, path }) => expanded(store, invoice(path.id), params) },
    {
      method: 'GET',
      pattern: '/v1/invoices/:id/lines',
      handle: ({ params, path }) =>
        expanded(store, listOf([...invoice(path.id).lines.data].reverse(), params, `/v1/invoices/${path.id}/lines`), params),
    },
    {
      method: 'POST',
      pattern: '/v1/invoices/:id/pay',
      handle: ({ params, path }) => expanded(store, pay(store, invoice(path.id), params), params),
    },
    {
      method: 'POST',
      pattern: '/v1/invoices/:id/void',
      handle: ({ params, path }) => {
        const inv = invoice(path.id);
        voidInvoice(store, inv);
        return expanded(store, inv, params);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/invoices/:id/mark_uncollectible',
      handle: ({ params, path }) => {
        const inv = invoice(path.id);
        if (inv.status !== 'open')
          throw invalid(
            `You can only mark open invoices uncollectible; this one is ${inv.status}.`,
            undefined,
            'invoice_not_editable',
          );
        inv.status = 'uncollectible';
        inv.next_payment_attempt = null;
        inv.status_transitions.marked_uncollectible_at = store.now();
        store.emit('invoice.marked_uncollectible', inv);
        return expanded(store, inv, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/invoices',
      handle: ({ params }) => {
        const found = store
          .all('invoice')
          .filter((i) => params.customer === undefined || i.customer === params.customer)
          .filter(
            (i) => params.subscription === undefined || i.parent?.subscription_details?.subscription === params.subscription,
          )
          .filter((i) => params.status === undefined || i.status === params.status);
        return expanded(store, listOf(found, params, '/v1/invoices'), params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/invoiceitems',
      handle: ({ params }) => {
        const found = store
          .all('invoiceitem')
          .filter((i) => params.customer === undefined || i.customer === params.customer)
          .filter((i) => params.pending === undefined || (i.invoice === null) === bool(params.pending, 'pending'));
        return expanded(store, listOf(found, params, '/v1/invoiceitems'), params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/invoiceitems/:id',
      handle: ({ params, path }) => expanded(store, store.get('invoiceitem', path.id), params),
    },
  ];
}
