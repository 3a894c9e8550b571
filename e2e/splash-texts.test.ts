import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../server/test/harness.ts';
import { randomMac, unifiPortalSite, type PortalSite } from '../server/test/portal.ts';
import { fitsWidth, launch, openPage, screenshot, settle } from './browser.ts';
import { signIn, startApp } from './app.ts';

// The splash page's texts in each guest language: the operator writes the heading in English, switches
// the designer's texts to Spanish and writes the Spanish heading with a bold word in the heading's
// editor; guests whose phones are in Spanish get the Spanish heading, the others the English one.

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

/** A guest's phone, in a language, sent to the portal by the UniFi controller. */
async function guestPage(site: PortalSite, locale: string): Promise<{ page: Page; close(): Promise<void> }> {
  const { context, page } = await openPage(browser, { width: 375, height: 740 }, { locale });
  await page.goto(`${server.url}/guest/s/${site.unifiSite}/?id=${randomMac()}&ap=f0:9f:c2:00:00:01&url=http://example.com/`);
  return { page, close: () => context.close() };
}

describe('splash texts per guest language', () => {
  it('the operator writes a Spanish heading with a bold word; Spanish guests read it, English guests the English one', async () => {
    const site = await unifiPortalSite(server, ['email']);
    sites.push(site);
    const email = (await site.owner.get('/a/api/v1/profile/')).body.email as string;
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, server, email, PASSWORD, { id: site.siteId, name: 'Main Street' });
    await page.goto(`${server.url}/newapp/app/site/splash-pages`);
    await page.getByRole('heading', { name: 'Splash page', exact: true }).waitFor();

    // The English heading, typed as plain words: it stays the page's bold title.
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByRole('button', { name: 'Screen style' }).click();
    const heading = page.getByRole('group', { name: 'Heading' }).getByRole('textbox', { name: 'Heading' });
    await heading.fill('Welcome to Harbour Café');
    const preview = page.frameLocator('[data-testid=splash-preview]');
    await preview.getByRole('heading', { name: 'Welcome to Harbour Café', level: 1 }).waitFor();

    // The Spanish texts: empty, each showing what Spanish guests would read instead (the operator's English
    // heading; the Spanish default of a label left at its default).
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    await page.getByText('What guests read when their phone is in Spanish.', { exact: false }).waitFor();
    expect(await heading.textContent()).toBe('');
    expect(await heading.getAttribute('data-placeholder')).toBe('Welcome to Harbour Café');
    const loginLabel = page.getByRole('group', { name: 'Login button' }).getByLabel('Text', { exact: true });
    expect(await loginLabel.inputValue()).toBe('');
    expect(await loginLabel.getAttribute('placeholder')).toBe('Conectar');
    await heading.click();
    await page.keyboard.type('Bienvenidos al Café del Puerto');
    for (let i = 0; i < 'Puerto'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    // The preview is the Spanish guest page, with the bold word in its heading.
    const previewHeading = preview.getByRole('heading', { name: 'Bienvenidos al Café del Puerto', level: 1 });
    await previewHeading.waitFor();
    expect(await previewHeading.locator('b').textContent()).toBe('Puerto');
    await settle(page);
    await screenshot(page, 'splash-texts-spanish-heading-1440');
    await fitsWidth(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.getByText('No unsaved changes').waitFor();

    // Stored: the English heading and its Spanish version, each inside the theme's heading element.
    const styles = (await site.owner.get(`${site.api}/emailconfig/splashpage`)).body;
    expect(styles.email_heading_htmltext).toBe('<h2>Welcome to Harbour Café</h2>');
    expect(styles.translations['es-ES'].email_heading_htmltext).toBe('<h2>Bienvenidos al Café del <b>Puerto</b></h2>');

    // A guest whose phone is in Spanish: the Spanish heading, the bold word in the page's heading.
    const spanish = await guestPage(site, 'es-ES');
    const h1 = spanish.page.getByRole('heading', { level: 1 });
    await spanish.page.getByRole('heading', { name: 'Bienvenidos al Café del Puerto', level: 1 }).waitFor();
    expect(await h1.locator('b').textContent()).toBe('Puerto');
    expect(await h1.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    await spanish.page.getByRole('button', { name: 'Conectar' }).waitFor();
    await screenshot(spanish.page, 'splash-texts-guest-es-375');
    await spanish.close();

    // A guest whose phone is in English: the English heading.
    const english = await guestPage(site, 'en-US');
    await english.page.getByRole('heading', { name: 'Welcome to Harbour Café', level: 1 }).waitFor();
    expect(await english.page.getByRole('heading', { level: 1 }).locator('b').count()).toBe(0);
    await english.close();
    await context.close();
  });
});
