/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { guestSessions, guests } from '../server/src/db/schema/index.ts';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { launch, openPage, screenshot } from './browser.ts';
import { registerOwner, signIn, startApp } from './app.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startApp(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('set-up checklist of a new location', () => {
  it('shows the steps, opens the splash page as a guest in test mode, and ticks "see it as a guest"', async () => {
    const { api, email, password } = await registerOwner(server, {
      account: 'Checklist Café',
      emailPrefix: 'checklist',
      password: 'check-list-7',
    });
    const site = (await createSite(api, { name: 'Checklist Café', router_type: 'unifi', auth_methods: ['email'] })) as {
      id: number;
      name: string;
    };
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, server, email, password, site);

    const checklist = page.getByTestId('setup-checklist');
    await checklist.getByRole('heading', { name: 'Set up this location' }).waitFor();
    await checklist.getByText('4 steps left before your first guest.').waitFor();
    const steps = checklist.getByTestId('setup-step');
    expect(
      await steps.evaluateAll((els) => els.map((e) => [e.querySelector('p')?.textContent, e.getAttribute('data-done')])),
    ).toEqual([
      ['Connect your router', 'false'],
      ['Design the splash page', 'false'],
      ['See it as a guest', 'false'],
      ['First guest online', 'false'],
    ]);
    await steps.nth(0).getByText('Not configured').waitFor();
    expect(await checklist.getByRole('link', { name: 'Router settings' }).getAttribute('href')).toBe(
      '/newapp/app/settings-view/unifi',
    );
    expect(await checklist.getByRole('link', { name: 'Open the designer' }).getAttribute('href')).toBe(
      '/newapp/app/site/splash-pages',
    );
    await screenshot(page, 'setup-checklist');

    // No controller is saved, yet the real splash page opens, in test mode, in a new tab.
    const [guestTab] = await Promise.all([
      context.waitForEvent('page'),
      checklist.getByRole('button', { name: 'Open as a guest' }).click(),
    ]);
    await guestTab.getByRole('heading', { name: 'Connect with your email' }).waitFor();
    expect(new URL(guestTab.url()).pathname).toMatch(/^\/guest\/[^/]+\/p\/[^/]+\/$/);
    await guestTab
      .getByRole('note')
      .getByText(/^Test mode, opened from the dashboard/)
      .waitFor();
    await guestTab.getByLabel('Email').fill('ana@');
    await guestTab.getByRole('button', { name: 'Connect' }).click();
    await guestTab.getByText('Enter a valid email address').waitFor();
    await guestTab.getByLabel('Email').fill('ana@example.com');
    await guestTab.getByRole('button', { name: 'Connect' }).click();
    await guestTab.getByRole('heading', { name: 'Test finished: nobody was let in' }).waitFor();
    await guestTab.getByText('02:00:00:00:00:01 (made up for the test)').waitFor();
    await guestTab.getByText('email:ana@example.com').waitFor();
    await guestTab.getByText('Nothing of this test is kept as a guest or a login.').waitFor();
    await screenshot(guestTab, 'setup-checklist-test-result');
    await guestTab.close();

    // Back on the dashboard: seen as a guest, and still no guest.
    await page.bringToFront();
    await page.reload();
    await checklist.getByText('3 steps left before your first guest.').waitFor();
    expect(await steps.nth(2).getAttribute('data-done')).toBe('true');
    expect(await steps.nth(3).getAttribute('data-done')).toBe('false');
    expect(await server.handle.db.select().from(guests).where(eq(guests.siteId, site.id))).toEqual([]);
    expect(await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, site.id))).toEqual([]);
    await context.close();
  });
});
