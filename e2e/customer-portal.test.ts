/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { paymentAccounts } from '../server/src/db/schema/index.ts';
import { startServer, type TestServer } from '../server/test/harness.ts';
import { arriveFromUnifi, fetchPage } from '../server/test/portal.ts';
import { connectedPaymentSite, insertPackage, type PaymentSite } from '../server/test/payments.ts';
import { fitsWidth, launch, openPage, screenshot } from './browser.ts';

// A guest who paid on the portal opens the customer portal in their phone's browser: signs in, sees their
// package and devices, and renews through the Payment Element (the fake's Stripe.js); the account runs a
// package longer.

const PHONE = { width: 375, height: 740 };

let server: TestServer;
let browser: Browser;
let site: PaymentSite | undefined;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
}, 60_000);
afterAll(async () => {
  await site?.unifi.close();
  await browser?.close();
  await server?.close();
});

describe('the customer portal on a phone', () => {
  it('signs in, shows the package and devices, and renews with the Payment Element', async () => {
    site = await connectedPaymentSite(server);
    const p = await insertPackage(server, site, { name: 'Day pass', price: 500 });
    // The guest bought the package on the portal (as the checkout's tests do, without a browser).
    const { guest } = await arriveFromUnifi(server, site);
    await guest.post('payment', { step: 'choose', package: String(p.id) });
    const pay = await guest.post('payment', {
      step: 'pay',
      package: String(p.id),
      price: '500',
      currency: 'USD',
      email: 'eva@example.com',
      password: 'eva-pass-77',
    });
    const intentId = (/data-client-secret="([^"]+)"/.exec(pay.html)?.[1] ?? '').split('_secret_')[0]!;
    await site.stripe.paymentIntents.confirm(
      intentId,
      { payment_method: 'pm_card_visa', return_url: 'http://127.0.0.1/return' },
      { stripeAccount: site.stripeAccount },
    );
    await fetchPage(server, `${new URL('payment-return', new URL(guest.base, server.url)).pathname}?payment_intent=${intentId}`);
    const [before] = await server.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.email, 'eva@example.com'));

    const { context, page } = await openPage(browser, PHONE, { isMobile: true, hasTouch: true });
    await page.goto(`${server.url}/guest/${site.portalKey}/account`);
    await page.getByLabel('Email').fill('eva@example.com');
    await page.getByLabel('Password').fill('eva-pass-77');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Package: Day pass' }).waitFor();
    await expect.poll(() => page.getByText(guest.mac).count()).toBe(1);
    await fitsWidth(page);
    await screenshot(page, 'customer-portal-375');

    await page.getByRole('button', { name: 'Renew: Day pass' }).click();
    await page.waitForSelector('form#checkout[data-ready="yes"]');
    await fitsWidth(page);
    const frame = page.frameLocator('iframe[title="Secure payment input frame"]');
    await frame.getByLabel('Card number').fill('4242424242424242');
    await frame.getByLabel('Expiration date').fill('12 / 34');
    await frame.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /Pay now/ }).click();
    await page.getByText('Thank you: your account now runs until').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/guest/${site.portalKey}/account`);
    const [after] = await server.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.id, before!.id));
    expect(after!.expiresAt!.getTime() - before!.expiresAt!.getTime()).toBe(24 * 3_600_000);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    await context.close();
  }, 120_000);
});
