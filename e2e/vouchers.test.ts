/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import {
  sites,
  voucherActivationCounts,
  voucherBatchSites,
  voucherBatches,
  voucherDesigns,
  vouchers,
} from '../server/src/db/schema/index.ts';
import { registerAccount, type TestServer } from '../server/test/harness.ts';
import { signedInClient } from '../server/test/clients.ts';
import { arriveFromUnifi, randomMac } from '../server/test/portal.ts';
import { addUnifiSite, pdfTexts, readPdf } from '../server/test/fixtures/vouchers.ts';
import { fitsWidth, launch, openPage, screenshot, settle } from './browser.ts';
import { signIn, startApp } from './app.ts';

// The Vouchers and Multi-Site Vouchers screens in Chromium at a phone's and a desktop's width: create a
// batch (with the spec's checks), list it, print it as a PDF, design the cards and see the change in the
// preview and in the PDF, a voucher redeemed on the portal in use with its device, disconnect, delete; a
// multi-site batch for two picked locations; a client without the voucher permission; the plan limit, in
// Spanish.

let server: TestServer;
let browser: Browser;
const controllers: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  // Billing on (a secret key; nothing here calls Stripe): the plan's limits apply.
  [server, browser] = await Promise.all([startApp({ STRIPE_SECRET_KEY: 'sk_test_limits' }), launch()]);
});
afterAll(async () => {
  await Promise.all(controllers.map((c) => c.close()));
  await browser?.close();
  await server?.close();
});

// A 4x4 PNG pdfkit can draw.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000004000000040806000000a9f19e7e0000001a494441547801633c2127f79f01093031a001260634c0c480060084c6020b1df3375b0000000049454e44ae426082',
  'hex',
);

/** An account with UniFi locations (fake controllers on loopback) that offer vouchers. */
async function account(extraSites: string[] = []) {
  const { client, email, password } = await registerAccount(server, { account_name: 'Hotel Sol' });
  const main = await addUnifiSite(server, client, ['voucher', 'multisitevoucher'], 'Hotel Sol');
  controllers.push(main.unifi);
  const others = [];
  for (const name of extraSites) {
    const s = await addUnifiSite(server, client, ['multisitevoucher'], name);
    controllers.push(s.unifi);
    others.push(s);
  }
  const [batchless] = await server.handle.db.select().from(voucherBatches).where(eq(voucherBatches.siteId, main.siteId));
  expect(batchless).toBeUndefined();
  return { client, email, password, main, others };
}

/** The account's main location, as the dashboard's site switcher names it. */
const hotelSol = (main: { siteId: number }) => ({ id: main.siteId, name: 'Hotel Sol' });

/** Waits for the toasts to go (a pointer resting on one keeps it, and on a phone they cover the form's buttons). */
async function toastsGone(page: Page) {
  await page.mouse.move(0, 0);
  await expect.poll(() => page.locator('#notistack-snackbar').count(), { timeout: 15_000 }).toBe(0);
}

/** Clicks "Print" and answers the downloaded file. */
async function printPdf(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download') as Promise<Download>,
    page.getByRole('link', { name: 'Print', exact: true }).click(),
  ]);
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { file, name: download.suggestedFilename(), pdf: readPdf(file) };
}

