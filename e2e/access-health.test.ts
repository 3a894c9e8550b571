/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { controllerSettings, sites } from '../server/src/db/schema/index.ts';
import { TestClient, startServer, uniqueEmail, type TestServer } from '../server/test/harness.ts';
import { FakeUnifiController } from '../server/test/fakes/unifi-controller.ts';
import { arriveFromUnifi, type PortalSite } from '../server/test/portal.ts';
import { launch, screenshot } from './browser.ts';

// Access health in Chromium at a phone's and a desktop's width: two guests log in through the real
// portal against a fake UniFi controller, one let in and one refused (the controller's password was
// changed), and the operator finds the refused one and the controller's reason; Spanish.

let server: TestServer;
let browser: Browser;
let unifi: FakeUnifiController;
let sitesMade = 0;
beforeAll(async () => {
  [server, browser, unifi] = await Promise.all([
    startServer({}, { webDist: path.resolve(import.meta.dirname, '../web/dist') }),
    launch(),
    new FakeUnifiController({ mode: 'classic', sites: ['lobby1', 'lobby2', 'lobby3', 'lobby4'] }).start(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await unifi?.close();
  await server?.close();
});

/** An account whose UniFi location has had one confirmed and one failed guest login. */
async function accountWithGrants() {
  const api = new TestClient(server.url);
  const email = uniqueEmail('health');
  const password = 'health-pass-7';
  await api.post('/a/api/v1/registration/', {
    account_name: 'Bar Sol',
    displayname: 'Owner',
    email,
    password,
    plan_type: 'engage',
  });
  const site = (
    await api.post('/s/api/v1/site/', { name: 'Bar Sol', router_type: 'unifi', auth_methods: ['clickthrough'], skip_image: true })
  ).body as { id: number };
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, site.id));
  const unifiSite = `lobby${++sitesMade}`;
  await server.handle.db.insert(controllerSettings).values({
    siteId: site.id,
    accountId: row!.accountId,
    family: 'unifi',
    config: { url: unifi.url, username: 'admin', site: unifiSite, skipTlsVerify: true, mode: 'auto' },
    secretsEnc: server.built.ctx.secrets.seal(JSON.stringify({ password: 'secret-pass' })),
    lookupKey: unifiSite,
    status: 'Online',
  });
  const portal = { unifiSite } as PortalSite;
  const ok = await arriveFromUnifi(server, portal);
  expect((await ok.guest.post('clickthrough', {})).status).toBe(200);
  await server.handle.db
    .update(controllerSettings)
    .set({ secretsEnc: server.built.ctx.secrets.seal(JSON.stringify({ password: 'changed' })), updatedAt: new Date() })
    .where(eq(controllerSettings.siteId, site.id));
  const refused = await arriveFromUnifi(server, portal);
  expect((await refused.guest.post('clickthrough', {})).status).toBe(502);
  return { email, password, siteId: site.id, ok: ok.guest.mac.toUpperCase(), refused: refused.guest.mac.toUpperCase() };
}

async function signIn(page: Page, email: string, password: string, siteId: number) {
  await page.goto(`${server.url}/newapp/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('dashboard-site').waitFor();
  await page.goto(`${server.url}/newapp/app/reports/dashboard?site=${siteId}`);
  await page.getByTestId('dashboard-site').getByText('Bar Sol').waitFor();
}

const settle = (page: Page) => page.waitForTimeout(400);

async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('access health at $width wide', ({ width, height }) => {
  it('shows the failed grant with the controller’s reason, and filters by status', async () => {
    const { email, password, siteId, ok, refused } = await accountWithGrants();
    const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US' });
    const page = await context.newPage();
    await signIn(page, email, password, siteId);

    await page.goto(`${server.url}/newapp/app/settings-view`);
    await page.getByRole('link', { name: 'Access health' }).click();
    await page.getByRole('heading', { name: 'Access health' }).waitFor();
    await page.getByRole('button', { name: 'Failed: 1' }).waitFor();
    await page.getByRole('button', { name: 'Confirmed: 1' }).waitFor();
    await page.getByRole('button', { name: 'Not confirmed: 0' }).waitFor();
    await page.getByText(ok).waitFor();
    await page.getByText(refused).waitFor();
    await fitsWidth(page);

    await page.getByRole('button', { name: 'Failed: 1' }).click();
    await page.waitForURL(/status=failed/);
    await page.getByText(ok).waitFor({ state: 'detached' });
    await page.getByText(refused).waitFor();
    await page.getByText('The controller refused the username or password').waitFor();
    await page.getByText(/refused the username or password \(api\.err\.Invalid\)/).waitFor();
    await settle(page);
    await screenshot(page, `access-health-failed-${width}`);
    await fitsWidth(page);

    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Confirmed', exact: true }).click();
    await page.getByText(ok).waitFor();
    await page.getByText(refused).waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Waiting for the gateway' }).click();
    await page.getByText('No grants match this filter in this period.').waitFor();

    // The router settings page leads there too, straight to the failures.
    await page.goto(`${server.url}/newapp/app/settings-view/unifi`);
    await page.getByRole('link', { name: 'Guest logins the gateway refused or has not confirmed' }).click();
    await page.waitForURL(/access-health\?status=failed/);
    await page.getByText(refused).waitFor();
    await context.close();
  });
});

describe('access health in Spanish', () => {
  it('shows the page and the reason in Spanish on a phone', async () => {
    const { email, password, siteId, refused } = await accountWithGrants();
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'es-ES' });
    const page = await context.newPage();
    await signIn(page, email, password, siteId);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/newapp/app/settings-view/access-health?status=failed`);
    await page.getByRole('heading', { name: 'Estado de los accesos' }).waitFor();
    await page.getByText(refused).waitFor();
    await page.getByText('El controlador rechazó el usuario o la contraseña').waitFor();
    await page.getByText('Fallido', { exact: true }).waitFor();
    await settle(page);
    await screenshot(page, 'access-health-es-375');
    await fitsWidth(page);
    await context.close();
  });
});
