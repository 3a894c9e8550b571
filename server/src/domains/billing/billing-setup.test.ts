import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe/index.ts';
import { PLAN_PRICES } from './plan-prices.ts';
import { createStripeClient } from './stripe-client.ts';
import { ensureStripePlans } from './stripe-setup.ts';

const A = '/a/api/v1';

describe('a Stripe account without the plans’ prices', () => {
  let stripe: StripeFake;
  let server: TestServer;
  beforeAll(async () => {
    stripe = await startStripeFake();
    // The test's own Stripe settings: the harness makes no prices in it.
    server = await startServer({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    });
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  it('answers 503 naming the setup command, until the command has made them (once, however often it runs)', async () => {
    const missing = await server.client().get(`${A}/plans/`);
    expect(missing.status).toBe(503);
    expect(missing.body.code).toBe('billing.pricesMissing');
    expect(missing.body.message).toContain('npm run billing:setup');
    expect(missing.body.message).toContain('splashboard_collect_monthly');

    const sdk = createStripeClient(server.config.stripe);
    expect(await ensureStripePlans(sdk)).toHaveLength(6);
    expect(await ensureStripePlans(sdk)).toEqual([]);
    const products = await sdk.products.list({ limit: 100 });
    expect(products.data).toHaveLength(3);
    const plans = await server.client().get(`${A}/plans/`);
    expect(plans.status).toBe(200);
    expect(plans.body).toEqual(PLAN_PRICES);
  });
});

describe('Stripe out of reach', () => {
  let server: TestServer;
  const log: string[] = [];
  beforeAll(async () => {
    // Nothing listens on port 9 (discard): every call fails to connect, after the SDK's retries.
    server = await startServer(
      { STRIPE_SECRET_KEY: 'sk_test_unreachable', STRIPE_API_BASE: 'http://127.0.0.1:9', LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void log.push(line) } },
    );
  });
  afterAll(() => server?.close());

  it('answers 503 with the try-again message and logs the failure with the request id', async () => {
    const { client } = await registerAccount(server);
    const res = await client.get(`${A}/billingcard/setup_intent`);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      code: 'billing.stripeUnavailable',
      message: 'The payment provider could not be reached. Please try again in a few minutes.',
    });
    const requestId = res.headers.get('x-request-id');
    const failure = log.map((l) => JSON.parse(l)).find((l) => l.msg === 'stripe: create customer failed');
    expect(failure).toMatchObject({ reqId: requestId, type: 'StripeConnectionError' });
  }, 30_000);
});
