/// <reference lib="dom" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../server/test/fakes/stripe/index.ts';
import { fitsWidth, launch, openPage } from './browser.ts';

// The Stripe.js stand-in paying a PaymentIntent the way the captive portal will: a page on its own origin
// (the portal's) at a phone's width loads `/v3/` with the connected account (`stripeAccount`, a direct
// charge), mounts the Payment Element and calls confirmPayment. 4242 pays; a refused card shows Stripe's
// message; 3-D Secure opens in the page (no pop-up, no new window); redirect 'always' goes to return_url.

const PHONE = { width: 375, height: 740 };

let fake: StripeFake;
let stripe: Stripe;
let browser: Browser;
let host: Server;
let portalUrl: string;
let page = '';

interface Checkout {
  clientSecret: string;
  stripeAccount?: string;
  redirect: 'if_required' | 'always';
}

function portalPage({ clientSecret, stripeAccount, redirect }: Checkout) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Guest Wi-Fi</title>
<script src="${fake.jsUrl}"></script></head><body style="margin:0;padding:16px">
<form id="form"><div id="payment"></div><button id="pay" type="submit">Pay</button></form>
<button id="next" type="button">Continue</button>
<p id="result"></p>
<script>
  const clientSecret = ${JSON.stringify(clientSecret)};
  const stripe = Stripe(${JSON.stringify(fake.publishableKey)}, { locale: 'en', stripeAccount: ${JSON.stringify(stripeAccount)} });
  window.stripeClient = stripe;
  const elements = stripe.elements({ clientSecret });
  const payment = elements.create('payment');
  payment.on('ready', () => { document.body.dataset.ready = 'yes'; });
  payment.mount('#payment');
  const show = (result) => {
    document.getElementById('result').textContent = result.error
      ? 'error: ' + result.error.message
      : 'paid: ' + result.paymentIntent.status;
  };
  document.getElementById('form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const submitted = await elements.submit();
    if (submitted.error) return show(submitted);
    show(await stripe.confirmPayment({
      elements,
      confirmParams: {
        return_url: location.origin + '/portal/done',
        receipt_email: 'guest@example.com',
        payment_method_data: { billing_details: { name: 'Ana García' } },
      },
      redirect: ${JSON.stringify(redirect)},
    }));
  });
  document.getElementById('next').addEventListener('click', async () => show(await stripe.handleNextAction({ clientSecret })));
</script></body></html>`;
}

beforeAll(async () => {
  fake = await startStripeFake();
  stripe = new Stripe(fake.secretKey, { ...fake.sdkOptions, maxNetworkRetries: 0 });
  host = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url?.startsWith('/portal/done') ? '<!doctype html><title>Done</title><p>Back on the portal</p>' : page);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  portalUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/portal`;
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => host?.close(() => resolve()));
  await fake?.close();
});

async function connectedAccount() {
  const account = await stripe.accounts.create({ type: 'express', country: 'ES' });
  fake.completeOnboarding(account.id);
  return account.id;
}

async function openCheckout(checkout: Checkout) {
  page = portalPage(checkout);
  const opened = await openPage(browser, PHONE);
  await opened.page.goto(portalUrl);
  await opened.page.waitForSelector('body[data-ready="yes"]');
  return opened;
}

async function pay(browserPage: Page, number: string) {
  const frame = browserPage.frameLocator('iframe[title="Secure payment input frame"]');
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date').fill('12 / 34');
  await frame.getByLabel('Security code').fill('123');
  await browserPage.getByRole('button', { name: 'Pay' }).click();
}

