/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import { guests, paymentAccounts, paymentPackages, sites } from '../server/src/db/schema/index.ts';
import { createSite, type TestServer } from '../server/test/harness.ts';
import { insertGuests } from '../server/test/fixtures/guests.ts';
import { createBatch } from '../server/test/fixtures/vouchers.ts';
import { CLIENT_AREAS } from '@splashboard/contract';
import type { Feature, FeatureRoute } from '../web/src/app/feature.ts';
import { launch, openPage } from './browser.ts';
import { registerOwner, startApp } from './app.ts';

// Every page of the dashboard through axe-core, in light and dark, in English and in Spanish: no
// violation of impact serious or critical, nor of the landmark and main heading rules. The pages are the routes of the dashboard's features list
// (so that a new page is scanned without being added here), each filled with a little data to show.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/**
 * The features list, as the dashboard's router takes it, and the dashboard's words (to press its buttons
 * in either language). Imported by a path in a variable so that the server's type check does not take in
 * the web app's sources (they have their own, with the DOM's types).
 */
const FEATURES_MODULE = '../web/src/features/index.ts';
const LOCALES_MODULE = '../web/src/locales/';
interface Words {
  common: { back: string };
  layout: { switchSite: string };
}

/**
 * Each theme and each language on a desktop and on a phone (lists instead of tables). A theme changes
 * colours, not words, and a language words, not colours: light in English and dark in Spanish at each
 * width meet every theme and every language at every width, and each rule where it can differ (contrast
 * in both themes, names, labels and the page's language in both languages). Light in Spanish and dark
 * in English would scan the same colours and the same words again.
 *
 * Each page is scanned in one of two pairs of these runs, every other page in the other pair: light
 * English on a desktop with dark Spanish on a phone (pair 0), or dark Spanish on a desktop with light
 * English on a phone (pair 1). Each page still meets both themes, both languages and both widths, at
 * half the scans; the steps that are not a page of their own (the code step, the site switcher, a new
 * location) are scanned in all four runs.
 */
const COMBINATIONS: { theme: 'light' | 'dark'; language: 'en-US' | 'es-ES'; width: number; pair: 0 | 1 }[] = [
  { theme: 'light', language: 'en-US', width: 1440, pair: 0 },
  { theme: 'dark', language: 'es-ES', width: 1440, pair: 1 },
  { theme: 'light', language: 'en-US', width: 375, pair: 1 },
  { theme: 'dark', language: 'es-ES', width: 375, pair: 0 },
];

/** The pages a run of this pair scans: every other one, the first for pair 0, the second for pair 1. */
const pagesOfPair = (addresses: string[], pair: 0 | 1) => addresses.filter((_, i) => i % 2 === pair);

/** Routes not scanned as themselves, and why. */
const NOT_SCANNED: Record<string, string> = {
  '/logout': 'signs out and goes to the sign-in page, which is scanned',
  '/app/payment': 'the Payments menu group’s address: goes to /app/payment/packages, which is scanned',
  '/app/campaigns': 'the Campaigns menu group’s address: goes to /app/campaigns/email, which is scanned',
  '/app/social': 'goes to /app/social/profile, which is scanned',
  '/app/site/:siteId': 'a link to a site: selects it and goes to its dashboard, which is scanned',
};

const NO_CLIENT_ACCESS = Object.fromEntries(CLIENT_AREAS.map((a) => [a, 'none']));

const ACCOUNT_TABS = ['profile', 'password', 'security', 'apikey', 'subscription'];

interface Data {
  siteId: number;
  /** A location with no guest yet: its dashboard shows what to do first. */
  newSiteId: number;
  authMethods: string[];
  guestId: number;
  guestAccountId: number;
  voucher: { batchId: number; voucherId: number };
  multisiteVoucher: { batchId: number; voucherId: number };
  deviceId: number;
  ownerId: number;
  clientId: number;
  payment: { packageId: number; trialId: number; accountId: number };
  campaigns: { emailId: number; adId: number };
}

/**
 * The addresses of the routes whose parameters need a value (a route with a required parameter not
 * here fails the test, so that a new one gets an address). Optional parameters are otherwise left out.
 */
