/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { WebhookReceiver } from '../server/test/fakes/integrations/webhook-receiver.ts';
import { launch, openPage, screenshot, settle } from './browser.ts';
import { registerOwner, signIn, startApp } from './app.ts';

// The operator connects the site to a webhook receiver through the integrations pages: settings, a
// connection test that reaches the receiver (which checks our signature), and the switch.

let server: TestServer;
let browser: Browser;
let receiver: WebhookReceiver;
beforeAll(async () => {
  // The receiver listens on loopback over http: the server lets integrations call such addresses here.
  [server, browser, receiver] = await Promise.all([
    startApp({ INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true' }),
    launch(),
    new WebhookReceiver().start(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await server?.close();
});

/**
 * Clicks a button in the middle of the screen: at the bottom of a phone's screen a toast may lie over
 * it, and the pointer resting on the toast keeps it open.
 */
async function press(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await button.click();
}

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('integrations at $width wide', ({ width, height }) => {
  it('sets up the webhook from Settings, tests it against the receiver, and turns it on', async () => {
    const { api, email, password } = await registerOwner(server, {
      account: 'Hooks Co',
      emailPrefix: 'hooks',
      password: 'hooks-pass-7',
    });
    const site = (await createSite(api, { name: 'Harbour Café', router_type: 'unifi', auth_methods: ['email'] })).id as number;
    const { context, page } = await openPage(browser, { width, height });
    await signIn(page, server, email, password);
    await page.goto(`${server.url}/newapp/app/settings-view?site=${site}`);
    await page.getByRole('link', { name: /^Integrations/ }).click();
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await expect(page.getByTestId('integration-card').count()).resolves.toBe(19);
    await page.getByRole('link', { name: /^Webhook/ }).click();
    await page.getByRole('heading', { name: 'Webhook', level: 1 }).waitFor();
    await page.getByText(/signed with the private key, in the header Splashboard-Signature/).waitFor();

    // Nothing typed: the form points at what is missing, and the switch is refused.
    await press(page, 'Save');
    await expect(page.getByText('This field is required').count()).resolves.toBe(2);
    await page.getByRole('switch', { name: 'Send guests to Webhook' }).click();
    await page.getByText('Enter this integration’s settings before turning it on').waitFor();

    await page.getByLabel('URL', { exact: false }).fill(receiver.settings.url);
    await page.getByLabel('Private key', { exact: false }).fill('not-the-secret');
    await press(page, 'Test connection');
    await page.getByTestId('integration-test-result').getByText('The vendor refused the key: check it and try again').waitFor();
    expect(receiver.rejected.length).toBeGreaterThan(0);

    await page.getByLabel('Private key', { exact: false }).fill(receiver.secret);
    await press(page, 'Test connection');
    await page.getByTestId('integration-test-result').getByText('Connected: the vendor answered').waitFor();
    await press(page, 'Save');
    await page.getByText('Integration saved').waitFor();
    // The secret comes back only as its last characters.
    await expect(page.getByLabel('Private key', { exact: false }).inputValue()).resolves.toBe('');
    await page.getByText(`Saved (••••${receiver.secret.slice(-4)}): leave empty to keep it`).waitFor();

    await page.getByRole('switch', { name: 'Send guests to Webhook' }).click();
    await page.getByText('Webhook is on').waitFor();
    await expect(page.getByRole('switch', { name: 'Send guests to Webhook' }).isChecked()).resolves.toBe(true);
    await settle(page);
    await screenshot(page, `integrations-webhook-${width}`);

    await page.getByRole('link', { name: 'All integrations' }).click();
    const card = page.getByTestId('integration-card').filter({ hasText: 'Webhook' });
    await card.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Inactive integrations' }).click();
    await page.getByRole('heading', { name: 'Inactive integrations', level: 1 }).waitFor();
    await expect(page.getByTestId('integration-card').count()).resolves.toBe(18);
    await context.close();
  });
});
