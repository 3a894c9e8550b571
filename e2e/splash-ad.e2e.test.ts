/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type TestServer } from '../server/test/harness.ts';
import { randomMac, unifiPortalSite, type PortalSite } from '../server/test/portal.ts';
import { launch, openPage, screenshot } from './browser.ts';

// A guest's phone (375x812) sent to the portal by a UniFi controller, on a site with a splash-page ad
// that skips itself after 3 seconds: the ad comes first, then the login form by itself, no click.

const PHONE = { width: 375, height: 812 };
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let server: TestServer;
let browser: Browser;
let site: PortalSite;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LOG_LEVEL: 'silent' }), launch()]);
  site = await unifiPortalSite(server, ['clickthrough']);
});
afterAll(async () => {
  await site?.unifi.close();
  await browser?.close();
  await server?.close();
});

describe('a splash-page ad on a phone', () => {
  it('shows the ad before the login form, then moves on to the form by itself after 3 s', async () => {
    const made = await site.owner.post(`${site.api}/campaigns/splash-ads`, {
      name: 'Terrace',
      splashad_html:
        '<div style="padding:24px;text-align:center"><h1>Two drinks for one on the terrace</h1><p>Until 20:00</p></div>',
      link_url: 'https://harbour.example.com/terrace',
      autoskip: true,
      autoskiptime: 3,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);

    const { context, page } = await openPage(browser, PHONE, { userAgent: SAFARI, isMobile: true, hasTouch: true });
    const query = new URLSearchParams({
      ap: 'f0:9f:c2:00:00:01',
      id: randomMac(),
      t: '0',
      url: 'http://example.com/news',
      ssid: 'Guest Wi-Fi',
    });
    await page.goto(`${server.url}/guest/s/${site.unifiSite}/?${query}`);
    const shownAt = Date.now();
    await expect.poll(() => page.getByRole('heading', { name: 'Two drinks for one on the terrace' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Skip' }).isVisible()).toBe(true);
    expect(await page.getByText('The page continues by itself in 3 s').isVisible()).toBe(true);
    expect(await page.locator('form[action="clickthrough"]').count()).toBe(0);
    // The ad fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'splash-ad-phone');

    await page.locator('form[action="clickthrough"]').waitFor({ state: 'visible', timeout: 15_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500);
    expect(await page.getByRole('heading', { name: 'Two drinks for one on the terrace' }).count()).toBe(0);
    await screenshot(page, 'splash-ad-phone-after');

    const listed = await site.owner.get(`${site.api}/campaigns/splash-ads`);
    expect(listed.body.ads[0]).toMatchObject({ name: 'Terrace', impressions: 1, clicks: 0 });
    await context.close();
  });
});
