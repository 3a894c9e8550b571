import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { accountOf, addCard, confirmSetupIntent, expiredAccount, invitedAdmin, stripeOf } from '../../../test/billing.ts';
import { PLAN_PRICES } from './plan-prices.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const A = '/a/api/v1';
const succeeded = (customer: string) => server.stripe!.paymentsOf(customer).filter((p) => p.status === 'succeeded');

describe('who manages billing', () => {
  it('is the owner: another admin of the account is refused with the billing message', async () => {
    const owner = await registerAccount(server);
    const admin = await invitedAdmin(server, (await accountOf(server, owner.email)).id);
    for (const [method, path, body] of [
      ['GET', '/subscription/'],
      ['GET', '/billingcard/'],
      ['GET', '/billingcard/setup_intent'],
      ['GET', '/invoices/'],
      ['POST', '/subscription/buynow', { plan_id: 'engage_monthly' }],
      ['POST', '/subscription/cancel', { reason: 'other' }],
    ] as const) {
      const res = await admin.request(method, A + path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('billing.notOwner');
    }
    expect((await owner.client.get(`${A}/billingcard/`)).status).toBe(200);
  });

  it('shows the owner the plan, its trial and the usage counted against its limits', async () => {
    const { client } = await registerAccount(server, { plan_type: 'engage' });
    const res = await client.get(`${A}/subscription/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      billing_enabled: true,
      plan_id: 'engage_monthly',
      status: 'trialing',
      price: 79,
      has_card: false,
      next_charge: null,
      transaction_fee_percent: 3,
    });
    expect(res.body.usage).toMatchObject({
      active_guest_devices: { used: 0, limit: 20000, reached: false },
      vouchers_activated: { used: 0, limit: 2000, reached: false },
    });
  });

  it('shows the plans from Stripe to anyone', async () => {
    const res = await server.client().get(`${A}/plans/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(PLAN_PRICES);
  });
});

describe('the card', () => {
  it('is saved from a SetupIntent confirmed by Stripe.js, and read back', async () => {
    const { client, email } = await registerAccount(server);
    expect((await client.get(`${A}/billingcard/`)).body).toEqual({ card_details: null });
    const intent = await client.get(`${A}/billingcard/setup_intent`);
    expect(intent.status).toBe(200);
    expect(intent.body.publishable_key).toBe(server.stripe!.publishableKey);
    expect(intent.body.client_secret).toMatch(/^seti_.+_secret_/);
    // The customer is made with it, once, named after the account.
    const account = await accountOf(server, email);
    expect(account.stripeCustomerId).toMatch(/^cus_/);

    const token = await confirmSetupIntent(server, client);
    const saved = await client.post(`${A}/billingcard/`, { token });
    expect(saved.status).toBe(200);
    expect(saved.body.card_details).toMatchObject({ last4: '4242', brand: 'visa' });
    expect((await client.get(`${A}/billingcard/`)).body).toEqual(saved.body);
    expect((await client.get(`${A}/subscription/`)).body.has_card).toBe(true);
    // Still one customer.
    expect((await accountOf(server, email)).stripeCustomerId).toBe(account.stripeCustomerId);
  });

  it('refuses a SetupIntent that is not confirmed, or not this account’s', async () => {
    const { client } = await registerAccount(server);
    const other = await registerAccount(server);
    const unconfirmed = String((await client.get(`${A}/billingcard/setup_intent`)).body.client_secret).split('_secret_')[0];
    const res = await client.post(`${A}/billingcard/`, { token: unconfirmed });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'billing.cardNotConfirmed', message: 'The card was not confirmed. Enter it again.' });
    expect(res.body.schema_errors.token).toBeDefined();
    const theirs = await confirmSetupIntent(server, other.client);
    expect((await client.post(`${A}/billingcard/`, { token: theirs })).body.code).toBe('billing.cardNotConfirmed');
    expect((await client.post(`${A}/billingcard/`, { token: 'seti_made_up' })).body.code).toBe('billing.cardNotConfirmed');
    expect((await client.get(`${A}/billingcard/`)).body.card_details).toBeNull();
  });

  it('names the refusal of a card Stripe would not save (an expired one), and keeps no card', async () => {
    const { client } = await registerAccount(server);
    const intent = await client.get(`${A}/billingcard/setup_intent`);
    const id = String(intent.body.client_secret).split('_secret_')[0]!;
    // Stripe.js shows Stripe's refusal under the fields; a client that sends the SetupIntent anyway is told why.
    await expect(
      stripeOf(server).setupIntents.confirm(id, { payment_method: 'pm_card_chargeDeclinedExpiredCard' }),
    ).rejects.toThrow('Your card has expired.');
    const res = await client.post(`${A}/billingcard/`, { token: id });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'billing.cardExpired', message: 'Your card has expired. Try another card.' });
    expect((await client.get(`${A}/billingcard/`)).body.card_details).toBeNull();
  });
});

