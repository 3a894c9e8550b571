import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guestSessions, paymentTransactions } from '../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, fetchPage, textOf, type GuestBrowser } from '../../../test/portal.ts';
import { connectedPaymentSite, insertPackage, type PaymentSite } from '../../../test/payments.ts';
import { PRE_GRANT_SWEEP_JOB } from './pre-grant-sweep.ts';

/**
 * "Finish in your browser": the device gets a short, slow grant through the controller while the guest pays
 * on the finish page outside the captive portal; paid in time, the device gets the package; not paid, the
 * sweep ends the session at the controller and cancels the intent.
 */
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

async function paymentSite() {
  const s = await connectedPaymentSite(server);
  sites.push(s);
  return s;
}

/** The guest picks the package and gives their details: the pay page, its intent and its "Finish in your browser". */
async function toCard(guest: GuestBrowser, packageId: number, price: number) {
  await guest.post('payment', { step: 'choose', package: String(packageId) });
  const pay = await guest.post('payment', {
    step: 'pay',
    package: String(packageId),
    price: String(price),
    currency: 'USD',
    email: 'mia@example.com',
    password: 'seven-chars',
  });
  expect(pay.status).toBe(200);
  const secret = /data-client-secret="([^"]+)"/.exec(pay.html)?.[1] ?? '';
  const token = /name="t" value="([^"]+)"/.exec(pay.html)?.[1] ?? '';
  return { pay, intentId: secret.split('_secret_')[0]!, token };
}

/** The guest taps "Finish in your browser": the page with the finish address (its path on our server). */
async function finishElsewhere(guest: GuestBrowser, token: string) {
  const page = await guest.post('payment', { step: 'elsewhere', t: token });
  const href = /href="([^"]*\/finish\/[^"]+)"/.exec(page.html)?.[1] ?? '';
  return { page, path: href ? new URL(href.replace(/&amp;/g, '&')).pathname : '' };
}

const authorizations = (s: PaymentSite) => s.unifi.commands.filter((c) => c.body.cmd === 'authorize-guest');
const transactionOf = async (intentId: string) =>
  (await db().select().from(paymentTransactions).where(eq(paymentTransactions.stripePaymentIntentId, intentId)))[0]!;
