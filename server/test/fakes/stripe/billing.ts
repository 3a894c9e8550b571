/**
 * Invoices as subscriptions make them: periods, lines (with prorations computed from unused seconds,
 * as Stripe documents), finalization (number, hosted page, PDF, customer balance) and collection from a
 * payment method, with every charge attempt recorded.
 */
import { cardError, chargeDecline } from './cards.ts';
import { behaviourOf } from './payment-methods.ts';
import { invalid, newId, StripeFail, type Obj, type Store } from './store.ts';

const DAY = 86_400;

/** The end of the period that starts at `start`, counted from the billing anchor (a month keeps the anchor's day, clamped to the month's end). */
export function periodEndAfter(start: number, anchor: number, recurring: Obj): number {
  const count = Number(recurring.interval_count ?? 1);
  if (recurring.interval === 'day' || recurring.interval === 'week') {
    const step = (recurring.interval === 'day' ? DAY : 7 * DAY) * count;
    return anchor + (Math.floor((start - anchor) / step) + 1) * step;
  }
  const months = (recurring.interval === 'year' ? 12 : 1) * count;
  const a = new Date(anchor * 1000);
  for (let n = 1; ; n++) {
    const monthIndex = a.getUTCMonth() + n * months;
    const lastDay = new Date(Date.UTC(a.getUTCFullYear(), monthIndex + 1, 0)).getUTCDate();
    const end =
      Date.UTC(
        a.getUTCFullYear(),
        monthIndex,
        Math.min(a.getUTCDate(), lastDay),
        a.getUTCHours(),
        a.getUTCMinutes(),
        a.getUTCSeconds(),
      ) / 1000;
    if (end > start) return end;
  }
}

export function planOf(price: Obj): Obj {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval,
    interval_count: price.recurring?.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

const day = (ts: number) =>
  new Date(ts * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export interface LineSpec {
  store: Store;
  subscription: Obj;
  item: Obj;
  price: Obj;
  quantity: number;
  amount: number;
  start: number;
  end: number;
  description: string;
  /** Set for proration lines: the pending invoice item they came from. */
  invoiceItem?: string | null;
  proration?: boolean;
}

export function line(spec: LineSpec): Obj {
  const { subscription, item, price } = spec;
  return {
    id: newId('il'),
    object: 'line_item',
    amount: spec.amount,
    currency: price.currency,
    description: spec.description,
    discount_amounts: [],
    discountable: !spec.proration,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: spec.invoiceItem ?? null,
        proration: Boolean(spec.proration),
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
      type: 'subscription_item_details',
    },
    period: { start: spec.start, end: spec.end },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: price.id, product: price.product },
      type: 'price_details',
      unit_amount_decimal: price.unit_amount_decimal,
    },
    quantity: spec.quantity,
    subscription: subscription.id,
    subtotal: spec.amount,
    taxes: [],
  };
}

export function productName(store: Store, price: Obj): string {
  return (store.find(price.product)?.name as string | undefined) ?? 'Subscription';
}

/** The line charging an item for a whole period: "1 × Pro (at $29.00 / month)". */
export function periodLine(store: Store, subscription: Obj, item: Obj, start: number, end: number): Obj {
  const price = item.price as Obj;
  const quantity = Number(item.quantity ?? 1);
  const trialing = subscription.trial_end !== null && subscription.trial_end >= end && subscription.status === 'trialing';
  const description = trialing
    ? `Trial period for ${productName(store, price)}`
    : `${quantity} × ${productName(store, price)} (at ${money(price.unit_amount, price.currency)} / ${price.recurring.interval})`;
  return line({
    store,
    subscription,
    item,
    price,
    quantity,
    amount: trialing ? 0 : price.unit_amount * quantity,
    start,
    end,
    description,
  });
}

export interface ItemChange {
  item: Obj;
  from: { price: Obj; quantity: number } | null;
  to: { price: Obj; quantity: number } | null;
}

/**
 * Prorations for changes at `when` within the current period: a credit for the unused time on what was
 * there, a charge for the remaining time on what replaces it, each `amount × remaining / period` seconds,
 * rounded to the cent.
 */
export function prorationLines(
  store: Store,
  subscription: Obj,
  changes: ItemChange[],
  when: number,
  withInvoiceItems: boolean,
): Obj[] {
  const lines: Obj[] = [];
  for (const change of changes) {
    const start = change.item.current_period_start as number;
    const end = change.item.current_period_end as number;
    const remaining = Math.max(0, end - when);
    const share = end > start ? remaining / (end - start) : 0;
    const sides = [
      change.from && { ...change.from, sign: -1, words: 'Unused time on' },
      change.to && { ...change.to, sign: 1, words: 'Remaining time on' },
    ];
    for (const side of sides) {
      if (!side) continue;
      const amount = side.sign * Math.round(side.price.unit_amount * side.quantity * share);
      const description = `${side.words} ${side.quantity > 1 ? `${side.quantity} × ` : ''}${productName(store, side.price)} after ${day(when)}`;
      lines.push(
        line({
          store,
          subscription,
          item: change.item,
          price: side.price,
          quantity: side.quantity,
          amount,
          start: when,
          end,
          description,
          proration: true,
          invoiceItem: withInvoiceItems ? newId('ii') : null,
        }),
      );
    }
  }
  return lines;
}

