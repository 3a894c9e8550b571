import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { paymentConnections, paymentPackages, paymentStripeEvents, sites } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { signedInClient } from '../../../../test/clients.ts';
import { startStripeFake, type StripeFake } from '../../../../test/fakes/stripe/index.ts';
import { createStripeClient, ensureStripePlans } from '../../billing/index.ts';
import { KEYS_WEBHOOK_EVENTS } from './connection.service.ts';

/**
 * The payment settings' Stripe connection through the real API, against the Stripe fake: Connect onboarding
 * (account, account link, the browser's return, account.updated), the operator's own keys (checked, a webhook
 * endpoint made on their account, sealed), disconnecting, and Stripe out of reach.
 */
let fake: StripeFake;
let server: TestServer;
const log: string[] = [];
beforeAll(async () => {
  fake = await startStripeFake();
  server = await startServer(
    {
      LOG_LEVEL: 'info',
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_CONNECT_WEBHOOK_SECRET: fake.connectWebhookSecret,
      STRIPE_API_BASE: fake.url,
      STRIPE_JS_URL: fake.jsUrl,
    },
    { logStream: { write: (line) => void log.push(line) }, console: { write: () => {} } },
  );
  fake.setWebhookUrl(`${server.url}/webhooks/stripe/billing`);
  fake.setConnectWebhookUrl(`${server.url}/webhooks/stripe/connect`);
  await ensureStripePlans(createStripeClient(server.config.stripe));
});
afterAll(async () => {
  await fake?.close();
  await server?.close();
});

const db = () => server.handle.db;
const connectionOf = async (siteId: number) =>
  (await db().select().from(paymentConnections).where(eq(paymentConnections.siteId, siteId)))[0];

async function operator(plan = 'engage') {
  const owner = await registerAccount(server, { plan_type: plan });
  const site = await createSite(owner.client, { name: 'Harbour Café', currency: 'EUR', auth_methods: ['payment'] });
  const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
  return {
    client: owner.client,
    email: owner.email,
    siteId: site.id as number,
    accountId: row!.accountId,
    portalKey: row!.portalKey,
    api: `/s/${site.id}/api/v1/paymentloginconfig`,
  };
}
type Operator = Awaited<ReturnType<typeof operator>>;

const requestsTo = (method: string, path: RegExp) => fake.requests.filter((r) => r.method === method && path.test(r.path));

/** The operator's browser through the fake's onboarding page: "Complete onboarding", then back to our server. */
async function onboardInBrowser(client: TestClient, url: string) {
  const page = await fetch(url);
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())![1]!;
  const done = await fetch(new URL(action, url), { method: 'POST', redirect: 'manual' });
  expect(done.status).toBe(302);
  const back = new URL(done.headers.get('location')!);
  return client.get(back.pathname + back.search);
}

describe('the connection in the payment settings', () => {
  it('shows a site without a connection, with the Connect button’s address, the plan’s fee and the customer portal', async () => {
    const o = await operator('engage');
    const res = await o.client.get(`${o.api}/stripe`);
    expect(res.status).toBe(200);
    const disconnected = {
      id: 0,
      connected_to_stripe: false,
      mode: null,
      stripe_account_id: null,
      charges_enabled: false,
      livemode: false,
      stripe_connection_url: `/s/${o.siteId}/api/v1/paymentloginconfig/stripe/connect`,
      show_stripe_keys: true,
      payment_auth_field1: '',
      payment_auth_field2: '',
      transaction_fee_percent: 3,
      customer_portal_url: `${server.config.publicUrl}/guest/${o.portalKey}/account`,
    };
    expect(res.body).toEqual(disconnected);

    // The payment settings answer the connection beside their own fields, on GET and on PUT.
    const settings = await o.client.get(`${o.api}/`);
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ ...disconnected, daily_trial_limit: 'One Time', email_accnt_notify: true });
    const put = await o.client.put(`${o.api}/`, { smsexpiryreminder: true });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ ...settings.body, smsexpiryreminder: true });

    const provider = await operator('provider');
    expect((await provider.client.get(`${provider.api}/stripe`)).body.transaction_fee_percent).toBe(1.5);
  });
});

