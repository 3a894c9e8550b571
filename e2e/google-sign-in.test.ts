/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { users } from '../server/src/db/schema/index.ts';
import { createSite, uniqueEmail, type TestServer } from '../server/test/harness.ts';
import { startFakeGoogle, type FakeGoogle } from '../server/test/fakes/google-oidc.ts';
import { launch, openPage, screenshot } from './browser.ts';
import { keepLanguage, registerOwner, startApp } from './app.ts';

// An operator signs in with Google: the button on the sign-in page, the (fake) Google's consent screen that
// sends the browser straight back, and the dashboard. The server's public address is a name the browser
// reaches through a front door (a redirect to the test server), as Google redirects to PUBLIC_URL.

const PUBLIC_URL = 'http://dashboard.example.test';
let app: TestServer;
let google: FakeGoogle;
let browser: Browser;
beforeAll(async () => {
  google = await startFakeGoogle();
  [app, browser] = await Promise.all([
    startApp({
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: google.client.id,
      GOOGLE_CLIENT_SECRET: google.client.secret,
      GOOGLE_ISSUER: google.url,
    }),
    launch(),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await google?.close();
});

/** Google's redirect to PUBLIC_URL reaches the test server (same path and query). */
const frontDoor = (context: BrowserContext) =>
  context.route(`${PUBLIC_URL}/**`, (route) =>
    route.fulfill({ status: 302, headers: { location: route.request().url().replace(PUBLIC_URL, app.url) } }),
  );

describe('sign in with Google', () => {
  it('shows "Sign in with Google" and signs an operator in through Google, landing on the dashboard', async () => {
    const { api, email } = await registerOwner(app, { account: 'Google Cafe', emailPrefix: 'google', password: 'google-pass-1' });
    await createSite(api, { name: 'Google Cafe' });
    await app.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    google.signInAs = { sub: '109876543210987654321', email, email_verified: true, name: 'Gloria Google' };

    const { context, page } = await openPage(browser, { width: 1280, height: 900 });
    await frontDoor(context);
    await page.goto(`${app.url}/newapp/login`);
    const button = page.getByRole('link', { name: 'Sign in with Google' });
    await button.waitFor();
    await screenshot(page, 'google-sign-in-button-1280');
    await button.click();

    await page.getByTestId('dashboard-site').waitFor();
    expect(new URL(page.url()).pathname).toBe('/newapp/app/reports/dashboard');
    expect(google.requests.some((r) => r.path === '/token')).toBe(true);
    expect((await context.cookies(app.url)).find((c) => c.name === 'sb_session')).toBeDefined();
    await context.close();
  });

  it('offers "Sign up with Google" on the register page, in Spanish too, and starts a registration with the name filled in', async () => {
    const email = uniqueEmail('google-new');
    google.signInAs = { sub: '101010101010101010101', email, email_verified: true, name: 'Nadia Nueva' };
    const { context, page } = await openPage(browser, { width: 390, height: 844 });
    await frontDoor(context);

    await page.goto(`${app.url}/newapp/login`);
    await keepLanguage(page, 'es-ES');
    await page.reload();
    await page.getByRole('link', { name: 'Iniciar sesión con Google' }).waitFor();
    await page.goto(`${app.url}/newapp/register`);
    await page.getByRole('link', { name: 'Registrarse con Google' }).waitFor();
    await page.evaluate(() => localStorage.removeItem('settings'));
    await page.goto(`${app.url}/newapp/register/engage`);
    await page.getByRole('link', { name: 'Sign up with Google' }).click();

    // Google knows the address: the form asks only for what Google does not say.
    await page.getByLabel(/^Business name/).waitFor();
    await expect.poll(() => page.getByLabel(/^Your name/).inputValue()).toBe('Nadia Nueva');
    await screenshot(page, 'google-sign-up-form-390');
    await page.getByLabel(/^Business name/).fill('Nadia Café');
    await page.getByLabel(/^Password/).fill('nadia-pass-7');
    await page.getByLabel(/^Confirm password/).fill('nadia-pass-7');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Created and signed in: the page moves on from the form.
    await page.waitForURL((url) => !url.searchParams.has('token'));
    const [row] = await app.handle.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'Nadia Nueva', emailVerified: true });
    expect((await context.cookies(app.url)).find((c) => c.name === 'sb_session')).toBeDefined();
    await context.close();
  });
});
