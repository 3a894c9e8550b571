/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { paymentTransactions } from '../server/src/db/schema/index.ts';
import { startServer, type TestServer } from '../server/test/harness.ts';
import { randomMac } from '../server/test/portal.ts';
import { connectedPaymentSite, insertPackage, type PaymentSite } from '../server/test/payments.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fitsWidth, launch, openPage, screenshot } from './browser.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// A guest's phone sent to the portal by the UniFi test controller buys a package in Chromium at a phone's
// width: the package, the account's details, then the card in Stripe's Payment Element in the same page
// (the fake's Stripe.js), a refused card first, then a card that asks for 3-D Secure (in the page too).
// The guest ends online with the package's limits at the controller.

const PHONE = { width: 375, height: 740 };
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

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

describe('paid Wi-Fi on a phone', () => {
  it('buys a package with the Payment Element and 3-D Secure, and is online with its limits', async () => {
    site = await connectedPaymentSite(server);
    await insertPackage(server, site, {
      name: 'Two hours',
      price: 1500,
      durationType: 'hours',
      durationVal: 2,
      bytesT: 500,
      bytesType: 'MB',
      speedUl: 1000,
      speedDl: 5000,
      numDevices: 1,
    });
    await insertPackage(server, site, {
      name: 'Taster',
      price: 0,
      isTrial: true,
      durationType: 'minutes',
      durationVal: 15,
      displayOrder: 1,
    });
    const { context, page } = await openPage(browser, PHONE, { isMobile: true, hasTouch: true, userAgent: SAFARI });
    // The walled garden: only the portal and Stripe (the fake) are reachable before the grant.
    const stripeUrl = server.stripe!.url;
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith(server.url) || url.startsWith(stripeUrl)) return route.continue().catch(() => {});
      await route
        .fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Outside</title>' })
        .catch(() => {});
    });
    const mac = randomMac();
    const query = new URLSearchParams({
      ap: 'f0:9f:c2:00:00:01',
      id: mac,
      t: String(Math.floor(Date.now() / 1000)),
      url: 'http://example.com/',
    });
    await page.goto(`${server.url}/guest/s/${site.unifiSite}/?${query}`);

    await fitsWidth(page);
    await screenshot(page, 'paid-wifi-packages-375');
    await page.getByRole('button', { name: 'Choose: Two hours' }).click();
    await page.getByLabel('Email').fill('phone@example.com');
    await page.getByLabel(/Choose a password/).fill('phone-pass-7');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForSelector('form#checkout[data-ready="yes"]');
    await fitsWidth(page);
    await screenshot(page, 'paid-wifi-card-375');
    const frame = page.frameLocator('iframe[title="Secure payment input frame"]');
    const pay = async (number: string) => {
      await frame.getByLabel('Card number').fill(number);
      await frame.getByLabel('Expiration date').fill('12 / 34');
      await frame.getByLabel('Security code').fill('123');
      await page.getByRole('button', { name: /Pay now/ }).click();
    };

    await pay('4000000000009995');
    await expect
      .poll(() => page.locator('#checkout-error').textContent())
      .toBe('Your card has insufficient funds. Nothing was charged: please try another card.');
    expect(site.unifi.commands).toHaveLength(0);

    await frame.getByLabel('Card number').fill('');
    await pay('4000002760003184');
    const challenge = page.frameLocator('iframe[title="3D Secure challenge"]');
    await challenge.getByRole('button', { name: 'Complete' }).click();
    await page.getByText('You are connected').waitFor();
    expect(context.pages()).toHaveLength(1);
    await fitsWidth(page);

    const [auth] = site.unifi.commands.filter((c) => c.body.cmd === 'authorize-guest');
    expect(auth!.body).toMatchObject({ mac, up: 1000, down: 5000, bytes: 500 });
    expect(auth!.body.minutes).toBeGreaterThanOrEqual(119);
    const [tx] = await server.handle.db.select().from(paymentTransactions).where(eq(paymentTransactions.siteId, site.siteId));
    expect(tx).toMatchObject({ status: 'succeeded', amount: 1500, feeAmount: 75, mac });
    await context.close();
  }, 120_000);

  it('has no serious accessibility problems on the packages, details and card screens, in English and Spanish', async () => {
    const s = site!;
    // axe is put in the page as a script: this context alone lets it past the pages' CSP.
    for (const lang of ['en-US', 'es-ES']) {
      const { context, page } = await openPage(browser, PHONE, {
        bypassCSP: true,
        locale: lang,
        extraHTTPHeaders: { 'accept-language': lang },
      });
      const query = new URLSearchParams({
        ap: 'f0:9f:c2:00:00:01',
        id: randomMac(),
        t: String(Math.floor(Date.now() / 1000)),
        url: 'http://example.com/',
      });
      await page.goto(`${server.url}/guest/s/${s.unifiSite}/?${query}`);
      const problems: string[] = [];
      const audit = async (where: string) => {
        await page.addScriptTag({ content: AXE_SOURCE });
        const violations = (await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: unknown[] }> } }).axe;
          return (await axe.run(document, { iframes: false, resultTypes: ['violations'] })).violations;
        })) as { id: string; impact: string; nodes: { html: string }[] }[];
        for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
          problems.push(`${lang} ${where}: ${v.id} at ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
      };
      await audit('packages');
      await page
        .locator('form', { has: page.locator('input[name="step"][value="choose"]') })
        .first()
        .locator('button')
        .click();
      await audit('details');
      await page.locator('input[name="email"]').fill('axe@example.com');
      await page.locator('input[name="password"]').fill('axe-pass-77');
      await page.locator('button.go[type="submit"]').click();
      await page.waitForSelector('form#checkout[data-ready="yes"]');
      await audit('card');
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