export interface InvoiceSpec {
  customer: Obj;
  subscription: Obj | null;
  billingReason: string;
  lines: Obj[];
  periodStart: number;
  periodEnd: number;
}

/** A draft invoice, announced with `invoice.created`. */
export function createInvoice(store: Store, spec: InvoiceSpec, preview = false): Obj {
  const id = preview ? `upcoming_${newId('in')}` : newId('in');
  const { customer, subscription } = spec;
  const total = spec.lines.reduce((sum, l) => sum + (l.amount as number), 0);
  const currency = (spec.lines[0]?.currency as string | undefined) ?? subscription?.currency ?? 'usd';
  for (const l of spec.lines) l.invoice = id;
  const invoice: Obj = {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Stripe fake',
    account_tax_ids: null,
    amount_due: Math.max(0, total),
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: Math.max(0, total),
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: spec.billingReason,
    collection_method: 'charge_automatically',
    created: store.now(),
    currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_phone: customer.phone,
    customer_shipping: null,
    customer_tax_exempt: customer.tax_exempt,
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: spec.lines, has_more: false, total_count: spec.lines.length, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: subscription
      ? {
          quote_details: null,
          subscription_details: { metadata: structuredClone(subscription.metadata), subscription: subscription.id },
          type: 'subscription_details',
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: spec.periodEnd,
    period_start: spec.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
  if (preview) return invoice;
  store.put(invoice);
  store.emit('invoice.created', invoice);
  return invoice;
}

/** Numbers the invoice, applies the customer's credit balance, and opens it for payment. */
export function finalizeInvoice(store: Store, invoice: Obj) {
  if (invoice.status !== 'draft')
    throw invalid(
      `This invoice is already finalized, you can't re-finalize a non-draft invoice.`,
      undefined,
      'invoice_not_editable',
    );
  const customer = store.get('customer', invoice.customer);
  const balance = Number(customer.balance ?? 0);
  const due = invoice.total + balance;
  invoice.starting_balance = balance;
  invoice.amount_due = invoice.amount_remaining = Math.max(0, due);
  invoice.ending_balance = Math.min(0, due);
  if (balance !== invoice.ending_balance) {
    const before = structuredClone(customer);
    customer.balance = invoice.ending_balance;
    store.emitUpdated('customer.updated', before, customer);
  }
  invoice.number = store.nextInvoiceNumber(customer);
  invoice.status = 'open';
  invoice.effective_at = invoice.status_transitions.finalized_at = store.now();
  invoice.hosted_invoice_url = `${store.url}/i/${invoice.id}`;
  invoice.invoice_pdf = `${store.url}/i/${invoice.id}/pdf`;
  store.emit('invoice.finalized', invoice);
}

function markPaid(store: Store, invoice: Obj) {
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status = 'paid';
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = store.now();
  store.emit('invoice.paid', invoice);
  store.emit('invoice.payment_succeeded', invoice);
}

/** The payment method an invoice is charged to: the subscription's, else the customer's default. */
export function paymentMethodFor(store: Store, invoice: Obj): string | null {
  const subId = invoice.parent?.subscription_details?.subscription as string | undefined;
  const sub = subId ? store.find(subId) : undefined;
  const customer = store.find(invoice.customer);
  return (
    (sub?.default_payment_method as string | null) ??
    (customer?.invoice_settings?.default_payment_method as string | null) ??
    null
  );
}

/**
 * One collection attempt on an open invoice. Returns null when paid, else the error a caller would
 * see (402 card error, or 400 when there is nothing to charge).
 */
export function collect(
  store: Store,
  invoice: Obj,
  paymentMethod: string | null = paymentMethodFor(store, invoice),
): StripeFail | null {
  if (invoice.status !== 'open') throw invalid(`Invoice is already ${invoice.status}`, undefined, 'invoice_unexpected_state');
  if (invoice.amount_due === 0) {
    markPaid(store, invoice);
    return null;
  }
  invoice.attempted = true;
  invoice.attempt_count += 1;
  if (!paymentMethod) {
    store.emit('invoice.payment_failed', invoice);
    return invalid(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      undefined,
      'invoice_no_customer_payment_method',
    );
  }
  const decline = chargeDecline(behaviourOf(store, paymentMethod) as never);
  store.recordPayment(invoice.customer, {
    amount: invoice.amount_due,
    currency: invoice.currency,
    status: decline ? 'failed' : 'succeeded',
    invoice: invoice.id,
  });
  if (decline) {
    store.emit('invoice.payment_failed', invoice);
    // A bank asking the customer to authenticate: Stripe also says the invoice needs the customer.
    if (decline === 'authentication_required') store.emit('invoice.payment_action_required', invoice);
    return cardError(decline, { payment_method: structuredClone(store.find(paymentMethod)) });
  }
  markPaid(store, invoice);
  return null;
}

export function voidInvoice(store: Store, invoice: Obj) {
  if (invoice.status !== 'open')
    throw invalid(`You can only void open invoices; this one is ${invoice.status}.`, undefined, 'invoice_not_editable');
  invoice.status = 'void';
  invoice.next_payment_attempt = null;
  invoice.amount_remaining = 0;
  invoice.status_transitions.voided_at = store.now();
  store.emit('invoice.voided', invoice);
}
