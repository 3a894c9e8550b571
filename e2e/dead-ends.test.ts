/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { oneTimeTokens, sites } from '../server/src/db/schema/index.ts';
import { sha256 } from '../server/src/platform/crypto.ts';
import { createSite, uniqueEmail, type TestServer } from '../server/test/harness.ts';
import { linkIn, startSmtp } from '../server/test/smtp.ts';
import { launch, openPage, screenshot } from './browser.ts';
import { registerOwner, signIn, startApp } from './app.ts';

let server: TestServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  // No Facebook app and no PUBLIC_URL: the server's defaults, as on a fresh clone.
  [server, browser] = await Promise.all([startApp({ SMTP_URL: smtp.url }), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

const pathOf = (raw: string) => new URL(linkIn(raw)).pathname;

describe('dead ends of a first hour', () => {
  it('designer: Facebook disabled with why; router page: the unreachable address; expired link: a new one that works', async () => {
    const { api, email, password } = await registerOwner(server, {
      account: 'Dead End Café',
      emailPrefix: 'deadends',
      password: 'dead-ends-7',
    });
    const site = (await createSite(api, { name: 'Dead End Café', router_type: 'unifi', auth_methods: ['clickthrough'] })) as {
      id: number;
      name: string;
    };
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, server, email, password, site);

    // The designer offers Facebook disabled, saying why and how to enable it.
    await page.goto(`${server.url}/newapp/app/site/splash-pages`);
    await page.getByRole('heading', { name: 'Splash page', exact: true }).waitFor();
    const facebook = page.getByTestId('unavailable-facebook');
    await facebook.getByText('Facebook: Not available on this server').waitFor();
    await facebook.getByText(/no Facebook app.*FACEBOOK_APP_ID and FACEBOOK_APP_SECRET/).waitFor();
    expect(await facebook.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add Facebook' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add Email' }).waitFor();
    await screenshot(page, 'dead-ends-designer-facebook');
    // A site with Facebook stored from before is previewed without it, as the portal serves it.
    await server.handle.db
      .update(sites)
      .set({ authMethods: ['clickthrough', 'facebook'] })
      .where(eq(sites.id, site.id));
    await page.reload();
    const preview = page.frameLocator('[data-testid=splash-preview]');
    await preview.locator('main.card').waitFor();
    await expect.poll(() => preview.getByText(/Facebook/).count()).toBe(0);
    await server.handle.db
      .update(sites)
      .set({ authMethods: ['clickthrough'] })
      .where(eq(sites.id, site.id));

    // The router page says gateways cannot reach localhost, and how to set the address.
    await page.goto(`${server.url}/newapp/app/settings-view?site=${site.id}`);
    await page.getByRole('link', { name: 'Router settings (UniFi)' }).click();
    await page.getByRole('heading', { name: 'UniFi controller' }).waitFor();
    const warning = page.getByTestId('public-address-warning');
    await warning.getByText(`Gateways cannot reach this server at ${server.config.publicUrl}`).waitFor();
    await warning.getByText(/Set PUBLIC_URL to the address gateways and guests reach/).waitFor();
    await screenshot(page, 'dead-ends-router-address');
    await context.close();

    // An expired link, opened signed out: a button sends a new link, which works.
    const newcomer = uniqueEmail('expired');
    await server.client().post('/a/api/v1/registration/email/verify', { email: newcomer, plan_type: 'engage' });
    const first = pathOf((await smtp.waitFor(newcomer)).raw);
    await server.handle.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.id, sha256(first.split('/').at(-1)!)));
    const visitor = await openPage(browser, { width: 375, height: 812 });
    await visitor.page.goto(`${server.url}${first}`);
    await visitor.page.getByText('Email Validation Failed (your link might have expired)').waitFor();
    await visitor.page.getByRole('button', { name: 'Send me a new link' }).click();
    await visitor.page.getByText(/a new one is on its way to the address it was for/).waitFor();
    await screenshot(visitor.page, 'dead-ends-link-resent');
    for (let i = 0; i < 150 && smtp.received.filter((m) => m.to.includes(newcomer)).length < 2; i++)
      await new Promise((r) => setTimeout(r, 100));
    const second = pathOf(smtp.received.filter((m) => m.to.includes(newcomer))[1]!.raw);
    expect(second).not.toBe(first);
    await visitor.page.goto(`${server.url}${second}`);
    await visitor.page.getByRole('heading', { name: 'Tell us about your business' }).waitFor();
    expect(visitor.page.url()).toContain('token=');
    await visitor.context.close();
  });
});
