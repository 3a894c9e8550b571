/// <reference lib="dom" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../server/test/fakes/stripe/index.ts';
import { launch, openPage } from './browser.ts';

// The Stripe.js stand-in in Chromium: a page on its own origin loads `/v3/` from the fake, mounts the
// Payment Element (an iframe served by the fake), and confirms a SetupIntent the way our billing page
// will: 4242 succeeds and the card is kept; 4000000000000002 shows Stripe's decline under the fields;
// a card asking for 3-D Secure opens the in-page challenge, completed there.

let fake: StripeFake;
let stripe: Stripe;
let browser: Browser;
let host: Server;
let hostUrl: string;

function hostPage(fakeJs: string, publishableKey: string, clientSecret: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing</title>
<script src="${fakeJs}"></script></head><body>
<form id="form"><div id="payment"></div><button id="save" type="submit">Save card</button></form>
<p id="result"></p>
<script>
  const stripe = Stripe(${JSON.stringify(publishableKey)}, { locale: 'en' });
  const elements = stripe.elements({ clientSecret: ${JSON.stringify(clientSecret)}, appearance: { theme: 'stripe' } });
  const payment = elements.create('payment', { layout: 'tabs' });
  window.changes = [];
  payment.on('ready', () => { document.body.dataset.ready = 'yes'; });
  payment.on('change', (e) => window.changes.push({ complete: e.complete, empty: e.empty }));
  payment.mount('#payment');
  document.getElementById('form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const submitted = await elements.submit();
    if (submitted.error) { document.getElementById('result').textContent = 'invalid: ' + submitted.error.message; return; }
    const result = await stripe.confirmSetup({ elements, confirmParams: { return_url: location.href }, redirect: 'if_required' });
    document.getElementById('result').textContent = result.error ? 'error: ' + result.error.message : 'saved: ' + result.setupIntent.status + ' ' + result.setupIntent.payment_method;
  });
</script></body></html>`;
}

beforeAll(async () => {
  fake = await startStripeFake();
  stripe = new Stripe(fake.secretKey, { ...fake.sdkOptions, maxNetworkRetries: 0 });
  let page = '';
  host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/billing`;
  setPage = (html) => (page = html);
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => host?.close(() => resolve()));
  await fake?.close();
});

let setPage: (html: string) => void = () => {};

async function openWithIntent() {
  const customer = await stripe.customers.create({ email: 'card@example.com' });
  const intent = await stripe.setupIntents.create({ customer: customer.id, automatic_payment_methods: { enabled: true } });
  setPage(hostPage(fake.jsUrl, fake.publishableKey, intent.client_secret!));
  const { context, page } = await openPage(browser, { width: 800, height: 900 });
  await page.goto(hostUrl);
  await page.waitForSelector('body[data-ready="yes"]');
  return { context, page, customer, intent };
}

function cardFrame(page: Page) {
  return page.frameLocator('iframe[title="Secure payment input frame"]');
}

async function typeCard(page: Page, number: string, expiry = '12 / 34', cvc = '123') {
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date').fill(expiry);
  await frame.getByLabel('Security code').fill(cvc);
}

describe('Stripe.js stand-in', () => {
  it('validates like Stripe, then confirms a SetupIntent with 4242 and keeps the card', async () => {
    const { context, page, customer, intent } = await openWithIntent();
    await typeCard(page, '4242 4242 4242', '12 / 1');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect.poll(() => page.locator('#result').textContent()).toBe('invalid: Your card number is incomplete.');
    await expect
      .poll(() => cardFrame(page).locator('#expiry-error').textContent())
      .toBe("Your card's expiration date is incomplete.");

    await typeCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect.poll(() => page.locator('#result').textContent()).toMatch(/^saved: succeeded pm_/);
    expect(await page.evaluate(() => (window as any).changes.at(-1))).toEqual({ complete: true, empty: false });
    const stored = await stripe.setupIntents.retrieve(intent.id, { expand: ['payment_method'] });
    expect(stored.status).toBe('succeeded');
    expect((stored.payment_method as Stripe.PaymentMethod).card).toMatchObject({ last4: '4242', exp_month: 12, exp_year: 2034 });
    const cards = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(cards.data.map((c) => c.card?.last4)).toEqual(['4242']);
    await context.close();
  });

  it('shows the decline of 4000000000000002 under the fields', async () => {
    const { context, page, customer, intent } = await openWithIntent();
    await typeCard(page, '4000000000000002');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect.poll(() => page.locator('#result').textContent()).toBe('error: Your card was declined.');
    await expect.poll(() => cardFrame(page).getByRole('alert').filter({ hasText: 'Your card was declined.' }).count()).toBe(1);
    expect((await stripe.setupIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
    await context.close();
  });

  it('opens the 3-D Secure challenge in the page for 4000002500003155 and completes it', async () => {
    const { context, page, intent } = await openWithIntent();
    await typeCard(page, '4000002500003155');
    await page.getByRole('button', { name: 'Save card' }).click();
    const challenge = page.frameLocator('iframe[title="3D Secure challenge"]');
    await challenge.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => page.locator('#result').textContent()).toMatch(/^saved: succeeded pm_/);
    expect(await page.locator('iframe[title="3D Secure challenge"]').count()).toBe(0);
    expect((await stripe.setupIntents.retrieve(intent.id)).status).toBe('succeeded');
    expect(page.url()).toBe(hostUrl);
    await context.close();
  });

  it('tells why when the 3-D Secure challenge is failed, and the card is not kept', async () => {
    const { context, page, customer, intent } = await openWithIntent();
    await typeCard(page, '4000002500003155');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.frameLocator('iframe[title="3D Secure challenge"]').getByRole('button', { name: 'Fail' }).click();
    const message = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    await expect.poll(() => page.locator('#result').textContent()).toBe(`error: ${message}`);
    await expect.poll(() => cardFrame(page).getByRole('alert').filter({ hasText: message }).count()).toBe(1);
    expect((await stripe.setupIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
    await context.close();
  });
});
