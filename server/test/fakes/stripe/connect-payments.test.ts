import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from './index.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

// Paid guest Wi-Fi through the fake with the official SDK: operators' connected accounts (onboarding by
// account link), direct charges with the platform's application fee, 3-D Secure, declines, refunds, and
// operators who pasted keys of their own.

let fake: StripeFake;
let stripe: Stripe;
let receiver: Receiver;

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

afterEach(() => fake.settled());

async function onboardedAccount() {
  const account = await stripe.accounts.create({ type: 'express', country: 'ES', email: 'cafe@example.com' });
  fake.completeOnboarding(account.id);
  return account.id;
}

/** Answers the 3-D Secure test page as the guest would, without a browser. */
async function challenge(intentId: string, outcome: 'complete' | 'fail') {
  const res = await fetch(`${fake.url}/3ds/${intentId}/${outcome}`, { method: 'POST' });
  expect(res.status).toBe(200);
}

describe('Connect: connected accounts', () => {
  it('creates an account that cannot charge until onboarding through an account link completes', async () => {
    const account = await stripe.accounts.create({
      type: 'standard',
      country: 'ES',
      email: 'owner@cafe.example',
      metadata: { account_id: '7' },
    });
    expect(account).toMatchObject({
      object: 'account',
      type: 'standard',
      country: 'ES',
      default_currency: 'eur',
      email: 'owner@cafe.example',
      metadata: { account_id: '7' },
      charges_enabled: false,
      details_submitted: false,
      controller: { type: 'application', stripe_dashboard: { type: 'full' } },
    });
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);

    const link = await stripe.accountLinks.create({
      account: account.id,
      refresh_url: 'https://app.example/connect/refresh',
      return_url: 'https://app.example/connect/return',
      type: 'account_onboarding',
    });
    expect(link.object).toBe('account_link');
    expect(link.expires_at - link.created).toBe(300);

    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Complete onboarding');
    expect(html).toContain('href="https://app.example/connect/refresh"');
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const done = await fetch(new URL(action, link.url), { method: 'POST', redirect: 'manual' });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('https://app.example/connect/return');

    const after = await stripe.accounts.retrieve(account.id);
    expect(after).toMatchObject({ charges_enabled: true, details_submitted: true, payouts_enabled: true });
    expect(after.requirements?.currently_due).toEqual([]);
    await fake.settled();
    const updated = receiver.about(account.id).find((e) => e.type === 'account.updated');
    expect(updated).toMatchObject({ account: account.id, data: { previous_attributes: { charges_enabled: false } } });

    // Single-use: opened again, the link sends the person to refresh_url.
    const again = await fetch(link.url, { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('https://app.example/connect/refresh');
  });

  it('maps controller parameters to the account type, updates metadata, and forgets a deleted account', async () => {
    const account = await stripe.accounts.create({
      controller: {
        stripe_dashboard: { type: 'express' },
        fees: { payer: 'application' },
        losses: { payments: 'application' },
      },
      country: 'US',
    });
    expect(account).toMatchObject({ type: 'express', default_currency: 'usd', charges_enabled: false });
    const updated = await stripe.accounts.update(account.id, { metadata: { site: '3' } });
    expect(updated.metadata).toEqual({ site: '3' });
    expect((await stripe.accounts.list()).data.map((a) => a.id)).toContain(account.id);

    const own = await stripe.accounts.retrieveCurrent({}, { stripeAccount: account.id });
    expect(own.id).toBe(account.id);
    expect((await stripe.accounts.retrieveCurrent()).id).toBe(fake.platformAccountId);

    expect(await stripe.accounts.del(account.id)).toEqual({ id: account.id, object: 'account', deleted: true });
    const gone = await stripe.customers.list({}, { stripeAccount: account.id }).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect((gone as Stripe.errors.StripeError).code).toBe('account_invalid');
    const missing = await stripe.accounts.retrieve(account.id).catch((e: unknown) => e);
    expect((missing as Stripe.errors.StripeError).statusCode).toBe(404);
  });

  it('keeps each account to its own objects: another account, or the platform, gets 404', async () => {
    const a = await onboardedAccount();
    const b = await onboardedAccount();
    const customer = await stripe.customers.create({ email: 'guest@example.com' }, { stripeAccount: a });
    expect((await stripe.customers.retrieve(customer.id, {}, { stripeAccount: a })).id).toBe(customer.id);
    for (const options of [{ stripeAccount: b }, {}]) {
      const error = await stripe.customers.retrieve(customer.id, {}, options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    }
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'eur' }, { stripeAccount: a });
    const error = await stripe.paymentIntents.retrieve(intent.id, {}, { stripeAccount: b }).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 404, message: `No such payment_intent: '${intent.id}'` });
    const events = await stripe.events.list({ type: 'customer.created' }, { stripeAccount: b });
    expect(events.data.map((e) => (e.data.object as Stripe.Customer).id)).not.toContain(customer.id);
    const ofA = await stripe.events.list({ type: 'customer.created' }, { stripeAccount: a });
    expect(ofA.data.map((e) => (e.data.object as Stripe.Customer).id)).toContain(customer.id);
    const unknown = await stripe.customers.list({}, { stripeAccount: 'acct_1nope' }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Stripe.errors.StripePermissionError);
  });
});

