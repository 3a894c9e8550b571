/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { sites as siteRows } from '../server/src/db/schema/index.ts';
import type { TestServer } from '../server/test/harness.ts';
import { signedInClient } from '../server/test/clients.ts';
import { arriveFromUnifi, randomMac, textOf, unifiPortalSite, type PortalSite } from '../server/test/portal.ts';
import { fitsWidth, launch, openPage, screenshot, settle } from './browser.ts';
import { signIn, startApp } from './app.ts';

// The splash page designer in Chromium at a phone's and a desktop's width: an operator changes the
// design and a login method's fields, sees the preview (the portal's own page in a frame) change
// before saving, saves, and a guest sent by the UniFi controller gets that page from the real portal.
// Also: a server validation error on its field, an image upload, a screen's style page, Spanish, and
// a Read Only client.

let server: TestServer;
let browser: Browser;
const sites: PortalSite[] = [];
beforeAll(async () => {
  [server, browser] = await Promise.all([startApp(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(sites.map((s) => s.unifi.close()));
  await server?.close();
});

const PASSWORD = 'correct-horse-7';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A UniFi location whose guests log in by email, its controller the fake one; and its owner's email. */
async function emailSite() {
  const site = await unifiPortalSite(server, ['email']);
  sites.push(site);
  const email = (await site.owner.get('/a/api/v1/profile/')).body.email as string;
  return { site, email };
}

/** The test site, as the dashboard's site switcher names it. */
const mainStreet = (site: PortalSite) => ({ id: site.siteId, name: 'Main Street' });

const backgroundOf = (frame: FrameLocator | Page) => frame.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
const fontOf = (frame: FrameLocator | Page) =>
  frame.locator('body').evaluate(async (b) => {
    await document.fonts.ready;
    const loaded = [...document.fonts].some((f) => f.family.replace(/["']/g, '') === 'Lato' && f.status === 'loaded');
    return { family: getComputedStyle(b).fontFamily, loaded };
  });

/** On a phone the preview is behind a toggle. */
async function openPreview(page: Page, width: number) {
  if (width < 1000) {
    const toggle = page.getByRole('button', { name: /^(Show the preview|Mostrar la vista previa)$/ });
    if (await toggle.isVisible()) await toggle.click();
  }
  const frame = page.frameLocator('[data-testid=splash-preview]');
  await frame.locator('main.card').waitFor();
  return frame;
}

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('the splash page designer at $width wide', ({ width, height }) => {
  it('previews a new colour, heading, font and field before saving, and the portal serves them to a guest after', async () => {
    const { site, email } = await emailSite();
    const { context, page } = await openPage(browser, { width, height });
    await signIn(page, server, email, PASSWORD, mainStreet(site));
    await page.goto(`${server.url}/newapp/app/site/splash-pages`);
    await page.getByRole('heading', { name: 'Splash page', exact: true }).waitFor();

    // The design: a colour typed, a font chosen from the fonts the server offers, a logo uploaded.
    await page.getByLabel('Page background', { exact: true }).fill('#0b3d2e');
    await page.getByLabel('Font', { exact: true }).click();
    await page.getByRole('option', { name: 'Lato' }).click();
    await page
      .getByTestId('upload-logo_image')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Only image files are accepted').waitFor();
    // The upload button is a real button that opens the file picker.
    const [picker] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('group', { name: 'Logo', exact: true }).getByRole('button', { name: 'Upload', exact: true }).click(),
    ]);
    await picker.setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: 'Logo' }).waitFor();

    // The email method: its heading, and a custom field.
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByRole('button', { name: 'Screen style' }).click();
    await page.getByRole('group', { name: 'Heading' }).getByRole('textbox', { name: 'Heading' }).fill('Welcome to Harbour Café');
    await page.getByLabel('Field to add').click();
    await page.getByRole('option', { name: 'Custom text' }).click();
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('listitem', { name: 'Your answer' }).getByLabel('Label').fill('Room number');
    await page.getByRole('listitem', { name: 'Room number' }).getByLabel('Required').click();

    // Before saving: the preview is the guest page with all of it.
    const preview = await openPreview(page, width);
    await preview.getByRole('heading', { name: 'Welcome to Harbour Café', level: 1 }).waitFor();
    await preview.getByLabel('Room number').waitFor();
    await preview.locator('.logo img').waitFor();
    expect(await backgroundOf(preview)).toBe('rgb(11, 61, 46)');
    expect(await fontOf(preview)).toEqual({ family: 'Lato, sans-serif', loaded: true });
    await page.getByText('You have unsaved changes').waitFor();
    await settle(page);
    await screenshot(page, `splash-designer-preview-${width}`);
    await fitsWidth(page);

    // The desktop size of the preview, scaled to fit.
    const frameWidth = () => preview.locator('body').evaluate(() => window.innerWidth);
    expect(await frameWidth()).toBe(375);
    await page.getByRole('button', { name: 'Desktop', exact: true }).click();
    await preview.getByRole('heading', { name: 'Welcome to Harbour Café' }).waitFor();
    await expect.poll(frameWidth).toBe(1280);
    await page.getByRole('button', { name: 'Phone', exact: true }).click();
    await expect.poll(frameWidth).toBe(375);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.getByText('No unsaved changes').waitFor();

    // A guest sent by the controller gets the same page from the portal.
    const { guest } = await arriveFromUnifi(server, site);
    const served = await guest.get();
    expect(served.status).toBe(200);
    expect(textOf(served.html)).toContain('Welcome to Harbour Café');
    expect(textOf(served.html)).toContain('Room number');
    expect(served.html).toContain('body{background:#0b3d2e');
    expect(served.html).toContain(
      '<link rel="preload" href="/static/guest/fonts/lato/files/lato-latin-400-normal.woff2" as="font"',
    );

    // And in a browser: the guest's phone on the portal, as the controller sends it.
    const { context: phone, page: guestPage } = await openPage(browser, { width: 375, height: 740 });
    await guestPage.goto(
      `${server.url}/guest/s/${site.unifiSite}/?id=${randomMac()}&ap=f0:9f:c2:00:00:01&url=http://example.com/`,
    );
    await guestPage.getByRole('heading', { name: 'Welcome to Harbour Café' }).waitFor();
    await guestPage.getByLabel(/^Room number/).waitFor();
    expect(await backgroundOf(guestPage)).toBe('rgb(11, 61, 46)');
    expect(await fontOf(guestPage)).toEqual({ family: 'Lato, sans-serif', loaded: true });
    await screenshot(guestPage, `splash-designer-guest-${width}`);
    await phone.close();
    await context.close();
  });

  it('shows a server validation error on its field and says Save updates failed', async () => {
    const { site, email } = await emailSite();
    const { context, page } = await openPage(browser, { width, height });
    await signIn(page, server, email, PASSWORD, mainStreet(site));
    await page.goto(`${server.url}/newapp/app/site/splash-pages`);
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByRole('button', { name: 'Advanced settings' }).click();
    // Limited speed with no limit set: only the server knows it is wrong. Clicked once the method's settings
    // have arrived (unlimited, as saved), or the click is undone by their arrival.
    const unlimited = page.getByLabel('Unlimited speed');
    await expect.poll(() => unlimited.isChecked()).toBe(true);
    await unlimited.click();
    await expect.poll(() => unlimited.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Save updates failed').waitFor();
    await page.getByText('Set an upload or download limit, or choose unlimited speed').waitFor();
    await page.getByText('You have unsaved changes').waitFor();
    await settle(page);
    await screenshot(page, `splash-designer-error-${width}`);
    await fitsWidth(page);

    await page.getByLabel('Download speed').fill('2048');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect((await site.owner.get(`${site.api}/emailconfig/`)).body).toMatchObject({ speed_dl: 2048, unlimited_speed: false });
    await context.close();
  });
});

describe('splash screens in Spanish, one screen’s style page, and a Read Only client', () => {
  it('shows the designer and the preview in Spanish, every tab on a computer, then on a phone', async () => {
    const { site, email } = await emailSite();
    const methods = [
      'email',
      'clickthrough',
      'phone',
      'password',
      'voucher',
      'multisitevoucher',
      'guestuser',
      'payment',
      'ageconsent',
      'wifi4eu',
    ];
    expect((await site.owner.put(`/s/api/v1/site/${site.siteId}`, { auth_methods: methods })).status).toBe(200);
    const { context, page } = await openPage(browser, { width: 1440, height: 900 }, { locale: 'es-ES' });
    await signIn(page, server, email, PASSWORD, mainStreet(site));
    // The browser prefers Spanish: the dashboard is in Spanish with nothing chosen.
    await page.goto(`${server.url}/newapp/app/site/splash-pages`);
    await page.getByRole('heading', { name: 'Página de bienvenida', exact: true }).waitFor();
    // Every part's tab shows at once on a computer, without scroll arrows, however long their Spanish names.
    await page.getByRole('tab', { name: 'Bono multiubicación' }).waitFor();
    await expect(page.getByRole('tab').count()).resolves.toBe(methods.length + 3);
    expect(await page.locator('.MuiTabs-scrollButtons').count()).toBe(0);
    const outside = await page.getByRole('tablist').evaluate((list) => {
      const box = list.getBoundingClientRect();
      return [...list.querySelectorAll('[role=tab]')]
        .filter((tab) => tab.getBoundingClientRect().right > box.right + 0.5)
        .map((tab) => tab.textContent);
    });
    expect(outside).toEqual([]);
    await screenshot(page, 'splash-designer-es-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByLabel('Fondo de la página', { exact: true }).fill('#12');
    await page.getByText('Usa un color como #1976d2 o rgba(25, 118, 210, 0.8)').waitFor();
    await page.getByLabel('Fondo de la página', { exact: true }).fill('#123456');
    await page.getByRole('tab', { name: 'Correo electrónico' }).click();
    // The preview speaks the guest's language: the default texts in Spanish.
    const preview = await openPreview(page, 375);
    await preview.getByRole('heading', { name: 'Conéctate con tu correo electrónico' }).waitFor();
    await preview.getByRole('button', { name: 'Conectar' }).waitFor();
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await preview.getByRole('heading', { name: 'Connect with your email' }).waitFor();
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    await page.getByRole('button', { name: 'Ajustes avanzados' }).click();
    // The method's settings load with the section: a click before they arrive would be undone by them.
    const unlimited = page.getByLabel('Velocidad ilimitada');
    await expect.poll(() => unlimited.isChecked()).toBe(true);
    // The section opens with a transition. In one full run on a loaded machine a click during it left the switch on
    // (15 s later), so the click waits for the page to settle, and is made again if the switch is still on.
    await settle(page);
    await vi.waitFor(
      async () => {
        if (!(await unlimited.isChecked())) return;
        await unlimited.click();
        await expect.poll(() => unlimited.isChecked(), { timeout: 5_000 }).toBe(false);
      },
      { timeout: 20_000, interval: 500 },
    );
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByText('No se han podido guardar los cambios').waitFor();
    await page.getByText('Pon un límite de subida o de bajada, o elige velocidad ilimitada').waitFor();
    await settle(page);
    await screenshot(page, 'splash-designer-es-375');
    await fitsWidth(page);
    await context.close();
  });

  it('edits one screen’s style from the settings, with the preview of its code step', async () => {
    const { site, email } = await emailSite();
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, server, email, PASSWORD, mainStreet(site));
    await page.goto(`${server.url}/newapp/app/settings-view`);
    await page.getByRole('link', { name: 'Splash screen styles' }).click();
    await page.getByRole('heading', { name: 'Splash screen style' }).waitFor();
    await page.getByLabel('Screen', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Phone (SMS code)' }).click();
    await page.waitForURL(/\/app\/settings-view\/splash\/phone(\?|$)/);
    await page.getByRole('group', { name: 'Code button' }).getByLabel('Text', { exact: true }).fill('Check my code');
    await page.getByRole('combobox', { name: 'Screen' }).last().click();
    await page.getByRole('option', { name: 'Phone: the code step' }).click();
    const preview = page.frameLocator('[data-testid=splash-preview]');
    await preview.getByRole('button', { name: 'Check my code' }).waitFor();
    await settle(page);
    await screenshot(page, 'splash-screen-style-1440');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect((await site.owner.get(`${site.api}/phoneconfig/splashpage`)).body.phone_otpbtn_text).toBe('Check my code');
    await context.close();
  });

  it('opens read-only for a client with Read Only access to the landing page', async () => {
    const { site } = await emailSite();
    const [row] = await server.handle.db.select().from(siteRows).where(eq(siteRows.id, site.siteId));
    const reader = await signedInClient(server, row!.accountId, [{ siteId: site.siteId, area: 'landing_page', level: 'read' }]);
    const { context, page } = await openPage(browser, { width: 375, height: 812 });
    await signIn(page, server, reader.email, 'client-pass-7', mainStreet(site));
    await page.goto(`${server.url}/newapp/app/site/splash-pages`);
    await page.getByText('You can see the splash page settings but not change them (Read Only access).').waitFor();
    expect(await page.getByLabel('Page background', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await openPreview(page, 375);
    await settle(page);
    await screenshot(page, 'splash-designer-read-only-375');
    await context.close();
  });
});
