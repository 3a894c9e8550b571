/// <reference lib="dom" />
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { clientSiteAccess, users } from '../server/src/db/schema/index.ts';
import { hashPassword } from '../server/src/platform/passwords.ts';
import { createSite, uniqueEmail, type TestServer } from '../server/test/harness.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../server/test/fakes/sms-gateway.ts';
import { launch, openPage, screenshot, settle } from './browser.ts';
import { registerOwner, signIn, startApp } from './app.ts';

let server: TestServer;
let browser: Browser;
let gateway: FakeSmsGateway;
beforeAll(async () => {
  [server, browser, gateway] = await Promise.all([startApp(), launch(), startFakeSmsGateway()]);
});
afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await server?.close();
});
beforeEach(() => gateway.reset());

/** An account with one location (email, phone and click-through with a custom question), made through the API. */
async function account() {
  const { api, email, password } = await registerOwner(server, { account: 'Sms Co', emailPrefix: 'sms', password: 'sms-pass-7' });
  const site = (
    await createSite(api, { name: 'Harbour Café', router_type: 'unifi', auth_methods: ['email', 'phone', 'clickthrough'] })
  ).id as number;
  const fields = await api.put(`/s/${site}/api/v1/clickthrpughloginconfig/loginfields`, {
    login_fields: [
      { field_type: 'email' },
      { field_type: 'custom_select', title: 'Reason for visit', options_list: ['Work', 'Leisure'], mandatory: true },
    ],
  });
  expect(fields.status).toBe(200);
  return { api, email, password, site };
}

/** Picks an option of an MUI select by the select's label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const testResult = (page: Page) => page.getByTestId('sms-test-result');
const param = (page: Page, i: number) => page.getByTestId('sms-extra-param').nth(i);

/**
 * Clicks a button in the middle of the screen: at the bottom of a phone's screen the 'Saved' toast lies
 * over it, and the pointer resting on the toast keeps it open.
 */
