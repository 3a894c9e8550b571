import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  paymentAccountDevices,
  paymentConnections,
  paymentAccounts,
  paymentPackages,
  paymentRefunds,
  paymentTransactions,
} from '../db/schema/index.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { arriveFromUnifi, fetchPage, textOf, type GuestBrowser } from '../../test/portal.ts';
import { connectedPaymentSite, insertPackage, type PaymentSite } from '../../test/payments.ts';

let server: TestServer;
const sites: PaymentSite[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.unifi.close()));
  await server?.close();
});
const db = () => server.handle.db;
const paymentSite = async (opts?: Parameters<typeof connectedPaymentSite>[1]) => {
  const s = await connectedPaymentSite(server, opts);
  sites.push(s);
  return s;
};

/** The guest picks a package and gives their details: the pay page (with the PaymentIntent's client secret). */
async function toCard(
  guest: GuestBrowser,
  packageId: number,
  price: number,
  email = 'ana@example.com',
  password = 'seven-chars',
) {
  const details = await guest.post('payment', { step: 'choose', package: String(packageId) });
  expect(details.status).toBe(200);
  const pay = await guest.post('payment', {
    step: 'pay',
    package: String(packageId),
    price: String(price),
    currency: 'USD',
    email,
    password,
  });
  const secret = /data-client-secret="([^"]+)"/.exec(pay.html)?.[1] ?? '';
  return { details, pay, secret, intentId: secret.split('_secret_')[0]! };
}

/** Stripe.js sends the guest back to the return address with the intent in the query. */
const back = (guest: GuestBrowser, intentId: string) =>
  fetchPage(server, `${new URL('payment-return', new URL(guest.base, server.url)).pathname}?payment_intent=${intentId}`);

const confirm = (s: PaymentSite, intentId: string, paymentMethod: string) =>
  s.stripe.paymentIntents.confirm(
    intentId,
    { payment_method: paymentMethod, return_url: 'http://127.0.0.1/return' },
    { stripeAccount: s.stripeAccount },
  );

const authorizations = (s: PaymentSite) => s.unifi.commands.filter((c) => c.body.cmd === 'authorize-guest');
const transactionOf = async (intentId: string) =>
  (await db().select().from(paymentTransactions).where(eq(paymentTransactions.stripePaymentIntentId, intentId)))[0]!;

