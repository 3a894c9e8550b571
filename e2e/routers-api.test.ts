/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { sites } from '../server/src/db/schema/index.ts';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { FakeOmadaController } from '../server/test/fakes/omada-controller.ts';
import { FakeRuckusNbi } from '../server/test/fakes/ruckus-nbi.ts';
import { FakeMerakiDashboard } from '../server/test/fakes/meraki-dashboard.ts';
import { launch, openPage, screenshot, settle } from './browser.ts';
import { registerOwner, signIn, startApp } from './app.ts';

let server: TestServer;
let browser: Browser;
let omada: FakeOmadaController;
let nbi: FakeRuckusNbi;
let dashboard: FakeMerakiDashboard;
beforeAll(async () => {
  [server, browser, omada, nbi, dashboard] = await Promise.all([
    startApp({ PUBLIC_URL: 'https://wifi.example.test' }),
    launch(),
    new FakeOmadaController().start(),
    new FakeRuckusNbi({ password: 'nbi-pass' }).start(),
    new FakeMerakiDashboard({ keys: ['dash-key-7'], networks: ['N_24329156'] }).start(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await omada?.close();
  await nbi?.close();
  await dashboard?.close();
  await server?.close();
});

const PHONE = { width: 375, height: 812 };

/** An account with one location of the router type, made through the API, signed in on a phone. */
async function phoneOn(routerType: string) {
  const { api, email, password } = await registerOwner(server, {
    account: 'Router Co',
    emailPrefix: 'routers',
    password: 'routers-pass-7',
  });
  const siteId = (await createSite(api, { name: 'Harbour Café', router_type: routerType, auth_methods: ['clickthrough'] }))
    .id as number;
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, siteId));
  const { context, page } = await openPage(browser, PHONE);
  await signIn(page, server, email, password);
  return { page, context, siteId, portalKey: row!.portalKey };
}

const status = (page: Page, word: string) => page.getByTestId('router-status').getByText(word, { exact: true }).waitFor();
/** Nothing wider than the phone: the page scrolls only up and down. */
const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

describe('router settings of the API families on a phone', () => {
  it('connects a TP-Link Omada hotspot operator: Online, then Invalid Credentials for a wrong password', async () => {
    const { page, context, siteId, portalKey } = await phoneOn('omada');
    await page.goto(`${server.url}/newapp/app/settings-view?site=${siteId}`);
    await page.getByRole('link', { name: 'Router settings (TP-Link Omada)' }).click();
    await page.getByRole('heading', { name: 'TP-Link Omada controller' }).waitFor();
    await status(page, 'Not configured');
    await page.getByText(`https://wifi.example.test/guest/${portalKey}/`, { exact: true }).waitFor();

    await page.getByLabel(/^Controller address/).fill('ftp://omada.example');
    await page.getByRole('button', { name: 'Save and check' }).click();
    await page.getByText('Save updates failed').waitFor();
    await page.getByText('Enter the controller address, such as https://omada.example.com:8043').waitFor();

    await page.getByLabel(/^Controller address/).fill(omada.url);
    await page.getByLabel(/^Hotspot operator/).fill('operator');
    await page.getByLabel(/^Operator password/).fill('operator-pass');
    await page.getByLabel('Accept a self-signed certificate').check();
    await page.getByRole('button', { name: 'Save and check' }).click();
    await status(page, 'Online');
    await page.getByText('A value is saved: leave empty to keep it').waitFor();
    await fitsPhone(page);
    await settle(page);
    await screenshot(page, 'routers-omada-online-375');

    await page.getByLabel(/^Operator password/).fill('wrong-password');
    await page.getByRole('button', { name: 'Save and check' }).click();
    await status(page, 'Invalid Credentials');
    await page
      .getByTestId('router-status-detail')
      .getByText(/refused the hotspot operator/)
      .waitFor();
    await context.close();
  });

  it('shows the Meraki Go splash URL and walled garden, with nothing to enter and nothing to check', async () => {
    const { page, context, siteId, portalKey } = await phoneOn('merakigo');
    await page.goto(`${server.url}/newapp/app/settings-view?site=${siteId}`);
    await page.getByRole('link', { name: 'Router settings (Meraki Go)' }).click();
    await page.getByRole('heading', { name: 'Meraki Go splash page' }).waitFor();
    await page
      .getByTestId('router-uncheckable')
      .getByText(/there is nothing to enter here/)
      .waitFor();
    await page.getByText(`https://wifi.example.test/guest/${portalKey}/`, { exact: true }).waitFor();
    await page.getByText('wifi.example.test', { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: 'Save and check' }).count()).resolves.toBe(0);
    await fitsPhone(page);
    await settle(page);
    await screenshot(page, 'routers-merakigo-375');
    await context.close();
  });

  it('works without a Meraki Dashboard API key; with one it checks the network: Online, then Invalid Credentials', async () => {
    const { page, context, siteId, portalKey } = await phoneOn('meraki');
    await page.goto(`${server.url}/newapp/app/settings-view?site=${siteId}`);
    await page.getByRole('link', { name: 'Router settings (Cisco Meraki)' }).click();
    await page.getByRole('heading', { name: 'Cisco Meraki splash page' }).waitFor();
    await page
      .getByTestId('router-uncheckable')
      .getByText(/Without a Dashboard API key there is nothing to ask/)
      .waitFor();
    await page.getByText(`https://wifi.example.test/guest/${portalKey}/`, { exact: true }).waitFor();
    await page
      .getByTestId('router-form-note')
      .getByText(/Not confirmed by Meraki’s documentation/)
      .waitFor();
    await expect(page.getByLabel(/^Dashboard API address/).inputValue()).resolves.toBe('https://api.meraki.com/api/v1');
    await fitsPhone(page);
    await settle(page);
    await screenshot(page, 'routers-meraki-375');

    await page.getByLabel(/^Dashboard API key/).fill('dash-key-7');
    await page.getByLabel(/^Network id/).fill('N_24329156');
    await page.getByLabel(/^Guest SSID number/).click();
    await page.getByRole('option', { name: 'SSID 2' }).click();
    await page.getByLabel(/^Dashboard API address/).fill(dashboard.apiUrl);
    await page.getByLabel('Accept a self-signed certificate').check();
    await page.getByRole('button', { name: 'Save and check' }).click();
    await status(page, 'Online');
    await page.getByText('A value is saved: leave empty to keep it').waitFor();
    await expect(page.getByLabel(/^Dashboard API key/).inputValue()).resolves.toBe('');
    expect(dashboard.requests.at(-1)).toEqual({ call: 'GET /api/v1/networks/N_24329156', key: 'dash-key-7' });
    await fitsPhone(page);
    await settle(page);
    await screenshot(page, 'routers-meraki-online-375');

    await page.getByLabel(/^Dashboard API key/).fill('revoked-key');
    await page.getByRole('button', { name: 'Save and check' }).click();
    await status(page, 'Invalid Credentials');
    await page
      .getByTestId('router-status-detail')
      .getByText(/refused the API key/)
      .waitFor();
    await page.reload();
    await page.getByText('SSID 2', { exact: true }).waitFor();
    await expect(page.getByLabel(/^Network id/).inputValue()).resolves.toBe('N_24329156');
    await expect(page.getByText('revoked-key').count()).resolves.toBe(0);
    await context.close();
  });

  it('saves the Juniper Mist secret and region: nothing to check, the secret never shown again', async () => {
    const { page, context, siteId, portalKey } = await phoneOn('mist');
    await page.goto(`${server.url}/newapp/app/settings-view?site=${siteId}`);
    await page.getByRole('link', { name: 'Router settings (Juniper Mist)' }).click();
    await page.getByRole('heading', { name: 'Juniper Mist guest portal' }).waitFor();
    await status(page, 'Not configured');
    await page.getByText(`https://wifi.example.test/guest/${portalKey}/`, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Save and check' }).click();
    await page.getByText('Enter the secret', { exact: true }).waitFor();
    await page.getByLabel(/^Mist portal address/).fill('https://portal.eu.mist.com');
    await page.getByLabel(/^Portal API secret/).fill('wlan-secret-9');
    await page.getByRole('button', { name: 'Save and check' }).click();
    await page
      .getByTestId('router-uncheckable')
      .getByText(/Mist has no interface the portal can ask/)
      .waitFor();
    await page.getByText('A value is saved: leave empty to keep it').waitFor();
    await expect(page.getByLabel(/^Portal API secret/).inputValue()).resolves.toBe('');
    await fitsPhone(page);
    await settle(page);
    await screenshot(page, 'routers-mist-375');
    await page.reload();
    await expect(page.getByLabel(/^Mist portal address/).inputValue()).resolves.toBe('https://portal.eu.mist.com');
    await expect(page.getByText('wlan-secret-9').count()).resolves.toBe(0);
    await context.close();
  });

  for (const [family, label, title, radiusFrom] of [
    ['smartzone', 'Ruckus SmartZone', 'Ruckus SmartZone controller', '198.51.100.7'],
    ['ruckus_cloud', 'RUCKUS One', 'RUCKUS One', '198.51.100.8'],
  ] as const) {
    it(`connects the ${label} northbound interface and shows the RADIUS values to enter`, async () => {
      const { page, context, siteId, portalKey } = await phoneOn(family);
      await page.goto(`${server.url}/newapp/app/settings-view?site=${siteId}`);
      await page.getByRole('link', { name: `Router settings (${label})` }).click();
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
      await status(page, 'Not configured');
      await page.getByText(`https://wifi.example.test/guest/${portalKey}/`, { exact: true }).waitFor();
      await page.getByText('RADIUS server', { exact: true }).waitFor();
      await page.getByText('1812', { exact: true }).waitFor();
      await page.getByText('1813', { exact: true }).waitFor();

      await page.getByLabel(/^Northbound interface address/).fill(nbi.url);
      await page.getByLabel(/^Northbound portal interface password/).fill('wrong-pass');
      await page.getByLabel('Accept a self-signed certificate').check();
      await page.getByRole('button', { name: 'Save and check' }).click();
      await status(page, 'Invalid Credentials');
      await page
        .getByTestId('router-status-detail')
        .getByText(/refused the interface password/)
        .waitFor();
      await page.getByLabel(/^Northbound portal interface password/).fill('nbi-pass');
      await page.getByRole('button', { name: 'Save and check' }).click();
      await status(page, 'Online');

      // The controller asks our RADIUS server next: it is registered here and gets its own secret.
      await page.getByText('No gateway yet: guests cannot log in until one is added.').waitFor();
      await page.getByLabel(/^Name/).fill('Ruckus controller');
      await page.getByLabel(/^IP address/).fill(radiusFrom);
      await page.getByRole('button', { name: 'Add gateway' }).click();
      await page.getByTestId('nas-client').getByText(radiusFrom).waitFor();
      await page.getByRole('button', { name: 'Show secret' }).click();
      await expect.poll(() => page.getByTestId('nas-secret').textContent()).toMatch(/^[A-Za-z0-9]{24}$/);
      await fitsPhone(page);
      await settle(page);
      await screenshot(page, `routers-${family}-375`);
      await context.close();
    });
  }
});
