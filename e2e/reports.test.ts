/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { startSmtp } from '../server/test/smtp.ts';
import { launch, openPage, screenshot, settle } from './browser.ts';
import { registerOwner, signIn, startApp } from './app.ts';

// The owner sets up a location's client report from Settings in Chromium against the real server: a
// weekly report with no recipients is refused with the server's message; with one it is saved and is
// there after a reload; "Send a test now" sends it at once, and the email reaches a real SMTP server on
// loopback.

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

/** Clicks a button in the middle of the screen (a toast at the bottom of a phone's screen may lie over it). */
async function press(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await button.click();
}

describe('client reports', () => {
  it('sets up a weekly report from Settings, keeps it, and sends a test that reaches the mailbox', async () => {
    const owner = await registerOwner(app, { account: 'Harbour Group', emailPrefix: 'reports-owner', password: 'owner-pass-7' });
    const site = (await createSite(owner.api, {
      name: 'Harbour Cafe',
      auth_methods: ['email'],
      timezone: 'Europe/Madrid',
    })) as { id: number; name: string };
    const recipient = `reports-${Date.now().toString(36)}@example.test`;

    const { page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, app, owner.email, owner.password, { id: site.id, name: 'Harbour Cafe' });
    await page.goto(`${app.url}/newapp/app/settings-view?site=${site.id}`);
    await page.getByRole('link', { name: /^Client reports/ }).click();
    await page.getByRole('heading', { name: 'Client reports', level: 1 }).waitFor();
    await page.getByText('No report is scheduled.').waitFor();

    // Weekly with nobody to send it to: refused, with the server's own words.
    await page.getByLabel('Frequency', { exact: true }).selectOption('weekly');
    await page.getByLabel('Day of the week', { exact: true }).selectOption({ label: 'Wednesday' });
    await page.getByLabel('Hour', { exact: true }).selectOption({ label: '09:00' });
    await page.getByText('In the location’s time zone (Europe/Madrid).').waitFor();
    await press(page, 'Save');
    await page.getByText('Address is mandatory; recipients are required').waitFor();

    const recipients = page.getByLabel('Recipients', { exact: true });
    await recipients.fill(recipient);
    await recipients.press('Enter');
    await page.getByRole('button', { name: recipient }).waitFor();
    await press(page, 'Save');
    await page.getByText('Report settings saved').waitFor();
    await page.getByText(/^Next report: /).waitFor();
    await settle(page);
    await screenshot(page, 'reports-site-weekly-1440');

    // After a reload the page shows what was saved.
    await page.reload();
    await page.getByRole('heading', { name: 'Client reports', level: 1 }).waitFor();
    await page.getByRole('button', { name: recipient }).waitFor();
    expect(await page.getByLabel('Frequency', { exact: true }).inputValue()).toBe('weekly');
    expect(await page.getByLabel('Day of the week', { exact: true }).inputValue()).toBe('3');
    expect(await page.getByLabel('Hour', { exact: true }).inputValue()).toBe('9');
    await page.getByText(/^Next report: /).waitFor();

    // A test now: the email reaches the SMTP server.
    await press(page, 'Send a test now');
    await page.getByTestId('report-test-result').getByText(`Sent to ${recipient}`, { exact: false }).waitFor();
    const mail = await smtp.waitFor(recipient, 30_000);
    expect(mail.to).toEqual([recipient]);
    expect(mail.raw).toMatch(/^Subject: .+/m);

    // The control panel's report across locations: from its menu, with a time zone of its own.
    await page.getByRole('button', { name: 'Control Panel' }).click();
    const menu = page.getByRole('navigation', { name: 'main' });
    await menu.getByRole('button', { name: 'Reports', exact: true }).click();
    await page.getByRole('heading', { name: 'Report across locations', level: 1 }).waitFor();
    await page.getByLabel('Frequency', { exact: true }).selectOption('daily');
    expect(await page.getByLabel('Day of the week', { exact: true }).count()).toBe(0);
    await page.getByLabel('Time zone', { exact: true }).selectOption('America/New_York');
    await page.getByLabel('Recipients', { exact: true }).fill(recipient);
    await press(page, 'Save');
    await page.getByText('Report settings saved').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Report across locations', level: 1 }).waitFor();
    expect(await page.getByLabel('Time zone', { exact: true }).inputValue()).toBe('America/New_York');
    await page.getByRole('button', { name: recipient }).waitFor();
  }, 180_000);
});
