/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../server/test/harness.ts';
import { FakeUnifiController } from '../server/test/fakes/unifi-controller.ts';
import { arriveFromUnifi, type PortalSite } from '../server/test/portal.ts';
import { ownerOfUnifiLocation, signIn, startApp } from './app.ts';
import { fitsWidth, launch, openPage, screenshot } from './browser.ts';

// An operator starts a splash A/B test from the dashboard, guests log in through the portal, the page
// shows each variant's funnel and the verdict, and the operator ends the test keeping the dark variant,
// which every guest then sees.

const DESKTOP = { width: 1280, height: 900 };
const DARK = '#101820';

let server: TestServer;
let browser: Browser;
let unifi: FakeUnifiController | undefined;
beforeAll(async () => {
  [server, browser] = await Promise.all([startApp(), launch()]);
}, 60_000);
afterAll(async () => {
  await unifi?.close();
  await browser?.close();
  await server?.close();
});

describe('splash A/B tests', () => {
  it('starts a test, counts guests per variant, and keeps the variant chosen', async () => {
    const unifiSite = `ab${Date.now().toString(36)}`;
    unifi = await new FakeUnifiController({ mode: 'classic', sites: [unifiSite] }).start();
    const owner = await ownerOfUnifiLocation(server, {
      name: 'Harbour Café',
      emailPrefix: 'ab-tests',
      password: 'Harbour-pass-1',
      authMethods: ['email', 'clickthrough'],
      controller: { url: unifi.url, site: unifiSite, lookupKey: unifiSite },
    });
    const portal = { unifiSite } as PortalSite;

    const { context, page } = await openPage(browser, DESKTOP);
    await signIn(page, server, owner.email, owner.password, owner.site);
    await page.goto(`${server.url}/newapp/app/campaigns/ab-tests`);
    await page.getByRole('heading', { name: 'Splash A/B tests' }).waitFor();
    await page.getByLabel(/^Test name/).fill('Dark or light');
    await page.getByLabel('Page background').nth(1).fill(DARK);
    await page.getByRole('button', { name: 'Start test' }).click();
    await page.getByRole('heading', { name: 'Running test: Dark or light' }).waitFor();

    // Guests arrive and log in: each sees its variant's page.
    let dark = 0;
    for (let i = 0; i < 8; i++) {
      const { guest } = await arriveFromUnifi(server, portal);
      if ((await guest.get()).html.includes(`background:${DARK}`)) dark++;
      await guest.get('clickthrough');
      expect((await guest.post('clickthrough', {})).status).toBe(200);
    }
    await expect
      .poll(
        async () => {
          await page.reload();
          const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: /^B/ }) });
          await row.waitFor();
          return (await row.getByRole('cell').nth(1).textContent())?.trim();
        },
        { timeout: 20_000 },
      )
      .toBe(String(dark));
    await page.getByText(/^Too early to say/).waitFor();
    await fitsWidth(page);
    await screenshot(page, 'splash-ab-tests-running');

    const rowB = page.getByRole('row').filter({ has: page.getByRole('cell', { name: /^B/ }) });
    await rowB.getByRole('button', { name: 'End test and keep this variant' }).click();
    await page.getByRole('dialog', { name: 'Keep “B”?' }).getByRole('button', { name: 'End and keep' }).click();
    await page.getByText('The test ended: “B” is now the splash page').waitFor();
    await page.getByText('Kept: B').waitFor();
    await page.getByRole('heading', { name: 'Start a test' }).waitFor();

    for (let i = 0; i < 4; i++) {
      const { guest } = await arriveFromUnifi(server, portal);
      expect((await guest.get()).html).toContain(`background:${DARK}`);
    }
    await context.close();
  }, 120_000);
});
