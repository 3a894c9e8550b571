/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { controllerSettings, guestSessions } from '../server/src/db/schema/index.ts';
import type { TestServer } from '../server/test/harness.ts';
import { FakeUnifiController } from '../server/test/fakes/unifi-controller.ts';
import { arriveFromUnifi, type PortalSite } from '../server/test/portal.ts';
import { fitsWidth, launch, openPage, screenshot, settle } from './browser.ts';
import { ownerOfUnifiLocation, signIn, startApp } from './app.ts';

// Access health in Chromium at a phone's and a desktop's width: two guests log in through the real
// portal against a fake UniFi controller, one let in and one refused (the controller's password was
// changed), and the operator finds the refused one and the controller's reason; Spanish.

let server: TestServer;
let browser: Browser;
let unifi: FakeUnifiController;
let sitesMade = 0;
beforeAll(async () => {
  [server, browser, unifi] = await Promise.all([
    startApp(),
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
  const unifiSite = `lobby${++sitesMade}`;
  const { email, password, site } = await ownerOfUnifiLocation(server, {
    name: 'Bar Sol',
    emailPrefix: 'health',
    password: 'health-pass-7',
    authMethods: ['clickthrough'],
    controller: { url: unifi.url, site: unifiSite, lookupKey: unifiSite },
  });
  const portal = { unifiSite } as PortalSite;
  const ok = await arriveFromUnifi(server, portal);
  expect((await ok.guest.post('clickthrough', {})).status).toBe(200);
  await server.handle.db
    .update(controllerSettings)
    .set({ secretsEnc: server.built.ctx.secrets.seal(JSON.stringify({ password: 'changed' })), updatedAt: new Date() })
    .where(eq(controllerSettings.siteId, site.id));
  // Changed behind the settings service's back: this process is told, as the service does.
  server.built.ctx.siteChanges.publish(site.id);
  const refused = await arriveFromUnifi(server, portal);
  expect((await refused.guest.post('clickthrough', {})).status).toBe(502);
  return { email, password, site, ok: ok.guest.mac.toUpperCase(), refused: refused.guest.mac.toUpperCase() };
}

/**
 * A grant let in by a gateway that enforces neither the session length nor the upload rate (an openNDS
 * at FAS level 1), written as the portal's grant writes it: the confirmed login's row, copied.
 */
async function grantWithUnenforcedLimits(siteId: number) {
  const [row] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, siteId));
  const { id: _id, ...copy } = row!;
  await server.handle.db.insert(guestSessions).values({
    ...copy,
    mac: '02:00:00:0d:00:01',
    family: 'opennds',
    minutes: 45,
    upKbps: 256,
    grantStatus: 'confirmed',
    grantDetail: 'limits: session_length,upload_rate',
    startedAt: new Date(),
  });
  return '02:00:00:0D:00:01';
}

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('access health at $width wide', ({ width, height }) => {
  it('shows the failed grant with the controller’s reason, and filters by status', async () => {
    const { email, password, site, ok, refused } = await accountWithGrants();
    const { context, page } = await openPage(browser, { width, height }, { locale: 'en-US' });
    await signIn(page, server, email, password, site);

    await page.goto(`${server.url}/newapp/app/settings-view`);
    await page.getByRole('link', { name: 'Access health' }).click();
    await page.getByRole('heading', { name: 'Access health' }).waitFor();
    await page.getByRole('button', { name: '1 Failed' }).waitFor();
    await page.getByRole('button', { name: '1 Confirmed' }).waitFor();
    await page.getByRole('button', { name: '0 Not confirmed' }).waitFor();
    await page.getByText(ok).waitFor();
    await page.getByText(refused).waitFor();
    await fitsWidth(page);

    await page.getByRole('button', { name: '1 Failed' }).click();
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
    // A gateway that leaves limits to itself: each one is named, with the login's value.
    const partial = await grantWithUnenforcedLimits(site.id);
    await page.reload();
    await page.getByText(partial).waitFor();
    await page.getByText('The gateway does not end the session after 45 minutes: its own session length applies').waitFor();
    await page.getByText('The gateway does not hold uploads to 256 kbps').waitFor();
    await fitsWidth(page);
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
    const { email, password, site, refused } = await accountWithGrants();
    const { context, page } = await openPage(browser, { width: 375, height: 812 }, { locale: 'es-ES' });
    await signIn(page, server, email, password, site);
    // The browser prefers Spanish: the dashboard is in Spanish with nothing chosen.
    await page.goto(`${server.url}/newapp/app/settings-view/access-health?status=failed`);
    await page.getByRole('heading', { name: 'Estado de los accesos' }).waitFor();
    await page.getByText(refused).waitFor();
    await page.getByText('El controlador rechazó el usuario o la contraseña').waitFor();
    await page.getByText('Fallido', { exact: true }).waitFor();

    // A gateway that leaves limits to itself: each one named, with the login's value.
    const partial = await grantWithUnenforcedLimits(site.id);
    await page.goto(`${server.url}/newapp/app/settings-view/access-health?status=confirmed`);
    await page.getByText(partial).waitFor();
    await page.getByText('Conectado, pero el router no aplica todos los límites').waitFor();
    await page.getByText('El router no corta la sesión a los 45 minutos: se aplica su propia duración de sesión').waitFor();
    await page.getByText('El router no limita la subida a 256 kbps').waitFor();
    await settle(page);
    await screenshot(page, 'access-health-limits-es-375');
    await fitsWidth(page);
    await settle(page);
    await screenshot(page, 'access-health-es-375');
    await fitsWidth(page);
    await context.close();
  });
});
