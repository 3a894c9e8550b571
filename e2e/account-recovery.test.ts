/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { startSmtp } from '../server/test/smtp.ts';
import { launch, openPage } from './browser.ts';
import { keepLanguage, registerOwner, startApp, submitSignIn } from './app.ts';

// A locked-out operator's way back: a password reset through the email the server really sends (to a
// real SMTP server on loopback), and a recovery code at the two-factor step.

let app: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtp();
  [app, browser] = await Promise.all([startApp({ SMTP_URL: smtp.url }), launch()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await smtp?.close();
});

const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('account recovery', () => {
  it('forgot password -> email -> new password -> signed in; two-factor on -> codes shown -> signs in with a recovery code', async () => {
    const { api, email } = await registerOwner(app, {
      account: 'Recovery Cafe',
      emailPrefix: 'recovery',
      password: 'forgotten-1',
    });
    await createSite(api, { name: 'Recovery Cafe' });
    const { page, context } = await openPage(browser, { width: 1280, height: 900 });

    // The sign-in page offers the way back, in Spanish too.
    await page.goto(`${app.url}/newapp/login`);
    await keepLanguage(page, 'es-ES');
    await page.reload();
    await page.getByRole('link', { name: '¿Has olvidado la contraseña?' }).waitFor();
    await keepLanguage(page, 'en-US');
    await page.evaluate(() => localStorage.removeItem('settings'));
    await page.reload();

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText('If an account uses this email, we have sent it a link to reset the password.').waitFor();

    // The email as the SMTP server received it.
    const mail = await smtp.waitFor(email, 20_000, '/newapp/password/reset/');
    expect(unfold(mail.raw)).toContain('Reset your Splashboard password');
    const resetPath = unfold(mail.raw).match(/\/newapp\/password\/reset\/[A-Za-z0-9_-]+/)![0];

    await page.goto(`${app.url}${resetPath}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // The rule shows under the field before anything is sent.
    await page.getByText('At least 7 characters').waitFor();
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel(/^Confirm password/).fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Password must be at least 7 characters').waitFor();
    await page.getByLabel(/^New password/).fill('remembered-2');
    await page.getByLabel(/^Confirm password/).fill('remembered-2');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByTestId('dashboard-site').waitFor();

    // The link was spent.
    await page.goto(`${app.url}${resetPath}`);
    await page.getByLabel(/^New password/).fill('another-3x');
    await page.getByLabel(/^Confirm password/).fill('another-3x');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('This password reset link is not valid or has expired. Ask for a new one.').waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    // Two-factor on: the ten recovery codes are shown once.
    await page.goto(`${app.url}/newapp/app/account/security`);
    await page.getByRole('img', { name: 'Two-factor authentication' }).waitFor();
    const secret = (await page.getByTestId('tf-secret').innerText()).split(': ')[1]!.trim();
    await page.getByLabel(/^Code/).fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Save these recovery codes now: they will not be shown again.', { exact: false }).waitFor();
    const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'Download codes' }).waitFor();
    await page.getByRole('button', { name: 'Copy codes' }).waitFor();
    await page.getByText('You have 10 unused recovery codes.').waitFor();
    await context.close();

    // A new browser, no phone: the new password, then a recovery code instead of the app's code.
    const fresh = await openPage(browser, { width: 1280, height: 900 });
    await submitSignIn(fresh.page, app, email, 'remembered-2');
    await fresh.page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await fresh.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await fresh.page.getByLabel(/^Recovery code/).fill(codes[0]!);
    await fresh.page.getByRole('button', { name: 'Verify' }).click();
    await fresh.page.getByTestId('dashboard-site').waitFor();
    await fresh.page.getByText('Signed in with a recovery code. You have 9 left', { exact: false }).waitFor();
    await fresh.context.close();

    // The code is spent: it does not sign in twice.
    const again = await openPage(browser, { width: 1280, height: 900 });
    await submitSignIn(again.page, app, email, 'remembered-2');
    await again.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await again.page.getByLabel(/^Recovery code/).fill(codes[0]!);
    await again.page.getByRole('button', { name: 'Verify' }).click();
    await again.page.getByText('This recovery code is not valid or has already been used').waitFor();
    await again.context.close();
  }, 180_000);
});