/** The element's box lies within the phone's width. */
async function withinScreen(browserPage: Page, selector: string) {
  const box = await browserPage.locator(selector).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

describe('Stripe.js stand-in: confirmPayment', () => {
  it('pays a connected account with 4242 at a phone width, without leaving the portal page', async () => {
    const account = await connectedAccount();
    const intent = await stripe.paymentIntents.create(
      { amount: 500, currency: 'eur', application_fee_amount: 50 },
      { stripeAccount: account },
    );
    const { context, page: portal } = await openCheckout({
      clientSecret: intent.client_secret!,
      stripeAccount: account,
      redirect: 'if_required',
    });
    await withinScreen(portal, 'iframe[title="Secure payment input frame"]');
    const frame = portal.frameLocator('iframe[title="Secure payment input frame"]');
    for (const label of ['Card number', 'Expiration date', 'Security code', 'Country']) {
      const box = await frame.getByLabel(label).boundingBox();
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(PHONE.width);
      expect(box!.width, label).toBeGreaterThan(80);
    }
    await fitsWidth(portal);

    await pay(portal, '4242424242424242');
    await expect.poll(() => portal.locator('#result').textContent()).toBe('paid: succeeded');
    expect(portal.url()).toBe(portalUrl);
    const stored = await stripe.paymentIntents.retrieve(intent.id, { expand: ['payment_method'] }, { stripeAccount: account });
    expect(stored).toMatchObject({ status: 'succeeded', receipt_email: 'guest@example.com' });
    expect((stored.payment_method as Stripe.PaymentMethod).billing_details.name).toBe('Ana García');
    expect((await stripe.applicationFees.list()).data.map((f) => f.account)).toContain(account);
    await context.close();
  });

  it('shows the refusal of 4000000000009995 in the fields and leaves the intent waiting for another card', async () => {
    const account = await connectedAccount();
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'eur' }, { stripeAccount: account });
    const { context, page: portal } = await openCheckout({
      clientSecret: intent.client_secret!,
      stripeAccount: account,
      redirect: 'if_required',
    });
    await pay(portal, '4000000000009995');
    await expect.poll(() => portal.locator('#result').textContent()).toBe('error: Your card has insufficient funds.');
    const frame = portal.frameLocator('iframe[title="Secure payment input frame"]');
    await expect.poll(() => frame.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' }).count()).toBe(1);
    expect((await stripe.paymentIntents.retrieve(intent.id, {}, { stripeAccount: account })).status).toBe(
      'requires_payment_method',
    );
    await context.close();
  });

  it('opens 3-D Secure (4000002760003184) in the page at a phone width, and pays once it is completed', async () => {
    const account = await connectedAccount();
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'eur' }, { stripeAccount: account });
    const { context, page: portal } = await openCheckout({
      clientSecret: intent.client_secret!,
      stripeAccount: account,
      redirect: 'if_required',
    });
    await pay(portal, '4000002760003184');
    const challenge = portal.frameLocator('iframe[title="3D Secure challenge"]');
    await challenge.getByRole('button', { name: 'Complete' }).waitFor();
    await withinScreen(portal, 'iframe[title="3D Secure challenge"]');
    expect(context.pages()).toHaveLength(1);
    await challenge.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => portal.locator('#result').textContent()).toBe('paid: succeeded');
    expect(await portal.locator('iframe[title="3D Secure challenge"]').count()).toBe(0);
    expect((await stripe.paymentIntents.retrieve(intent.id, {}, { stripeAccount: account })).status).toBe('succeeded');
    await context.close();
  });

  it('tells why when 3-D Secure fails, and the intent waits for another card', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'eur' });
    const { context, page: portal } = await openCheckout({ clientSecret: intent.client_secret!, redirect: 'always' });
    await pay(portal, '4000002500003155');
    await portal.frameLocator('iframe[title="3D Secure challenge"]').getByRole('button', { name: 'Fail' }).click();
    const message = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    await expect.poll(() => portal.locator('#result').textContent()).toBe(`error: ${message}`);
    expect(portal.url()).toBe(portalUrl);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    await context.close();
  });

  it("with redirect 'always', goes to return_url in the same page naming the intent and redirect_status", async () => {
    const account = await connectedAccount();
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'eur' }, { stripeAccount: account });
    const { context, page: portal } = await openCheckout({
      clientSecret: intent.client_secret!,
      stripeAccount: account,
      redirect: 'always',
    });
    await pay(portal, '5555555555554444');
    await portal.waitForURL(/\/portal\/done\?/);
    const url = new URL(portal.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret,
      redirect_status: 'succeeded',
    });
    expect(context.pages()).toHaveLength(1);
    await context.close();
  });

  it('handleNextAction completes the 3-D Secure of an intent our server confirmed', async () => {
    const account = await connectedAccount();
    const intent = await stripe.paymentIntents.create(
      { amount: 500, currency: 'eur', payment_method: 'pm_card_authenticationRequired', confirm: true },
      { stripeAccount: account },
    );
    expect(intent.status).toBe('requires_action');
    const { context, page: portal } = await openCheckout({
      clientSecret: intent.client_secret!,
      stripeAccount: account,
      redirect: 'if_required',
    });
    await portal.getByRole('button', { name: 'Continue' }).click();
    await portal.frameLocator('iframe[title="3D Secure challenge"]').getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => portal.locator('#result').textContent()).toBe('paid: succeeded');
    expect(
      await portal.evaluate(async (secret) => {
        const result = await (window as any).stripeClient.retrievePaymentIntent(secret);
        return result.paymentIntent.status;
      }, intent.client_secret!),
    ).toBe('succeeded');
    await context.close();
  });
});