describe('PaymentIntents', () => {
  it('charges a connected account directly with the platform fee: charge, application fee, Connect events', async () => {
    const account = await onboardedAccount();
    const intent = await stripe.paymentIntents.create(
      {
        amount: 500,
        currency: 'eur',
        application_fee_amount: 50,
        automatic_payment_methods: { enabled: true },
        description: 'Wi-Fi 1 day',
        metadata: { site_id: '3', package_id: '9' },
        receipt_email: 'guest@example.com',
      },
      { stripeAccount: account, idempotencyKey: 'checkout-1' },
    );
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amount: 500,
      application_fee_amount: 50,
      automatic_payment_methods: { enabled: true },
      capture_method: 'automatic_async',
      latest_charge: null,
    });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));

    const paid = await stripe.paymentIntents.confirm(
      intent.id,
      { payment_method: 'pm_card_visa', return_url: 'https://portal.example/paid' },
      { stripeAccount: account },
    );
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 500, last_payment_error: null });
    const charge = await stripe.charges.retrieve(paid.latest_charge as string, {}, { stripeAccount: account });
    expect(charge).toMatchObject({
      object: 'charge',
      status: 'succeeded',
      paid: true,
      amount: 500,
      amount_captured: 500,
      amount_refunded: 0,
      refunded: false,
      application_fee_amount: 50,
      payment_intent: intent.id,
      receipt_email: 'guest@example.com',
      metadata: { site_id: '3', package_id: '9' },
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    });
    const fees = await stripe.applicationFees.list({ charge: charge.id });
    expect(fees.data).toHaveLength(1);
    expect(fees.data[0]).toMatchObject({ id: charge.application_fee, account, amount: 50, amount_refunded: 0 });

    await fake.settled();
    const aboutIntent = receiver.about(intent.id);
    expect(aboutIntent.map((e) => e.type)).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
    expect(aboutIntent.every((e) => e.account === account)).toBe(true);
    expect(receiver.about(charge.id).map((e) => [e.type, e.account])).toEqual([['charge.succeeded', account]]);
    const feeEvent = receiver.about(charge.application_fee as string);
    expect(feeEvent.map((e) => [e.type, e.account])).toEqual([['application_fee.created', undefined]]);
    expect(fake.paymentIntentsOf(account).map((pi) => pi.id)).toContain(intent.id);
    expect(fake.paymentIntentsOf().map((pi) => pi.id)).not.toContain(intent.id);
    expect(fake.requests.find((r) => r.path === `/v1/payment_intents/${intent.id}/confirm`)?.account).toBe(account);
  });

  it('refuses application_fee_amount without Stripe-Account, as Stripe does', async () => {
    const error = await stripe.paymentIntents
      .create({ amount: 500, currency: 'eur', application_fee_amount: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, param: 'application_fee_amount' });
    expect((error as Error).message).toMatch(/^Can only apply an application_fee_amount/);
    const small = await stripe.paymentIntents.create({ amount: 20, currency: 'eur' }).catch((e: unknown) => e);
    expect(small).toMatchObject({ code: 'amount_too_small', message: 'Amount must be at least €0.50 eur' });
  });

  it.each([
    ['pm_card_visa_chargeDeclined', 'generic_decline', 'card_declined'],
    ['pm_card_visa_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'card_declined'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'expired_card'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc', 'incorrect_cvc'],
  ])('answers %s with a 402 card error (%s) and waits for another card', async (card, declineCode, code) => {
    const account = await onboardedAccount();
    const intent = await stripe.paymentIntents.create({ amount: 300, currency: 'eur' }, { stripeAccount: account });
    const error = await stripe.paymentIntents
      .confirm(intent.id, { payment_method: card }, { stripeAccount: account })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code, decline_code: declineCode });
    expect((error as Stripe.errors.StripeCardError).payment_intent?.status).toBe('requires_payment_method');
    const after = await stripe.paymentIntents.retrieve(intent.id, {}, { stripeAccount: account });
    expect(after).toMatchObject({ status: 'requires_payment_method', payment_method: null });
    expect(after.last_payment_error).toMatchObject({ type: 'card_error', code, decline_code: declineCode });
    const failed = await stripe.charges.retrieve(after.latest_charge as string, {}, { stripeAccount: account });
    expect(failed).toMatchObject({ status: 'failed', paid: false, amount_captured: 0 });
    await fake.settled();
    expect(receiver.about(intent.id).map((e) => e.type)).toEqual(['payment_intent.created', 'payment_intent.payment_failed']);

    // Another card then goes through on the same intent.
    const paid = await stripe.paymentIntents.confirm(
      intent.id,
      { payment_method: 'pm_card_mastercard' },
      { stripeAccount: account },
    );
    expect(paid.status).toBe('succeeded');
  });

  it('asks for 3-D Secure (3184), then succeeds once the challenge is completed', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'eur',
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
    });
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action).toMatchObject({
      type: 'use_stripe_sdk',
      use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${fake.url}/3ds/${intent.id}` },
    });
    await challenge(intent.id, 'complete');
    const after = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
    expect(after.status).toBe('succeeded');
    expect((after.latest_charge as Stripe.Charge).payment_method_details?.card?.three_d_secure).toMatchObject({
      result: 'authenticated',
    });
    await fake.settled();
    expect(receiver.about(intent.id).map((e) => e.type)).toEqual([
      'payment_intent.created',
      'payment_intent.requires_action',
      'payment_intent.succeeded',
    ]);
  });

  it('fails a 3-D Secure challenge (3155): back to requires_payment_method with the authentication error', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'eur' });
    const pending = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_authenticationRequiredOnSetup' });
    expect(pending.status).toBe('requires_action');
    await challenge(intent.id, 'fail');
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after).toMatchObject({ status: 'requires_payment_method', payment_method: null });
    expect(after.last_payment_error?.code).toBe('payment_intent_authentication_failure');
    await fake.settled();
    expect(receiver.about(intent.id).at(-1)?.type).toBe('payment_intent.payment_failed');
  });

  it('lets Stripe.js read and confirm with the publishable key, the client secret and the connected account', async () => {
    const account = await onboardedAccount();
    const intent = await stripe.paymentIntents.create({ amount: 700, currency: 'eur' }, { stripeAccount: account });
    const query = (extra: Record<string, string>) =>
      new URLSearchParams({ key: fake.publishableKey, client_secret: intent.client_secret!, ...extra }).toString();
    const read = await fetch(`${fake.url}/v1/payment_intents/${intent.id}?${query({ _stripe_account: account })}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    // Without the connected account the intent is not the platform's: 404, as Stripe answers.
    expect((await fetch(`${fake.url}/v1/payment_intents/${intent.id}?${query({})}`)).status).toBe(404);
    const wrongSecret = await fetch(
      `${fake.url}/v1/payment_intents/${intent.id}?${query({ _stripe_account: account, client_secret: `${intent.id}_secret_x` })}`,
    );
    expect(wrongSecret.status).toBe(400);
    const confirmed = await fetch(`${fake.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'stripe-account': account },
      body: new URLSearchParams({
        key: fake.publishableKey,
        client_secret: intent.client_secret!,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '4242424242424242',
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': '2034',
        'payment_method_data[card][cvc]': '123',
        receipt_email: 'guest@example.com',
      }).toString(),
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ status: 'succeeded', receipt_email: 'guest@example.com' });
    // The publishable key cannot create intents.
    const create = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=500&currency=eur',
    });
    expect(create.status).toBe(401);
  });

  it('updates, cancels and lists intents; a succeeded one can no longer change its amount or be canceled', async () => {
    const customer = await stripe.customers.create({ email: 'guest@example.com' });
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'eur', customer: customer.id });
    const updated = await stripe.paymentIntents.update(intent.id, { amount: 900, metadata: { package_id: '2' } });
    expect(updated).toMatchObject({ amount: 900, metadata: { package_id: '2' } });
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(canceled.canceled_at).toBeGreaterThan(0);

    const paid = await stripe.paymentIntents.create({
      amount: 500,
      currency: 'eur',
      customer: customer.id,
      payment_method: 'pm_card_visa',
      setup_future_usage: 'off_session',
      confirm: true,
    });
    expect(paid.status).toBe('succeeded');
    expect((await stripe.paymentMethods.retrieve(paid.payment_method as string)).customer).toBe(customer.id);
    const late = await stripe.paymentIntents.update(paid.id, { amount: 100 }).catch((e: unknown) => e);
    expect(late).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    expect((await stripe.paymentIntents.update(paid.id, { metadata: { note: 'ok' } })).metadata).toMatchObject({ note: 'ok' });
    const cancel = await stripe.paymentIntents.cancel(paid.id).catch((e: unknown) => e);
    expect(cancel).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    const listed = await stripe.paymentIntents.list({ customer: customer.id });
    expect(listed.data.map((pi) => pi.id)).toEqual([paid.id, intent.id]);
  });

  it('finishes an intent paid or failed elsewhere (a bank app) with payOutOfBand', async () => {
    const account = await onboardedAccount();
    const one = await stripe.paymentIntents.create({ amount: 500, currency: 'eur' }, { stripeAccount: account });
    const paid = await fake.payOutOfBand(one.id, { succeed: true });
    expect(paid.status).toBe('succeeded');
    expect(receiver.about(one.id).map((e) => [e.type, e.account])).toEqual([
      ['payment_intent.created', account],
      ['payment_intent.succeeded', account],
    ]);
    const two = await stripe.paymentIntents.create(
      { amount: 500, currency: 'eur', payment_method: 'pm_card_authenticationRequired', confirm: true },
      { stripeAccount: account },
    );
    expect(two.status).toBe('requires_action');
    const failed = await fake.payOutOfBand(two.id, { succeed: false });
    expect(failed).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
    expect(receiver.about(two.id).at(-1)?.type).toBe('payment_intent.payment_failed');
    await expect(fake.payOutOfBand(one.id, { succeed: true })).rejects.toThrow(/succeeded/);
  });
});

describe('Refunds', () => {
  it('refunds in parts, refuses more than is left, and gives the platform fee back when asked', async () => {
    const account = await onboardedAccount();
    const intent = await stripe.paymentIntents.create(
      { amount: 1000, currency: 'eur', application_fee_amount: 100, payment_method: 'pm_card_visa', confirm: true },
      { stripeAccount: account },
    );
    const opts = { stripeAccount: account };
    const first = await stripe.refunds.create(
      {
        payment_intent: intent.id,
        amount: 400,
        reason: 'requested_by_customer',
        refund_application_fee: true,
        metadata: { by: 'admin' },
      },
      opts,
    );
    expect(first).toMatchObject({
      object: 'refund',
      amount: 400,
      status: 'succeeded',
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason: 'requested_by_customer',
      metadata: { by: 'admin' },
    });
    let charge = await stripe.charges.retrieve(intent.latest_charge as string, {}, opts);
    expect(charge).toMatchObject({ amount_refunded: 400, refunded: false });
    const fee = await stripe.applicationFees.retrieve(charge.application_fee as string);
    expect(fee).toMatchObject({ amount: 100, amount_refunded: 40, refunded: false });

    const tooMuch = await stripe.refunds.create({ charge: charge.id, amount: 700 }, opts).catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({
      code: 'amount_too_large',
      message: 'Refund amount (€7.00) is greater than unrefunded amount on charge (€6.00)',
    });
    const badReason = await stripe.refunds
      .create({ charge: charge.id, reason: 'changed_mind' as 'duplicate' }, opts)
      .catch((e: unknown) => e);
    expect(badReason).toMatchObject({ statusCode: 400, param: 'reason' });

    const rest = await stripe.refunds.create({ payment_intent: intent.id, refund_application_fee: true }, opts);
    expect(rest.amount).toBe(600);
    charge = await stripe.charges.retrieve(charge.id, {}, opts);
    expect(charge).toMatchObject({ amount_refunded: 1000, refunded: true });
    expect(await stripe.applicationFees.retrieve(charge.application_fee as string)).toMatchObject({
      amount_refunded: 100,
      refunded: true,
    });
    const again = await stripe.refunds.create({ payment_intent: intent.id }, opts).catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 'charge_already_refunded', message: `Charge ${charge.id} has already been refunded.` });

    const listed = await stripe.refunds.list({ payment_intent: intent.id }, opts);
    expect(listed.data.map((r) => r.id)).toEqual([rest.id, first.id]);
    expect((await stripe.refunds.retrieve(first.id, {}, opts)).amount).toBe(400);
    expect(await stripe.refunds.retrieve(first.id).catch((e: unknown) => e)).toMatchObject({ statusCode: 404 });
    await fake.settled();
    expect(receiver.about(charge.id).map((e) => [e.type, e.account])).toEqual([
      ['charge.succeeded', account],
      ['charge.refunded', account],
      ['charge.refunded', account],
    ]);
    expect(receiver.about(first.id).map((e) => [e.type, e.account])).toEqual([['refund.created', account]]);
  });

  it('cannot refund an intent that has not succeeded', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'eur' });
    const error = await stripe.refunds.create({ payment_intent: intent.id }).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 400, param: 'payment_intent' });
  });
});

describe("An operator's own keys", () => {
  it("acts as that account, signs its endpoint's events with its own secret, and no one else's", async () => {
    const own = fake.createStandaloneAccount();
    expect(own.secretKey).toMatch(/^sk_test_/);
    expect(own.publishableKey).toMatch(/^pk_test_/);
    const operator = new Stripe(own.secretKey, { ...fake.sdkOptions, maxNetworkRetries: 0 });
    const me = await operator.accounts.retrieveCurrent();
    expect(me).toMatchObject({ id: own.accountId, charges_enabled: true });

    const endpoint = await operator.webhookEndpoints.create({
      url: 'http://127.0.0.1:1/placeholder',
      enabled_events: ['payment_intent.succeeded', 'charge.refunded'],
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.secret).not.toBe(fake.webhookSecret);
    const operatorReceiver = await startReceiver(endpoint.secret!);
    await operator.webhookEndpoints.update(endpoint.id, { url: operatorReceiver.url });
    try {
      const intent = await operator.paymentIntents.create({
        amount: 800,
        currency: 'eur',
        payment_method: 'pm_card_visa',
        confirm: true,
      });
      expect(intent.status).toBe('succeeded');
      await operator.refunds.create({ payment_intent: intent.id });
      await fake.settled();
      expect(operatorReceiver.rejected).toEqual([]);
      expect(operatorReceiver.received.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'charge.refunded']);
      expect(operatorReceiver.received[0]?.account).toBeUndefined();
      expect(receiver.about(intent.id)).toEqual([]);
      // The platform does not see the operator's objects, nor the operator the platform's.
      expect(await stripe.paymentIntents.retrieve(intent.id).catch((e: unknown) => e)).toMatchObject({ statusCode: 404 });
      const platformIntent = await stripe.paymentIntents.create({ amount: 500, currency: 'eur' });
      expect(await operator.paymentIntents.retrieve(platformIntent.id).catch((e: unknown) => e)).toMatchObject({
        statusCode: 404,
      });
      const fee = await operator.paymentIntents
        .create({ amount: 500, currency: 'eur', application_fee_amount: 10 })
        .catch((e: unknown) => e);
      expect(fee).toMatchObject({ statusCode: 400, param: 'application_fee_amount' });
      const connected = await onboardedAccount();
      const other = await operator.customers.list({}, { stripeAccount: connected }).catch((e: unknown) => e);
      expect(other).toBeInstanceOf(Stripe.errors.StripePermissionError);
    } finally {
      await operatorReceiver.close();
    }
    const wrong = new Stripe(`${own.secretKey.slice(0, -4)}zzzz`, { ...fake.sdkOptions, maxNetworkRetries: 0 });
    expect(await wrong.accounts.retrieveCurrent().catch((e: unknown) => e)).toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe('Connect webhooks', () => {
  it("sends connected accounts' events to the Connect endpoint once one is set, signed with its secret", async () => {
    const connectReceiver = await startReceiver(fake.connectWebhookSecret);
    fake.setConnectWebhookUrl(connectReceiver.url);
    try {
      const account = await onboardedAccount();
      const intent = await stripe.paymentIntents.create(
        { amount: 500, currency: 'eur', payment_method: 'pm_card_visa', confirm: true },
        { stripeAccount: account },
      );
      const platformIntent = await stripe.paymentIntents.create({ amount: 500, currency: 'eur' });
      await fake.settled();
      expect(connectReceiver.rejected).toEqual([]);
      expect(connectReceiver.about(intent.id).map((e) => e.type)).toContain('payment_intent.succeeded');
      expect(receiver.about(intent.id)).toEqual([]);
      expect(connectReceiver.about(platformIntent.id)).toEqual([]);
      expect(receiver.about(platformIntent.id).map((e) => e.type)).toEqual(['payment_intent.created']);
    } finally {
      await connectReceiver.close();
    }
  });
});