describe('the payment login on the portal', () => {
  it('lists the active packages in their order with prices in the guest’s language; trials are free', async () => {
    const s = await paymentSite();
    await insertPackage(server, s, { name: 'Week', price: 1999, displayOrder: 2, durationType: 'days', durationVal: 7 });
    await insertPackage(server, s, { name: 'Hour', price: 250, displayOrder: 1, durationType: 'hours', durationVal: 1 });
    await insertPackage(server, s, { name: 'Old', price: 100, displayOrder: 0, status: 'archived' });
    await insertPackage(server, s, {
      name: 'Taster',
      price: 0,
      isTrial: true,
      displayOrder: 3,
      durationType: 'minutes',
      durationVal: 15,
    });
    const { guest } = await arriveFromUnifi(server, s);
    const text = textOf((await guest.get()).html);
    expect(text).not.toContain('Old');
    expect(text.indexOf('Hour')).toBeLessThan(text.indexOf('Week'));
    expect(text.indexOf('Week')).toBeLessThan(text.indexOf('Taster'));
    expect(text).toContain('Hour $2.50');
    expect(text).toContain('Week $19.99');
    expect(text).toMatch(/Taster Free Free trial/);
    expect(text).toContain('7 days');
    expect(text).toContain('2 GB of data');
    expect(text).toContain('Up to 10 Mbps down, 2 Mbps up');
    expect(text).toContain('2 devices');
    expect(text).toContain('Already paid? Sign in');

    const { guest: es } = await arriveFromUnifi(server, s, { lang: 'es-ES' });
    const spanish = textOf((await es.get()).html);
    expect(spanish).toContain('19,99 US$');
    expect(spanish).toContain('7 días');
    expect(spanish).toContain('Prueba gratuita');
  });

  it('says so when the site is not connected to Stripe, and offers only its trials', async () => {
    const s = await paymentSite({ connected: false });
    const paid = await insertPackage(server, s, { name: 'Day pass' });
    const { guest } = await arriveFromUnifi(server, s);
    const text = textOf((await guest.get()).html);
    expect(text).toContain('This site is not set up to take payments yet');
    expect(text).not.toContain('Day pass');
    const chosen = await guest.post('payment', { step: 'choose', package: String(paid.id) });
    expect(chosen.status).toBe(503);
    expect(textOf(chosen.html)).toContain('This site is not set up to take payments yet');
  });

  it('sells a package: the card in the page, the fee kept once, the guest online with the package’s limits', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s, { price: 1000 });
    const { guest } = await arriveFromUnifi(server, s);
    const { details, pay, intentId } = await toCard(guest, p.id, 1000);
    expect(textOf(details.html)).toContain('Your package: Day pass, $10.00');
    expect(pay.status).toBe(200);
    expect(pay.html).toContain(`src="${server.stripe!.jsUrl}"`);
    expect(pay.html).toContain('src="/guest/checkout.js"');
    expect(pay.html).toContain(`data-stripe-account="${s.stripeAccount}"`);

    const tx = await transactionOf(intentId);
    expect(tx).toMatchObject({
      status: 'pending',
      amount: 1000,
      currency: 'USD',
      feeAmount: 50,
      feePercent: '5',
      mac: guest.mac,
    });
    const [intent] = server.stripe!.paymentIntentsOf(s.stripeAccount);
    expect(intent).toMatchObject({
      id: intentId,
      amount: 1000,
      currency: 'usd',
      application_fee_amount: tx.feeAmount,
      receipt_email: 'ana@example.com',
      metadata: { transaction_id: String(tx.id), site_id: String(s.siteId) },
    });

    await confirm(s, intentId, 'pm_card_visa');
    const done = await back(guest, intentId);
    expect(done.status).toBe(200);
    expect(textOf(done.html)).toContain('You are connected');
    const [auth] = authorizations(s);
    expect(auth!.body).toMatchObject({ mac: guest.mac, up: 2000, down: 10000, bytes: 2000 });
    expect(auth!.body.minutes).toBeGreaterThanOrEqual(24 * 60 - 1);
    expect(auth!.body.minutes).toBeLessThanOrEqual(24 * 60);

    const paid = await transactionOf(intentId);
    expect(paid).toMatchObject({ status: 'succeeded', feeAmount: 50 });
    expect(paid.paidAt).not.toBeNull();
    const [account] = await db().select().from(paymentAccounts).where(eq(paymentAccounts.id, paid.paymentAccountId!));
    expect(account).toMatchObject({ email: 'ana@example.com', packageId: p.id });
    expect(account!.passwordHash).toMatch(/^\$argon2/);
    expect(account!.expiresAt!.getTime()).toBe(paid.endtime!.getTime());
    const devices = await db()
      .select()
      .from(paymentAccountDevices)
      .where(eq(paymentAccountDevices.paymentAccountId, account!.id));
    expect(devices.map((d) => d.mac)).toEqual([guest.mac]);
  });

  it('sends the pay page with a policy that allows Stripe.js, its frames and API, and our checkout script', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s);
    const { guest } = await arriveFromUnifi(server, s);
    await guest.post('payment', { step: 'choose', package: String(p.id) });
    const res = await fetch(new URL(new URL('payment', new URL(guest.base, server.url)).pathname, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        step: 'pay',
        package: String(p.id),
        price: '499',
        email: 'csp@example.com',
        password: 'seven-chars',
      }),
    });
    const csp = res.headers.get('content-security-policy') ?? '';
    const fakeOrigin = new URL(server.stripe!.jsUrl).origin;
    expect(csp).toContain(`script-src 'self' ${fakeOrigin}`);
    expect(csp).toContain(`frame-src ${fakeOrigin}`);
    expect(csp).toContain(`connect-src ${fakeOrigin}`);
    expect(csp).not.toContain('unsafe-inline;');
    const script = await fetchPage(server, '/guest/checkout.js');
    expect(script.status).toBe(200);
    expect(script.html).toContain('confirmPayment');
  });

  it('with the operator’s own keys: the payment is made on their account, with no platform fee', async () => {
    const s = await paymentSite({ connected: false });
    const own = server.stripe!.createStandaloneAccount();
    await db()
      .insert(paymentConnections)
      .values({
        accountId: s.accountId,
        siteId: s.siteId,
        mode: 'keys',
        stripeAccountId: own.accountId,
        secretKeyEnc: server.built.ctx.secrets.seal(own.secretKey),
        publishableKey: own.publishableKey,
      });
    const p = await insertPackage(server, s, { price: 1000 });
    const { guest } = await arriveFromUnifi(server, s);
    const { pay, intentId } = await toCard(guest, p.id, 1000);
    expect(pay.html).toContain(`data-publishable-key="${own.publishableKey}"`);
    expect(pay.html).toContain('data-stripe-account=""');
    expect(await transactionOf(intentId)).toMatchObject({ feeAmount: 0, feePercent: '0', stripeAccountId: own.accountId });
    const [intent] = server.stripe!.paymentIntentsOf(own.accountId);
    expect(intent).toMatchObject({ id: intentId, amount: 1000, application_fee_amount: null });
    const ownStripe = new Stripe(own.secretKey, { ...server.stripe!.sdkOptions, maxNetworkRetries: 0 });
    await ownStripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa', return_url: 'http://127.0.0.1/r' });
    expect(textOf((await back(guest, intentId)).html)).toContain('You are connected');
    expect(await transactionOf(intentId)).toMatchObject({ status: 'succeeded' });
  });

  it('a webhook that arrives twice records the payment once, and the guest is let in once', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s);
    const { guest } = await arriveFromUnifi(server, s);
    const { intentId } = await toCard(guest, p.id, 499);
    await confirm(s, intentId, 'pm_card_visa');
    await server.stripe!.settled();
    const recorded = await transactionOf(intentId);
    expect(recorded.status).toBe('succeeded');
    expect(recorded.grantedAt).toBeNull();
    const event = server.stripe!.events.find(
      (e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === intentId,
    )!;
    expect(await server.stripe!.redeliver(event.id)).toBe(200);
    expect((await transactionOf(intentId)).paidAt!.getTime()).toBe(recorded.paidAt!.getTime());
    expect(authorizations(s)).toHaveLength(0);

    expect(textOf((await back(guest, intentId)).html)).toContain('You are connected');
    expect(textOf((await back(guest, intentId)).html)).toContain('You are connected');
    expect(authorizations(s)).toHaveLength(1);
    const rows = await db().select().from(paymentTransactions).where(eq(paymentTransactions.siteId, s.siteId));
    expect(rows).toHaveLength(1);
    const accounts = await db().select().from(paymentAccounts).where(eq(paymentAccounts.siteId, s.siteId));
    expect(accounts).toHaveLength(1);
  });

  it('a declined card grants nothing, and the transaction is failed with Stripe’s reason', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s);
    const { guest } = await arriveFromUnifi(server, s);
    const { intentId, pay } = await toCard(guest, p.id, 499);
    // The page carries the guest's words for Stripe's decline codes (the checkout script shows them).
    expect(pay.html).toContain('Your card has insufficient funds. Nothing was charged');
    await expect(confirm(s, intentId, 'pm_card_visa_chargeDeclinedInsufficientFunds')).rejects.toMatchObject({
      decline_code: 'insufficient_funds',
    });
    await server.stripe!.settled();
    const refused = await back(guest, intentId);
    expect(refused.status).toBe(402);
    expect(textOf(refused.html)).toContain('The payment was not completed');
    expect(authorizations(s)).toHaveLength(0);
    expect(await transactionOf(intentId)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card has insufficient funds.',
    });
    expect(await db().select().from(paymentAccounts).where(eq(paymentAccounts.siteId, s.siteId))).toHaveLength(0);
  });

  it('3-D Secure: nothing is granted until the bank confirms, then the guest is online', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s);
    const { guest } = await arriveFromUnifi(server, s);
    const { intentId } = await toCard(guest, p.id, 499);
    const needs = await confirm(s, intentId, 'pm_card_authenticationRequired');
    expect(needs.status).toBe('requires_action');
    expect((await back(guest, intentId)).status).toBe(402);
    expect(authorizations(s)).toHaveLength(0);
    const challenge = await fetch(`${server.stripe!.url}/3ds/${intentId}/complete`, { method: 'POST' });
    expect(challenge.ok).toBe(true);
    const done = await back(guest, intentId);
    expect(textOf(done.html)).toContain('You are connected');
    expect(authorizations(s)).toHaveLength(1);
  });

  it('a package repriced or archived between the screens charges nothing and says so', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s, { price: 499 });
    const { guest } = await arriveFromUnifi(server, s);
    await guest.post('payment', { step: 'choose', package: String(p.id) });
    await db().update(paymentPackages).set({ price: 599 }).where(eq(paymentPackages.id, p.id));
    const changed = await guest.post('payment', {
      step: 'pay',
      package: String(p.id),
      price: '499',
      currency: 'USD',
      email: 'late@example.com',
      password: 'seven-chars',
    });
    expect(changed.status).toBe(409);
    expect(textOf(changed.html)).toContain('This package has changed or is no longer on sale. Nothing was charged');
    await db().update(paymentPackages).set({ status: 'archived' }).where(eq(paymentPackages.id, p.id));
    const archived = await guest.post('payment', { step: 'choose', package: String(p.id) });
    expect(archived.status).toBe(409);
    expect(server.stripe!.paymentIntentsOf(s.stripeAccount)).toHaveLength(0);
    expect(await db().select().from(paymentTransactions).where(eq(paymentTransactions.siteId, s.siteId))).toHaveLength(0);
  });

  it('two browsers of one account paying for its last device place: one is online, the other refunded in full', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s, { numDevices: 1, price: 800 });
    const { guest: first } = await arriveFromUnifi(server, s);
    const { guest: second } = await arriveFromUnifi(server, s);
    const [a, b] = await Promise.all([
      toCard(first, p.id, 800, 'family@example.com'),
      toCard(second, p.id, 800, 'family@example.com'),
    ]);
    await Promise.all([confirm(s, a.intentId, 'pm_card_visa'), confirm(s, b.intentId, 'pm_card_visa')]);
    const pages = await Promise.all([back(first, a.intentId), back(second, b.intentId)]);
    const texts = pages.map((pg) => textOf(pg.html));
    expect(texts.filter((t) => t.includes('You are connected'))).toHaveLength(1);
    const loser = texts.findIndex((t) => t.includes('payment refunded'));
    expect(loser).toBeGreaterThanOrEqual(0);
    expect(pages[loser]!.status).toBe(409);
    expect(authorizations(s)).toHaveLength(1);

    const lost = await transactionOf([a, b][loser]!.intentId);
    expect(lost).toMatchObject({ status: 'succeeded', refunded: 800 });
    const [refund] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, lost.id));
    expect(refund).toMatchObject({ amount: 800, reason: 'duplicate_transactions', status: 'succeeded' });
    const refunds = await s.stripe.refunds.list(
      { payment_intent: lost.stripePaymentIntentId! },
      { stripeAccount: s.stripeAccount },
    );
    expect(refunds.data.map((r) => [r.amount, r.reason])).toEqual([[800, 'duplicate']]);
    const devices = await db().select().from(paymentAccountDevices).where(eq(paymentAccountDevices.siteId, s.siteId));
    expect(devices).toHaveLength(1);
  });

  it('speaks Spanish on the card page, refusals included', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s, { price: 1999 });
    const { guest } = await arriveFromUnifi(server, s, { lang: 'es-ES' });
    const { pay } = await toCard(guest, p.id, 1999);
    expect(textOf(pay.html)).toContain('Tu paquete: Day pass, 19,99 US$');
    expect(pay.html).toContain('data-locale="es"');
    expect(pay.html).toContain('Tu tarjeta no tiene fondos suficientes. No se ha cobrado nada');
    expect(textOf(pay.html)).toContain('Para pagar con tarjeta hace falta JavaScript');
  });

  it('lets in only the device that paid: another guest with the intent’s id gets the packages', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s);
    const { guest } = await arriveFromUnifi(server, s);
    const { intentId } = await toCard(guest, p.id, 499);
    await confirm(s, intentId, 'pm_card_visa');
    const { guest: stranger } = await arriveFromUnifi(server, s);
    const page = await back(stranger, intentId);
    expect(textOf(page.html)).toContain('Choose a Wi-Fi package');
    expect(authorizations(s)).toHaveLength(0);
    expect(textOf((await back(guest, intentId)).html)).toContain('You are connected');
    expect(authorizations(s).map((c) => c.body.mac)).toEqual([guest.mac]);
  });

  it('an email that already has an account buys with its password only', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s);
    const { guest } = await arriveFromUnifi(server, s);
    const { intentId } = await toCard(guest, p.id, 499, 'own@example.com', 'first-password');
    await confirm(s, intentId, 'pm_card_visa');
    await back(guest, intentId);
    const { guest: other } = await arriveFromUnifi(server, s);
    const { pay } = await toCard(other, p.id, 499, 'own@example.com', 'not-the-password');
    expect(pay.status).toBe(422);
    expect(textOf(pay.html)).toContain('This email already has an account here. Enter its password to buy with it.');
  });
});