const ADDRESSES: Record<string, (d: Data) => string[]> = {
  '/app/account/:selectedTab?': () => ACCOUNT_TABS.map((tab) => `/app/account/${tab}`),
  '/app/guests/details/:id': (d) => [`/app/guests/details/${d.guestId}`],
  '/app/guestuser/edit/:id': (d) => [`/app/guestuser/edit/${d.guestAccountId}`],
  '/app/guestuser/details/:id/:p/:rpp/:search?': (d) => [`/app/guestuser/details/${d.guestAccountId}/1/10`],
  '/app/voucher/details/:id?': (d) => [
    `/app/voucher/details/${d.voucher.voucherId}`,
    `/app/voucher/details?batch=${d.voucher.batchId}`,
  ],
  '/app/voucher/multisite/details/:id?': (d) => [
    `/app/voucher/multisite/details/${d.multisiteVoucher.voucherId}`,
    `/app/voucher/multisite/details?batch=${d.multisiteVoucher.batchId}`,
  ],
  '/app/whitelist/edit/:id': (d) => [`/app/whitelist/edit/${d.deviceId}`],
  '/app/admins/edit/:id': (d) => [`/app/admins/edit/${d.ownerId}`],
  '/app/clients/edit/:id': (d) => [`/app/clients/edit/${d.clientId}`],
  '/app/payment/edit/:id': (d) => [`/app/payment/edit/${d.payment.packageId}`],
  '/app/payment/edit-trial/:id': (d) => [`/app/payment/edit-trial/${d.payment.trialId}`],
  '/app/payment/accounts/details/:id/:page/:rowsPerPage/:fromDate/:toDate/:search?': (d) => [
    `/app/payment/accounts/details/${d.payment.accountId}/1/25/any/any`,
  ],
  '/app/campaigns/email/edit/:id': (d) => [`/app/campaigns/email/edit/${d.campaigns.emailId}`],
  '/app/campaigns/splash-page-ad/edit/:id': (d) => [`/app/campaigns/splash-page-ad/edit/${d.campaigns.adId}`],
  '/invite/:token': () => ['/invite/not-a-token'],
  '/app/settings-view/splash/:screen': (d) => d.authMethods.map((method) => `/app/settings-view/splash/${method}`),
  // One integration of each shape: a webhook (signed POSTs, the field map) and a vendor with an OAuth connection.
  '/app/settings-view/:kind': () => ['/app/settings-view/webhook', '/app/settings-view/hubspot'],
  '/app/settings-view/:kind/connection': () => ['/app/settings-view/hubspot/connection'],
  '/password/reset/:token': () => ['/password/reset/not-a-token'],
  '/signup/verification/:token?': () => ['/signup/verification/not-a-token'],
};

/** The routes signed out (signed-out-only and open pages) and signed in (the rest), as addresses. */
function addressesOf(routes: FeatureRoute[], data: Data) {
  const signedOut: string[] = [];
  const signedIn: string[] = [];
  for (const route of routes) {
    if (!('guard' in route) || route.path in NOT_SCANNED) continue;
    const fill = ADDRESSES[route.path];
    const withoutOptional = route.path.replace(/\/:[^/]+\?/g, '');
    if (!fill && withoutOptional.includes(':')) throw new Error(`No address for the route ${route.path}: add one to ADDRESSES`);
    const addresses = fill ? fill(data) : [withoutOptional];
    const signedOutToo = route.guard.kind === 'open' || route.guard.kind === 'signedOutOnly';
    (signedOutToo ? signedOut : signedIn).push(...addresses);
  }
  return { signedOut, signedIn };
}

/**
 * Moderate rules also held to: a page's landmarks, which screen reader users move by, and its main
 * heading (which also tells that the page showed, rather than a blank or a failure).
 */
const HELD_RULES = [
  'page-has-heading-one',
  'landmark-one-main',
  'landmark-unique',
  'landmark-main-is-top-level',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** axe-core's source put in the page as a script (once per document), run on the page, not its frames (the designer's preview is the guest portal). */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { iframes: false, resultTypes: ['violations'] })).violations;
  });
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || HELD_RULES.includes(v.id))
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${where}: ${v.id} (${v.impact}) at ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}: ${v.help}. ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    );
}

/**
 * Waits for a page to be done: no request out and no busy indicator (a step counter, with its value, may
 * stay) for a moment. Playwright's 'networkidle' waits half a second after the last request, which is
 * most of the time of a scan.
 */
function whenSettled(page: Page) {
  let pending = 0;
  page.on('request', () => pending++);
  page.on('requestfinished', () => pending--);
  page.on('requestfailed', () => pending--);
  return async () => {
    const busy = () =>
      page.evaluate(() => Boolean(document.querySelector('[role=progressbar]:not([aria-valuenow]), .MuiSkeleton-root')));
    const until = Date.now() + 10_000;
    let quiet = 0;
    while (quiet < 3 && Date.now() < until) {
      await page.waitForTimeout(50);
      quiet = pending === 0 && !(await busy()) ? quiet + 1 : 0;
    }
    // A lazily loaded screen may draw its heading a moment after the page went quiet on a busy machine. One
    // that never draws it is still found: the scan then reports page-has-heading-one.
    await page
      .locator('h1, [role=heading][aria-level="1"]')
      .first()
      .waitFor({ state: 'attached', timeout: 5_000 })
      .catch(() => undefined);
  };
}