describe('billing details', () => {
  it('are stored on the Stripe customer and read back', async () => {
    const { client } = await registerAccount(server);
    const empty = await client.get(`${A}/billingdetails/`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ id: null, name: '', line1: '' });
    const details = {
      name: 'Harbour Cafés SL',
      line1: 'Calle Mayor 1',
      line2: '2º',
      city: 'Madrid',
      country: 'es',
      zipcode: '28013',
    };
    const saved = await client.post(`${A}/billingdetails/`, details);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...details, country: 'ES' });
    const read = await client.get(`${A}/billingdetails/`);
    expect(read.body).toEqual(saved.body);
    expect(read.body.id).toMatch(/^cus_/);
  });

  it('refuses an address without its city or with a country that is not a code', async () => {
    const { client } = await registerAccount(server);
    const res = await client.post(`${A}/billingdetails/`, { name: 'X', line1: 'Calle 1', city: '', country: 'Spain' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.schema_errors).sort()).toEqual(['city', 'country']);
    expect((await client.get(`${A}/billingdetails/`)).body.id).toBeNull();
  });
});

describe('buying a plan', () => {
  it('needs a card', async () => {
    const { client } = await registerAccount(server);
    const res = await client.post(`${A}/subscription/buynow`, { plan_id: 'engage_monthly' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'billing.cardRequired', message: 'Add a card first' });
  });

  it('after the trial charges now: the preview is what is charged, and the account is active', async () => {
    const { client, accountId } = await expiredAccount(server);
    const token = await confirmSetupIntent(server, client);
    const preview = await client.get(`${A}/subscription/buynow?plan_id=engage_yearly`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ plan_id: 'engage_yearly', amount_due_now: 790, currency: 'USD' });
    const res = await client.post(`${A}/subscription/buynow`, { plan_id: 'engage_yearly', token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', plan_id: 'engage_yearly', has_card: true, cancel_at_period_end: false });
    expect(res.body.next_charge).toMatchObject({ amount: 790, currency: 'USD' });
    const account = await accountOf(server, (await client.get(`${A}/profile/`)).body.email);
    expect(account.id).toBe(accountId);
    expect(account.stripeStatus).toBe('active');
    expect(succeeded(account.stripeCustomerId!).map((p) => p.amount)).toEqual([79000]);
    expect((await client.get(`${A}/profile/`)).body.sub_active).toBe(true);
    const invoices = (await client.get(`${A}/invoices/`)).body.items;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', amount: 790, currency: 'USD' });
  });

  it.each([
    ['pm_card_chargeCustomerFail', 'billing.cardDeclined', 'Your card was declined. Try another card.'],
    [
      'pm_card_chargeDeclinedInsufficientFunds',
      'billing.cardInsufficientFunds',
      'Your card has insufficient funds. Try another card.',
    ],
  ])('with a card that is refused (%s) answers why, and leaves no subscription and no charge', async (card, code, message) => {
    const { client, email } = await expiredAccount(server);
    await addCard(server, client, card);
    const res = await client.post(`${A}/subscription/buynow`, { plan_id: 'collect_monthly' });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code, message });
    const account = await accountOf(server, email);
    expect(account.stripeSubscriptionId).toBeNull();
    expect(succeeded(account.stripeCustomerId!)).toEqual([]);
    expect((await client.get(`${A}/subscription/`)).body.status).toBe('expired');
    const subscriptions = await stripeOf(server).subscriptions.list({ customer: account.stripeCustomerId!, status: 'all' });
    expect(subscriptions.data.filter((s) => s.status !== 'incomplete_expired' && s.status !== 'canceled')).toEqual([]);
  });

  it('twice at once charges once', async () => {
    const { client, email } = await expiredAccount(server);
    await addCard(server, client);
    const answers = await Promise.all([1, 2].map(() => client.post(`${A}/subscription/buynow`, { plan_id: 'collect_monthly' })));
    expect(answers.map((a) => a.status)).toContain(200);
    const account = await accountOf(server, email);
    expect(succeeded(account.stripeCustomerId!).map((p) => p.amount)).toEqual([2900]);
    expect((await client.get(`${A}/subscription/`)).body).toMatchObject({ status: 'active', plan_id: 'collect_monthly' });
  });

  it('refuses a plan that does not exist', async () => {
    const { client } = await registerAccount(server);
    const res = await client.post(`${A}/subscription/buynow`, { plan_id: 'platinum_weekly' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('billing.planNotFound');
    expect(res.body.message).toBe(
      'There is no plan platinum_weekly. Choose one of collect, engage or provider, monthly or yearly.',
    );
    expect(res.body.schema_errors.plan_id).toHaveLength(1);
  });

  it('changes a trial’s plan without Stripe', async () => {
    const { client, email } = await registerAccount(server);
    const res = await client.post(`${A}/subscription/`, { plan_type: 'collect' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan_type: 'collect', status: 'trialing', price: 29 });
    expect((await accountOf(server, email)).stripeCustomerId).toBeNull();
  });
});

describe('changing the plan', () => {
  it('charges the previewed proration now and moves the account to the new plan', async () => {
    const { client, email } = await expiredAccount(server);
    await addCard(server, client);
    expect((await client.post(`${A}/subscription/buynow`, { plan_id: 'collect_monthly' })).status).toBe(200);
    const customer = (await accountOf(server, email)).stripeCustomerId!;

    const preview = await client.get(`${A}/subscription/change?plan_id=provider_monthly`);
    expect(preview.status).toBe(200);
    expect(preview.body.plan_id).toBe('provider_monthly');
    expect(preview.body.amount_due_now).toBeGreaterThan(0);
    expect(preview.body.card).toMatchObject({ last4: '4242' });
    const res = await client.post(`${A}/subscription/change`, { plan_id: 'provider_monthly' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan_type: 'provider', plan_id: 'provider_monthly', status: 'active', price: 199 });
    const amounts = succeeded(customer).map((p) => p.amount);
    expect(amounts).toHaveLength(2);
    expect(amounts[1]).toBe(Math.round(preview.body.amount_due_now * 100));
    expect((await accountOf(server, email)).planType).toBe('provider');
  });

  it('refuses the same plan, and a change without a subscription', async () => {
    const { client } = await expiredAccount(server);
    await addCard(server, client);
    const none = await client.get(`${A}/subscription/change?plan_id=engage_monthly`);
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('billing.noSubscription');
    await client.post(`${A}/subscription/buynow`, { plan_id: 'engage_monthly' });
    const same = await client.post(`${A}/subscription/change`, { plan_id: 'engage_monthly' });
    expect(same.status).toBe(422);
    expect(same.body).toMatchObject({ code: 'billing.samePlan', message: 'You are already on this plan' });
    const unknown = await client.get(`${A}/subscription/change?plan_id=nope`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('billing.planNotFound');
  });
});

describe('the webhook', () => {
  it('refuses an event without a valid signature', async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'customer.subscription.updated', data: { object: {} } });
    for (const headers of [{}, { 'stripe-signature': 't=1,v1=00' }] as Record<string, string>[]) {
      const res = await fetch(`${server.url}/webhooks/stripe/billing`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'billing.webhookSignature' });
    }
  });
});

