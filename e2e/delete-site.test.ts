/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { sites } from '../server/src/db/schema/index.ts';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { fitsWidth, launch, openPage } from './browser.ts';
import { keepLanguage, registerOwner, signIn, startApp } from './app.ts';

// Deleting a location from its settings in Chromium: the button stays off until the location's name is
// typed, the dialog says what goes, and afterwards the dashboard shows another location (or, when none is
// left, the page that creates one), with a toast. English at desktop width, Spanish on a phone.

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startApp(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const siteRow = async (id: number) => (await server.handle.db.select().from(sites).where(eq(sites.id, id)))[0];

describe('deleting a location', () => {
  it('asks for the name, deletes it and lands on the other location', async () => {
    const { api, email, password } = await registerOwner(server, {
      account: 'Harbour',
      emailPrefix: 'delete-site',
      password: 'delete-pass-7',
    });
    const doomed = (await createSite(api, { name: 'Harbour Café' })) as { id: number; name: string };
    const kept = (await createSite(api, { name: 'Old Town' })) as { id: number; name: string };
    const { context, page } = await openPage(browser, { width: 1440, height: 900 }, { locale: 'en-US' });
    await signIn(page, server, email, password, doomed);

    await page.goto(`${server.url}/newapp/app/settings-view`);
    await page.getByRole('heading', { name: 'Delete this location' }).waitFor();
    await page.getByRole('button', { name: 'Delete location…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Harbour Café”?' });
    await dialog.getByText(/Its guests and their sessions, vouchers/).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete location', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Location name').fill('Harbour');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Location name').fill('Harbour Café');
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();

    await page.getByText('“Harbour Café” was deleted').waitFor();
    await page.getByTestId('dashboard-site').getByText('Old Town').waitFor();
    expect(new URL(page.url()).searchParams.get('site')).toBe(String(kept.id));
    expect(await siteRow(doomed.id)).toBeUndefined();
    expect(await siteRow(kept.id)).toBeDefined();
    await context.close();
  });

  it('in Spanish on a phone, sends to creating a location when none is left', async () => {
    const { api, email, password } = await registerOwner(server, {
      account: 'Sol',
      emailPrefix: 'delete-last',
      password: 'delete-pass-7',
    });
    const only = (await createSite(api, { name: 'Playa Sol' })) as { id: number; name: string };
    const { context, page } = await openPage(browser, { width: 375, height: 812 }, { locale: 'es-ES' });
    await signIn(page, server, email, password, only);
    await keepLanguage(page, 'es-ES');

    await page.goto(`${server.url}/newapp/app/settings-view`);
    await page.getByRole('heading', { name: 'Eliminar esta ubicación' }).waitFor();
    await fitsWidth(page);
    await page.getByRole('button', { name: 'Eliminar ubicación…' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Eliminar «Playa Sol»?' });
    const confirm = dialog.getByRole('button', { name: 'Eliminar ubicación', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Nombre de la ubicación').fill('Playa Sol');
    await confirm.click();

    await page.getByText('Se ha eliminado «Playa Sol»').waitFor();
    await page.waitForURL(/\/signup\/registration\/deployment\/first/);
    expect(await siteRow(only.id)).toBeUndefined();
    await context.close();
  });
});
