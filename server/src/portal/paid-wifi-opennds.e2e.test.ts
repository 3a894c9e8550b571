/// <reference lib="dom" />
/**
 * Paid Wi-Fi behind the real openNDS gateway (Debian's `opennds`, in network namespaces, FAS level 3: the
 * gateway's authmon polls the portal for grants): a guest's phone is sent to the portal by the gateway
 * (curl in the client namespace), buys a package in Chromium at a phone's width on that portal address
 * through the Payment Element (the Stripe fake's Stripe.js), and the client namespace then reaches the
 * "internet" with the package's time, speeds and data at the gateway.
 *
 * Needs root, the apt packages of the openNDS lab (opennds, iptables, nftables, curl, php-cli, openssl)
 * and Chromium: without them this test fails (it does not skip).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, paymentConnections, paymentTransactions, sites } from '../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../test/harness.ts';
import { insertPackage, type PaymentSite } from '../../test/payments.ts';
import {
  INTERNET_BODY,
  acquireLabSlot,
  labPrerequisites,
  startOpenNdsLab,
  waitFor,
  type LabSlot,
  type OpenNdsLab,
} from '../../test/fakes/opennds-lab/lab.ts';
import { launch, openPage } from '../../../e2e/browser.ts';

const PHONE = { width: 375, height: 740 };
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let slot: LabSlot | undefined;
let server: TestServer;
let browser: Browser | undefined;
let lab: OpenNdsLab | undefined;

beforeAll(async () => {
  const missing = labPrerequisites(3);
  if (missing)
    throw new Error(
      `${missing}. Install them (apt-get install -y opennds iptables nftables curl php-cli openssl) and run as root.`,
    );
  slot = acquireLabSlot();
  // The portal's public address is the FAS address the gateway and its clients reach.
  [server, browser] = await Promise.all([
    startServer({ PUBLIC_URL: `http://${slot.addresses.fasIp}`, LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' }),
    launch(),
  ]);
}, 180_000);

afterAll(async () => {
  await lab?.close();
  await browser?.close();
  await server?.close();
  slot?.release();
});

/** An openNDS site (FAS level 3) selling Wi-Fi, connected to Stripe as the dashboard leaves it (collect plan). */
async function paidOpenNdsSite() {
  const { client } = await registerAccount(server);
  const site = await createSite(client, { router_type: 'opennds', auth_methods: ['payment'] });
  const siteId = site.id as number;
  const faskey = `Splash-paid-${randomBytes(9).toString('base64url')}`;
  const saved = await client.put(`/s/${siteId}/api/v1/routersettings/opennds`, { level: 3, faskey });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const fas: Record<string, string> = {};
  for (const line of saved.body.config as { option: string; value: string | null; placeholder: string | null }[])
    fas[line.option] = line.value ?? (line.placeholder === 'faskey' ? faskey : '');
  const db = server.handle.db;
  const [row] = await db.update(sites).set({ currency: 'USD' }).where(eq(sites.id, siteId)).returning();
  await db.update(accounts).set({ planType: 'collect' }).where(eq(accounts.id, row!.accountId));
  const fake = server.stripe!;
  const stripe = new Stripe(fake.secretKey, { ...fake.sdkOptions, maxNetworkRetries: 0 });
  const connected = await stripe.accounts.create({ type: 'express', country: 'US' });
  await fake.completeOnboarding(connected.id);
  await db.insert(paymentConnections).values({
    accountId: row!.accountId,
    siteId,
    mode: 'connect',
    stripeAccountId: connected.id,
    chargesEnabled: true,
    publishableKey: '',
  });
  return { siteId, accountId: row!.accountId, portalKey: row!.portalKey, fas };
}

describe('paid Wi-Fi behind openNDS', () => {
  it('a phone sent by the gateway buys a package in Chromium and reaches the internet with its limits', async () => {
    const site = await paidOpenNdsSite();
    await insertPackage(server, { siteId: site.siteId, accountId: site.accountId } as PaymentSite, {
      name: 'Two hours',
      price: 1500,
      durationType: 'hours',
      durationVal: 2,
      bytesT: 500,
      bytesType: 'MB',
      speedUl: 1000,
      speedDl: 5000,
      numDevices: 1,
    });
    lab = await startOpenNdsLab({ slot: slot!, portal: server.built.app.server, gatewayName: 'Paid Lab', fas: site.fas });
    const l = lab;
    const a = l.addresses;
    const internet = `http://${a.internetIp}/`;

    // The phone asks for a page: the gateway sends it to the portal, which gives it its pass.
    const blocked = await l.curl(internet);
    expect(blocked.status, l.logs()).toBe(307);
    const arrived = await l.curl(blocked.location);
    expect(arrived.status, `${arrived.body}\n${l.logs()}`).toBe(303);
    const portal = new URL(arrived.location);
    expect(portal.pathname).toMatch(new RegExp(`^/guest/${site.portalKey}/p/[\\w-]+\\.[\\w-]+/$`));

    // The purchase, in Chromium at a phone's width, on that portal address (the portal's certificate is the lab's own).
    const { context, page } = await openPage(browser!, PHONE, {
      isMobile: true,
      hasTouch: true,
      userAgent: SAFARI,
      ignoreHTTPSErrors: true,
    });
    await page.goto(portal.href);
    await page.getByRole('button', { name: 'Choose: Two hours' }).click();
    await page.getByLabel('Email').fill('nds@example.com');
    await page.getByLabel(/Choose a password/).fill('phone-pass-7');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForSelector('form#checkout[data-ready="yes"]');
    const frame = page.frameLocator('iframe[title="Secure payment input frame"]');
    await frame.getByLabel('Card number').fill('4242424242424242');
    await frame.getByLabel('Expiration date').fill('12 / 34');
    await frame.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /Pay now/ }).click();
    // Paid: the portal queues the grant for the gateway's authmon, and the phone waits until it took it.
    await page.getByText('You are connected').waitFor({ timeout: 45_000 });
    await context.close();

    const [tx] = await server.handle.db.select().from(paymentTransactions).where(eq(paymentTransactions.siteId, site.siteId));
    expect(tx).toMatchObject({ status: 'succeeded', amount: 1500, feeAmount: 75, mac: a.clientMac });

    await waitFor('the gateway to let the phone through', 30_000, async () => (await l.curl(internet)).status === 200);
    const through = await l.curl(internet);
    expect(through.body).toBe(INTERNET_BODY);
    // authmon handed the package's limits to ndsctl auth: its two hours, the rates in kb/s and the quota in kB.
    const json = JSON.parse(await l.ndsctl('json')) as { clients?: Record<string, Record<string, string>> };
    const me = Object.values(json.clients ?? {}).find((x) => x.ip === a.clientIp);
    expect(me, JSON.stringify(json)).toMatchObject({
      mac: a.clientMac,
      state: 'Authenticated',
      upload_rate_limit_threshold: '1000',
      download_rate_limit_threshold: '5000',
      upload_quota: '500000',
      download_quota: '500000',
    });
    const length = Number(me!.session_end) - Number(me!.session_start);
    expect(length).toBeGreaterThan(7080);
    expect(length).toBeLessThanOrEqual(7200);
  }, 180_000);
});
