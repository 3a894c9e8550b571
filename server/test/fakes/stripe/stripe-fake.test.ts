import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from './index.ts';
import { startReceiver } from './webhook-receiver.ts';

const DAY = 86_400;

let fake: StripeFake;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  fake = await startStripeFake({ webhookRetryDelayMs: 10 });
  receiver = await startReceiver(fake.webhookSecret);
  fake.setWebhookUrl(receiver.url);
  stripe = new Stripe(fake.secretKey, { ...fake.sdkOptions, maxNetworkRetries: 0 });
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
});

afterEach(async () => {
  await fake.settled();
  receiver.answerWith(200);
});

async function plans() {
  const product = await stripe.products.create({ name: 'Pro' });
  const suffix = Math.random().toString(36).slice(2, 8);
  const monthly = await stripe.prices.create({
    product: product.id,
    currency: 'eur',
    unit_amount: 3000,
    recurring: { interval: 'month' },
    lookup_key: `pro_monthly_${suffix}`,
  });
  const business = await stripe.prices.create({
    product_data: { name: 'Business' },
    currency: 'eur',
    unit_amount: 9000,
    recurring: { interval: 'month' },
    lookup_key: `business_monthly_${suffix}`,
  });
  return { product, monthly, business, suffix };
}

async function customerWithCard(testPaymentMethod: string) {
  const customer = await stripe.customers.create({ email: 'owner@example.com', name: 'Owner', metadata: { account_id: '5' } });
  const pm = await stripe.paymentMethods.attach(testPaymentMethod, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
  return { customer, pm };
}

describe('the Stripe fake through the official SDK', () => {
  it('refuses a wrong key the way Stripe does', async () => {
    const wrong = new Stripe('sk_test_wrongwrongwrong1234', { ...fake.sdkOptions, maxNetworkRetries: 0 });
    const error = await wrong.customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Error).message).toBe('Invalid API Key provided: sk_test_****1234');
  });

  it('creates a customer, confirms a setup intent and keeps the card', async () => {
    const customer = await stripe.customers.create({
      email: 'a@example.com',
      address: { country: 'ES' },
      metadata: { account_id: '5' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'a@example.com',
      metadata: { account_id: '5' },
      address: { country: 'ES', city: null },
    });
    const intent = await stripe.setupIntents.create({
      customer: customer.id,
      usage: 'off_session',
      automatic_payment_methods: { enabled: true },
    });
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const confirmed = await stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe('succeeded');
    const pm = await stripe.paymentMethods.retrieve(confirmed.payment_method as string);
    expect(pm).toMatchObject({
      customer: customer.id,
      type: 'card',
      card: { brand: 'visa', last4: '4242', funding: 'credit', country: 'US' },
    });
    const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(listed.data.map((p) => p.id)).toEqual([pm.id]);
    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: pm.id },
      expand: ['invoice_settings.default_payment_method'],
    });
    expect((updated.invoice_settings.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
    await fake.settled();
    expect(receiver.types()).toEqual(
      expect.arrayContaining(['setup_intent.succeeded', 'payment_method.attached', 'customer.updated']),
    );
    const updatedEvent = receiver.received.find(
      (e) => e.type === 'customer.updated' && (e.data.object as Stripe.Customer).id === customer.id,
    )!;
    expect(updatedEvent.data.previous_attributes).toMatchObject({ invoice_settings: { default_payment_method: null } });
  });

  it('answers a decline at setup as a StripeCardError, and an unknown customer as 404', async () => {
    const customer = await stripe.customers.create({ email: 'b@example.com' });
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const error = await stripe.setupIntents
      .confirm(intent.id, { payment_method: 'pm_card_visa_chargeDeclined' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect((await stripe.setupIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    const missing = await stripe.customers.retrieve('cus_nothere').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such customer: 'cus_nothere'" });
    const unknown = await stripe.customers.create({ emial: 'x' } as never).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ statusCode: 400, message: 'Received unknown parameter: emial', param: 'emial' });
  });

  it('finds prices by lookup key with their product expanded', async () => {
    const { monthly, business, suffix } = await plans();
    const found = await stripe.prices.list({
      lookup_keys: [`pro_monthly_${suffix}`, `business_monthly_${suffix}`],
      expand: ['data.product'],
    });
    expect(found.data.map((p) => p.id).sort()).toEqual([monthly.id, business.id].sort());
    expect(found.data.map((p) => (p.product as Stripe.Product).name).sort()).toEqual(['Business', 'Pro']);
    const taken = await stripe.prices
      .create({
        product: monthly.product as string,
        currency: 'eur',
        unit_amount: 1,
        recurring: { interval: 'month' },
        lookup_key: `pro_monthly_${suffix}`,
      })
      .catch((e: unknown) => e);
    expect(taken).toMatchObject({ statusCode: 400, param: 'lookup_key' });
    const moved = await stripe.prices.create({
      product: monthly.product as string,
      currency: 'eur',
      unit_amount: 3300,
      recurring: { interval: 'month' },
      lookup_key: `pro_monthly_${suffix}`,
      transfer_lookup_key: true,
    });
    const now = await stripe.prices.list({ lookup_keys: [`pro_monthly_${suffix}`] });
    expect(now.data.map((p) => p.id)).toEqual([moved.id]);
  });

  it('ends a trial with a good card: active, invoice paid, PDF downloadable', async () => {
    const { monthly } = await plans();
    const { customer } = await customerWithCard('pm_card_visa');
    const before = fake.now();
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: monthly.id }],
      trial_period_days: 14,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      metadata: { account_id: '5' },
      expand: ['latest_invoice'],
    });
    const start = sub.trial_start!;
    expect(start - before).toBeLessThanOrEqual(1);
    expect(sub).toMatchObject({
      status: 'trialing',
      trial_end: start + 14 * DAY,
      metadata: { account_id: '5' },
    });
    expect(sub.items.data[0]).toMatchObject({
      current_period_start: start,
      current_period_end: start + 14 * DAY,
      price: { id: monthly.id },
    });
    expect(sub.latest_invoice).toMatchObject({ status: 'paid', amount_due: 0, billing_reason: 'subscription_create' });

    await fake.advanceTime(11 * DAY + 60);
    expect(receiver.types()).toContain('customer.subscription.trial_will_end');
    await fake.advanceTime(3 * DAY);
    const after = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(after.status).toBe('active');
    expect(after.items.data[0]!.current_period_start).toBe(start + 14 * DAY);
    const invoice = after.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_due: 3000,
      amount_paid: 3000,
      currency: 'eur',
      billing_reason: 'subscription_cycle',
      attempt_count: 1,
    });
    expect(invoice.lines.data[0]).toMatchObject({
      amount: 3000,
      period: { start: start + 14 * DAY },
      parent: { subscription_item_details: { proration: false } },
    });
    expect(fake.paymentsOf(customer.id)).toEqual([{ amount: 3000, currency: 'eur', status: 'succeeded', invoice: invoice.id }]);
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('Total: \u20ac30.00'.replace('\u20ac', '?'));
    const paid = receiver.received.find((e) => e.type === 'invoice.paid' && (e.data.object as Stripe.Invoice).id === invoice.id);
    expect(paid).toBeDefined();
  });

  it('ends a trial with a card that fails: past_due, invoice.payment_failed, then canceled after the retries', async () => {
    const { monthly } = await plans();
    const { customer } = await customerWithCard('pm_card_chargeCustomerFail');
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: monthly.id }],
      trial_end: fake.now() + 2 * DAY,
    });
    await fake.advanceTime(2 * DAY);
    const after = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(after.status).toBe('past_due');
    const invoice = after.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'open',
      attempt_count: 1,
      amount_paid: 0,
      next_payment_attempt: after.trial_end! + 3 * DAY,
    });
    expect(
      receiver.received.some((e) => e.type === 'invoice.payment_failed' && (e.data.object as Stripe.Invoice).id === invoice.id),
    ).toBe(true);
    await fake.advanceTime(16 * DAY);
    const ended = await stripe.subscriptions.retrieve(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
    expect((await stripe.invoices.retrieve(invoice.id)).attempt_count).toBe(4);
    expect(fake.paymentsOf(customer.id).map((p) => p.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(
      receiver.received.some(
        (e) => e.type === 'customer.subscription.deleted' && (e.data.object as Stripe.Subscription).id === sub.id,
      ),
    ).toBe(true);
  });

  it('previews a plan change with the proration it then creates', async () => {
    const { monthly, business } = await plans();
    const { customer } = await customerWithCard('pm_card_visa');
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: monthly.id }],
      payment_behavior: 'error_if_incomplete',
    });
    expect(sub.status).toBe('active');
    await fake.advanceTime(10 * DAY);
    const item = sub.items.data[0]!;
    const prorationDate = fake.now();
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: sub.id,
      subscription_details: {
        items: [{ id: item.id, price: business.id }],
        proration_date: prorationDate,
        proration_behavior: 'always_invoice',
      },
    });
    const length = item.current_period_end - item.current_period_start;
    const remaining = item.current_period_end - prorationDate;
    const expected = Math.round((9000 * remaining) / length) - Math.round((3000 * remaining) / length);
    expect(preview.amount_due).toBe(expected);
    expect(preview.lines.data.every((l) => l.parent?.subscription_item_details?.proration)).toBe(true);

    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: business.id }],
      proration_behavior: 'always_invoice',
      proration_date: prorationDate,
      expand: ['latest_invoice'],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid: expected });
    expect(invoice.lines.data.map((l) => l.amount)).toEqual(preview.lines.data.map((l) => l.amount));
    expect(updated.items.data[0]!.price.id).toBe(business.id);
    await fake.settled();
    const changed = receiver.received.find(
      (e) =>
        e.type === 'customer.subscription.updated' &&
        (e.data.object as Stripe.Subscription).id === sub.id &&
        e.data.previous_attributes?.items,
    );
    expect((changed!.data.previous_attributes as any).items.data[0].price.id).toBe(monthly.id);
  });

  it('keeps create_prorations pending until the next invoice, as the preview says', async () => {
    const { monthly, business } = await plans();
    const { customer } = await customerWithCard('pm_card_visa');
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: business.id }] });
    await fake.advanceTime(20 * DAY);
    const item = sub.items.data[0]!;
    const when = fake.now();
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: sub.id,
      subscription_details: { items: [{ id: item.id, price: monthly.id }], proration_date: when },
    });
    const prorations = preview.lines.data.filter((l) => l.parent?.subscription_item_details?.proration);
    expect(prorations).toHaveLength(2);
    expect(prorations[0]!.amount).toBeLessThan(0);
    const next = preview.lines.data.find((l) => !l.parent?.subscription_item_details?.proration)!;
    expect(next).toMatchObject({ amount: 3000, period: { start: item.current_period_end } });
    expect(preview.amount_due).toBe(Math.max(0, 3000 + prorations.reduce((s, l) => s + l.amount, 0)));

    await stripe.subscriptions.update(sub.id, { items: [{ id: item.id, price: monthly.id }], proration_date: when });
    const pending = await stripe.invoiceItems.list({ customer: customer.id, pending: true });
    expect(pending.data.map((ii) => ii.amount).sort()).toEqual(prorations.map((l) => l.amount).sort());
    await fake.advanceTime(item.current_period_end - fake.now());
    const renewal = await stripe.invoices.list({ subscription: sub.id, limit: 1 });
    expect(renewal.data[0]).toMatchObject({
      billing_reason: 'subscription_cycle',
      amount_due: preview.amount_due,
      status: preview.amount_due > 0 ? 'paid' : 'paid',
    });
    expect((await stripe.invoiceItems.list({ customer: customer.id, pending: true })).data).toEqual([]);
  });

  it('leaves a declined first charge incomplete, then an invoice paid with another card makes it active', async () => {
    const { monthly } = await plans();
    const { customer } = await customerWithCard('pm_card_visa_chargeDeclinedInsufficientFunds');
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: monthly.id }],
      expand: ['latest_invoice'],
    });
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1 });
    const good = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    const key = `pay-${invoice.id}`;
    const paid = await stripe.invoices.pay(invoice.id, { payment_method: good.id }, { idempotencyKey: key });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 3000 });
    const replay = await stripe.invoices.pay(invoice.id, { payment_method: good.id }, { idempotencyKey: key });
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.paymentsOf(customer.id).map((p) => p.status)).toEqual(['failed', 'succeeded']);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    const again = await stripe.invoices.pay(invoice.id).catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 400, code: 'invoice_already_paid' });
  });

  it('expires an incomplete subscription after 23 hours', async () => {
    const { monthly } = await plans();
    const { customer } = await customerWithCard('pm_card_chargeCustomerFail');
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: monthly.id }] });
    await fake.advanceTime(23 * 3600);
    const after = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(after.status).toBe('incomplete_expired');
    expect((after.latest_invoice as Stripe.Invoice).status).toBe('void');
  });

  it('pauses or cancels at the end of a trial without a payment method, as trial_settings say', async () => {
    const { monthly } = await plans();
    const customer = await stripe.customers.create({ email: 'nocard@example.com' });
    const paused = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: monthly.id }],
      trial_period_days: 7,
      trial_settings: { end_behavior: { missing_payment_method: 'pause' } },
    });
    const canceled = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: monthly.id }],
      trial_period_days: 7,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    });
    await fake.advanceTime(7 * DAY);
    expect((await stripe.subscriptions.retrieve(paused.id)).status).toBe('paused');
    expect((await stripe.subscriptions.retrieve(canceled.id)).status).toBe('canceled');
    expect(fake.paymentsOf(customer.id)).toEqual([]);
    expect(receiver.types()).toContain('customer.subscription.paused');
  });

  it('completes 3-D Secure for a setup without a browser, and fails off-session charges of an always-authenticate card', async () => {
    const customer = await stripe.customers.create({ email: '3ds@example.com' });
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const pending = await stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_authenticationRequiredOnSetup' });
    expect(pending).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    await fetch(`${fake.url}/3ds/${intent.id}/complete`, { method: 'POST' });
    expect((await stripe.setupIntents.retrieve(intent.id)).status).toBe('succeeded');
    const always = await stripe.paymentMethods.attach('pm_card_authenticationRequired', { customer: customer.id });
    const { monthly } = await plans();
    const error = await stripe.subscriptions
      .create({
        customer: customer.id,
        items: [{ price: monthly.id }],
        default_payment_method: always.id,
        payment_behavior: 'error_if_incomplete',
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'authentication_required' });
  });

  it('fails like a Stripe outage on demand, which the SDK retries', async () => {
    const retrying = new Stripe(fake.secretKey, { ...fake.sdkOptions, maxNetworkRetries: 2 });
    fake.failNext({ count: 1, status: 500, path: '/v1/customers' });
    const customer = await retrying.customers.create({ email: 'outage@example.com' });
    const attempts = fake.requests.filter((r) => r.path === '/v1/customers' && r.method === 'POST').slice(-2);
    expect(attempts.map((r) => r.status)).toEqual([500, 200]);
    expect(attempts[0]!.idempotencyKey).toBe(attempts[1]!.idempotencyKey);
    expect(customer.email).toBe('outage@example.com');
    fake.failNext({ count: 1, status: 500 });
    const error = await stripe.customers.retrieve(customer.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
  });

  it('previews buying now out of a trial, and has nothing upcoming once canceling', async () => {
    const { monthly } = await plans();
    const { customer } = await customerWithCard('pm_card_visa');
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: monthly.id }],
      trial_period_days: 30,
    });
    const buyNow = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: sub.id,
      subscription_details: { trial_end: 'now' },
    });
    expect(buyNow).toMatchObject({ amount_due: 3000, billing_reason: 'subscription_update' });
    const bought = await stripe.subscriptions.update(sub.id, { trial_end: 'now', expand: ['latest_invoice'] });
    expect(bought).toMatchObject({ status: 'active', latest_invoice: { amount_paid: 3000, status: 'paid' } });
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    const none = await stripe.invoices.createPreview({ customer: customer.id, subscription: sub.id }).catch((e: unknown) => e);
    expect(none).toMatchObject({ statusCode: 404, code: 'invoice_upcoming_none' });
    const reactivation = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: sub.id,
      subscription_details: { cancel_at_period_end: false },
    });
    expect(reactivation).toMatchObject({ amount_due: 3000, period_end: bought.items.data[0]!.current_period_end });
    const deleted = await stripe.customers.del(customer.id);
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: deleted.id, deleted: true });
  });

  it('searches customers by metadata and opens a billing portal session that links back', async () => {
    const customer = await stripe.customers.create({ email: 'portal@example.com', metadata: { account_id: '77' } });
    const found = await stripe.customers.search({ query: "metadata['account_id']:'77'" });
    expect(found.data.map((c) => c.id)).toEqual([customer.id]);
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:5173/settings/billing',
    });
    expect(session).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://localhost:5173/settings/billing',
    });
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('href="http://localhost:5173/settings/billing"');
  });

  it('cancels at period end, then ends the subscription when the period does', async () => {
    const { monthly } = await plans();
    const { customer } = await customerWithCard('pm_card_visa');
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: monthly.id }] });
    const end = sub.items.data[0]!.current_period_end;
    const marked = await stripe.subscriptions.update(sub.id, {
      cancel_at_period_end: true,
      cancellation_details: { comment: 'too expensive', feedback: 'too_expensive' },
    });
    expect(marked).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: end,
      cancellation_details: { feedback: 'too_expensive' },
    });
    await fake.advanceTime(end - fake.now() + 1);
    const ended = await stripe.subscriptions.retrieve(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: end });
    expect(fake.paymentsOf(customer.id)).toHaveLength(1);
    expect(
      receiver.received.some(
        (e) => e.type === 'customer.subscription.deleted' && (e.data.object as Stripe.Subscription).id === sub.id,
      ),
    ).toBe(true);
  });

  it('refuses a failing card with error_if_incomplete and keeps no subscription', async () => {
    const { monthly } = await plans();
    const { customer } = await customerWithCard('pm_card_chargeCustomerFail');
    const error = await stripe.subscriptions
      .create({ customer: customer.id, items: [{ price: monthly.id }], payment_behavior: 'error_if_incomplete' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).toMatchObject({ data: [] });
  });

  it('replays an idempotent request and refuses the same key with other parameters', async () => {
    const key = `key-${Math.random()}`;
    const first = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
    const again = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('signs deliveries so constructEvent accepts them, and retries a non-2xx answer', async () => {
    expect(receiver.rejected).toEqual([]);
    receiver.answerWith(500);
    const customer = await stripe.customers.create({ email: 'retry@example.com' });
    await fake.settled();
    const event = fake.events.find(
      (e) => e.type === 'customer.created' && (e.data.object as Stripe.Customer).id === customer.id,
    )!;
    expect(fake.deliveries.filter((d) => d.eventId === event.id).map((d) => [d.status, d.attempt])).toEqual([
      [500, 1],
      [500, 2],
      [500, 3],
    ]);
    receiver.answerWith(200);
    expect(await fake.redeliver(event.id)).toBe(200);
    const fromApi = await stripe.events.retrieve(event.id);
    expect(fromApi).toMatchObject({ type: 'customer.created', api_version: '2026-10-28.endive', livemode: false });
  });

  it('delivers to endpoints made through the API, and POSTs made-up events as given', async () => {
    const other = await startReceiver(fake.webhookSecret);
    const endpoint = await stripe.webhookEndpoints.create({ url: other.url, enabled_events: ['invoice.paid'] });
    expect(endpoint.secret).toBe(fake.webhookSecret);
    const { monthly } = await plans();
    const { customer } = await customerWithCard('pm_card_visa');
    await stripe.subscriptions.create({ customer: customer.id, items: [{ price: monthly.id }] });
    await fake.settled();
    expect(other.types()).toEqual(['invoice.paid']);
    const original = fake.events.find(
      (e) => e.type === 'invoice.paid' && (e.data.object as Stripe.Invoice).customer === customer.id,
    )!;
    const stale = { ...original, id: 'evt_madeup', created: original.created - 60 } as Stripe.Event;
    expect(await fake.deliver(stale)).toBe(200);
    expect(other.received.at(-1)?.id).toBe('evt_madeup');
    await stripe.webhookEndpoints.del(endpoint.id);
    await other.close();
  });
});
