/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { macEntries } from '../server/src/db/schema/index.ts';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { signedInClient } from '../server/test/clients.ts';
import { FakeUnifiController } from '../server/test/fakes/unifi-controller.ts';
import { fitsWidth, launch, openPage, screenshot, settle } from './browser.ts';
import { ownerOfUnifiLocation, registerOwner, signIn, startApp } from './app.ts';

// The Whitelisted devices screens in Chromium at a phone's and a desktop's width: reached from the
// settings list, add with the required-fields message, search, edit, delete, each change reaching the
// (fake) UniFi controller; a Read Only client sees the list without any way to change it; Spanish.

let server: TestServer;
let browser: Browser;
let unifi: FakeUnifiController;
beforeAll(async () => {
  [server, browser, unifi] = await Promise.all([
    startApp(),
    launch(),
    new FakeUnifiController({ mode: 'classic', sites: ['office'] }).start(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await unifi?.close();
  await server?.close();
});

/** An account with a UniFi location whose controller is the fake one. */
async function account() {
  return ownerOfUnifiLocation(server, {
    name: 'Café Luz',
    emailPrefix: 'whitelist',
    password: 'whitelist-pass-7',
    authMethods: ['clickthrough'],
    controller: { url: unifi.url, site: 'office' },
  });
}

const commandsFor = (mac: string) => unifi.commands.filter((c) => c.body.mac === mac).map((c) => c.body.cmd);

describe.each([
  { width: 375, height: 812, n: '1' },
  { width: 1440, height: 900, n: '2' },
])('whitelisted devices at $width wide', ({ width, height, n }) => {
  it('adds, searches, edits and deletes devices, and the controller follows', async () => {
    const { email, password, siteId, site } = await account();
    const { context, page } = await openPage(browser, { width, height }, { locale: 'en-US' });
    await signIn(page, server, email, password, site);

    await page.goto(`${server.url}/newapp/app/settings-view`);
    await page.getByRole('link', { name: 'Whitelisted devices' }).click();
    await page.getByRole('heading', { name: 'Whitelisted devices' }).waitFor();
    await page.getByText('No whitelisted devices yet.').waitFor();
    await fitsWidth(page);

    await page.getByRole('link', { name: 'Add device' }).click();
    await page.getByRole('heading', { name: 'Add a whitelisted device' }).waitFor();
    // Which address: the location's public one.
    await page.getByText(/what a “what is my IP” page shows on a device at the location/).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    // The fields say what is wrong; the toast points at them.
    await page.getByText('Not saved: check the fields marked in red').waitFor();
    await expect(page.getByText('Failed to create').count()).resolves.toBe(0);
    await expect(page.getByText('MAC address and external IP are required').count()).resolves.toBe(2);
    await page.getByLabel(/^MAC address/).fill('zz:zz');
    await page.getByLabel(/^External IP/).fill('203.0.113.300');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a MAC address such as AA:BB:CC:DD:EE:FF').waitFor();
    await page.getByText('Enter an IPv4 or IPv6 address').waitFor();
    await settle(page);
    await screenshot(page, `whitelist-create-errors-${width}`);
    await fitsWidth(page);

    const tillMac = `aa:bb:cc:dd:0${n}:01`;
    await page.getByLabel(/^MAC address/).fill(tillMac.replaceAll(':', '-'));
    await page.getByLabel(/^External IP/).fill('203.0.113.7');
    await page.getByLabel(/^Description/).fill('Till');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Device added').waitFor();
    await page.getByText(tillMac.toUpperCase()).waitFor();
    // The list looks again until the controller has answered.
    await page.getByText('Authorized on the controller').waitFor({ timeout: 20_000 });
    expect(commandsFor(tillMac)).toEqual(['authorize-guest']);

    const kioskMac = `aa:bb:cc:dd:0${n}:02`;
    await page.getByRole('link', { name: 'Add device' }).click();
    await page.getByLabel(/^MAC address/).fill(kioskMac.replaceAll(':', '').toUpperCase());
    await page.getByLabel(/^External IP/).fill('2001:db8::7');
    await page.getByLabel(/^Description/).fill('Kiosk');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(kioskMac.toUpperCase()).waitFor();

    await page.getByLabel('Search MAC address, IP or description').fill('till');
    await page.waitForURL(/search=till/);
    await page.getByText(kioskMac.toUpperCase()).waitFor({ state: 'detached' });
    await page.getByText(tillMac.toUpperCase()).waitFor();
    await settle(page);
    await screenshot(page, `whitelist-list-search-${width}`);
    await fitsWidth(page);

    await page.getByRole('link', { name: `Edit ${tillMac.toUpperCase()}` }).click();
    await page.getByRole('heading', { name: `Edit ${tillMac.toUpperCase()}` }).waitFor();
    await page.getByLabel(/^Description/).fill('Front till');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').waitFor();
    await page.getByText('Front till').waitFor();

    await page.getByRole('button', { name: `Delete ${kioskMac.toUpperCase()}` }).click();
    await page.getByRole('heading', { name: `Delete ${kioskMac.toUpperCase()}?` }).waitFor();
    await settle(page);
    await screenshot(page, `whitelist-delete-${width}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Device deleted').waitFor();
    await page.getByText(kioskMac.toUpperCase()).waitFor({ state: 'detached' });
    await expect.poll(() => commandsFor(kioskMac), { timeout: 20_000 }).toEqual(['authorize-guest', 'unauthorize-guest']);
    const stored = await server.handle.db.select().from(macEntries).where(eq(macEntries.siteId, siteId));
    expect(stored.map((r) => [r.mac, r.description])).toEqual([[tillMac.replaceAll(':', ''), 'Front till']]);
    await context.close();
  });
});

describe('whitelisted devices for a Read Only client, and in Spanish', () => {
  it('shows a Read Only client the devices without any way to change them', async () => {
    const { api, siteId, accountId, site } = await account();
    const entry = (
      await api.post(`/s/${siteId}/api/v1/macentry/`, {
        mac: '00:11:22:33:44:55',
        external_ip: '192.0.2.10',
        description: 'Printer',
      })
    ).body as { id: number };
    const { email } = await signedInClient(server, accountId, [
      { siteId, area: 'settings', level: 'read' },
      { siteId, area: 'device_whitelisting', level: 'read' },
    ]);
    for (const width of [375, 1440]) {
      const { context, page } = await openPage(browser, { width, height: 900 }, { locale: 'en-US' });
      await signIn(page, server, email, 'client-pass-7', site);
      await page.goto(`${server.url}/newapp/app/settings-view`);
      await page.getByRole('link', { name: 'Whitelisted devices' }).click();
      await page.getByText('You can see these devices but not change them (Read Only access).').waitFor();
      await page.getByText('00:11:22:33:44:55').waitFor();
      await page.getByText('Printer').waitFor();
      await expect(page.getByRole('link', { name: 'Add device' }).count()).resolves.toBe(0);
      await expect(page.getByRole('link', { name: /^Edit/ }).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: /^Delete/ }).count()).resolves.toBe(0);
      await settle(page);
      await screenshot(page, `whitelist-read-only-${width}`);
      await fitsWidth(page);
      await page.goto(`${server.url}/newapp/app/whitelist/edit/${entry.id}`);
      await page.getByText('You can see these devices but not change them (Read Only access).').waitFor();
      await expect(page.getByLabel(/^Description/).isDisabled()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
      await context.close();
    }
  });

  it('says that openNDS admits the devices by its own trusted MAC list, not RADIUS', async () => {
    const { api, email, password } = await registerOwner(server, {
      account: 'Bar Nube',
      emailPrefix: 'whitelist-nds',
      password: 'whitelist-pass-7',
    });
    const site = await createSite(api, { name: 'Bar Nube', router_type: 'opennds', auth_methods: ['clickthrough'] });
    await api.post(`/s/${site.id}/api/v1/macentry/`, { mac: '00:11:22:33:44:66', external_ip: '192.0.2.11' });
    const { context, page } = await openPage(browser, { width: 1440, height: 900 }, { locale: 'en-US' });
    await signIn(page, server, email, password, site);
    await page.goto(`${server.url}/newapp/app/settings-view/whitelisted-devices`);
    await page.getByText('00:11:22:33:44:66').waitFor();
    await page.getByText('Admitted by openNDS (trusted MAC)').waitFor();
    await page.getByText(/a trustedmac line in \/etc\/config\/opennds/).waitFor();
    await expect(page.getByText('Admitted by RADIUS').count()).resolves.toBe(0);
    await context.close();
  });

  it('shows the screens in Spanish on a phone', async () => {
    const { email, password, site } = await account();
    const { context, page } = await openPage(browser, { width: 375, height: 812 }, { locale: 'es-ES' });
    // A Spanish browser gets the dashboard in Spanish from the first visit.
    await signIn(page, server, email, password, site);
    await page.goto(`${server.url}/newapp/app/settings-view/whitelisted-devices`);
    await page.getByRole('heading', { name: 'Dispositivos en lista blanca' }).waitFor();
    await page.getByRole('link', { name: 'Añadir dispositivo' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    // Both fields say it, once the form has drawn its errors (counting at once raced the drawing).
    await expect.poll(() => page.getByText('La dirección MAC y la IP externa son obligatorias').count()).toBe(2);
    await settle(page);
    await screenshot(page, 'whitelist-create-es-375');
    await fitsWidth(page);
    await context.close();
  });
});
