/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { accountOf, stripeOf } from '../server/test/billing.ts';
import { launch, openPage, screenshot, settle } from './browser.ts';
import { registerOwner, signIn, startApp } from './app.ts';

// The billing journey in Chromium against the real server, billing on a loopback Stripe (the official SDK
// talks to it; its Stripe.js stand-in serves the Payment Element's frame): a trial owner upgrades from the
// banner to Engage yearly with a 4242 card; the trial ends on Stripe's clock and the first invoice comes
// with its PDF; a renewal fails on a card that is refused, the gate sends to the card page, a new card
// pays and the account is active again; a cancellation with a reason shows its banner and is withdrawn;
// a change of plan shows the proration before confirming.

const DAY = 86_400;
let app: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: Awaited<ReturnType<typeof registerOwner>>;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launch()]);
  owner = await registerOwner(app, { account: 'Lighthouse Cafe', emailPrefix: 'billing-owner', password: 'owner-pass-7' });
  await createSite(owner.api, { name: 'Lighthouse Cafe', auth_methods: ['email'] });
  ({ context, page } = await openPage(browser, { width: 1280, height: 900 }));
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

/** The Payment Element's frame, served by the Stripe stand-in. */
async function enterCard(number: string) {
  const frame = page.frameLocator('iframe[title="Secure payment input frame"]');
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date').fill('12 / 34');
  await frame.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

/** The value beside a heading of the subscription's table. */
const valueOf = (heading: string) =>
  page
    .getByRole('table', { name: 'Subscription' })
    .getByRole('row')
    .filter({ hasText: new RegExp(`^${heading}`) })
    .locator('td');
const shows = (heading: string, value: string | RegExp) =>
  expect.poll(() => valueOf(heading).textContent(), { timeout: 30_000 }).toMatch(value);

async function openSubscriptionTab() {
  await page.goto(`${app.url}/newapp/app/account/subscription`);
  await page.getByRole('table', { name: 'Subscription' }).waitFor();
}

/** What Stripe knows of the account: its customer and subscription. */
async function stripeIds() {
  const account = await accountOf(app, owner.email);
  return { customer: account.stripeCustomerId!, subscription: account.stripeSubscriptionId! };
}

describe('billing', () => {
  it('trial banner -> Upgrade Now -> Engage yearly with a 4242 card -> the tab shows the plan, the card and the next charge', async () => {
    await signIn(page, app, owner.email, owner.password);
    await page.getByText(/^Psst\.\.\. your trial ends in \d+ days$/).waitFor();
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    await page.waitForURL(/\/change-subscription\/buy_now$/);
    await page.getByRole('heading', { name: 'Buy a plan', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Yearly' }).click();
    // The trial's plan comes chosen; another can be picked, and back.
    await page.getByRole('button', { name: 'Chosen Engage' }).waitFor();
    await page.getByRole('button', { name: 'Choose Collect' }).click();
    await page.getByRole('button', { name: 'Chosen Collect' }).waitFor();
    await page.getByRole('button', { name: 'Choose Engage' }).click();
    await page.getByRole('button', { name: 'Chosen Engage' }).waitFor();

    await enterCard('4242 4242 4242 4242');
    await page.getByText('Card saved').waitFor();
    await page.getByTestId('card-on-file').getByText('Visa ending in 4242, expires 12/2034').waitFor();
    // During the trial nothing is charged now: the card is charged when the trial ends.
    await page.getByText(/^Nothing is charged now: your card is charged .+ when the trial ends on .+\.$/).waitFor();
    expect(await page.getByTestId('due-now').textContent()).toBe('$0.00');
    await screenshot(page, 'billing-buy-now-1280');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();

    await page.waitForURL(/\/app\/account\/subscription$/);
    await page.getByText('Your subscription is now Engage').waitFor();
    await shows('Plan', /^Engage$/);
    await page.getByTestId('card-on-file').getByText('Visa ending in 4242').waitFor();
    await shows('Next charge', /^\$[\d,.]+ on .+/);
    await shows('Price', / \/ year$/);
    // As on Stripe, the trial starts with an invoice of nothing.
    const history = page.getByRole('table', { name: 'Billing history' });
    await history.getByRole('row').filter({ hasText: '$0.00' }).waitFor();
    await settle(page);
    await screenshot(page, 'billing-subscription-trial-1280');
  });

  it('the trial ends on Stripe -> active, with the first invoice and its PDF', async () => {
    await app.stripe!.advanceTime(15 * DAY);
    await openSubscriptionTab();
    await shows('Status', /^Active$/);
    const history = page.getByRole('table', { name: 'Billing history' });
    // The first year's charge, paid, with its PDF.
    const charged = history.getByRole('row').filter({ hasText: 'Paid' }).filter({ hasNotText: '$0.00' });
    await charged.waitFor();
    const href = await charged.getByRole('link', { name: /^PDF/ }).getAttribute('href');
    expect(href).toMatch(/^https?:\/\//);
    const res = await fetch(href!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/pdf/);
    // The trial banner is gone with the trial.
    expect(await page.getByText(/your trial ends/).count()).toBe(0);
    await screenshot(page, 'billing-subscription-active-1280');

    // The billing address: the server's message under the field it is about, then saved on Stripe's customer.
    const address = page.getByRole('form', { name: 'Billing address' });
    await address.getByLabel('Address line 1').fill('1 Harbour Road');
    await address.getByLabel('City').fill('Valencia');
    await address.getByLabel('Country code (2 letters, e.g. US)').fill('Spain');
    await address.getByRole('button', { name: 'Save address' }).click();
    const countryField = address.getByRole('textbox', { name: 'Country code (2 letters, e.g. US)' });
    await expect.poll(() => countryField.getAttribute('aria-invalid')).toBe('true');
    expect(await address.locator('#' + (await countryField.getAttribute('aria-describedby'))).textContent()).not.toBe('');
    await countryField.fill('es');
    await address.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Billing address saved').waitFor();
    const customer = await stripeOf(app).customers.retrieve((await stripeIds()).customer);
    expect(customer).toMatchObject({ address: { line1: '1 Harbour Road', city: 'Valencia', country: 'ES' } });
  });

  it('a renewal fails on the card -> the gate sends to the card page -> a new 4242 card pays -> active', async () => {
    const stripe = stripeOf(app);
    const { customer, subscription } = await stripeIds();
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer });
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: failing.id } });
    await stripe.subscriptions.update(subscription, { default_payment_method: failing.id });
    await app.stripe!.advanceTime(366 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription)).status).toBe('past_due');

    await page.goto(`${app.url}/newapp/app/reports/dashboard`);
    await page.waitForURL(/\/signup\/registration\/setup-payment\/update$/);
    await page.getByText(/^The last charge for your subscription failed: the card was declined\./).waitFor();
    await screenshot(page, 'billing-setup-payment-1280');
    await enterCard('4242424242424242');
    await page.getByText('Your card is updated').waitFor();
    await page.waitForURL(/\/app(\/reports\/dashboard)?(\?site=\d+)?$/);
    await page.getByTestId('dashboard-site').waitFor();
    expect((await stripe.subscriptions.retrieve(subscription)).status).toBe('active');

    await openSubscriptionTab();
    await shows('Status', /^Active$/);
    await page.getByTestId('card-on-file').getByText('Visa ending in 4242').waitFor();
    expect(await page.getByRole('table', { name: 'Billing history' }).getByRole('cell', { name: 'Paid' }).count()).toBe(3);
  });

  it('cancel with a reason -> the ends banner -> Reactivate -> active again', async () => {
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(await dialog.getByRole('button', { name: 'Cancel subscription' }).isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'The price is too high' }).check();
    await dialog.getByLabel('Anything else you want to tell us?').fill('Only open in summer');
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText(/^Your subscription ends on /).waitFor();
    await page.getByText(/^Psst\.\.\. your subscription ends in \d+ days?$/).waitFor();
    const account = await accountOf(app, owner.email);
    expect(account).toMatchObject({ cancelReason: 'price too high', cancelComments: 'Only open in summer' });
    await screenshot(page, 'billing-cancelled-1280');

    await page.getByRole('alert').getByRole('button', { name: 'Reactivate' }).click();
    await page.waitForURL(/\/change-subscription\/reactivate$/);
    await page.getByText('Your plan stays Engage.').waitFor();
    expect(await page.getByTestId('due-now').textContent()).toBe('$0.00');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.waitForURL(/\/app\/account\/subscription$/);
    await page.getByText('Your Engage subscription continues').waitFor();
    await shows('Status', /^Active$/);
    expect(await page.getByText(/your subscription ends in/).count()).toBe(0);
    expect((await stripeOf(app).subscriptions.retrieve((await stripeIds()).subscription)).cancel_at_period_end).toBe(false);
  });

  it('change plan -> the proration is shown -> confirm -> the new plan', async () => {
    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.waitForURL(/\/change-subscription\/change$/);
    await page.getByText('Choose a plan other than your current one.').waitFor();
    await page.getByRole('button', { name: 'Choose Provider' }).click();
    const preview = page.getByTestId('charge-preview');
    await preview.waitFor();
    // Stripe's proration lines: the unused time on Engage back, the remaining time on Provider.
    expect(await preview.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    await preview.getByText(/Unused time on/).waitFor();
    await preview.getByText(/Remaining time on/).waitFor();
    const due = (await page.getByTestId('due-now').textContent())!;
    expect(due).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(Number(due.replace(/[$,]/g, ''))).toBeGreaterThan(0);
    await screenshot(page, 'billing-change-plan-1280');
    await page.getByRole('button', { name: `Confirm and pay ${due}` }).click();
    await page.waitForURL(/\/app\/account\/subscription$/);
    await page.getByText('Your subscription is now Provider').waitFor();
    await shows('Plan', /^Provider$/);
    await shows('Status', /^Active$/);
  });

  it('reads in Spanish with the dark theme on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('settings', JSON.stringify({ language: 'es-ES', theme: 'dark' })));
    await page.goto(`${app.url}/newapp/change-subscription/change`);
    await page.getByRole('heading', { name: 'Cambiar de plan', level: 1 }).waitFor();
    await page.getByText('Elige un plan distinto del actual.').waitFor();
    await page.getByRole('button', { name: 'Elegir Engage' }).click();
    await page.getByTestId('charge-preview').getByText('Se cobra ahora').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await settle(page);
    await screenshot(page, 'billing-change-plan-es-dark-390');
    await page.goto(`${app.url}/newapp/app/account/subscription`);
    await page.getByRole('table', { name: 'Suscripción' }).waitFor();
    await page.getByRole('table', { name: 'Historial de facturación' }).waitFor();
    await settle(page);
    await screenshot(page, 'billing-subscription-es-dark-390');
  });
});

describe('billing off (no STRIPE_SECRET_KEY)', () => {
  it('shows no trial banner, and the subscription tab says billing is off with nothing to click', async () => {
    const off = await startApp({ STRIPE_SECRET_KEY: '' });
    const { context: offContext, page: offPage } = await openPage(browser, { width: 390, height: 844 });
    try {
      const o = await registerOwner(off, { account: 'Selfhosted Bar', emailPrefix: 'billing-off', password: 'owner-pass-7' });
      await createSite(o.api, { name: 'Selfhosted Bar', auth_methods: ['email'] });
      await signIn(offPage, off, o.email, o.password);
      await offPage.goto(`${off.url}/newapp/app/account/subscription`);
      await offPage
        .getByText(
          'Billing is turned off on this server: every account has the Provider plan without limits. There is nothing to buy or pay.',
        )
        .waitFor();
      expect(await offPage.getByText(/^Psst\.\.\./).count()).toBe(0);
      for (const name of ['Change plan', 'Cancel subscription', 'Buy now', 'Manage in Stripe', 'Update card'])
        expect(await offPage.getByRole('button', { name }).count(), name).toBe(0);
      await screenshot(offPage, 'billing-off-390');
    } finally {
      await offContext.close();
      await off.close();
    }
  });
});
