/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../server/test/harness.ts';
import { WebhookReceiver } from '../server/test/fakes/integrations/webhook-receiver.ts';
import { FakeUnifiController } from '../server/test/fakes/unifi-controller.ts';
import { arriveFromUnifi, type PortalSite } from '../server/test/portal.ts';
import { launch, openPage, screenshot, settle } from './browser.ts';
import { ownerOfUnifiLocation, signIn, startApp } from './app.ts';

// The operator connects the site to a webhook receiver through the integrations pages: settings, a
// connection test that reaches the receiver (which checks our signature), the switch; then a guest who
// agrees to marketing logs in at the portal, reaches the receiver, and shows in the page's delivery log.

let server: TestServer;
let browser: Browser;
let receiver: WebhookReceiver;
let unifi: FakeUnifiController;
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];
beforeAll(async () => {
  // The receiver listens on loopback over http: the server lets integrations call such addresses here.
  [server, browser, receiver, unifi] = await Promise.all([
    startApp({ INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true' }),
    launch(),
    new WebhookReceiver().start(),
    new FakeUnifiController({ mode: 'classic', sites: WIDTHS.map(({ width }) => `harbour${width}`) }).start(),
  ]);
});
afterAll(async () => {
  await unifi?.close();
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

/** A location behind the fake UniFi controller whose guests log in by email, with the marketing consent box. */
async function consentLocation(unifiSite: string) {
  const owner = await ownerOfUnifiLocation(server, {
    name: 'Harbour Café',
    emailPrefix: 'hooks',
    password: 'hooks-pass-7',
    authMethods: ['email'],
    controller: { url: unifi.url, site: unifiSite, lookupKey: unifiSite },
  });
  const fields = await owner.api.put(`/s/${owner.siteId}/api/v1/emailconfig/loginfields`, {
    login_fields: [{ field_type: 'email', mandatory: true }, { field_type: 'consent' }],
  });
  expect(fields.status).toBe(200);
  const portal = { owner: owner.api, siteId: owner.siteId, api: `/s/${owner.siteId}/api/v1`, unifi, unifiSite } as PortalSite;
  return { ...owner, site: owner.siteId, portal };
}

describe.each(WIDTHS)('integrations at $width wide', ({ width, height }) => {
  it('sets up the webhook from Settings, tests it, turns it on, and shows a guest delivered to it', async () => {
    const { email, password, site, portal } = await consentLocation(`harbour${width}`);
    const { context, page } = await openPage(browser, { width, height });
    await signIn(page, server, email, password);
    await page.goto(`${server.url}/newapp/app/settings-view?site=${site}`);
    await page.getByRole('link', { name: /^Integrations/ }).click();
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    // The cards come after the heading, once the list has loaded.
    await expect.poll(() => page.getByTestId('integration-card').count()).toBe(19);
    await page.getByRole('link', { name: /^Webhook/ }).click();
    await page.getByRole('heading', { name: 'Webhook', level: 1 }).waitFor();
    await page.getByText(/signed with the private key, in the header Splashboard-Signature/).waitFor();

    // Nothing typed: the form points at what is missing, and the switch is refused.
    await press(page, 'Save');
    await expect.poll(() => page.getByText('This field is required').count()).toBe(2);
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
    await page.getByText(`Saved (••••${receiver.secret.slice(-4)}): leave empty to keep it`).waitFor();
    await expect(page.getByLabel('Private key', { exact: false }).inputValue()).resolves.toBe('');

    await page.getByRole('switch', { name: 'Send guests to Webhook' }).click();
    await page.getByText('Webhook is on').waitFor();
    await expect(page.getByRole('switch', { name: 'Send guests to Webhook' }).isChecked()).resolves.toBe(true);
    await settle(page);
    await screenshot(page, `integrations-webhook-${width}`);

    // A guest who agrees to marketing logs in at the portal: the webhook gets them within seconds.
    const guestEmail = `ana.${width}@example.test`;
    const { guest } = await arriveFromUnifi(server, portal);
    expect((await guest.post('email', { email: guestEmail, consent: 'on' })).status).toBe(200);
    await expect.poll(() => receiver.contact(guestEmail), { timeout: 20_000 }).toBeDefined();
    await page.reload();
    const row = page.getByTestId('delivery-row').filter({ hasText: guestEmail });
    await row.getByText('Delivered', { exact: true }).waitFor();
    await row.getByText('Login notice').waitFor();
    await settle(page);
    await screenshot(page, `integrations-webhook-delivered-${width}`);

    await page.getByRole('link', { name: 'All integrations' }).click();
    const card = page.getByTestId('integration-card').filter({ hasText: 'Webhook' });
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByText('1 delivered · 0 parked (30 days)').waitFor();
    await page.getByRole('link', { name: 'Inactive integrations' }).click();
    await page.getByRole('heading', { name: 'Inactive integrations', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('integration-card').count()).toBe(18);
    await context.close();
  });
});