describe('Connect onboarding', () => {
  it('makes the site’s connected account and an onboarding link; coming back finished, the site can take payments', async () => {
    const o = await operator();
    const started = await o.client.post(`${o.api}/stripe/connect`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.url).toMatch(new RegExp(`^${fake.url}/setup/c/acct_`));
    const row = (await connectionOf(o.siteId))!;
    expect(row).toMatchObject({ mode: 'connect', chargesEnabled: false, secretKeyEnc: null, accountId: o.accountId });
    const [created] = requestsTo('POST', /^\/v1\/accounts$/).filter((r) => r.params.metadata?.site_id === String(o.siteId));
    expect(created!.params).toMatchObject({ type: 'standard', email: o.email });
    const [link] = requestsTo('POST', /^\/v1\/account_links$/).filter((r) => r.params.account === row.stripeAccountId);
    const back = `${server.config.publicUrl}/s/${o.siteId}/api/v1/paymentloginconfig/stripe/return`;
    expect(link!.params).toMatchObject({ type: 'account_onboarding', return_url: back, refresh_url: back });

    const pending = (await o.client.get(`${o.api}/stripe`)).body;
    expect(pending).toMatchObject({
      id: row.id,
      connected_to_stripe: true,
      mode: 'connect',
      stripe_account_id: row.stripeAccountId,
      charges_enabled: false,
      transaction_fee_percent: 3,
    });

    const returned = await onboardInBrowser(o.client, started.body.url);
    expect(returned.status).toBe(302);
    expect(returned.headers.get('location')).toBe('/newapp/app/payment/packages?stripe=connected');
    expect((await connectionOf(o.siteId))!.chargesEnabled).toBe(true);
    expect((await o.client.get(`${o.api}/stripe`)).body.charges_enabled).toBe(true);
    const ready = await server.built.ctx.payments.siteStripe.forSite(o.siteId);
    expect(ready).toMatchObject({ mode: 'connect', ready: true, stripeAccountId: row.stripeAccountId, feePercent: 3 });
  });

  it('coming back unfinished says so; a second start keeps the same account; account.updated turns charges on', async () => {
    const o = await operator();
    const first = (await o.client.post(`${o.api}/stripe/connect`)).body.url as string;
    const accountId = (await connectionOf(o.siteId))!.stripeAccountId;
    // "Leave" on Stripe's page, or an expired link: the browser comes back to the same address.
    const leave = await o.client.get(`${o.api}/stripe/return`);
    expect(leave.status).toBe(302);
    expect(leave.headers.get('location')).toBe('/newapp/app/payment/packages?stripe=incomplete');
    expect((await connectionOf(o.siteId))!.chargesEnabled).toBe(false);

    const again = await o.client.post(`${o.api}/stripe/connect`);
    expect(again.body.url).not.toBe(first);
    expect((await connectionOf(o.siteId))!.stripeAccountId).toBe(accountId);
    expect(requestsTo('POST', /^\/v1\/accounts$/).filter((r) => r.params.metadata?.site_id === String(o.siteId))).toHaveLength(1);

    fake.completeOnboarding(accountId);
    await fake.settled();
    expect((await connectionOf(o.siteId))!.chargesEnabled).toBe(true);
    const applied = await db().select().from(paymentStripeEvents).where(eq(paymentStripeEvents.stripeAccountId, accountId));
    expect(applied.map((e) => e.type)).toContain('account.updated');
  });

  it('answers Stripe out of reach with a retry message, logged with our request id and Stripe’s', async () => {
    const o = await operator();
    fake.failNext({ count: 3, status: 503, path: '/v1/accounts' });
    const res = await o.client.post(`${o.api}/stripe/connect`);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      code: 'payments.stripeUnavailable',
      message: 'The payment provider could not be reached. Please try again in a few minutes.',
    });
    expect(await connectionOf(o.siteId)).toBeUndefined();
    const line = log.map((l) => JSON.parse(l)).find((l) => l.msg === 'stripe: create a connected account failed');
    expect(line).toMatchObject({ reqId: expect.any(String), stripeRequestId: expect.stringMatching(/^req_/) });
  });

  it('is unavailable without the platform’s key: the operator pastes keys instead', async () => {
    const off = await startServer({ STRIPE_SECRET_KEY: '' });
    try {
      const owner = await registerAccount(off);
      const site = await createSite(owner.client, { auth_methods: ['payment'] });
      const api = `/s/${site.id}/api/v1/paymentloginconfig`;
      const res = await owner.client.post(`${api}/stripe/connect`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('payments.connectUnavailable');
      expect((await owner.client.get(`${api}/stripe`)).body).toMatchObject({
        stripe_connection_url: '',
        show_stripe_keys: true,
        transaction_fee_percent: 0,
      });
    } finally {
      await off.close();
    }
  });
});

