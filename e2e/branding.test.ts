/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { customDomains, users } from '../server/src/db/schema/index.ts';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { fitsWidth, launch, openPage, screenshot, settle } from './browser.ts';
import { registerOwner, signIn, startApp } from './app.ts';

// Branding in Chromium: a provider-plan account sets its logo, product name, top bar colours and footer,
// and after a reload the dashboard is in its brand; the sign-in page's preview follows what is typed.

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startApp(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('branding', () => {
  it('puts the logo, name, top bar colours and footer in the dashboard, and previews the sign-in page', async () => {
    const { api, email, password } = await registerOwner(server, {
      account: 'Acme Networks',
      emailPrefix: 'brand',
      password: 'brand-pass-7',
      plan: 'provider',
    });
    await createSite(api, { name: 'Acme HQ', auth_methods: ['clickthrough'] });
    const { context, page } = await openPage(browser, { width: 1440, height: 900 }, { locale: 'en-US' });
    await signIn(page, server, email, password);

    // The control panel's menu has Branding; its page lists the subpages.
    await page.getByRole('navigation', { name: 'main' }).getByText('Branding').click();
    await page.getByRole('heading', { name: 'Branding', level: 1 }).waitFor();
    await page.getByRole('link', { name: /^Domain/ }).waitFor();
    await page.getByRole('link', { name: /^Logo/ }).click();
    await page.getByRole('heading', { name: 'Logo', level: 1 }).waitFor();
    await page.getByLabel('Product name').fill('Acme Wi-Fi');
    await page.locator('input[type=file]').first().setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => page.getByLabel('Logo', { exact: true }).inputValue())
      .toMatch(/^\/uploads\/accounts\/\d+\/branding\//);
    await expect(page.getByTestId('top-bar-preview').textContent()).resolves.toContain('Acme Wi-Fi');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Branding saved').waitFor();

    await page.goto(`${server.url}/newapp/app/branding/header`);
    await page.getByLabel('Background colour', { exact: true }).fill('#123456');
    await page.getByLabel('Text colour', { exact: true }).fill('#ffeeaa');
    await expect
      .poll(() => page.getByTestId('top-bar-preview').evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(18, 52, 86)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Branding saved').waitFor();

    await page.goto(`${server.url}/newapp/app/branding/footer`);
    await page.getByLabel('Text', { exact: true }).fill('© Acme Networks');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Branding saved').waitFor();

    await page.reload();
    const bar = page.getByTestId('top-bar');
    await bar.getByText('Acme Wi-Fi').waitFor();
    await expect(bar.evaluate((el) => getComputedStyle(el).backgroundColor)).resolves.toBe('rgb(18, 52, 86)');
    await expect(bar.evaluate((el) => getComputedStyle(el).color)).resolves.toBe('rgb(255, 238, 170)');
    await expect(bar.getByTestId('brand-logo').getAttribute('src')).resolves.toMatch(/^\/uploads\/accounts\/\d+\/branding\//);
    await expect(page.getByTestId('brand-footer').textContent()).resolves.toContain('© Acme Networks');
    await expect(page.title()).resolves.toBe('Acme Wi-Fi');

    // A section's page, its form and its preview, fit a phone's width.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/newapp/app/branding/emails`);
    await page.getByRole('heading', { name: 'Emails', level: 1 }).waitFor();
    await page.getByLabel('Sender name', { exact: true }).fill('Acme Wi-Fi');
    await page.getByTestId('branding-preview').getByText('Acme Wi-Fi', { exact: false }).waitFor();
    await fitsWidth(page);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The sign-in page's branding shows in its preview as it is typed.
    await page.goto(`${server.url}/newapp/app/branding/login-page-branding`);
    await page.getByLabel('Heading', { exact: true }).fill('Welcome to Acme');
    await page.getByLabel('Subheading', { exact: true }).fill('Manage your hotspots');
    await page.getByTestId('login-preview').getByText('Welcome to Acme').waitFor();
    await page.getByTestId('login-preview').getByText('Manage your hotspots').waitFor();
    await settle(page);
    await screenshot(page, 'branding-login-preview-1440');
    await page.getByLabel('Button colour', { exact: true }).fill('#aa0000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Branding saved').waitFor();

    // On the account's enabled white-label domain (here the test server's own host), the signed-out sign-in page is its.
    const [owner] = await server.handle.db.select().from(users).where(eq(users.email, email));
    await server.handle.db
      .insert(customDomains)
      .values({ accountId: owner!.accountId, domain: new URL(server.url).hostname, state: 'enabled', verifyToken: 'e2e' });
    await page.goto(`${server.url}/newapp/logout`);
    await page.getByRole('heading', { name: 'Welcome to Acme', level: 1 }).waitFor();
    await page.getByText('Manage your hotspots').waitFor();
    // Polled: the button's colour eases in.
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign in' }).evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(170, 0, 0)');
    await expect(page.title()).resolves.toBe('Acme Wi-Fi');
    await screenshot(page, 'branding-sign-in-1440');
    await context.close();
  });
});