const sessionOf = async (id: number) => (await db().select().from(guestSessions).where(eq(guestSessions.id, id)))[0]!;

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('finishing the payment in the normal browser', () => {
  it('lets the device in briefly, and paid out of band in time it gets the package’s limits', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s, { price: 1000 });
    const { guest } = await arriveFromUnifi(server, s);
    const { pay, intentId, token } = await toCard(guest, p.id, 1000);
    expect(textOf(pay.html)).toContain('Finish in your browser');
    expect(textOf(pay.html)).toContain('5 minutes of slow Wi-Fi');

    const { page, path } = await finishElsewhere(guest, token);
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain('Finish paying in your browser');
    expect(path).toMatch(new RegExp(`^/guest/${s.portalKey}/finish/`));
    expect(textOf(page.html)).toContain(`Or copy this address into your browser: http`);
    const [short] = authorizations(s);
    expect(short!.body).toMatchObject({ mac: guest.mac, minutes: 5, up: 256, down: 1024, bytes: 50 });
    const pending = await transactionOf(intentId);
    expect(pending.status).toBe('pending');
    expect(pending.preGrantSessionId).not.toBeNull();
    expect(pending.preGrantEndsAt!.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);

    // A second tap does not let the device in again.
    expect((await finishElsewhere(guest, token)).path).toBe(path);
    expect(authorizations(s)).toHaveLength(1);

    // The finish page works without the pass: the same intent in the Payment Element.
    const finish = await fetchPage(server, path);
    expect(finish.status).toBe(200);
    expect(finish.html).toContain(`data-client-secret="${intentId}_secret_`);
    expect(finish.html).toContain('data-return-path=');
    expect(textOf(finish.html)).toContain('Your package: Day pass, $10.00');

    // The guest pays in their bank's app: Stripe's webhook settles it and the device gets the package.
    await server.stripe!.payOutOfBand(intentId, { succeed: true });
    await server.stripe!.settled();
    const [, full] = await until(
      'the package grant',
      async () => authorizations(s),
      (a) => a.length >= 2,
    );
    expect(full!.body).toMatchObject({ mac: guest.mac, up: 2000, down: 10000, bytes: 2000 });
    expect(full!.body.minutes).toBeGreaterThanOrEqual(24 * 60 - 1);
    const paid = await transactionOf(intentId);
    expect(paid).toMatchObject({ status: 'succeeded' });
    expect(paid.grantedAt).not.toBeNull();
    expect(await sessionOf(pending.preGrantSessionId!)).toMatchObject({ endCause: 'pre_grant_paid' });

    // Back on the finish page: paid, and the device is not let in a third time.
    const done = await fetchPage(server, `${path}/done?payment_intent=${intentId}`);
    expect(done.status).toBe(200);
    expect(textOf(done.html)).toContain('Paid: you are online');
    expect(textOf(done.html)).toContain('Your package Day pass is active on your device until');
    expect(authorizations(s)).toHaveLength(2);

    // The sweep leaves a paid transaction alone.
    await db()
      .update(paymentTransactions)
      .set({ preGrantEndsAt: new Date(Date.now() - 1000) })
      .where(eq(paymentTransactions.id, paid.id));
    await server.built.ctx.jobs.enqueue(PRE_GRANT_SWEEP_JOB, {});
    await new Promise((r) => setTimeout(r, 1500));
    expect((await transactionOf(intentId)).status).toBe('succeeded');
    expect(s.unifi.commands.filter((c) => c.body.cmd === 'unauthorize-guest')).toHaveLength(0);
  });

  it('not paid by the end: the sweep ends the session at the controller and cancels the intent', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s);
    const { guest } = await arriveFromUnifi(server, s);
    const { intentId, token } = await toCard(guest, p.id, 499);
    const { path } = await finishElsewhere(guest, token);
    const tx = await transactionOf(intentId);

    // Still running: the sweep leaves it.
    await server.built.ctx.jobs.enqueue(PRE_GRANT_SWEEP_JOB, {});
    await new Promise((r) => setTimeout(r, 1500));
    expect((await transactionOf(intentId)).status).toBe('pending');

    // Its five minutes are over.
    await db()
      .update(paymentTransactions)
      .set({ preGrantEndsAt: new Date(Date.now() - 1000) })
      .where(eq(paymentTransactions.id, tx.id));
    await server.built.ctx.jobs.enqueue(PRE_GRANT_SWEEP_JOB, {});
    // The session is ended last, after the intent, the transaction and the controller.
    await until(
      'the session to end',
      () => sessionOf(tx.preGrantSessionId!),
      (row) => !!row.endedAt,
    );
    const canceled = await transactionOf(intentId);
    expect(canceled.status).toBe('canceled');
    expect(canceled.failureMessage).toContain('No payment arrived');
    const [intent] = server.stripe!.paymentIntentsOf(s.stripeAccount).filter((i) => i.id === intentId);
    expect(intent).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    const unauthorized = s.unifi.commands.filter((c) => c.body.cmd === 'unauthorize-guest');
    expect(unauthorized.map((c) => c.body.mac)).toEqual([guest.mac]);
    expect(await sessionOf(tx.preGrantSessionId!)).toMatchObject({ endCause: 'pre_grant_unpaid' });

    // The finish link has ended, and paying is no longer possible.
    const finish = await fetchPage(server, path);
    expect(finish.status).toBe(410);
    expect(textOf(finish.html)).toContain('This payment link has ended');
  });

  it('paid on the finish page itself: its return gives the package, in the guest’s language', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s, { price: 700, durationType: 'hours', durationVal: 2 });
    const { guest } = await arriveFromUnifi(server, s, { lang: 'es-ES' });
    const { pay, intentId, token } = await toCard(guest, p.id, 700);
    expect(textOf(pay.html)).toContain('Terminar en tu navegador');
    const { page, path } = await finishElsewhere(guest, token);
    expect(textOf(page.html)).toContain('Termina el pago en tu navegador');
    await s.stripe.paymentIntents.confirm(
      intentId,
      { payment_method: 'pm_card_visa', return_url: 'http://127.0.0.1/return' },
      { stripeAccount: s.stripeAccount },
    );
    const done = await fetchPage(server, `${path}/done?payment_intent=${intentId}`);
    expect(done.status).toBe(200);
    expect(textOf(done.html)).toContain('Pagado: ya tienes conexión');
    await server.stripe!.settled();
    const grants = authorizations(s);
    expect(grants).toHaveLength(2);
    expect(grants[1]!.body.minutes).toBeGreaterThanOrEqual(119);
    expect(grants[1]!.body.minutes).toBeLessThanOrEqual(120);
  });

  it('refuses a token it did not sign, and another device’s transaction', async () => {
    const s = await paymentSite();
    const p = await insertPackage(server, s);
    const { guest } = await arriveFromUnifi(server, s);
    const { token } = await toCard(guest, p.id, 499);
    const id = token.split('.')[0]!;
    expect((await fetchPage(server, `/guest/${s.portalKey}/finish/${id}.forged`)).status).toBe(404);
    expect((await fetchPage(server, `/guest/not-a-key/finish/${token}`)).status).toBe(404);
    const { guest: other } = await arriveFromUnifi(server, s);
    const refused = await other.post('payment', { step: 'elsewhere', t: token });
    expect(refused.status).toBe(409);
    expect(textOf(refused.html)).toContain('Finishing in another browser is not available for this payment');
    expect(authorizations(s)).toHaveLength(0);
  });
});
