import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { accounts, guestSessions, paymentConnections, paymentTransactions, sites } from '../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { fetchPage, textOf } from '../../../test/portal.ts';
import { insertPackage, type PaymentSite } from '../../../test/payments.ts';
import { gatewayFormOf, radiusGatewaySite, type GatewaySite } from '../../../test/radius-gateway.ts';
import { startDisconnectListener } from '../../../test/radius-nas.ts';
import { PRE_GRANT_SWEEP_JOB } from './pre-grant-sweep.ts';

/**
 * On a RADIUS gateway (MikroTik) the short grant goes through the gateway's login form like every login,
 * and an unpaid one is ended by a Disconnect-Message to the site's gateway, naming the session's one-time
 * user name and the device.
 */
let server: TestServer;
let disconnectSecret = '';
let disconnects: Awaited<ReturnType<typeof startDisconnectListener>>;
let gateway: GatewaySite | undefined;

beforeAll(async () => {
  disconnects = await startDisconnectListener(() => disconnectSecret);
  server = await startServer({
    LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    RADIUS_HOST: '127.0.0.1',
    RADIUS_AUTH_PORT: '0',
    RADIUS_ACCT_PORT: '0',
    RADIUS_DISCONNECT_PORT: String(disconnects.port),
  });
  await server.built.startRadius();
});
afterAll(async () => {
  if (gateway) await gateway.owner.del(`${gateway.api}/radiusclients/${gateway.nasId}`);
  await server?.close();
  await disconnects?.close();
});
const db = () => server.handle.db;

/** A MikroTik site with the payment login, connected to Stripe (Connect, collect plan), as the dashboard leaves it. */
async function paidMikrotikSite() {
  const s = await radiusGatewaySite(server, 'mikrotik', { settings: { use_chap: false }, methods: ['payment'] });
  gateway = s;
  disconnectSecret = s.secret;
  const [row] = await db().update(sites).set({ currency: 'USD' }).where(eq(sites.id, s.siteId)).returning();
  await db().update(accounts).set({ planType: 'collect' }).where(eq(accounts.id, row!.accountId));
  const fake = server.stripe!;
  const stripe = new Stripe(fake.secretKey, { ...fake.sdkOptions, maxNetworkRetries: 0 });
  const connected = await stripe.accounts.create({ type: 'express', country: 'US' });
  await fake.completeOnboarding(connected.id);
  await db().insert(paymentConnections).values({
    accountId: row!.accountId,
    siteId: s.siteId,
    mode: 'connect',
    stripeAccountId: connected.id,
    chargesEnabled: true,
    publishableKey: '',
  });
  return { ...s, accountId: row!.accountId, stripeAccount: connected.id };
}

async function post(path: string, form: Record<string, string>) {
  return fetchPage(server, path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

describe('finishing elsewhere behind a RADIUS gateway', () => {
  it('lets the device in through the gateway’s form and, unpaid, disconnects it by RADIUS', async () => {
    const s = await paidMikrotikSite();
    const p = await insertPackage(server, { siteId: s.siteId, accountId: s.accountId } as PaymentSite);
    const mac = 'AA:BB:CC:00:00:51';
    const arrived = await fetchPage(
      server,
      `/guest/${s.portalKey}/?${new URLSearchParams({
        mac,
        ip: '10.5.50.9',
        'link-login-only': 'http://10.5.50.1/login',
        'link-orig': 'http://example.com/',
        'chap-id': '',
        'chap-challenge': '',
        error: '',
      })}`,
    );
    expect(arrived.status).toBe(303);
    const payment = new URL('payment', new URL(arrived.location!, server.url)).pathname;
    await post(payment, { step: 'choose', package: String(p.id) });
    const pay = await post(payment, {
      step: 'pay',
      package: String(p.id),
      price: String(p.price),
      currency: 'USD',
      email: 'rad@example.com',
      password: 'seven-chars',
    });
    expect(pay.status).toBe(200);
    const token = /name="t" value="([^"]+)"/.exec(pay.html)?.[1] ?? '';
    const intentId = (/data-client-secret="([^"]+)"/.exec(pay.html)?.[1] ?? '').split('_secret_')[0]!;

    // The short grant is a login at the gateway: its form, with one-time credentials, back to the finish page.
    const elsewhere = await post(payment, { step: 'elsewhere', t: token });
    expect(elsewhere.status).toBe(200);
    const form = gatewayFormOf(elsewhere.html);
    expect(form?.action).toBe('http://10.5.50.1/login');
    expect(form?.fields.dst).toMatch(new RegExp(`/guest/${s.portalKey}/finish/`));
    const [tx] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.stripePaymentIntentId, intentId));
    const [session] = await db().select().from(guestSessions).where(eq(guestSessions.id, tx!.preGrantSessionId!));
    expect(session).toMatchObject({
      minutes: 5,
      upKbps: 256,
      downKbps: 1024,
      quotaMb: 50,
      radiusUsername: form!.fields.username,
    });

    // Unpaid when its minutes are up: the sweep cancels the intent and sends the gateway a Disconnect-Request.
    await db()
      .update(paymentTransactions)
      .set({ preGrantEndsAt: new Date(Date.now() - 1000) })
      .where(eq(paymentTransactions.id, tx!.id));
    await server.built.ctx.jobs.enqueue(PRE_GRANT_SWEEP_JOB, {});
    // The session is ended last, after the intent, the transaction and the gateway.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [row] = await db().select().from(guestSessions).where(eq(guestSessions.id, session!.id));
      if (row?.endedAt || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(disconnects.received).toHaveLength(1);
    expect(disconnects.received[0]).toMatchObject({
      'User-Name': form!.fields.username,
      'Calling-Station-Id': 'AA-BB-CC-00-00-51',
    });
    const [canceled] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, tx!.id));
    expect(canceled!.status).toBe('canceled');
    const [ended] = await db().select().from(guestSessions).where(eq(guestSessions.id, session!.id));
    expect(ended!.endCause).toBe('pre_grant_unpaid');
    expect(textOf((await fetchPage(server, new URL(form!.fields.dst!).pathname)).html)).toContain('This payment link has ended');
  });
});