describe('the operator’s own keys', () => {
  const keysOf = (own: { secretKey: string; publishableKey: string }) => ({
    payment_auth_field1: own.secretKey,
    payment_auth_field2: own.publishableKey,
  });

  it('checks the secret key with Stripe, makes a webhook endpoint on their account and keeps both secrets sealed', async () => {
    const o = await operator();
    const own = fake.createStandaloneAccount();
    const logged = log.length;
    const res = await o.client.put(`${o.api}/stripe/keys`, keysOf(own));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = (await connectionOf(o.siteId))!;
    expect(res.body).toEqual({
      id: row.id,
      connected_to_stripe: true,
      mode: 'keys',
      stripe_account_id: own.accountId,
      charges_enabled: true,
      livemode: false,
      stripe_connection_url: `/s/${o.siteId}/api/v1/paymentloginconfig/stripe/connect`,
      show_stripe_keys: true,
      payment_auth_field1: `sk_test_…${own.secretKey.slice(-4)}`,
      payment_auth_field2: own.publishableKey,
      transaction_fee_percent: 0,
      customer_portal_url: `${server.config.publicUrl}/guest/${o.portalKey}/account`,
    });
    const { secrets } = server.built.ctx;
    expect(row.secretKeyEnc).not.toContain(own.secretKey);
    expect(secrets.open(row.secretKeyEnc!)).toBe(own.secretKey);
    const [made] = requestsTo('POST', /^\/v1\/webhook_endpoints$/).filter((r) => r.account === own.accountId);
    expect(made!.params).toMatchObject({
      url: `${server.config.publicUrl}/webhooks/stripe/payments/${row.id}`,
      enabled_events: [...KEYS_WEBHOOK_EVENTS],
    });
    expect(row.webhookEndpointId).toMatch(/^we_/);

    // The sealed endpoint secret is the one Stripe signs their events with: our endpoint takes them.
    const payload = JSON.stringify({ id: 'evt_keys_1', object: 'event', type: 'payment_intent.created', data: { object: {} } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: secrets.open(row.webhookSecretEnc!) });
    const delivered = await fetch(`${server.url}/webhooks/stripe/payments/${row.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(delivered.status).toBe(200);

    // Never whole: not in any answer, nor in the log.
    expect(JSON.stringify((await o.client.get(`${o.api}/stripe`)).body)).not.toContain(own.secretKey);
    expect(JSON.stringify((await o.client.get(`${o.api}/`)).body)).not.toContain(own.secretKey);
    expect(log.slice(logged).join('\n')).not.toContain(own.secretKey);
    expect(await server.built.ctx.payments.siteStripe.forSite(o.siteId)).toMatchObject({
      mode: 'keys',
      ready: true,
      publishableKey: own.publishableKey,
      feePercent: 0,
    });
  });

  it('refuses a key Stripe does not accept and test and live keys mixed, storing nothing', async () => {
    const o = await operator();
    const own = fake.createStandaloneAccount();
    const wrong = await o.client.put(`${o.api}/stripe/keys`, { ...keysOf(own), payment_auth_field1: 'sk_test_not4realKey1234' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      code: 'payments.invalidSecretKey',
      schema_errors: { payment_auth_field1: ['Stripe did not accept this secret key'] },
    });
    const mixed = await o.client.put(`${o.api}/stripe/keys`, { ...keysOf(own), payment_auth_field2: 'pk_live_abc123' });
    expect(mixed.status).toBe(422);
    expect(mixed.body).toMatchObject({
      code: 'payments.keysModeMismatch',
      schema_errors: { payment_auth_field2: [expect.any(String)] },
    });
    const shape = await o.client.put(`${o.api}/stripe/keys`, { payment_auth_field1: 'hello', payment_auth_field2: 'sk_test_x' });
    expect(shape.status).toBe(422);
    expect(Object.keys(shape.body.schema_errors).sort()).toEqual(['payment_auth_field1', 'payment_auth_field2']);
    expect(await connectionOf(o.siteId)).toBeUndefined();
    expect(requestsTo('POST', /^\/v1\/webhook_endpoints$/).filter((r) => r.account === own.accountId)).toEqual([]);
  });

  it('replaces keys pasted before (their endpoint deleted) and a Connect connection', async () => {
    const o = await operator();
    await o.client.post(`${o.api}/stripe/connect`);
    const first = fake.createStandaloneAccount();
    expect((await o.client.put(`${o.api}/stripe/keys`, keysOf(first))).body.mode).toBe('keys');
    const before = (await connectionOf(o.siteId))!;
    const second = fake.createStandaloneAccount();
    const res = await o.client.put(`${o.api}/stripe/keys`, keysOf(second));
    expect(res.body).toMatchObject({ id: before.id, mode: 'keys', stripe_account_id: second.accountId });
    expect(requestsTo('DELETE', /^\/v1\/webhook_endpoints\//).map((r) => [r.account, r.path])).toContainEqual([
      first.accountId,
      `/v1/webhook_endpoints/${before.webhookEndpointId}`,
    ]);
    expect((await connectionOf(o.siteId))!.webhookEndpointId).not.toBe(before.webhookEndpointId);
  });
});

describe('disconnecting', () => {
  it('deletes the connection and the endpoint on their account; the packages stay', async () => {
    const o: Operator = await operator();
    const own = fake.createStandaloneAccount();
    await o.client.put(`${o.api}/stripe/keys`, { payment_auth_field1: own.secretKey, payment_auth_field2: own.publishableKey });
    const endpoint = (await connectionOf(o.siteId))!.webhookEndpointId;
    const pkg = await o.client.post(`${o.api}/packages`, { name: 'Day', price: 500, duration_type: 'days', duration_val: 1 });
    const res = await o.client.put(`${o.api}/stripe/disconnect`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 0,
      connected_to_stripe: false,
      mode: null,
      payment_auth_field1: '',
      payment_auth_field2: '',
    });
    expect(await connectionOf(o.siteId)).toBeUndefined();
    expect(requestsTo('DELETE', /^\/v1\/webhook_endpoints\//).map((r) => r.path)).toContain(`/v1/webhook_endpoints/${endpoint}`);
    expect((await db().select().from(paymentPackages).where(eq(paymentPackages.id, pkg.body.id))).length).toBe(1);
    expect(await server.built.ctx.payments.siteStripe.forSite(o.siteId)).toBeNull();
    // Again: nothing left to disconnect, same answer.
    expect((await o.client.put(`${o.api}/stripe/disconnect`)).body).toEqual(res.body);
  });

  it('still disconnects when their Stripe cannot delete the endpoint, and logs it', async () => {
    const o = await operator();
    const own = fake.createStandaloneAccount();
    await o.client.put(`${o.api}/stripe/keys`, { payment_auth_field1: own.secretKey, payment_auth_field2: own.publishableKey });
    fake.failNext({ count: 3, status: 500, path: /^\/v1\/webhook_endpoints\/we_/ });
    const res = await o.client.put(`${o.api}/stripe/disconnect`);
    expect(res.status).toBe(200);
    expect(await connectionOf(o.siteId)).toBeUndefined();
    expect(log.some((l) => l.includes('could not be deleted') && l.includes(`"site":${o.siteId}`))).toBe(true);
  });
});

describe('who may see and change the connection', () => {
  it('answers another account’s site as not found and a client as forbidden, changing nothing', async () => {
    const mine = await operator();
    const theirs = await operator();
    await theirs.client.post(`${theirs.api}/stripe/connect`);
    const own = fake.createStandaloneAccount();
    for (const [method, path, body] of [
      ['GET', '/stripe', undefined],
      ['POST', '/stripe/connect', {}],
      ['GET', '/stripe/return', undefined],
      ['PUT', '/stripe/keys', { payment_auth_field1: own.secretKey, payment_auth_field2: own.publishableKey }],
      ['PUT', '/stripe/disconnect', {}],
    ] as const) {
      const res = await mine.client.request(method, `${theirs.api}${path}`, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('common.siteNotFound');
      const { client } = await signedInClient(server, mine.accountId, [
        { siteId: mine.siteId, area: 'settings', level: 'write' },
      ]);
      expect((await client.request(method, `${mine.api}${path}`, body)).status, `client ${method} ${path}`).toBe(403);
    }
    expect((await connectionOf(theirs.siteId))!.mode).toBe('connect');
    expect(await connectionOf(mine.siteId)).toBeUndefined();
    // The browser's return needs the operator's session.
    expect((await server.client().get(`${mine.api}/stripe/return`)).status).toBe(401);
  });
});
