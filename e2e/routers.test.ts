/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { sites } from '../server/src/db/schema/index.ts';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { FakeUnifiController } from '../server/test/fakes/unifi-controller.ts';
import { fitsWidth, launch, openPage, screenshot, settle } from './browser.ts';
import { registerOwner, signIn, startApp } from './app.ts';

let server: TestServer;
let browser: Browser;
let unifi: FakeUnifiController;
beforeAll(async () => {
  [server, browser, unifi] = await Promise.all([
    // The portal's public name: the openNDS lines then carry fasremotefqdn and the http-on-80 note.
    startApp({ PUBLIC_URL: 'https://wifi.example.test' }),
    launch(),
    new FakeUnifiController({
      mode: 'classic',
      sites: ['cafe'],
      devices: [{ mac: 'f0:9f:c2:00:00:01' }, { mac: 'f0:9f:c2:00:00:02' }],
    }).start(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await unifi?.close();
  await server?.close();
});

/** An account with a UniFi location and an openNDS location, made through the API. */
async function account() {
  const { api, email, password } = await registerOwner(server, {
    account: 'Router Co',
    emailPrefix: 'routers',
    password: 'routers-pass-7',
  });
  const site = async (name: string, router_type: string) =>
    (await createSite(api, { name, router_type, auth_methods: ['clickthrough'] })).id as number;
  return { email, password, unifiSite: await site('Harbour Café', 'unifi'), openNdsSite: await site('Beach Bar', 'opennds') };
}

const status = (page: Page, word: string) => page.getByTestId('router-status').getByText(word, { exact: true }).waitFor();

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('router settings at $width wide', ({ width, height }) => {
  it('connects a UniFi controller, shows Online, then Invalid Credentials for a wrong password', async () => {
    const { email, password, unifiSite } = await account();
    const { context, page } = await openPage(browser, { width, height });
    await signIn(page, server, email, password);
    await page.goto(`${server.url}/newapp/app/settings-view?site=${unifiSite}`);
    // The settings list says what each page is for and where it stands.
    await status(page, 'Not configured');
    await page.getByText('Connect the location’s router or controller to this server').waitFor();
    await page.getByRole('link', { name: /^Whitelisted devices.*0 devices$/ }).waitFor();
    await page.getByRole('link', { name: /^SMS gateway.*Not set$/ }).waitFor();
    await page.getByRole('link', { name: /1 login method: Click-through$/ }).waitFor();
    // axe's list rule: a list holds only list items.
    await expect(page.locator('main ul > :not(li)').count()).resolves.toBe(0);
    await fitsWidth(page);
    await settle(page);
    await screenshot(page, `settings-index-${width}`);
    await page.getByRole('link', { name: /^Router settings \(UniFi\)/ }).click();
    await page.getByRole('heading', { name: 'UniFi controller' }).waitFor();
    await status(page, 'Not configured');
    await page.getByText('/guest/s/default/', { exact: true }).waitFor();

    await page.getByLabel(/^Controller address/).fill('ftp://controller.example');
    await page.getByRole('button', { name: 'Save and check' }).click();
    await page.getByText('Save updates failed').waitFor();
    await page.getByText('Enter the controller address, such as https://unifi.example.com:8443').waitFor();

    await page.getByLabel(/^Controller address/).fill(unifi.url);
    await page.getByLabel(/^Username/).fill('admin');
    await page.getByLabel(/^Password/).fill('secret-pass');
    await page.getByLabel(/^Site short name/).fill('cafe');
    // The certificate is checked unless asked otherwise, and the help says so.
    expect(await page.getByLabel('Accept a self-signed certificate').isChecked()).toBe(false);
    await page.getByText(/^Off by default: the certificate is checked\./).waitFor();
    await page.getByLabel('Accept a self-signed certificate').check();
    await page.getByRole('button', { name: 'Save and check' }).click();
    await status(page, 'Online');
    await page.getByText('Access points seen: 2').waitFor();
    await page.getByText('/guest/s/cafe/', { exact: true }).waitFor();
    await page.getByText('A password is saved: leave empty to keep it').waitFor();
    await settle(page);
    await screenshot(page, `routers-unifi-online-${width}`);
    await page.goto(`${server.url}/newapp/app/settings-view?site=${unifiSite}`);
    await status(page, 'Online');
    await page.getByRole('link', { name: /^Router settings \(UniFi\)/ }).click();
    await page.getByRole('heading', { name: 'UniFi controller' }).waitFor();

    await page.getByLabel(/^Password/).fill('wrong-password');
    await page.getByRole('button', { name: 'Save and check' }).click();
    await status(page, 'Invalid Credentials');
    await page
      .getByTestId('router-status-detail')
      .getByText(/refused the username or password/)
      .waitFor();
    await page.getByRole('button', { name: 'Check status' }).click();
    await status(page, 'Invalid Credentials');
    await settle(page);
    await screenshot(page, `routers-unifi-invalid-${width}`);
    await context.close();
  });

  it('generates an openNDS faskey and shows the gateway lines with the portal path', async () => {
    const { email, password, openNdsSite } = await account();
    const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, openNdsSite));
    const { context, page } = await openPage(browser, { width, height });
    await signIn(page, server, email, password, { id: openNdsSite, name: 'Beach Bar' });
    await page.goto(`${server.url}/newapp/app/settings-view?site=${openNdsSite}`);
    await page.getByRole('link', { name: 'Router settings (openNDS)' }).click();
    await page.getByRole('heading', { name: 'openNDS gateway' }).waitFor();
    await status(page, 'Not configured');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Save updates failed').waitFor();
    await page.getByText(/A faskey is required from level 1/).waitFor();

    await page.getByRole('button', { name: 'Generate a key' }).click();
    const key = (await page.getByTestId('generated-faskey').textContent())!;
    expect(key).toMatch(/^[\w-]{32}$/);
    await status(page, 'Cannot be checked');
    const config = page.getByTestId('opennds-config');
    await expect(config.innerText()).resolves.toContain(`option faspath '/guest/${row!.portalKey}/'`);
    await page.getByRole('button', { name: 'Debian and others' }).click();
    const lines = (await config.innerText()).split('\n');
    expect(lines).toEqual([
      'fasport 80',
      'fasremoteip <the IP address of wifi.example.test>',
      'fasremotefqdn wifi.example.test',
      `faspath /guest/${row!.portalKey}/`,
      'fas_secure_enabled 1',
      `faskey ${key}`,
    ]);
    await page.getByText('Levels 0 to 2 send guests over plain HTTP', { exact: false }).waitFor();
    await settle(page);
    await screenshot(page, `routers-opennds-${width}`);

    // Once the page is left, the key is never shown again: the line says which key to use.
    await page.reload();
    await status(page, 'Cannot be checked');
    await page.getByRole('button', { name: 'Debian and others' }).click();
    await expect(config.innerText()).resolves.toContain('faskey <the key you saved>');
    await expect(page.getByText(key).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Generate a key' }).click();
    await page.getByRole('dialog').getByText('Replace the faskey?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });
});
