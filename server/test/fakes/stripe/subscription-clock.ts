/**
 * What time does to subscriptions: invoicing a period, collecting it, retrying failed charges, trial
 * ends, renewals, cancellations at their date, expiry of incomplete ones, all run by `runClockTo`.
 */
import { collect, createInvoice, finalizeInvoice, paymentMethodFor, periodLine, voidInvoice } from './billing.ts';
import { itemsOf, periodEnd, periodStart, setPeriod } from './subscription-items.ts';
import type { Obj, Store, StripeFail } from './store.ts';

export const DAY = 86_400;
/** Days between collection attempts after a failed charge (Stripe's classic schedule: 3, 5, 7). */
export const RETRY_GAPS_DAYS = [3, 5, 7];
export const INCOMPLETE_EXPIRES_AFTER = 23 * 3600;

/** Pending proration lines wait for the next invoice as invoice items. */
export function addPending(store: Store, sub: Obj, lines: Obj[]) {
  for (const l of lines) {
    const details = l.parent.subscription_item_details;
    const item = store.put({
      id: details.invoice_item,
      object: 'invoiceitem',
      amount: l.amount,
      currency: l.currency,
      customer: sub.customer,
      date: store.now(),
      description: l.description,
      discountable: false,
      discounts: [],
      invoice: null,
      livemode: false,
      metadata: {},
      net_amount: l.amount,
      parent: {
        subscription_details: { subscription: sub.id, subscription_item: details.subscription_item },
        type: 'subscription_details',
      },
      period: l.period,
      pricing: l.pricing,
      proration: true,
      proration_details: { credited_items: null },
      quantity: l.quantity,
      tax_rates: [],
      test_clock: null,
    });
    store.secret(item.id).line = l;
  }
}

export function pendingItems(store: Store, sub: Obj): Obj[] {
  return store.all('invoiceitem').filter((ii) => ii.invoice === null && ii.parent?.subscription_details?.subscription === sub.id);
}

export function takePending(store: Store, sub: Obj): Obj[] {
  return pendingItems(store, sub).map((ii) => structuredClone(store.secret(ii.id).line as Obj));
}

/** Invoices, finalizes and charges; the subscription's status follows the outcome. */
export function bill(store: Store, sub: Obj, reason: string, lines: Obj[], period: [number, number]): StripeFail | null {
  const customer = store.get('customer', sub.customer);
  const invoice = createInvoice(store, {
    customer,
    subscription: sub,
    billingReason: reason,
    lines,
    periodStart: period[0],
    periodEnd: period[1],
  });
  for (const ii of pendingItems(store, sub)) ii.invoice = invoice.id;
  sub.latest_invoice = invoice.id;
  finalizeInvoice(store, invoice);
  const error = collect(store, invoice);
  if (!error) {
    if (['incomplete', 'past_due', 'unpaid'].includes(sub.status) && !openInvoicesOf(store, sub).length) sub.status = 'active';
    return null;
  }
  if (sub.status === 'active' || sub.status === 'trialing') sub.status = 'past_due';
  scheduleRetry(store, invoice);
  return error;
}

export function scheduleRetry(store: Store, invoice: Obj) {
  const gap = RETRY_GAPS_DAYS[invoice.attempt_count - 1];
  invoice.next_payment_attempt = gap === undefined ? null : store.now() + gap * DAY;
}

export const openInvoicesOf = (store: Store, sub: Obj) =>
  store.all('invoice').filter((i) => i.status === 'open' && i.parent?.subscription_details?.subscription === sub.id);

/** Called when an invoice is paid outside the clock (pay endpoint): a late payment brings the subscription back. */
export function afterInvoicePaid(store: Store, invoice: Obj) {
  const subId = invoice.parent?.subscription_details?.subscription as string | undefined;
  const sub = subId ? store.find(subId) : undefined;
  if (!sub || !['incomplete', 'past_due', 'unpaid'].includes(sub.status) || openInvoicesOf(store, sub).length) return;
  const before = structuredClone(sub);
  sub.status = 'active';
  store.emitUpdated('customer.subscription.updated', before, sub);
}

export function endNow(store: Store, sub: Obj, reason: string) {
  sub.status = 'canceled';
  sub.canceled_at ??= store.now();
  sub.ended_at = store.now();
  sub.cancellation_details = { ...sub.cancellation_details, reason };
  for (const invoice of openInvoicesOf(store, sub)) invoice.next_payment_attempt = null;
  store.emit('customer.subscription.deleted', sub);
}