/** Moves the dashboard to an address as its links do, without loading it again. */
const navigateInApp = (page: Page, url: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);

/**
 * No transitions or animations: what a scan sees is the page as it ends up, not a fading half of it
 * (as with a reduced-motion setting).
 */
const NO_MOTION = `*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; animation-duration: 0s !important; animation-delay: 0s !important; }`;

/** A paid package, a trial one and a guest's payment account, for the paid Wi-Fi pages to show. */
async function paymentData(siteId: number): Promise<Data['payment']> {
  const db = app.handle.db;
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  const base = { accountId: site!.accountId, siteId, currency: 'USD', durationType: 'days', durationVal: 1 };
  const [paid, trial] = await db
    .insert(paymentPackages)
    .values([
      { ...base, name: 'Axe day', price: 499 },
      { ...base, name: 'Axe taster', price: 0, isTrial: true, displayOrder: 1 },
    ])
    .returning();
  const [account] = await db
    .insert(paymentAccounts)
    .values({
      accountId: site!.accountId,
      siteId,
      email: 'axe.payer@example.test',
      passwordHash: 'not-used',
      packageId: paid!.id,
    })
    .returning();
  return { packageId: paid!.id, trialId: trial!.id, accountId: account!.id };
}

let app: TestServer;
let browser: Browser;
let features: Feature[];
let words: Record<'en-US' | 'es-ES', Words>;
let data: Data;
const owner = { email: '', password: 'a11y-owner-7' };
const twoFactorOwner = { email: '', password: 'a11y-second-7' };

