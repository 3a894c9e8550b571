/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { guestAccounts } from '../server/src/db/schema/index.ts';
import type { TestServer } from '../server/test/harness.ts';
import { signedInClient } from '../server/test/clients.ts';
import { FakeUnifiController } from '../server/test/fakes/unifi-controller.ts';
import { randomMac } from '../server/test/portal.ts';
import { fitsWidth, launch, openPage, screenshot, settle } from './browser.ts';
import { ownerOfUnifiLocation, signIn, startApp } from './app.ts';

// The Guest Accounts screens in Chromium at a phone's and a desktop's width: the list with search and
// paging, create, edit, details with connect and disconnect, import with its progress and per-row
// report, a Read Only client, Spanish; and a guest signing in with an account on the portal.

let server: TestServer;
let browser: Browser;
let unifi: FakeUnifiController;
const UNIFI_SITE = 'lobby';
beforeAll(async () => {
  [server, browser, unifi] = await Promise.all([
    startApp(),
    launch(),
    new FakeUnifiController({ mode: 'classic', sites: [UNIFI_SITE] }).start(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await unifi?.close();
  await server?.close();
});

const CSV = [
  'username,password,name,devices,duration,duration_type',
  'room-101,welcome-101,Room 101,2,3,days',
  'room-102,short,Room 102,1,3,days',
  'room-103,welcome-103,Room 103,1,12,hours',
].join('\n');

/** An account with a UniFi location that offers guest accounts, its controller the fake one. */
async function account() {
  return ownerOfUnifiLocation(server, {
    name: 'Hotel Sol',
    emailPrefix: 'guestaccounts',
    password: 'accounts-pass-7',
    authMethods: ['guestuser'],
    controller: { url: unifi.url, site: UNIFI_SITE },
  });
}

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('guest accounts at $width wide', ({ width, height }) => {
  it('creates, edits, connects a device, imports, disconnects and deletes', async () => {
    const { email, password, siteId, site } = await account();
    const { context, page } = await openPage(browser, { width, height });
    await signIn(page, server, email, password, site);

    await page.goto(`${server.url}/newapp/app/guestuser/manage`);
    await page.getByRole('heading', { name: 'Guest Accounts' }).waitFor();
    await page.getByText('No guest accounts yet.').waitFor();
    await fitsWidth(page);

    // Create: the limits come filled in with the site's defaults; the server's errors show per field.
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Create guest account' }).waitFor();
    await expect(page.getByLabel('Devices').inputValue()).resolves.toBe('1');
    await page.getByLabel(/^Username/).fill('Front Desk');
    await page.getByLabel(/^Password/).fill('short');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Failed to create').waitFor();
    await page.getByText('Use 3 to 64 letters, numbers or . _ - @ + (no spaces)').waitFor();
    await page.getByText('Password must be at least 7 characters').waitFor();
    await settle(page);
    await screenshot(page, `guest-accounts-create-errors-${width}`);
    await fitsWidth(page);

    await page.getByLabel(/^Username/).fill('Ana.Garcia');
    await page.getByRole('button', { name: 'Generate' }).click();
    const generated = await page.getByLabel(/^Password/).inputValue();
    expect(generated).toMatch(/^[a-zA-Z2-9]{10}$/);
    await page.getByLabel('Name', { exact: true }).fill('Ana García');
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByLabel('Duration', { exact: true }).fill('2');
    await page.getByRole('combobox', { name: 'Unit' }).first().click();
    await page.getByRole('option', { name: 'Hours' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'ana.garcia' }).waitFor();
    await page.getByText('Account created').waitFor();
    await page.getByText('Not used yet: 2 hours from the first login').waitFor();
    const [stored] = await server.handle.db.select().from(guestAccounts).where(eq(guestAccounts.siteId, siteId));
    expect(stored).toMatchObject({ username: 'ana.garcia', durationVal: 2, durationType: 'hours' });

    // Edit the name; the password left empty is kept.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit ana.garcia' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Ana García López');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'ana.garcia' }).waitFor();
    await page.getByText('Ana García López').waitFor();

    // Connect a device by MAC: on UniFi it is let in at once.
    const mac = randomMac();
    await page.getByLabel('Device MAC address').fill('not a mac');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText('Enter a MAC address such as AA:BB:CC:DD:EE:FF').waitFor();
    await page.getByLabel('Device MAC address').fill(mac.toUpperCase().replace(/:/g, '-'));
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText('Device connected: it is online now').waitFor();
    await page.getByRole('list', { name: 'Devices' }).getByText(mac.toUpperCase()).waitFor();
    await page.getByRole('list', { name: 'Devices' }).getByText('Online').waitFor();
    await page.getByText(/^Active until/).waitFor();
    expect(unifi.commands.at(-1)?.body).toMatchObject({ cmd: 'authorize-guest', mac });
    await settle(page);
    await screenshot(page, `guest-accounts-details-${width}`);
    await fitsWidth(page);

    // Import a CSV: progress, then the rows that were refused and why.
    await page.getByRole('link', { name: 'All accounts' }).click();
    await page.getByRole('button', { name: 'Import file' }).click();
    await page.getByRole('dialog').getByText('Import guest accounts').waitFor();
    await page.getByTestId('import-file').setInputFiles({ name: 'rooms.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByText('rooms.csv').waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('import-result').getByText('2 of 3 accounts imported').waitFor();
    await page.getByText('3 of 3 rows').waitFor();
    const rejected = page.getByRole('table', { name: 'Rows not imported (1)' });
    await rejected.getByRole('cell', { name: 'room-102' }).waitFor();
    await rejected.getByText('Password must be at least 7 characters').waitFor();
    await settle(page);
    await screenshot(page, `guest-accounts-import-${width}`);
    await page.getByRole('button', { name: 'Close' }).click();

    // The list: search and paging.
    await page.getByText('room-103').waitFor();
    await page.getByLabel('Search username, name, email or device').fill('room');
    await page.getByText('ana.garcia').waitFor({ state: 'hidden' });
    await expect(page.getByText('room-101').isVisible()).resolves.toBe(true);
    await page.getByLabel('Search username, name, email or device').fill('');
    await page.getByText('ana.garcia').waitFor();
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect(page.url()).toContain('rpp=10');
    await settle(page);
    await screenshot(page, `guest-accounts-list-${width}`);
    await fitsWidth(page);

    // Disconnect the device, then delete the account.
    await page.getByText('ana.garcia').click();
    await page.getByRole('heading', { name: 'ana.garcia' }).waitFor();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Device disconnected').waitFor();
    await page.getByText(/No device yet/).waitFor();
    expect(unifi.commands.at(-1)?.body).toEqual({ cmd: 'unauthorize-guest', mac });
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Account deleted').waitFor();
    await page.getByRole('heading', { name: 'Guest Accounts' }).waitFor();
    await page.getByText('room-101').waitFor();
    await expect(page.getByText('ana.garcia').count()).resolves.toBe(0);
    await context.close();
    // The longest walk of the suite: every screen of the area in one story.
  }, 150_000);

  it('lets a guest sign in with an account on the portal', async () => {
    const { api, siteId, lookupKey } = await account();
    await api.post(`/s/${siteId}/api/v1/guestuser/create`, {
      username: 'room-7',
      password: 'room-seven-7',
      duration_val: 4,
      duration_type: 'hours',
    });
    const { context, page } = await openPage(browser, { width, height }, { locale: 'en-US' });
    const mac = randomMac();
    await page.goto(`${server.url}/guest/s/${lookupKey}/?id=${mac}&ap=f0:9f:c2:00:00:01&url=http://example.com/`);
    await page.getByText('Sign in with your account').first().waitFor();
    await page.getByLabel('Username').fill('Room-7');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That username or password is not correct').waitFor();
    await page.getByLabel('Password').fill('room-seven-7');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('You are connected').waitFor();
    expect(unifi.commands.at(-1)?.body).toMatchObject({ cmd: 'authorize-guest', mac, minutes: 240 });
    await screenshot(page, `guest-accounts-portal-connected-${width}`);
    await fitsWidth(page);
    await context.close();
  });
});

describe('guest accounts in Spanish on a phone, and for a Read Only client', () => {
  it('shows every screen in Spanish, the portal included, with sign-up', async () => {
    const { api, email, password, siteId, lookupKey, site } = await account();
    await api.put(`/s/${siteId}/api/v1/guestuserloginconfig/`, { self_signup: true });
    await api.post(`/s/${siteId}/api/v1/guestuser/create`, {
      username: 'hab-12',
      password: 'habitacion-12',
      name: 'Habitación 12',
    });
    const { context, page } = await openPage(browser, { width: 375, height: 812 }, { locale: 'es-ES' });
    await signIn(page, server, email, password, site);
    // The browser prefers Spanish: the dashboard is in Spanish with nothing chosen.

    await page.goto(`${server.url}/newapp/app/guestuser/manage`);
    await page.getByRole('heading', { name: 'Cuentas de invitado' }).waitFor();
    await page.getByText('Sin usar', { exact: true }).waitFor();
    await settle(page);
    await screenshot(page, 'guest-accounts-list-es-375');
    await page.getByRole('button', { name: 'Importar archivo' }).click();
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a00', 'hex') });
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByText('Este archivo no es una tabla: sube un archivo CSV o un libro de Excel (.xlsx)').waitFor();
    await settle(page);
    await screenshot(page, 'guest-accounts-import-error-es-375');
    await page.getByRole('button', { name: 'Cerrar' }).click();

    // An Excel workbook: its good rows imported, the refused one in the report.
    await page.getByRole('button', { name: 'Importar archivo' }).click();
    const workbook = await writeExcelFile([
      ['username', 'password'],
      ['hab-20', 'hab-pass-20'],
      ['hab-21', 'corta'],
    ]).toBuffer();
    await page.getByTestId('import-file').setInputFiles({
      name: 'habitaciones.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook,
    });
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByTestId('import-result').getByText('1 de 2 cuentas importadas').waitFor();
    await page.getByRole('table', { name: 'Filas no importadas (1)' }).getByRole('cell', { name: 'hab-21' }).waitFor();
    await settle(page);
    await screenshot(page, 'guest-accounts-import-xlsx-es-375');
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByText('hab-20').waitFor();

    await page.getByText('hab-12').click();
    await page.getByText('Sin usar: 1 día desde el primer acceso').waitFor();
    await page.getByLabel('Dirección MAC del dispositivo').fill('zz');
    await page.getByRole('button', { name: 'Conectar', exact: true }).click();
    await page.getByText('Introduce una dirección MAC como AA:BB:CC:DD:EE:FF').waitFor();
    await settle(page);
    await screenshot(page, 'guest-accounts-details-es-375');
    await page.getByRole('link', { name: 'Editar' }).click();
    await page.getByText('Déjala vacía para mantener la contraseña actual.').waitFor();
    await settle(page);
    await screenshot(page, 'guest-accounts-edit-es-375');
    await fitsWidth(page);

    // A Spanish phone on the portal: create an account there and get online.
    const guest = await context.newPage();
    const mac = randomMac();
    await guest.goto(`${server.url}/guest/s/${lookupKey}/?id=${mac}&ap=f0:9f:c2:00:00:01&url=http://example.com/`);
    await guest.getByText('Entra con tu cuenta').first().waitFor();
    await screenshot(guest, 'guest-accounts-portal-login-es-375');
    await guest.getByRole('button', { name: 'Crear una cuenta' }).click();
    await guest.getByText('Crea tu cuenta de Wi-Fi').waitFor();
    await guest.getByLabel('Nombre').fill('Lucía');
    await guest.getByLabel('Apellidos').fill('Martín');
    await guest.getByLabel('Correo electrónico').fill('lucia@example.com');
    await guest.getByLabel('Usuario').fill('lucia');
    await guest.getByLabel('Contraseña', { exact: true }).fill('lucia-pass-1');
    await guest.getByLabel('Repite la contraseña').fill('otra-cosa-1');
    await guest.getByRole('button', { name: 'Crear una cuenta' }).click();
    await guest.getByText('Las contraseñas no coinciden').waitFor();
    await screenshot(guest, 'guest-accounts-portal-signup-es-375');
    await fitsWidth(guest);
    await guest.getByLabel('Contraseña', { exact: true }).fill('lucia-pass-1');
    await guest.getByLabel('Repite la contraseña').fill('lucia-pass-1');
    await guest.getByRole('button', { name: 'Crear una cuenta' }).click();
    await guest.getByText('Ya estás conectado').waitFor();
    expect(unifi.commands.at(-1)?.body).toMatchObject({ cmd: 'authorize-guest', mac });
    await context.close();
  });

  it('shows a Read Only client the accounts without any way to change them', async () => {
    const { api, siteId, accountId, site } = await account();
    await api.post(`/s/${siteId}/api/v1/guestuser/create`, { username: 'visible', password: 'visible-pass' });
    const { email } = await signedInClient(server, accountId, [{ siteId, area: 'guest_accounts', level: 'read' }]);
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, server, email, 'client-pass-7', site);
    await page.goto(`${server.url}/newapp/app/guestuser/manage`);
    await page.getByText('You can see these accounts but not change them (Read Only access).').waitFor();
    await page.getByText('visible').click();
    await page.getByRole('heading', { name: 'visible' }).waitFor();
    for (const name of ['Create account', 'Import file', 'Edit', 'Delete', 'Connect'])
      await expect(page.getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Edit' }).count()).resolves.toBe(0);
    await settle(page);
    await screenshot(page, 'guest-accounts-read-only-1440');
    await context.close();
  });

  it('hides the menu item and the routes from a client with No Access to guest accounts', async () => {
    const { api, siteId, accountId, site } = await account();
    const created = await api.post(`/s/${siteId}/api/v1/guestuser/create`, { username: 'hidden', password: 'hidden-pass' });
    const { email } = await signedInClient(server, accountId, [{ siteId, area: 'guest_data', level: 'write' }]);
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, server, email, 'client-pass-7', site);
    const menu = page.getByRole('navigation', { name: 'main' });
    await menu.getByRole('button', { name: 'Guests' }).waitFor();
    await expect(menu.getByRole('button', { name: 'Guest Accounts' }).count()).resolves.toBe(0);
    for (const route of [
      '/app/guestuser/manage',
      '/app/guestuser/create',
      `/app/guestuser/edit/${created.body.id}`,
      `/app/guestuser/details/${created.body.id}/1/25`,
    ]) {
      await page.goto(`${server.url}/newapp${route}`);
      await page.waitForURL(/\/app\/reports\/dashboard/);
    }
    await expect(page.getByText('hidden').count()).resolves.toBe(0);
    await context.close();
  });
});
