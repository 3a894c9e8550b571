/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { emailCampaigns } from '../server/src/db/schema/index.ts';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { startSmtp } from '../server/test/smtp.ts';
import { launch, openPage, screenshot, settle } from './browser.ts';
import { registerOwner, signIn, startApp } from './app.ts';

// An operator's email campaign in Chromium: from the "welcome" template in the content editor (GrapesJS
// with MJML), a new subject and a merge field, saved, and sent as a test to a real SMTP server on loopback;
// the editor, its icons and the email's fonts come from the server only.

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtp();
  [server, browser] = await Promise.all([startApp({ SMTP_URL: smtp.url }), launch()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

describe('email campaigns', () => {
  // The editor's chunk is a megabyte of GrapesJS and MJML: on a busy machine the journey takes over the default minute.
  it(
    'creates a campaign from the welcome template in the editor, saves it and sends a test email',
    { timeout: 180_000 },
    async () => {
      const { api, email, password } = await registerOwner(server, {
        account: 'Campaign Cafe',
        emailPrefix: 'campaigns-email',
        password: 'campaigns-pass-7',
      });
      const site = (await createSite(api, { name: 'Campaign Cafe' })) as { id: number; name: string };
      const { context, page } = await openPage(browser, { width: 1440, height: 900 });
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await signIn(page, server, email, password, site);

      await page.goto(`${server.url}/newapp/app/campaigns/email`);
      await page.getByRole('heading', { name: 'Email Campaigns', level: 1 }).waitFor();
      await page.getByText('No campaigns yet. Create one from a template or from scratch.').waitFor();
      await page.getByRole('link', { name: 'Create campaign' }).click();

      // The gallery: the six templates drawn in sandboxed frames, and an empty start.
      await page.getByRole('heading', { name: 'Create campaign', level: 1 }).waitFor();
      await page.getByText('Start from scratch').waitFor();
      await expect.poll(() => page.locator('iframe[sandbox=""]').count()).toBe(6);
      await page.getByRole('button', { name: 'Use this template: Welcome' }).click();

      // The template opens in the editor: its texts in the canvas, its subject in the form.
      const subject = page.getByLabel('Subject');
      await expect.poll(() => subject.inputValue()).toBe('Welcome to {{site_name}}, {{first_name}}!');
      const canvas = page.frameLocator('iframe.gjs-frame');
      const kicker = canvas.getByText('Glad you are here');
      await kicker.waitFor({ timeout: 30_000 });
      await subject.fill('A warm welcome from Campaign Cafe');
      await page.getByLabel('Days').fill('3');

      // A merge field into the selected text.
      await kicker.click();
      await page.getByRole('button', { name: 'Insert merge field' }).click();
      await page.getByRole('menuitem', { name: /First name/ }).click();
      await canvas.getByText(/Glad you are here\s*\{\{first_name\}\}/).waitFor();

      // The phone width, then back to the desktop one.
      await page.getByRole('button', { name: 'Phone (375 px)' }).click();
      await expect.poll(() => page.locator('iframe.gjs-frame').evaluate((f) => f.getBoundingClientRect().width)).toBe(375);
      await page.getByRole('button', { name: 'Desktop (1024 px)' }).click();
      await settle(page);
      await screenshot(page, 'campaigns-email-editor-1440');

      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Campaign created').waitFor();
      await page.waitForURL(/\/newapp\/app\/campaigns\/email\/edit\/\d+/);
      const [stored] = await server.handle.db.select().from(emailCampaigns).where(eq(emailCampaigns.siteId, site.id));
      expect(stored!.subject).toBe('A warm welcome from Campaign Cafe');
      expect(stored!.triggerParam).toBe(3);
      expect(stored!.campaignHtml).toContain('{{first_name}}');
      expect(stored!.campaignHtml).not.toContain('<mj-');
      expect(String((stored!.campaignJson as { mjml: string }).mjml)).toContain('{{first_name}}');

      // A test to the operator's own address, as the SMTP server receives it.
      await page.getByRole('button', { name: 'Send a test' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send a test email' });
      await expect(dialog.getByLabel('Send to').inputValue()).resolves.toBe(email);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await page.getByText(`Test email sent to ${email}`).waitFor();
      const mail = await smtp.waitFor(email, 20_000, 'Glad you are here');
      expect(mail.raw).toContain('Subject: A warm welcome from Campaign Cafe');

      // Back on the list: the campaign, a draft.
      await page.goto(`${server.url}/newapp/app/campaigns/email`);
      const row = page.getByRole('row', { name: /Welcome/ });
      await row.getByText('3 days after a login').waitFor();
      await row.getByText('Draft').waitFor();

      // Nothing left the machine: no CDN, fonts or telemetry.
      const outside = requests.filter((u) => /^(https?|wss?):/.test(u) && !u.startsWith(server.url));
      expect(outside).toEqual([]);
      await context.close();
    },
  );
});