beforeAll(async () => {
  [app, browser, { FEATURES: features }] = await Promise.all([
    startApp(),
    launch(),
    import(/* @vite-ignore */ FEATURES_MODULE) as Promise<{ FEATURES: Feature[] }>,
  ]);
  const [{ enUS }, { esES }] = (await Promise.all([
    import(/* @vite-ignore */ `${LOCALES_MODULE}en-US.ts`),
    import(/* @vite-ignore */ `${LOCALES_MODULE}es-ES.ts`),
  ])) as [{ enUS: Words }, { esES: Words }];
  words = { 'en-US': enUS, 'es-ES': esES };
  // On the provider plan, so that the branding pages (and the white-label domain's) are the owner's to see.
  const { api, email } = await registerOwner(app, {
    account: 'Axe Café',
    emailPrefix: 'a11y',
    password: owner.password,
    plan: 'provider',
  });
  owner.email = email;
  const authMethods = ['email', 'voucher', 'guestuser', 'clickthrough'];
  const site = (await createSite(api, { name: 'Axe Café', router_type: 'unifi', auth_methods: authMethods })) as { id: number };
  const base = `/s/${site.id}/api/v1`;
  const single = await createBatch(app, api, `${base}/voucher`, { count: 2 });
  const multi = await createBatch(app, api, `${base}/multisite_voucher`, { count: 2, site_ids: [site.id] });
  const guestAccount = await api.post(`${base}/guestuser/create`, { username: 'visitor', password: 'visitor-pass' });
  const device = await api.post(`${base}/macentry/`, {
    mac: '00:11:22:33:44:55',
    external_ip: '192.0.2.10',
    description: 'Till',
  });
  const client = await api.post('/a/api/v1/clients/', {
    email: 'axe-client@example.test',
    name: 'Axe Client',
    sites: [{ site_id: site.id, access: { ...NO_CLIENT_ACCESS, guest_data: 'read', voucher_data: 'write' } }],
  });
  const campaign = await api.post(`${base}/campaigns/email`, {
    name: 'Axe welcome',
    subject: 'Welcome back, {{first_name}}',
    trigger_param: 3,
    campaign_html: '<h1>Welcome back</h1><p>Nice to see you, {{first_name}}.</p>',
  });
  const ad = await api.post(`${base}/campaigns/splash-ads`, { name: 'Axe ad', splashad_html: '<h2>Coffee and cake</h2>' });
  expect([guestAccount.status, device.status, client.status, campaign.status, ad.status]).toEqual([200, 200, 200, 200, 200]);
  await insertGuests(app, site.id, 3, { prefix: 'axe' });
  const [guest] = await app.handle.db.select({ id: guests.id }).from(guests).where(eq(guests.siteId, site.id));
  data = {
    siteId: site.id,
    newSiteId: ((await createSite(api, { name: 'Axe Annexe', router_type: 'opennds' })) as { id: number }).id,
    authMethods,
    guestId: guest!.id,
    guestAccountId: guestAccount.body.id,
    voucher: { batchId: single.batch.id, voucherId: single.ids[0]! },
    multisiteVoucher: { batchId: multi.batch.id, voucherId: multi.ids[0]! },
    deviceId: device.body.id,
    ownerId: (await api.get('/a/api/v1/profile/')).body.id,
    clientId: client.body.id,
    payment: await paymentData(site.id),
    campaigns: { emailId: campaign.body.id, adId: ad.body.id },
  };

  // A second owner with two-factor on, for the sign-in's code step.
  const second = await registerOwner(app, { account: 'Axe Two', emailPrefix: 'a11y-tf', password: twoFactorOwner.password });
  twoFactorOwner.email = second.email;
  const secret = (await second.api.get('/tf-setup')).body.secret as string;
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  expect((await second.api.post('/tf-setup', { setup: true, code })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Sends the sign-in form, whatever its language. */
async function submitSignIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${app.url}/newapp/login`);
  await page.locator('input[name=email]').fill(who.email);
  await page.locator('input[name=password]').fill(who.password);
  await page.locator('form button[type=submit]').click();
}

describe('every page of the dashboard', () => {
  // One after another: side by side, six browser contexts starved the other browser test file running beside this one
  // on two cores (its timing-sensitive steps then failed).
  it.for(COMBINATIONS)(
    'has no serious or critical axe-core violation in the $theme theme, in $language, $width wide',
    { timeout: 240_000 },
    async ({ theme, language, width, pair }, { expect }) => {
      const { signedOut, signedIn } = addressesOf(
        features.flatMap((f) => f.routes),
        data,
      );
      const { context, page } = await openPage(browser, { width, height: 900 }, { bypassCSP: true });
      // The theme and language as the dashboard keeps them once chosen (its switches write the same).
      await context.addInitScript(
        ({ settings, css }) => {
          localStorage.setItem('settings', settings);
          document.addEventListener('DOMContentLoaded', () => {
            const style = document.createElement('style');
            style.textContent = css;
            document.head.append(style);
          });
        },
        { settings: JSON.stringify({ language, theme }), css: NO_MOTION },
      );
      const settled = whenSettled(page);
      const found: string[] = [];
      const scan = async (address: string, where = address) => {
        await settled();
        // A guard sending the page elsewhere would leave it unscanned.
        expect(new URL(page.url()).pathname, where).toBe(`/newapp${address.split('?')[0]}`);
        found.push(...(await seriousViolations(page, where)));
      };
      const visitAll = async (addresses: string[], query = '') => {
        for (const [i, address] of addresses.entries()) {
          const url = `/newapp${address}${query && (address.includes('?') ? '&' : '?') + query}`;
          if (i === 0) await page.goto(app.url + url);
          else await navigateInApp(page, url);
          await scan(address);
        }
      };

      await visitAll(pagesOfPair(signedOut, pair));
      await submitSignIn(page, twoFactorOwner);
      await page.locator('input[name=code]').waitFor();
      await scan('/login', '/login (two-factor code step)');
      // Back to the password step, as a user who changed their mind.
      await page.getByRole('button', { name: words[language].common.back, exact: true }).click();

      await submitSignIn(page, owner);
      await page.getByTestId('dashboard-site').waitFor();
      await visitAll(pagesOfPair(signedIn, pair), `site=${data.siteId}`);
      // The site switcher, open over the dashboard.
      await visitAll(['/app/reports/dashboard'], `site=${data.siteId}`);
      await page.getByRole('button', { name: words[language].layout.switchSite, exact: true }).click();
      await page.locator('.MuiDrawer-paper input').first().waitFor();
      await scan('/app/reports/dashboard', '/app/reports/dashboard (site switcher)');
      await page.goto(`${app.url}/newapp/app/reports/dashboard?site=${data.newSiteId}`);
      await page.getByTestId('dashboard-site').getByText('Axe Annexe').waitFor();
      await scan('/app/reports/dashboard', '/app/reports/dashboard (a location with no guest yet)');
      await context.close();

      if (found.length) console.error(`axe-core, ${theme} theme, ${language}, ${width} wide:\n${found.join('\n')}`);
      expect(found).toEqual([]);
    },
  );
});
