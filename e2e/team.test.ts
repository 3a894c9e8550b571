/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { CLIENT_AREAS } from '@splashboard/contract';
import { accounts, users } from '../server/src/db/schema/index.ts';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { startSmtp } from '../server/test/smtp.ts';
import { insertGuests } from '../server/test/fixtures/guests.ts';
import { launch, openPage, screenshot, settle } from './browser.ts';
import { registerOwner, signIn, startApp, submitSignIn } from './app.ts';

// The team journey in Chromium against the real server: the owner invites a client from the control panel
// with levels per area at one of two locations; the invitation email (caught by a real SMTP server on
// loopback) is opened in a fresh browser, where the client sets a password and lands signed in, seeing only
// that location and only what it was given; the owner then removes the client, whose next step goes to sign in.

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

describe('team', () => {
  it('owner invites a client -> email -> the client sets a password, sees only what was given -> removed, sent to sign in', async () => {
    const owner = await registerOwner(app, {
      account: 'Harbour Group',
      emailPrefix: 'team-owner',
      password: 'owner-pass-7',
      displayname: 'Olivia Owner',
    });
    const cafe = (await createSite(owner.api, { name: 'Harbour Cafe', auth_methods: ['email', 'voucher'] })) as { id: number };
    await createSite(owner.api, { name: 'Pier Bar', auth_methods: ['email', 'voucher'] });
    await insertGuests(app, cafe.id, 1, { prefix: 'walkin' });
    const clientEmail = `team-client-${Date.now().toString(36)}@example.test`;

    // The owner, in the control panel: Clients -> Invite client.
    const { page } = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, app, owner.email, owner.password);
    await page.getByRole('button', { name: 'Control Panel' }).click();
    const menu = page.getByRole('navigation', { name: 'main' });
    await menu.getByRole('button', { name: 'Admins', exact: true }).waitFor();
    expect(await menu.getByRole('button', { name: 'Splash Page' }).count()).toBe(0);
    await menu.getByRole('button', { name: 'Admins', exact: true }).click();
    await page.getByRole('heading', { name: 'Admins', level: 1 }).waitFor();
    await page.getByTestId(`admin-${owner.email}`).getByText('Owner', { exact: true }).waitFor();
    await menu.getByRole('button', { name: 'Clients', exact: true }).click();
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await page.getByText('No clients yet.').waitFor();
    await page.getByRole('link', { name: 'Invite client' }).click();
    await page.getByRole('heading', { name: 'Invite a client', level: 1 }).waitFor();
    await page.getByLabel(/^Email/).fill(clientEmail);
    await page.getByLabel(/^Name/).fill('Carla Client');
    await page.getByLabel('Harbour Cafe · Guest data').selectOption('read');
    await page.getByLabel('Harbour Cafe · Voucher data').selectOption('write');
    await page.getByLabel('Harbour Cafe · Settings').selectOption('read');
    expect(await page.getByLabel('Harbour Cafe · Landing page').inputValue()).toBe('none');
    expect(await page.getByLabel('Pier Bar · Guest data').inputValue()).toBe('none');
    await settle(page);
    await screenshot(page, 'team-invite-client-1440');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`An invitation was emailed to ${clientEmail}`).waitFor();
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    const row = page.getByTestId(`client-${clientEmail}`);
    await row.getByText('Invited', { exact: true }).waitFor();
    await row.getByText('1 location').waitFor();

    // The email as the SMTP server received it.
    const mail = await smtp.waitFor(clientEmail, 20_000, '/newapp/invite/');
    expect(unfold(mail.raw)).toContain('Harbour Group');
    const invitePath = unfold(mail.raw).match(/\/newapp\/invite\/[A-Za-z0-9_-]+/)![0];

    // A fresh browser (no cookies, nothing stored) opens the link.
    const fresh = await openPage(browser, { width: 1440, height: 900 });
    const client = fresh.page;
    await client.goto(`${app.url}${invitePath}`);
    await client.getByRole('heading', { name: 'Join Harbour Group' }).waitFor();
    await client.getByText('Olivia Owner invited you to Harbour Group on Splashboard.').waitFor();
    expect(await client.getByLabel('Email').inputValue()).toBe(clientEmail);
    expect(await client.getByLabel(/^Your name/).inputValue()).toBe('Carla Client');
    await client.getByLabel(/^Password/).fill('short');
    await client.getByLabel(/^Confirm password/).fill('short');
    await client.getByRole('button', { name: 'Set password and sign in' }).click();
    await client.getByText('Password must be at least 7 characters').waitFor();
    await client.getByLabel(/^Password/).fill('client-pass-7');
    await client.getByLabel(/^Confirm password/).fill('client-pass-8');
    await client.getByRole('button', { name: 'Set password and sign in' }).click();
    await client.getByText('Passwords must match').waitFor();
    await client.getByLabel(/^Confirm password/).fill('client-pass-7');
    await settle(client);
    await screenshot(client, 'team-accept-1440');
    await client.getByRole('button', { name: 'Set password and sign in' }).click();
    await client.getByTestId('dashboard-site').getByText('Harbour Cafe').waitFor();

    // Only the location given, in the switcher; no control panel.
    expect(await client.getByRole('button', { name: 'Control Panel' }).count()).toBe(0);
    await client.getByRole('button', { name: 'Switch Site' }).click();
    const switcher = client.getByRole('list', { name: 'Select a location to go' });
    await switcher.getByText('Harbour Cafe').waitFor();
    expect(await switcher.getByText('Pier Bar').count()).toBe(0);
    await client.keyboard.press('Escape');

    // The menu has Guests and Vouchers, not the Splash Page (No Access), whose address is refused.
    const clientMenu = client.getByRole('navigation', { name: 'main' });
    await clientMenu.getByRole('button', { name: 'Guests', exact: true }).waitFor();
    await clientMenu.getByRole('button', { name: 'Vouchers', exact: true }).waitFor();
    expect(await clientMenu.getByRole('button', { name: 'Splash Page' }).count()).toBe(0);
    await client.goto(`${app.url}/newapp/app/site/splash-pages?site=${cafe.id}`);
    await client.waitForURL(/\/newapp\/app\/reports\/dashboard/);
    expect(await client.getByRole('heading', { name: 'Splash Page', level: 1 }).count()).toBe(0);

    // Guests at Read Only: the list and a guest's details show, without disconnect or delete.
    await client.getByRole('navigation', { name: 'main' }).getByRole('button', { name: 'Guests', exact: true }).click();
    await client.getByRole('heading', { name: 'Guests', level: 1 }).waitFor();
    await client.getByRole('link', { name: /Bulk/ }).first().click();
    await client.getByRole('heading', { level: 1 }).waitFor();
    await client.getByRole('region', { name: 'Profile' }).waitFor();
    expect(await client.getByRole('button', { name: /Disconnect/ }).count()).toBe(0);
    expect(await client.getByRole('button', { name: 'Delete guest' }).count()).toBe(0);

    // Vouchers at Read/Write: a batch is created.
    await client.getByRole('navigation', { name: 'main' }).getByRole('button', { name: 'Vouchers', exact: true }).click();
    await client.getByRole('heading', { name: 'Vouchers', exact: true }).waitFor();
    await client.getByRole('link', { name: 'Create batch' }).click();
    await client.getByRole('heading', { name: 'Create a voucher batch' }).waitFor();
    await client.getByLabel('Batch Id').fill('0042');
    await client.getByLabel(/^Number of vouchers/).fill('3');
    await client.getByLabel(/^Duration/).fill('2');
    await client.getByRole('button', { name: 'Create', exact: true }).click();
    await client.getByRole('heading', { name: 'Batch 0042' }).waitFor();

    // Settings at Read Only: the location's settings show, their controls disabled.
    await client.goto(`${app.url}/newapp/app/settings-view/site-name?site=${cafe.id}`);
    await client.getByText('Read Only: you can see this page but not change anything on it.').waitFor();
    const form = client.getByTestId('read-only-form');
    expect(await form.getByRole('textbox').first().isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    // The owner, at the location: Settings -> Client access shows the client's levels there, and saves a change.
    await page.goto(`${app.url}/newapp/app/reports/dashboard?site=${cafe.id}`);
    await page.getByTestId('dashboard-site').getByText('Harbour Cafe').waitFor();
    await page.goto(`${app.url}/newapp/app/settings-view?site=${cafe.id}`);
    await page.getByRole('link', { name: /^Client access/ }).click();
    await page.getByRole('heading', { name: 'Client access', level: 1 }).waitFor();
    expect(await page.getByLabel('Carla Client · Guest data').inputValue()).toBe('read');
    expect(await page.getByLabel('Carla Client · Voucher data').inputValue()).toBe('write');
    await page.getByLabel('Carla Client · Campaigns').selectOption('read');
    await page.getByTestId(`client-access-${clientEmail}`).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Access of Carla Client saved').waitFor();

    // Its edit page: the levels across locations and who changed what, when.
    await page.goto(`${app.url}/newapp/app/reports/dashboard?site=0`);
    await page.getByRole('navigation', { name: 'main' }).getByRole('button', { name: 'Clients', exact: true }).click();
    await page.getByRole('link', { name: 'Edit Carla Client' }).click();
    await page.getByRole('heading', { name: 'Edit Carla Client', level: 1 }).waitFor();
    expect(await page.getByLabel('Harbour Cafe · Campaigns').inputValue()).toBe('read');
    const history = page.getByRole('table', { name: 'Change history' });
    await history.getByText('Accepted the invitation').waitFor();
    await history.getByText('Harbour Cafe · Campaigns: No Access → Read Only').waitFor();
    await history.getByText('Olivia Owner', { exact: false }).first().waitFor();
    await settle(page);
    await screenshot(page, 'team-edit-client-1440');

    // The owner sees the client active, then removes them: the confirmation says their sessions end at once.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove Carla Client' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('They lose access to every location and their sessions end at once.').waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No clients yet.').waitFor();

    // The client's next step goes to sign in, and the password no longer opens the dashboard.
    await client.getByRole('navigation', { name: 'main' }).getByRole('button', { name: 'Guests', exact: true }).click();
    await client.waitForURL(/\/newapp\/login/);
    await client.getByRole('button', { name: 'Sign in' }).waitFor();

    // The link was spent: it says so and leads to sign in.
    await client.goto(`${app.url}${invitePath}`);
    await client.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    await client.getByRole('link', { name: 'Go to sign in' }).waitFor();
    await fresh.context.close();
  }, 240_000);

  it('tells a client, not a billing page, to ask their administrator while the subscription is not active', async () => {
    const owner = await registerOwner(app, { account: 'Lapsed Inn', emailPrefix: 'team-lapsed', password: 'owner-pass-7' });
    const inn = (await createSite(owner.api, { name: 'Lapsed Inn' })) as { id: number };
    const email = `team-lapsed-client-${Date.now().toString(36)}@example.test`;
    const access = { ...Object.fromEntries(CLIENT_AREAS.map((a) => [a, 'none'])), guest_data: 'write' };
    const invited = await owner.api.post('/a/api/v1/clients/', { email, name: 'Lee', sites: [{ site_id: inn.id, access }] });
    expect(invited.status).toBe(200);
    const mail = await smtp.waitFor(email, 20_000, '/newapp/invite/');
    const token = unfold(mail.raw).match(/\/newapp\/invite\/([A-Za-z0-9_-]+)/)![1];
    const accepted = await app
      .client()
      .post(`/a/api/v1/invitation/${token}`, { name: 'Lee', password: 'client-pass-7', password_confirm: 'client-pass-7' });
    expect(accepted.status).toBe(200);
    const [user] = await app.handle.db.select().from(users).where(eq(users.id, invited.body.id));
    await app.handle.db
      .update(accounts)
      .set({ trialEnd: new Date(Date.now() - 1000) })
      .where(eq(accounts.id, user!.accountId));

    const { page, context } = await openPage(browser, { width: 1440, height: 900 });
    await submitSignIn(page, app, email, 'client-pass-7');
    await page.getByRole('heading', { name: 'Subscription not active', level: 1 }).waitFor();
    await page.getByRole('main').getByText('Please contact your administrator to get it renewed').waitFor();
    expect(page.url()).toContain('/newapp/app/subscription-expired');
    // Any other page of the dashboard comes back here (a client has no billing page to go to).
    await page.goto(`${app.url}/newapp/app/guests?site=${inn.id}`);
    await page.getByRole('main').getByText('Please contact your administrator to get it renewed').waitFor();
    await context.close();
  }, 120_000);
});