describe('the payment account sign-in', () => {
  it('lets a device of a paid account in within the package’s devices', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s, { numDevices: 2 });
    const { guest } = await arriveFromUnifi(server, s);
    const { intentId } = await toCard(guest, p.id, 499, 'sign@example.com', 'my-password');
    await confirm(s, intentId, 'pm_card_visa');
    await back(guest, intentId);

    const { guest: laptop } = await arriveFromUnifi(server, s);
    expect(textOf((await laptop.post('payment', { step: 'signin' })).html)).toContain('Password');
    const wrong = await laptop.post('payment', { step: 'signin-submit', email: 'sign@example.com', password: 'nope-nope' });
    expect(wrong.status).toBe(422);
    expect(textOf(wrong.html)).toContain('That email or password is not correct');
    const ok = await laptop.post('payment', { step: 'signin-submit', email: 'sign@example.com', password: 'my-password' });
    expect(textOf(ok.html)).toContain('You are connected');
    expect(authorizations(s).map((c) => c.body.mac)).toEqual([guest.mac, laptop.mac]);

    const { guest: third } = await arriveFromUnifi(server, s);
    const full = await third.post('payment', { step: 'signin-submit', email: 'sign@example.com', password: 'my-password' });
    expect(full.status).toBe(409);
    expect(textOf(full.html)).toContain('Your account is already used on 2 devices');
  });
});