/** A new billing period from `start`: invoice its items (and pending prorations) and charge. */
export function startPeriod(store: Store, sub: Obj, start: number, anchor: number, reason: string): StripeFail | null {
  const previous: [number, number] = reason === 'subscription_cycle' ? [periodStart(sub), periodEnd(sub)] : [start, start];
  sub.billing_cycle_anchor = anchor;
  setPeriod(sub, start, anchor);
  const lines = [
    ...takePending(store, sub),
    ...itemsOf(sub).map((item) => periodLine(store, sub, item, start, item.current_period_end)),
  ];
  return bill(store, sub, reason, lines, previous);
}

export function endTrial(store: Store, sub: Obj, reason: string) {
  const missing = !paymentMethodFor(store, {
    customer: sub.customer,
    parent: { subscription_details: { subscription: sub.id } },
  });
  const behaviour = sub.trial_settings?.end_behavior?.missing_payment_method ?? 'create_invoice';
  if (missing && behaviour === 'cancel') return endNow(store, sub, 'cancellation_requested');
  if (missing && behaviour === 'pause') {
    sub.status = 'paused';
    store.emit('customer.subscription.paused', sub);
    return;
  }
  sub.status = 'active';
  startPeriod(store, sub, store.now(), store.now(), reason);
}

/** The next thing the clock must do, if any is due by `until`. */
export interface Due {
  at: number;
  run: () => void;
}

export function dueWork(store: Store): Due[] {
  const work: Due[] = [];
  for (const sub of store.all('subscription')) {
    const secret = store.secret(sub.id);
    const withEvents = (run: () => void) => () => {
      const before = structuredClone(sub);
      run();
      if (sub.status !== 'canceled' || before.status === 'canceled')
        store.emitUpdated('customer.subscription.updated', before, sub);
    };
    if (sub.status === 'incomplete') {
      work.push({
        at: sub.created + INCOMPLETE_EXPIRES_AFTER,
        run: withEvents(() => {
          sub.status = 'incomplete_expired';
          sub.ended_at = store.now();
          for (const invoice of openInvoicesOf(store, sub)) voidInvoice(store, invoice);
        }),
      });
    }
    if (sub.status === 'trialing' && !secret.trialWillEndSent && sub.trial_end - 3 * DAY > sub.trial_start) {
      work.push({
        at: sub.trial_end - 3 * DAY,
        run: () => {
          secret.trialWillEndSent = true;
          store.emit('customer.subscription.trial_will_end', sub);
        },
      });
    }
    if (['trialing', 'active', 'past_due', 'unpaid'].includes(sub.status)) {
      const end = periodEnd(sub);
      if (sub.cancel_at !== null && sub.cancel_at < end) {
        work.push({ at: sub.cancel_at, run: () => endNow(store, sub, 'cancellation_requested') });
      }
      work.push({
        at: end,
        run: withEvents(() => {
          if (sub.cancel_at !== null && sub.cancel_at <= store.now()) endNow(store, sub, 'cancellation_requested');
          else if (sub.status === 'trialing') endTrial(store, sub, 'subscription_cycle');
          else startPeriod(store, sub, end, sub.billing_cycle_anchor, 'subscription_cycle');
        }),
      });
    }
  }
  for (const invoice of store.all('invoice')) {
    if (invoice.status !== 'open' || invoice.next_payment_attempt === null) continue;
    const sub = store.find(invoice.parent?.subscription_details?.subscription ?? '');
    work.push({
      at: invoice.next_payment_attempt,
      run: () => {
        if (!sub || sub.status === 'canceled') {
          invoice.next_payment_attempt = null;
          return;
        }
        const before = structuredClone(sub);
        const error = collect(store, invoice);
        if (!error) {
          if (!openInvoicesOf(store, sub).length && sub.status !== 'active') sub.status = 'active';
        } else {
          scheduleRetry(store, invoice);
          // The last retry failed: Stripe's default is to cancel the subscription.
          if (invoice.next_payment_attempt === null) return endNow(store, sub, 'payment_failed');
        }
        store.emitUpdated('customer.subscription.updated', before, sub);
      },
    });
  }
  return work;
}

/** Moves the clock to `until`, doing on the way, in order and at their own times, what falls due. */
export function runClockTo(store: Store, until: number) {
  for (let guard = 0; guard < 10_000; guard++) {
    const next = dueWork(store)
      .filter((d) => d.at <= until)
      .sort((a, b) => a.at - b.at)[0];
    if (!next) break;
    if (next.at > store.now()) store.moveClock(next.at - store.now());
    store.held(next.run);
  }
  if (until > store.now()) store.moveClock(until - store.now());
}