async function press(page: Page, name: string) {
  const button = page.getByRole('button', { name });
  await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await button.click();
}

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('settings at $width wide', ({ width, height }) => {
  it('configures the SMS gateway through the page, sends a test SMS, and shows a failing gateway’s answer', async () => {
    const { email, password, site } = await account();
    const { context, page } = await openPage(browser, { width, height });
    await signIn(page, server, email, password);
    await page.goto(`${server.url}/newapp/app/settings-view?site=${site}`);
    await page.getByRole('link', { name: 'SMS gateway' }).click();
    await page.getByRole('heading', { name: 'SMS gateway', level: 1 }).waitFor();

    // Switched on without an address: the field says what is missing, nothing is saved.
    await page.getByLabel('Send SMS through this gateway').check();
    await press(page, 'Save');
    await page.getByText('Save updates failed').waitFor();
    await page.getByText('Enter the gateway address to turn SMS on').waitFor();

    await page.getByLabel('Gateway address').fill(`${gateway.origin}/api/send?account=harbour`);
    await choose(page, 'Request type', 'POST, JSON body');
    // Only the fields of the chosen authentication show.
    await expect(page.getByLabel('Header name').count()).resolves.toBe(0);
    await choose(page, 'Authentication type', 'HTTP basic authentication');
    await page.getByLabel('User name').waitFor();
    await choose(page, 'Authentication type', 'API key in a header');
    await expect(page.getByLabel('User name').count()).resolves.toBe(0);
    await page.getByLabel('Header name').fill('X-Api-Key');
    await page.getByLabel('Header value (API key)').fill('key-0123456789abcdef');
    await page.getByLabel('Phone number parameter').fill('recipient');
    await page.getByRole('button', { name: 'Add a parameter' }).click();
    await param(page, 0).getByLabel('Name').fill('sender');
    await param(page, 0).getByLabel('Value').fill('Harbour');
    await page.getByRole('button', { name: 'Add a parameter' }).click();
    await param(page, 1).getByLabel('Name').fill('token');
    await param(page, 1).getByLabel('Value').fill('query-secret-123456');
    await param(page, 1).getByLabel('Secret').check();
    await page.getByRole('button', { name: 'Add a parameter' }).click();
    await page.getByRole('button', { name: 'Remove parameter 3' }).click();
    await expect(page.getByTestId('sms-extra-param').count()).resolves.toBe(2);
    await page.getByText('You have unsaved changes: save them first to test them.').waitFor();
    await press(page, 'Save');
    await page.getByText('Saved', { exact: true }).waitFor();
    // Secrets come back only as saved, with the last characters of long keys.
    await page.getByText('A value ending in ••••ef is saved: leave empty to keep it').waitFor();
    await param(page, 1).getByText('A value ending in ••••56 is saved: leave empty to keep it').waitFor();
    await expect(page.getByLabel('Header value (API key)').inputValue()).resolves.toBe('');
    await expect(page.getByText('You have unsaved changes', { exact: false }).count()).resolves.toBe(0);

    await page.getByLabel('Phone number', { exact: true }).fill('+34 600 111 222');
    await press(page, 'Send test SMS');
    await testResult(page).getByText('Test SMS sent').waitFor();
    await testResult(page).getByText('The gateway accepted a test message to +34600111222.').waitFor();
    expect(gateway.received).toHaveLength(1);
    const got = gateway.received[0]!;
    expect(got).toMatchObject({
      method: 'POST',
      path: '/api/send',
      query: { account: 'harbour' },
      contentType: 'application/json',
    });
    expect(got.headers['x-api-key']).toBe('key-0123456789abcdef');
    expect(got.json).toEqual({
      recipient: '+34600111222',
      text: expect.stringMatching(/test message/),
      sender: 'Harbour',
      token: 'query-secret-123456',
    });
    await settle(page);
    await screenshot(page, `settings-sms-sent-${width}`);

    gateway.answerNext({ status: 400, body: '{"error": "unknown sender"}' });
    await press(page, 'Send test SMS');
    await testResult(page).getByText('Failed to send SMS').waitFor();
    await testResult(page)
      .getByText(`The SMS gateway at ${new URL(gateway.origin).host} answered HTTP 400: {"error": "unknown sender"}`)
      .waitFor();
    expect(gateway.received).toHaveLength(2);
    await settle(page);
    await screenshot(page, `settings-sms-failed-${width}`);

    // A number the server cannot read is pointed at on the phone field.
    await page.getByLabel('Phone number', { exact: true }).fill('12');
    await press(page, 'Send test SMS');
    await page.getByText('Enter a valid phone number, such as +34 600 111 222').waitFor();
    expect(gateway.received).toHaveLength(2);
    await context.close();
  });

  it('lists the guest fields of the location with the custom question, and links to the splash page designer', async () => {
    const { email, password, site } = await account();
    const { context, page } = await openPage(browser, { width, height });
    await signIn(page, server, email, password);
    await page.goto(`${server.url}/newapp/app/settings-view?site=${site}`);
    await page.getByRole('link', { name: 'Guest fields' }).click();
    await page.getByRole('heading', { name: 'Guest fields', level: 1 }).waitFor();
    const rows = page.getByTestId('guest-fields').locator('tbody tr');
    await expect(rows.allInnerTexts()).resolves.toHaveLength(3);
    const custom = rows.filter({ hasText: 'Reason for visit' });
    await custom.getByText('Custom list').waitFor();
    await custom.getByText('Click-through (required)').waitFor();
    const emailRow = rows.filter({ hasText: /^Email/ });
    await emailRow.getByText('Email (required)').waitFor();
    await emailRow.getByText('Click-through', { exact: true }).waitFor();
    await rows.filter({ hasText: 'Phone number' }).getByText('Phone (SMS code) (required)').waitFor();
    const designer = page.getByRole('link', { name: 'Change them in the splash page designer' });
    await expect(designer.getAttribute('href')).resolves.toBe('/newapp/app/site/splash-pages');
    await settle(page);
    await screenshot(page, `settings-guest-fields-${width}`);
    await context.close();
  });
});