describe("Stripe's customer portal", () => {
  it('opens for the owner and comes back to the subscription page', async () => {
    const { client } = await registerAccount(server);
    const res = await client.get(`${A}/subscription/portal/session`);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https?:\/\//);
  });
});

describe('with billing off', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startServer({ STRIPE_SECRET_KEY: '' });
  });
  afterAll(() => off?.close());

  it('every account has the provider plan without limits and the billing calls answer 409', async () => {
    const { client } = await registerAccount(off);
    const sub = await client.get(`${A}/subscription/`);
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ billing_enabled: false, plan_type: 'provider', status: 'active', usage: null });
    expect((await client.get(`${A}/plans/`)).body).toEqual(PLAN_PRICES);
    for (const [method, path, body] of [
      ['GET', '/billingcard/'],
      ['GET', '/billingcard/setup_intent'],
      ['GET', '/invoices/'],
      ['GET', '/billingdetails/'],
      ['POST', '/subscription/buynow', { plan_id: 'engage_monthly' }],
      ['POST', '/subscription/', { plan_type: 'engage' }],
      ['GET', '/subscription/portal/session'],
    ] as const) {
      const res = await client.request(method, A + path, body);
      expect(res.status, path).toBe(409);
      expect(res.body.code).toBe('billing.billingOff');
    }
  });
});
