/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { paymentAccounts, paymentPackages, paymentTransactions, sites } from '../server/src/db/schema/index.ts';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { fitsWidth, launch, openPage, screenshot, settle } from './browser.ts';
import { registerOwner, signIn, startApp } from './app.ts';

// The paid Wi-Fi pages of the dashboard in Chromium, as an operator uses them: create two packages, put
// them in order, archive one, then see a guest's payment in the transactions and open its refund dialog.

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startApp(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The active packages' names, in the order the table shows them. */
const packageNames = (page: Page) =>
  page
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[1]?.querySelector('span')?.textContent));

/**
 * A guest's paid purchase of `packageId`, written as the checkout stores one: the guest's payment account
 * and its succeeded transaction (the dashboard only reads them here).
 */
async function paidPurchase(siteId: number, packageId: number) {
  const db = server.handle.db;
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  const [pkg] = await db.select().from(paymentPackages).where(eq(paymentPackages.id, packageId));
  const terms = {
    duration_type: pkg!.durationType,
    duration_val: pkg!.durationVal,
    bytes_t: pkg!.bytesT,
    bytes_type: pkg!.bytesType,
    speed_ul: pkg!.speedUl,
    speed_dl: pkg!.speedDl,
    num_devices: pkg!.numDevices,
  } as never;
  const paidAt = new Date();
  const [account] = await db
    .insert(paymentAccounts)
    .values({
      accountId: site!.accountId,
      siteId,
      email: 'guest.one@example.test',
      passwordHash: 'not-used',
      firstName: 'Guest',
      lastName: 'One',
      packageId,
      terms,
      startsAt: paidAt,
      expiresAt: new Date(paidAt.getTime() + 7 * 86_400_000),
    })
    .returning();
  await db.insert(paymentTransactions).values({
    accountId: site!.accountId,
    siteId,
    paymentAccountId: account!.id,
    packageId,
    packageName: pkg!.name,
    terms,
    kind: 'purchase',
    status: 'succeeded',
    amount: pkg!.price,
    currency: pkg!.currency,
    mac: '02:00:00:00:aa:01',
    numDevices: pkg!.numDevices,
    endtime: new Date(paidAt.getTime() + 7 * 86_400_000),
    paidAt,
  });
}

describe('the paid Wi-Fi dashboard', () => {
  it('creates packages, reorders them, archives one, and opens a payment’s refund dialog', async () => {
    const { api, email, password } = await registerOwner(server, {
      account: 'Café Pago',
      emailPrefix: 'payments-dash',
      password: 'payments-pass-7',
    });
    const site = (await createSite(api, { name: 'Café Pago', router_type: 'unifi', auth_methods: ['payment'] })) as {
      id: number;
      name: string;
    };
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, server, email, password, site);

    // The menu's Payments group leads to the packages; the site has no Stripe account yet.
    await page.goto(`${server.url}/newapp/app/payment/packages`);
    await page.getByRole('heading', { name: 'Packages', level: 1 }).waitFor();
    await page.getByText('No packages yet. Create one for guests to buy.').waitFor();
    await page.getByText(/This location is not connected to Stripe yet/).waitFor();

    // Create: the price is typed in dollars and kept in cents.
    for (const [name, price, days] of [
      ['One day', '4.99', '1'],
      ['One week', '19.99', '7'],
    ] as const) {
      await page.getByRole('link', { name: 'Create package', exact: true }).click();
      await page.getByRole('heading', { name: 'Create package' }).waitFor();
      await page.getByLabel(/^Name/).fill(name);
      await page.getByLabel(/^Price \(USD\)/).fill(price);
      await page.getByLabel('Lasts').fill(days);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: 'Packages', level: 1 }).waitFor();
      await page.getByRole('cell', { name: name }).first().waitFor();
    }
    await page.getByRole('cell', { name: '$19.99' }).waitFor();
    expect(await packageNames(page)).toEqual(['One day', 'One week']);
    const stored = await server.handle.db.select().from(paymentPackages).where(eq(paymentPackages.siteId, site.id));
    expect(stored.map((p) => [p.name, p.price, p.currency]).sort()).toEqual([
      ['One day', 499, 'USD'],
      ['One week', 1999, 'USD'],
    ]);

    // Reorder: the order is saved, and is the one shown after a reload.
    await page.getByRole('button', { name: 'Move One week up' }).click();
    await page.getByText('Order saved').waitFor();
    await page.reload();
    await page.getByRole('cell', { name: '$19.99' }).waitFor();
    expect(await packageNames(page)).toEqual(['One week', 'One day']);

    // Archive after a question: it leaves the active list for the archived one.
    await page
      .getByRole('row', { name: /One day/ })
      .getByRole('button', { name: 'Archive' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Archive One day?' });
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('Package archived').waitFor();
    await expect.poll(() => packageNames(page)).toEqual(['One week']);
    await page.getByRole('tab', { name: 'Archived' }).click();
    await page
      .getByRole('row', { name: /One day/ })
      .getByRole('button', { name: 'Restore' })
      .waitFor();
    await settle(page);
    await screenshot(page, 'payments-packages-archived-1440');

    // A guest bought the week: the transactions list shows it, and its refund dialog offers what is left.
    await paidPurchase(site.id, stored.find((p) => p.name === 'One week')!.id);
    await page.goto(`${server.url}/newapp/app/payment/transactions`);
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: /guest\.one@example\.test/ });
    await row.getByRole('cell', { name: '$19.99' }).waitFor();
    await row.getByText('Paid').waitFor();
    await row.getByRole('button', { name: /Actions for the transaction of/ }).click();
    await page.getByRole('menuitem', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund guest.one@example.test' });
    await expect(refund.getByLabel('Amount to refund (USD)').inputValue()).resolves.toBe('19.99');
    await refund.getByRole('combobox', { name: /Reason/ }).click();
    await expect(page.getByRole('option').allTextContents()).resolves.toEqual([
      'Connectivity issues',
      'Duplicate transactions',
      'No longer using',
    ]);
    await page.getByRole('option', { name: 'No longer using' }).click();
    await refund.getByLabel('Disconnect devices').check();
    await settle(page);
    await screenshot(page, 'payments-refund-dialog-1440');
    await refund.getByRole('button', { name: 'Cancel' }).click();
    await refund.waitFor({ state: 'hidden' });

    // On a phone the pages fit the screen (their tables scroll inside).
    await page.setViewportSize({ width: 375, height: 812 });
    // The page lays itself out again for the new width first.
    await settle(page);
    await fitsWidth(page);
    await page.goto(`${server.url}/newapp/app/payment/packages`);
    await page.getByRole('cell', { name: '$19.99' }).waitFor();
    await fitsWidth(page);
    await context.close();
  });
});
