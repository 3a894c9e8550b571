/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_VOUCHER_QR_BASE_URL, formatVoucherCode, voucherQrUrl } from '@splashboard/contract';
import { vouchers } from '../server/src/db/schema/index.ts';
import { startServer, type TestServer } from '../server/test/harness.ts';
import { randomMac, unifiPortalSite, type PortalSite } from '../server/test/portal.ts';
import { addUnifiSite, createBatch } from '../server/test/fixtures/vouchers.ts';
import { launch, screenshot } from './browser.ts';

// A guest's phone in Chromium with a printed voucher: the card's QR code opens an address the gateway
// intercepts, the UniFi controller sends the phone to the portal with it, and the voucher screen comes up
// with the code filled in. Photographed at 375 and 1440 wide (e2e/screenshots, out of git).

const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let server: TestServer;
let browser: Browser;
const sites: { unifi: PortalSite['unifi'] }[] = [];
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.unifi.close()));
  await browser?.close();
  await server?.close();
});

async function voucherSite(methods: string[]) {
  const site = await unifiPortalSite(server, methods);
  sites.push(site);
  const res = await site.owner.post(`${site.api}/voucher/`, {
    count: 2,
    duration_value: 2,
    duration_type: 'hours',
    num_devices: 1,
  });
  expect(res.status).toBe(200);
  const rows = await server.handle.db.select().from(vouchers).where(eq(vouchers.batchId, res.body.id)).orderBy(vouchers.id);
  return { site, codes: rows.map((r) => r.code) };
}

/** A phone whose requests outside the portal are held (the walled garden) and answered by a stand-in page. */
async function phone(lang = 'en-US', mac = randomMac()) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: SAFARI,
    locale: lang,
  });
  await context.route('**/*', async (route) => {
    if (route.request().url().startsWith(server.url)) return route.continue().catch(() => {});
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Outside</title>' }).catch(() => {});
  });
  const page = await context.newPage();
  return {
    page,
    mac,
    /** What the UniFi controller sends the phone to after it asked for `url`. */
    async arrive(site: { unifiSite: string }, url: string) {
      const query = new URLSearchParams({ ap: 'f0:9f:c2:00:00:01', id: mac, t: String(Math.floor(Date.now() / 1000)), url });
      await page.goto(`${server.url}/guest/s/${site.unifiSite}/?${query}`);
    },
    close: () => context.close(),
  };
}

async function shoot(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await screenshot(page, `vouchers-portal-${name}-375`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `vouchers-portal-${name}-1440`);
  await page.setViewportSize({ width: 375, height: 667 });
}

describe('a guest with a printed voucher', () => {
  it('scans its QR code, finds the code filled in, and is connected', async () => {
    const { site, codes } = await voucherSite(['voucher']);
    const p = await phone();
    await p.arrive(site, voucherQrUrl(DEFAULT_VOUCHER_QR_BASE_URL, codes[0]!));
    const field = p.page.getByLabel('Voucher code');
    await expect.poll(() => field.inputValue()).toBe(formatVoucherCode(codes[0]!));
    await shoot(p.page, 'filled');
    await p.page.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => p.page.textContent('body')).toContain('You are connected');
    expect(site.unifi.commands.map((c) => c.body)).toEqual([
      expect.objectContaining({ cmd: 'authorize-guest', mac: p.mac, minutes: 120 }),
    ]);
    await p.close();
  });

  it('types a code on the start page’s voucher screen and sees what is wrong, in Spanish', async () => {
    const { site, codes } = await voucherSite(['multilanding', 'voucher', 'clickthrough']);
    const first = await phone();
    await first.arrive(site, 'http://example.com/');
    await first.page.getByRole('link', { name: 'Use a voucher' }).click();
    await first.page.getByLabel('Voucher code').fill(codes[0]!.toLowerCase());
    await first.page.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => first.page.textContent('body')).toContain('You are connected');
    await first.close();

    const second = await phone('es-ES');
    await second.arrive(site, 'http://example.com/');
    await second.page.getByRole('link', { name: 'Usar un bono' }).click();
    const field = second.page.locator('input[name="voucher"]');
    await field.fill('nope-nope-nope');
    await second.page.locator('button[type="submit"]').click();
    await expect.poll(() => second.page.textContent('body')).toContain('Este código de bono no es válido aquí.');
    await field.fill(formatVoucherCode(codes[0]!));
    await second.page.locator('button[type="submit"]').click();
    await expect
      .poll(() => second.page.textContent('body'))
      .toContain('Este bono ya se usa en tantos dispositivos como permite (1).');
    await shoot(second.page, 'devices-es');
    await second.close();
  });
});

describe('a guest with a multi-site voucher', () => {
  it('connects with it at two of the sites picked, with the time that is left; a second phone finds its one seat taken', async () => {
    const first = await unifiPortalSite(server, ['multisitevoucher']);
    const second = await addUnifiSite(server, first.owner, ['multisitevoucher'], 'Harbour');
    sites.push(first, second);
    const { codes } = await createBatch(server, first.owner, `${first.api}/multisite_voucher`, {
      count: 1,
      site_ids: [second.siteId],
      duration_value: 2,
      duration_type: 'hours',
      num_devices: 1,
    });

    const p = await phone();
    await p.arrive(first, 'http://example.com/');
    await p.page.getByLabel('Voucher code').fill(formatVoucherCode(codes[0]!));
    await p.page.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => p.page.textContent('body')).toContain('You are connected');
    expect(first.unifi.commands.map((c) => c.body)).toEqual([
      expect.objectContaining({ cmd: 'authorize-guest', mac: p.mac, minutes: 120 }),
    ]);
    await p.close();

    // The same phone at the other site: the same seat, the same clock.
    const again = await phone('en-US', p.mac);
    await again.arrive(second, 'http://example.com/');
    await again.page.getByLabel('Voucher code').fill(codes[0]!.toLowerCase());
    await again.page.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => again.page.textContent('body')).toContain('You are connected');
    const granted = second.unifi.commands.map((c) => c.body);
    expect(granted).toEqual([expect.objectContaining({ cmd: 'authorize-guest', mac: p.mac })]);
    expect(granted[0]!.minutes).toBeGreaterThanOrEqual(119);
    expect(granted[0]!.minutes).toBeLessThanOrEqual(120);
    await again.close();

    const other = await phone('es-ES');
    await other.arrive(second, 'http://example.com/');
    await other.page.locator('input[name="voucher"]').fill(formatVoucherCode(codes[0]!));
    await other.page.locator('button[type="submit"]').click();
    await expect
      .poll(() => other.page.textContent('body'))
      .toContain('Este bono ya se usa en tantos dispositivos como permite (1).');
    await shoot(other.page, 'multisite-devices-es');
    await other.close();
  });
});