async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('vouchers at $width wide', ({ width, height }) => {
  it('creates a batch, lists, prints and designs it, follows a voucher redeemed on the portal, disconnects and deletes', async () => {
    const { email, password, main } = await account();
    const { context, page } = await openPage(browser, { width, height }, { acceptDownloads: true });
    await signIn(page, server, email, password, hotelSol(main));

    // The side menu leads to the list (on a phone, through the menu button).
    if (width < 1200) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'main' }).getByRole('button', { name: 'Vouchers', exact: true }).click();
    await page.getByRole('heading', { name: 'Vouchers', exact: true }).waitFor();
    await page.getByText('No batches yet: create one to print vouchers.').waitFor();
    await page.getByText('0 of 2000 vouchers activated in this billing period on your plan.').waitFor();
    await settle(page);
    await screenshot(page, `vouchers-empty-${width}`);
    await fitsWidth(page);

    // Create: the spec's checks in the form, before anything is sent.
    await page.getByRole('link', { name: 'Create batch' }).click();
    await page.getByRole('heading', { name: 'Create a voucher batch' }).waitFor();
    await page.getByLabel('Batch Id').fill('42a');
    await page.getByLabel(/^Number of vouchers/).fill('0');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Batch Id must be a four-digit number').waitFor();
    await page.getByText('At least 1', { exact: true }).waitFor();
    await page.getByText('Failed to create').waitFor();
    await settle(page);
    await screenshot(page, `vouchers-create-errors-${width}`);
    await fitsWidth(page);
    expect(await server.handle.db.select().from(voucherBatches).where(eq(voucherBatches.siteId, main.siteId))).toEqual([]);

    await toastsGone(page);
    await page.getByLabel('Batch Id').fill('0420');
    await page.getByLabel(/^Number of vouchers/).fill('12');
    await page.getByLabel(/^Duration/).fill('2');
    await choose(page, 'Unit', 'Hours');
    await page.getByLabel('Data limit (MB)').fill('500');
    await page.getByLabel('Upload speed (Kbps)').fill('1024');
    await page.getByLabel('Notes').fill('Lobby desk');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { name: 'Batch 0420' }).waitFor();
    await page.getByText('Batch 0420 created').waitFor();
    await page.getByText('12 vouchers: 12 unused, 0 in use, 0 expired').waitFor();
    const [batch] = await server.handle.db.select().from(voucherBatches).where(eq(voucherBatches.siteId, main.siteId));
    expect(batch).toMatchObject({
      batchCode: '0420',
      count: 12,
      durationValue: 2,
      durationType: 'hours',
      dataLimitMb: 500,
      speedUl: 1024,
      speedDl: 0,
      notes: 'Lobby desk',
    });
    const codes = (await server.handle.db.select().from(vouchers).where(eq(vouchers.batchId, batch!.id))).map((v) => v.code);
    expect(codes).toHaveLength(12);
    await settle(page);
    await screenshot(page, `vouchers-batch-${width}`);
    await fitsWidth(page);

    // Print on A4, ten cards a page (the default design): two pages.
    const first = await printPdf(page);
    expect(first.name).toBe('vouchers-batch-0420.pdf');
    expect(first.pdf.pages).toHaveLength(2);
    expect(pdfTexts(first.pdf.content)).toContain('Wi-Fi voucher');

    // The list: batches, then the unused vouchers, searched and sorted.
    await page.getByRole('link', { name: 'All vouchers' }).click();
    await page.getByRole('heading', { name: 'Vouchers', exact: true }).waitFor();
    await page.getByRole('link', { name: /^Batch 0420/ }).waitFor();
    await page.getByRole('tab', { name: 'Unused' }).click();
    await page.getByText('1–12 of 12').waitFor();
    expect(page.url()).toContain('tab=unused');
    await choose(page, 'Sort by', 'Code');
    await choose(page, 'Order', 'Ascending');
    const sorted = [...codes].sort();
    const firstCode = `${sorted[0]!.slice(0, 4)}-${sorted[0]!.slice(4, 8)}-${sorted[0]!.slice(8)}`;
    await expect
      .poll(() =>
        page
          .getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
          .first()
          .textContent(),
      )
      .toBe(firstCode);
    expect(page.url()).toContain('sort_by=code');
    const wanted = codes[5]!;
    await page.getByLabel('Search code, Batch Id or notes').fill(wanted.slice(0, 8).toLowerCase());
    await page.getByText('1–1 of 1').waitFor();
    await settle(page);
    await screenshot(page, `vouchers-unused-${width}`);
    await fitsWidth(page);
    await page.getByLabel('Search code, Batch Id or notes').fill('');
    await page.getByText('1–12 of 12').waitFor();

    // The designer: a change shows in the preview at once, and in the PDF once saved.
    await page.getByRole('link', { name: 'Design cards' }).click();
    await page.getByRole('heading', { name: 'Voucher card design' }).waitFor();
    const preview = page.getByTestId('voucher-card-preview');
    await preview.getByText('Wi-Fi voucher').waitFor();
    await preview.getByText('Duration: 2 hours').waitFor();
    await page.getByLabel('Heading', { exact: true }).fill('Hotel Sol Wi-Fi');
    await preview.getByText('Hotel Sol Wi-Fi').waitFor();
    await choose(page, 'Cards per page', '4');
    await page.getByTestId('voucher-page-caption').getByText('4 cards per A4 page').waitFor();
    await page.getByLabel('Card language').click();
    await page.getByRole('option', { name: 'Spanish' }).click();
    await preview.getByText('Duración: 2 horas').waitFor();
    await page
      .getByTestId('voucher-logo-file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await page.getByText('Only image files are accepted').waitFor();
    await page.getByTestId('voucher-logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await preview.getByTestId('voucher-card-logo').waitFor({ state: 'attached' });
    await page.getByText('Save the design first: the PDF is printed with the saved design.').waitFor();
    await toastsGone(page);
    await page.getByRole('button', { name: 'Save design' }).click();
    await page.getByText('Design saved').waitFor();
    await settle(page);
    await screenshot(page, `vouchers-design-${width}`);
    await fitsWidth(page);
    const designed = await printPdf(page);
    expect(designed.pdf.pages).toHaveLength(3);
    const texts = pdfTexts(designed.pdf.content);
    expect(texts).toContain('Hotel Sol Wi-Fi');
    expect(texts.some((s) => s.startsWith('Duración: 2 horas'))).toBe(true);
    // The preview lays the card out as the PDF does: the same lines, joined, wrapped and cut the same way.
    const isCode = (s: string) => /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(s);
    const previewLines = (await preview.locator('text').allTextContents()).filter((s) => !isCode(s));
    expect(previewLines.length).toBeGreaterThan(3);
    expect(previewLines).toEqual(texts.filter((s) => !isCode(s)));
    // The logo and one strip of QR codes a page.
    expect(designed.pdf.images.length).toBeGreaterThanOrEqual(4);

    // A guest redeems a voucher on the portal: it is in use, with the guest's device.
    const mac = randomMac();
    const { guest } = await arriveFromUnifi(server, main, { mac });
    expect((await guest.post('voucher', { voucher: wanted })).status).toBe(200);
    const shown = `${wanted.slice(0, 4)}-${wanted.slice(4, 8)}-${wanted.slice(8)}`;
    await page.getByRole('link', { name: 'All vouchers' }).click();
    await page.getByRole('tab', { name: 'In use' }).click();
    await page.getByText(shown).click();
    await page.getByRole('heading', { name: shown }).waitFor();
    await page.getByTestId('voucher-status').getByText('In use').waitFor();
    const devices = page.getByRole('list', { name: 'Devices' });
    await devices.getByText(mac.toUpperCase()).waitFor();
    await devices.getByText('Online').waitFor();
    await page.getByText('Devices (1 of 1)').waitFor();
    await settle(page);
    await screenshot(page, `vouchers-details-${width}`);
    await fitsWidth(page);

    // Disconnect it: the controller is told, the seat is freed.
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Device disconnected').waitFor();
    await page.getByText(/^No device yet/).waitFor();
    expect(main.unifi.commands.at(-1)?.body).toEqual({ cmd: 'unauthorize-guest', mac });

    // Delete the voucher, then the batch.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Voucher deleted').waitFor();
    await page.getByRole('heading', { name: 'Batch 0420' }).waitFor();
    expect(await server.handle.db.select().from(vouchers).where(eq(vouchers.code, wanted))).toEqual([]);
    await page.getByRole('button', { name: 'Delete batch' }).click();
    await page.getByRole('dialog').getByText('Delete batch 0420?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Batch deleted').waitFor();
    await page.getByText('No batches yet: create one to print vouchers.').waitFor();
    expect(await server.handle.db.select().from(voucherBatches).where(eq(voucherBatches.id, batch!.id))).toEqual([]);
    await context.close();
  }, 240_000);

  it('creates a multi-site batch for two picked locations', async () => {
    const { email, password, main, others } = await account(['Hotel Luna', 'Hotel Mar']);
    const [luna, mar] = others;
    const { context, page } = await openPage(browser, { width, height });
    await signIn(page, server, email, password, hotelSol(main));
    await page.goto(`${server.url}/newapp/app/voucher/multisite/manage`);
    await page.getByRole('heading', { name: 'Multi-Site Vouchers' }).waitFor();
    await page.getByRole('link', { name: 'Create batch' }).click();
    await page.getByRole('heading', { name: 'Create a multi-site voucher batch' }).waitFor();
    await expect(page.getByRole('checkbox', { name: 'Hotel Sol (this location)' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('checkbox', { name: 'Hotel Sol (this location)' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('checkbox', { name: 'Hotel Luna' }).check();
    await page.getByLabel(/^Number of vouchers/).fill('3');
    await settle(page);
    await screenshot(page, `vouchers-multisite-create-${width}`);
    await fitsWidth(page);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText(/^Batch \d{4} created$/).waitFor();
    await page.getByTestId('voucher-batch-sites').getByText('Hotel Luna, Hotel Sol').waitFor();
    await settle(page);
    await screenshot(page, `vouchers-multisite-batch-${width}`);

    const [batch] = await server.handle.db
      .select()
      .from(voucherBatches)
      .where(and(eq(voucherBatches.siteId, main.siteId), eq(voucherBatches.kind, 'multisite_voucher')));
    const sites = await server.handle.db.select().from(voucherBatchSites).where(eq(voucherBatchSites.batchId, batch!.id));
    expect(sites.map((s) => s.siteId).sort((a, b) => a - b)).toEqual([main.siteId, luna!.siteId].sort((a, b) => a - b));
    // A code of the batch works at the picked location, not at the other one.
    const [code] = (await server.handle.db.select().from(vouchers).where(eq(vouchers.batchId, batch!.id))).map((v) => v.code);
    const mac = randomMac();
    expect(
      (await (await arriveFromUnifi(server, luna!, { mac })).guest.post('multisitevoucher', { voucher: code! })).status,
    ).toBe(200);
    expect((await (await arriveFromUnifi(server, mar!)).guest.post('multisitevoucher', { voucher: code! })).status).toBe(422);
    await page.getByRole('tab', { name: 'In use' }).click();
    const shown = `${code!.slice(0, 4)}-${code!.slice(4, 8)}-${code!.slice(8)}`;
    await page.getByText(shown).click();

    // The voucher: where it works, and the device it was used on at the other location.
    await page.getByRole('heading', { name: shown }).waitFor();
    await page.getByTestId('voucher-status').getByText('In use').waitFor();
    await page.getByText('Hotel Luna, Hotel Sol').waitFor();
    await page.getByRole('list', { name: 'Devices' }).getByText(mac.toUpperCase()).waitFor();
    await settle(page);
    await screenshot(page, `vouchers-multisite-details-${width}`);
    await fitsWidth(page);

    // Its own card design, kept apart from the single-site one.
    await page.goto(`${server.url}/newapp/app/voucher/multisite/design`);
    await page.getByRole('heading', { name: 'Multi-site voucher card design' }).waitFor();
    await page.getByLabel('Heading', { exact: true }).fill('Hotels Wi-Fi');
    await page.getByTestId('voucher-card-preview').getByText('Hotels Wi-Fi').waitFor();
    await page.getByRole('button', { name: 'Save design' }).click();
    await page.getByText('Design saved').waitFor();
    await settle(page);
    await screenshot(page, `vouchers-multisite-design-${width}`);
    await fitsWidth(page);
    const designs = await server.handle.db.select().from(voucherDesigns).where(eq(voucherDesigns.siteId, main.siteId));
    expect(designs.map((d) => [d.kind, d.design.heading_text])).toEqual([['multisite_voucher', 'Hotels Wi-Fi']]);
    await context.close();
  }, 180_000);
});

describe('who sees vouchers, and the plan limit', () => {
  it('hides the menu items and the routes from a client without the voucher permission', async () => {
    const { main, client } = await account();
    await client.post(`${main.api}/voucher/`, { count: 1, duration_value: 1, duration_type: 'days' });
    const [row] = await server.handle.db.select().from(voucherBatches).where(eq(voucherBatches.siteId, main.siteId));
    const { email } = await signedInClient(server, row!.accountId, [{ siteId: main.siteId, area: 'guest_data', level: 'write' }]);
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, server, email, 'client-pass-7', hotelSol(main));
    const menu = page.getByRole('navigation', { name: 'main' });
    await menu.getByRole('button', { name: 'Guests' }).waitFor();
    await expect(menu.getByRole('button', { name: 'Vouchers', exact: true }).count()).resolves.toBe(0);
    await expect(menu.getByRole('button', { name: 'Multi-Site Vouchers' }).count()).resolves.toBe(0);
    for (const route of [
      '/app/voucher/manage',
      '/app/voucher/create',
      '/app/voucher/multisite/design',
      '/app/voucher/details/1',
    ]) {
      await page.goto(`${server.url}/newapp${route}`);
      await page.waitForURL(/\/app\/reports\/dashboard/);
    }
    await expect(page.getByRole('heading', { name: 'Vouchers', exact: true }).count()).resolves.toBe(0);

    // A Read Only client of the voucher data sees the list but nothing to change.
    const reader = await signedInClient(server, row!.accountId, [{ siteId: main.siteId, area: 'voucher_data', level: 'read' }]);
    const { context: other, page: readerPage } = await openPage(browser, { width: 375, height: 812 });
    await signIn(readerPage, server, reader.email, 'client-pass-7', hotelSol(main));
    await readerPage.goto(`${server.url}/newapp/app/voucher/manage`);
    await readerPage.getByText('You can see these vouchers but not change them (Read Only access).').waitFor();
    await readerPage.getByRole('link', { name: new RegExp(`Batch ${row!.batchCode}`) }).waitFor();
    await expect(readerPage.getByRole('link', { name: 'Create batch' }).count()).resolves.toBe(0);
    await settle(readerPage);
    await screenshot(readerPage, 'vouchers-read-only-375');
    // The batch and the card design: seen, with nothing to change them.
    await readerPage.getByRole('link', { name: new RegExp(`Batch ${row!.batchCode}`) }).click();
    await readerPage.getByRole('heading', { name: `Batch ${row!.batchCode}` }).waitFor();
    await readerPage.getByRole('link', { name: 'Print', exact: true }).waitFor();
    await expect(readerPage.getByRole('button', { name: 'Delete batch' }).count()).resolves.toBe(0);
    await readerPage.goto(`${server.url}/newapp/app/voucher/design`);
    await readerPage.getByRole('heading', { name: 'Voucher card design' }).waitFor();
    await readerPage.getByText('You can see these vouchers but not change them (Read Only access).').waitFor();
    await expect(readerPage.getByRole('button', { name: 'Save design' }).count()).resolves.toBe(0);
    await context.close();
    await other.close();
  }, 180_000);

  it('warns at a location whose splash page has no voucher login, and turns it on', async () => {
    const { main, client, email, password } = await account();
    expect((await client.put(`/s/api/v1/site/${main.siteId}`, { auth_methods: ['email', 'multisitevoucher'] })).status).toBe(200);
    const { context, page } = await openPage(browser, { width: 375, height: 812 });
    await signIn(page, server, email, password, hotelSol(main));
    await page.goto(`${server.url}/newapp/app/voucher/create`);
    await page.getByRole('heading', { name: 'Create a voucher batch' }).waitFor();
    const warning = page.getByText(/splash page has no voucher login: guests cannot use these vouchers/);
    await warning.waitFor();
    await settle(page);
    await screenshot(page, 'vouchers-login-off-375');
    await fitsWidth(page);
    await page.getByRole('button', { name: 'Turn on voucher login' }).click();
    await page.getByText('Voucher login is on: guests can type their code on the splash page').waitFor();
    await warning.waitFor({ state: 'detached' });
    const [site] = await server.handle.db.select().from(sites).where(eq(sites.id, main.siteId));
    expect(site!.authMethods).toEqual(['email', 'multisitevoucher', 'voucher']);
    // The multi-site form asks for its own method, which the location has.
    await page.goto(`${server.url}/newapp/app/voucher/multisite/create`);
    await page.getByRole('heading', { name: 'Create a multi-site voucher batch' }).waitFor();
    await expect(page.getByRole('button', { name: 'Turn on voucher login' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('says clearly when the billing period’s activations of the plan are used up, in English and Spanish', async () => {
    const { email, password, main, client } = await account();
    await client.post(`${main.api}/voucher/`, { batch_id: '7777', count: 2, duration_value: 1, duration_type: 'days' });
    const [batch] = await server.handle.db.select().from(voucherBatches).where(eq(voucherBatches.siteId, main.siteId));
    const codes = (await server.handle.db.select().from(vouchers).where(eq(vouchers.batchId, batch!.id))).map((v) => v.code);
    expect((await (await arriveFromUnifi(server, main)).guest.post('voucher', { voucher: codes[0]! })).status).toBe(200);
    // Engage allows 2000 a billing period: as if 1999 more had been started.
    await server.handle.db
      .update(voucherActivationCounts)
      .set({ activated: 2000 })
      .where(eq(voucherActivationCounts.accountId, batch!.accountId));
    expect((await (await arriveFromUnifi(server, main)).guest.post('voucher', { voucher: codes[1]! })).status).toBe(403);

    const { context, page } = await openPage(browser, { width: 375, height: 812 }, { locale: 'en-US' });
    await signIn(page, server, email, password, hotelSol(main));
    await page.goto(`${server.url}/newapp/app/voucher/manage`);
    await page
      .getByTestId('voucher-plan-limit')
      .getByText(
        'Your plan allows 2000 vouchers activated per billing period and in this one they are all used: guests cannot start new vouchers until the next period or until the plan is upgraded.',
      )
      .waitFor();
    await settle(page);
    await screenshot(page, 'vouchers-plan-limit-375');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Bonos', exact: true }).waitFor();
    await page
      .getByTestId('voucher-plan-limit')
      .getByText(/^Tu plan permite 2000 bonos activados por periodo de facturación y en este ya se han usado todos/)
      .waitFor();
    await page.getByRole('tab', { name: 'En uso' }).click();
    await page.getByText('1–1 de 1').waitFor();
    await settle(page);
    await screenshot(page, 'vouchers-plan-limit-es-375');
    await fitsWidth(page);
    await page.getByRole('link', { name: 'Crear lote' }).click();
    await page.getByRole('heading', { name: 'Crear un lote de bonos' }).waitFor();
    await page.getByLabel('Id de lote').fill('12');
    await expect(page.getByLabel('Id de lote').inputValue()).resolves.toBe('12');
    await page.getByRole('button', { name: 'Crear', exact: true }).click();
    await page.getByText('El Id de lote debe ser un número de cuatro cifras').waitFor();
    await toastsGone(page);
    await page.getByLabel('Id de lote').fill('7777');
    await page.getByRole('button', { name: 'Crear', exact: true }).click();
    await page.getByText('Este Id de lote ya está en uso: elige otro').waitFor();
    await settle(page);
    await screenshot(page, 'vouchers-create-es-375');
    await fitsWidth(page);

    // The voucher in use and the card designer, in Spanish on the phone too.
    const shown = `${codes[0]!.slice(0, 4)}-${codes[0]!.slice(4, 8)}-${codes[0]!.slice(8)}`;
    await page.goto(`${server.url}/newapp/app/voucher/manage?tab=inuse`);
    await page.getByText(shown).click();
    await page.getByRole('heading', { name: shown }).waitFor();
    await page.getByTestId('voucher-status').getByText('En uso').waitFor();
    await page.getByText('Dispositivos (1 de 1)').waitFor();
    await settle(page);
    await screenshot(page, 'vouchers-details-es-375');
    await fitsWidth(page);
    await page.goto(`${server.url}/newapp/app/voucher/design`);
    await page.getByRole('heading', { name: 'Diseño de las tarjetas de bonos' }).waitFor();
    await page.getByText('Qué se imprime').waitFor();
    await settle(page);
    await screenshot(page, 'vouchers-design-es-375');
    await fitsWidth(page);
    await context.close();
  }, 180_000);
});
