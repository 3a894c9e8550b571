/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { launch, openPage } from './browser.ts';
import { registerOwner, signIn, startApp } from './app.ts';

// The shell's last routes in Chromium: the link to a site, the social profiles page (the Facebook
// login's settings, shown on the splash page too) and the sign-in page reachable while signed in.

let app: TestServer;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([
    // A Facebook app configured, so that a location can have the Facebook login on; nothing calls it here.
    startApp({
      FACEBOOK_APP_ID: '1234567890',
      FACEBOOK_APP_SECRET: 'fb-app-secret',
      FACEBOOK_DIALOG_URL: 'http://127.0.0.1:9/dialog/oauth',
      FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9/graph',
    }),
    launch(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function owner(account: string, siteNames: string[]) {
  const { api, email, password } = await registerOwner(app, { account, emailPrefix: 'routes', password: 'routes-pass-7' });
  const sites: { id: number; name: string }[] = [];
  for (const name of siteNames)
    sites.push(
      (await createSite(api, { name, router_type: 'unifi', auth_methods: ['email', 'facebook'] })) as {
        id: number;
        name: string;
      },
    );
  return { email, password, sites };
}

describe('shell routes in Chromium', () => {
  it('opens a site from its link, refuses an unknown one, keeps the social profile with the Facebook login, and changes account', async () => {
    const first = await owner('Harbour Group', ['Harbour Café', 'Station Kiosk']);
    const second = await owner('Hill Bakery', ['Hill Bakery Shop']);
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, app, first.email, first.password, first.sites[0]);

    // The link to the second site: its dashboard, selected in the site switcher.
    const kiosk = first.sites[1]!;
    await page.goto(`${app.url}/newapp/app/site/${kiosk.id}`);
    await page.getByTestId('dashboard-site').getByText('Station Kiosk').waitFor();
    expect(new URL(page.url()).pathname).toBe('/newapp/app/reports/dashboard');
    expect(new URL(page.url()).searchParams.get('site')).toBe(String(kiosk.id));
    await page.getByRole('button', { name: 'Switch Site' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Station Kiosk' }).getAttribute('class')).toContain('Mui-selected');
    await page.keyboard.press('Escape');

    // A site that is not the user's: told, and the current site stays.
    await page.goto(`${app.url}/newapp/app/site/999999`);
    await page.getByText('No site exist with site id 999999').waitFor();
    await page.waitForURL(
      (u) => u.pathname === '/newapp/app/reports/dashboard' && u.searchParams.get('site') === String(kiosk.id),
    );
    await page.getByTestId('dashboard-site').getByText('Station Kiosk').waitFor();
    // Another account's site is refused the same way.
    await page.goto(`${app.url}/newapp/app/site/${second.sites[0]!.id}`);
    await page.getByText(`No site exist with site id ${second.sites[0]!.id}`).waitFor();
    await page.getByTestId('dashboard-site').getByText('Station Kiosk').waitFor();

    // Social: /app/social opens the profile page; the page address is the Facebook login's.
    await page.goto(`${app.url}/newapp/app/social`);
    await page.getByRole('heading', { name: 'Social profiles' }).waitFor();
    await page.waitForURL((u) => u.pathname === '/newapp/app/social/profile');
    const address = page.getByRole('textbox', { name: 'Facebook page' });
    await expect.poll(() => address.inputValue()).toBe('');
    await address.fill('facebook.com/stationkiosk');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Enter the page address starting with https://').waitFor();
    await address.fill('https://www.facebook.com/stationkiosk');
    await page.getByRole('switch', { name: 'Ask guests to post about your page' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Facebook page' }).inputValue())
      .toBe('https://www.facebook.com/stationkiosk');
    await expect.poll(() => page.getByRole('switch', { name: 'Ask guests to post about your page' }).isChecked()).toBe(true);

    // The splash page's Facebook advanced settings show the same.
    await page.getByRole('link', { name: 'Open the Facebook login’s settings' }).click();
    await page.getByRole('button', { name: 'Advanced settings' }).click();
    await expect.poll(() => page.getByLabel('Facebook page address').inputValue()).toBe('https://www.facebook.com/stationkiosk');
    await expect.poll(() => page.getByLabel('Ask guests to post about your page').isChecked()).toBe(true);

    // The sign-in page while signed in; signing in there as someone else makes them the user.
    await page.goto(`${app.url}/newapp/login-unprotected`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/newapp/login-unprotected');
    await page.getByLabel(/^Email/).fill(second.email);
    await page.getByLabel(/^Password/).fill(second.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('dashboard-site').getByText('Hill Bakery Shop').waitFor();
    expect(new URL(page.url()).searchParams.get('site')).toBe(String(second.sites[0]!.id));
    await page.getByRole('button', { name: 'Switch Site' }).click();
    await page.getByRole('button', { name: 'Hill Bakery Shop' }).waitFor();
    await expect(page.getByRole('button', { name: 'Station Kiosk' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('sends a signed-out visitor of a site link to sign in', async () => {
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    await page.goto(`${app.url}/newapp/app/site/1`);
    await page.waitForURL((u) => u.pathname === '/newapp/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await context.close();
  });
});