describe('a paid device arriving again', () => {
  it('is let back in while its package runs, as the relogin policy allows, and not once it has ended', async () => {
    const s = await paymentSite();
    expect((await s.owner.put(`${s.api}/paymentloginconfig/`, { relogin_policy: 'daily' })).status).toBe(200);
    const p = await insertPackage(server, s);
    const { guest } = await arriveFromUnifi(server, s);
    const { intentId } = await toCard(guest, p.id, 499, 'again@example.com');
    await confirm(s, intentId, 'pm_card_visa');
    await back(guest, intentId);
    const { first } = await arriveFromUnifi(server, s, { mac: guest.mac });
    expect(first.status).toBe(200);
    expect(textOf(first.html)).toContain('You are connected');
    expect(authorizations(s)).toHaveLength(2);
    expect(authorizations(s)[1]!.body).toMatchObject({ mac: guest.mac, bytes: 2000 });

    await db()
      .update(paymentAccounts)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentAccounts.email, 'again@example.com'));
    const { first: ended } = await arriveFromUnifi(server, s, { mac: guest.mac });
    expect(ended.status).toBe(303);
    expect(authorizations(s)).toHaveLength(2);
  });
});

describe('trial packages', () => {
  const trialSite = async (limit: string) => {
    const s = await paymentSite();
    const res = await s.owner.put(`${s.api}/paymentloginconfig/`, { daily_trial_limit: limit });
    expect(res.status).toBe(200);
    const p = await insertPackage(server, s, {
      name: 'Taster',
      price: 0,
      isTrial: true,
      durationType: 'minutes',
      durationVal: 30,
      bytesT: 0,
      speedUl: 0,
      speedDl: 0,
    });
    return { s, p };
  };
  const takeTrial = async (guest: GuestBrowser, packageId: number) => {
    await guest.post('payment', { step: 'choose', package: String(packageId) });
    return guest.post('payment', {
      step: 'pay',
      package: String(packageId),
      price: '0',
      currency: 'USD',
      email: 'trial@example.com',
    });
  };

  it('One Time: once per device, ever; a trial is free, recorded and granted with its limits', async () => {
    const { s, p } = await trialSite('One Time');
    const { guest } = await arriveFromUnifi(server, s);
    expect(textOf((await takeTrial(guest, p.id)).html)).toContain('You are connected');
    expect(authorizations(s)[0]!.body).toMatchObject({ mac: guest.mac, minutes: 30 });
    const [tx] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.siteId, s.siteId));
    expect(tx).toMatchObject({ kind: 'trial', status: 'succeeded', amount: 0, mac: guest.mac });
    const again = await takeTrial(guest, p.id);
    expect(again.status).toBe(403);
    expect(textOf(again.html)).toContain('The free trial has already been used on this device.');
    expect(authorizations(s)).toHaveLength(1);
    expect(server.stripe!.paymentIntentsOf(s.stripeAccount)).toHaveLength(0);
  });

  it('Daily: once per device per day at the site', async () => {
    const { s, p } = await trialSite('Daily');
    const { guest } = await arriveFromUnifi(server, s);
    expect(textOf((await takeTrial(guest, p.id)).html)).toContain('You are connected');
    const again = await takeTrial(guest, p.id);
    expect(textOf(again.html)).toContain('already been used on this device today');
    // Yesterday's trial does not count today.
    await db()
      .update(paymentTransactions)
      .set({ createdAt: new Date(Date.now() - 36 * 3600_000) })
      .where(eq(paymentTransactions.siteId, s.siteId));
    expect(textOf((await takeTrial(guest, p.id)).html)).toContain('You are connected');
  });

  it('No Limit: each time', async () => {
    const { s, p } = await trialSite('No Limit');
    const { guest } = await arriveFromUnifi(server, s);
    expect(textOf((await takeTrial(guest, p.id)).html)).toContain('You are connected');
    expect(textOf((await takeTrial(guest, p.id)).html)).toContain('You are connected');
  });
});