describe('settings in Spanish and for a Read Only client', () => {
  it('shows the SMS gateway and guest fields pages in Spanish, with the server’s messages translated', async () => {
    const { email, password, site } = await account();
    const { context, page } = await openPage(browser, { width: 375, height: 812 });
    await signIn(page, server, email, password);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/newapp/app/settings-view?site=${site}`);
    await page.getByRole('link', { name: 'Pasarela SMS' }).click();
    await page.getByRole('heading', { name: 'Pasarela SMS', level: 1 }).waitFor();
    await page.getByLabel('Enviar SMS a través de esta pasarela').check();
    await press(page, 'Guardar');
    await page.getByText('Introduce la dirección de la pasarela para activar los SMS').waitFor();

    await page.getByLabel('Dirección de la pasarela').fill(`${gateway.origin}/api/send`);
    await press(page, 'Guardar');
    // The message goes once the saved settings come back: read until then, not at once.
    await expect.poll(() => page.getByText('Introduce la dirección de la pasarela', { exact: false }).count()).toBe(0);
    gateway.answerNext({ status: 503, body: 'down' }, { status: 503, body: 'still down' });
    await page.getByLabel('Número de teléfono', { exact: true }).fill('+34 600 111 222');
    await press(page, 'Enviar SMS de prueba');
    await testResult(page).getByText('No se pudo enviar el SMS').waitFor();
    await testResult(page)
      .getByText(/answered HTTP 503: still down/)
      .waitFor();
    await settle(page);
    await screenshot(page, 'settings-sms-es-375');

    await page.goBack();
    await page.getByRole('link', { name: 'Datos de los invitados' }).click();
    await page.getByRole('heading', { name: 'Datos de los invitados', level: 1 }).waitFor();
    const rows = page.getByTestId('guest-fields').locator('tbody tr');
    await rows.filter({ hasText: 'Correo electrónico' }).getByText('Correo electrónico (obligatorio)').waitFor();
    await rows.filter({ hasText: 'Reason for visit' }).getByText('Lista personalizada').waitFor();
    await page.getByRole('link', { name: 'Cambiarlos en el diseñador de la página de bienvenida' }).waitFor();
    await settle(page);
    await screenshot(page, 'settings-guest-fields-es-375');
    await context.close();
  });

  it('shows a Read Only client the SMS form disabled, without saving or testing', async () => {
    const { email: ownerEmail, api, site } = await account();
    expect((await api.put(`/s/${site}/api/v1/smsgateway/`, { url: `${gateway.origin}/send`, timeout: 7 })).status).toBe(200);
    const [owner] = await server.handle.db.select().from(users).where(eq(users.email, ownerEmail));
    const email = uniqueEmail('reader');
    const [reader] = await server.handle.db
      .insert(users)
      .values({
        accountId: owner!.accountId,
        email,
        name: 'Reader',
        passwordHash: await hashPassword('reader-pass-7'),
        role: 'client',
        billingAccess: false,
        emailVerified: true,
      })
      .returning();
    await server.handle.db.insert(clientSiteAccess).values({ userId: reader!.id, siteId: site, area: 'settings', level: 'read' });

    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, server, email, 'reader-pass-7');
    await page.goto(`${server.url}/newapp/app/settings-view?site=${site}`);
    await page.getByRole('link', { name: 'SMS gateway' }).click();
    await page.getByText('You have read-only access to these settings.').waitFor();
    await expect(page.getByLabel('Gateway address').inputValue()).resolves.toBe(`${gateway.origin}/send`);
    await expect(page.getByLabel('Gateway address').isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Timeout (seconds)').isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Send SMS through this gateway').isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Add a parameter' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Send test SMS' }).isDisabled()).resolves.toBe(true);
    // The guest fields are part of the settings a reader may see.
    await page.goBack();
    await page.getByRole('link', { name: 'Guest fields' }).click();
    await page.getByTestId('guest-fields').getByText('Reason for visit').waitFor();
    await expect(page.getByRole('link', { name: 'Change them in the splash page designer' }).count()).resolves.toBe(0);
    await context.close();
  });
});
