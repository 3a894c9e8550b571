/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { launch, openPage, screenshot, settle } from './browser.ts';
import { registerOwner, startApp, submitSignIn } from './app.ts';

// Every screen of the shell at a phone width and a desktop width: what shows, the layout constants of
// the specification, and a screenshot of each (in e2e/screenshots, out of git) to look at.
let app: TestServer;
let browser: Browser;
let owner: { email: string; password: string; siteId: number };

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launch()]);
  const { api, email, password } = await registerOwner(app, {
    account: 'Screens Co',
    displayname: 'Screen Owner',
    emailPrefix: 'screens',
    password: 'screens-pass-7',
    plan: 'provider',
  });
  const site = await createSite(api, {
    name: 'Harbour Café',
    router_type: 'unifi',
    auth_methods: ['email', 'voucher', 'payment', 'guestuser'],
  });
  await createSite(api, { name: 'Hilltop Hotel', router_type: 'omada', auth_methods: ['email'] });
  owner = { email, password, siteId: site.id };
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { name }).first().waitFor();
}

describe.each([
  { width: 375, height: 812, phone: true },
  { width: 1440, height: 900, phone: false },
])('screens at $width wide', ({ width, height, phone }) => {
  it('shows the signed-out screens', async () => {
    const { context, page } = await openPage(browser, { width, height });
    const shoot = (name: string) => screenshot(page, `${name}-${width}`);
    await page.goto(`${app.url}/newapp/`);
    await heading(page, 'Sign in to Splashboard');
    await shoot('login');
    await page.goto(`${app.url}/newapp/register/engage`);
    await heading(page, 'Create your account');
    await shoot('register');
    await page.goto(`${app.url}/newapp/selectPlan`);
    await heading(page, 'Choose your plan');
    await page.getByRole('heading', { name: 'Engage' }).waitFor();
    await page.getByText('Up to 20,000 active guest devices').waitFor();
    await shoot('plans');
    await page.goto(`${app.url}/newapp/signup/verification/not-a-token`);
    await page.getByText('Email Validation Failed (your link might have expired)').waitFor();
    await shoot('verification-failed');
    await page.goto(`${app.url}/newapp/no/such/page`);
    await page.waitForURL(/\/newapp\/404$/);
    await heading(page, 'Page not found');
    await shoot('404');
    await context.close();
  });

  it('shows the signed-in shell, its drawers and every account and settings screen', async () => {
    const { context, page } = await openPage(browser, { width, height });
    // Drawers slide in: let them settle before a picture.
    const shoot = async (name: string) => {
      await settle(page);
      await screenshot(page, `${name}-${width}`);
    };
    await submitSignIn(page, app, owner.email, owner.password);
    // A provider starts in the control panel view: only Admins, Clients, Branding and Reports.
    await page.getByTestId('dashboard-site').getByText('All locations').waitFor();
    await page.getByRole('button', { name: 'Go to sites' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'main' });
    if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByText('Admins').waitFor();
    await expect(nav.getByRole('button').allInnerTexts()).resolves.toEqual(['Admins', 'Clients', 'Branding', 'Reports']);
    await shoot('control-panel');
    if (phone) await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Go to sites' }).click();
    await page.getByRole('button', { name: 'Harbour Café' }).click();
    await page.getByTestId('dashboard-site').getByText('Harbour Café').waitFor();
    // The Control Panel button shows outside the control panel (in the top bar from sm up).
    if (!phone) await page.getByRole('button', { name: 'Control Panel' }).waitFor();

    // Top bar 64 high; the side menu 256 wide, permanent from lg, a closed temporary drawer below.
    const bar = await page.locator('header').boundingBox();
    expect(bar?.height).toBeGreaterThanOrEqual(64);
    // The logo takes you to the dashboard, and keeps its name on a phone, where the word is not shown.
    await page.locator('header').getByRole('button', { name: 'Splashboard' }).waitFor();
    const icon = await page.locator('link[rel=icon]').getAttribute('href');
    const favicon = await page.request.get(new URL(icon!, page.url()).href);
    expect([favicon.status(), favicon.headers()['content-type']]).toEqual([200, 'image/svg+xml']);
    if (phone) {
      await expect(nav.isVisible()).resolves.toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
    }
    await nav.getByText('Guest Accounts').waitFor();
    await nav.getByText('Vouchers', { exact: true }).waitFor();
    await nav.getByText('Payments').click();
    await nav.getByText('Transactions').waitFor();
    expect(Math.round((await page.locator('.MuiDrawer-paper').first().boundingBox())?.width ?? 0)).toBe(256);
    await shoot('menu');
    if (phone) await page.keyboard.press('Escape');
    await shoot('dashboard');

    await page.getByRole('button', { name: 'Switch Site' }).click();
    await page.getByText('Select a location to go').waitFor();
    await page.getByLabel('Search locations').fill('hill');
    await expect(page.getByRole('button', { name: 'Harbour Café' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Create New Location' }).waitFor();
    const switcher = await page.locator('.MuiDrawer-paper', { hasText: 'Select a location to go' }).boundingBox();
    expect(Math.round(switcher?.width ?? 0)).toBe(phone ? width : 500);
    await shoot('switcher');
    await page.keyboard.press('Escape');

    const tabs: [string, () => ReturnType<Page['getByText']>][] = [
      ['profile', () => page.getByLabel('Name', { exact: true })],
      ['password', () => page.getByLabel(/^Current password/)],
      ['security', () => page.getByRole('img', { name: 'Two-factor authentication' })],
      ['apikey', () => page.getByRole('button', { name: 'Create a new key' })],
      ['subscription', () => page.getByRole('cell', { name: 'Provider' })],
    ];
    for (const [tab, shown] of tabs) {
      await page.goto(`${app.url}/newapp/app/account/${tab}`);
      await heading(page, 'Account');
      await shown().waitFor();
      await shoot(`account-${tab}`);
    }

    await page.goto(`${app.url}/newapp/app/settings-view?site=${owner.siteId}`);
    await heading(page, 'Settings');
    await shoot('settings');
    await page.getByText('Location name and region').click();
    await page.getByLabel('Time zone').waitFor();
    await shoot('settings-site-name');
    await page.goto(`${app.url}/newapp/app/settings-view/redirect-url?site=${owner.siteId}`);
    await page.getByLabel('Redirect guests to this URL after they log in').waitFor();
    await shoot('settings-redirect-url');

    await page.goto(`${app.url}/newapp/app/site/new`);
    await heading(page, 'Create new location');
    await shoot('site-new');
    await page.getByRole('link', { name: 'Prefer a guided set-up? Go step by step' }).click();
    await heading(page, 'Your Wi-Fi equipment');
    await shoot('onboarding-deployment');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByTestId('dashboard-site').waitFor();

    await context.close();
  });
});
