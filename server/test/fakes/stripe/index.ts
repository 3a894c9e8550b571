/**
 * A Stripe-compatible HTTP server on loopback for tests (API version 2026-10-28.endive, the one
 * stripe-node 23.1.0 pins). The official SDK talks to it through `host`, `port` and `protocol: 'http'`;
 * the browser loads the Stripe.js stand-in from `jsUrl`. See README.md beside this file.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { accountObject, accountRoutes, completeOnboarding, createStandaloneAccount, onboardingPage } from './accounts.ts';
import { catalogRoutes } from './catalog.ts';
import { chargeRoutes } from './charges.ts';
import { customerRoutes } from './customers.ts';
import { parseForm } from './form.ts';
import { invoiceRoutes } from './invoices.ts';
import { pageFor, portalRoutes } from './pages.ts';
import { finishOutOfBand, finishPaymentAuthentication, paymentIntentRoutes } from './payment-intents.ts';
import { paymentMethodRoutes } from './payment-methods.ts';
import { refundRoutes } from './refunds.ts';
import { matchRoute, type Route } from './route.ts';
import { finishAuthentication, setupIntentRoutes } from './setup-intents.ts';
import { API_VERSION, randomText, Store, StripeFail, type Obj, type Payment } from './store.ts';
import { stripeJsAsset } from './stripe-js.ts';
import { runClockTo, subscriptionRoutes } from './subscriptions.ts';
import { Webhooks } from './webhooks.ts';

export interface StripeFakeOptions {
  webhookUrl?: string;
  webhookSecret?: string;
  /** Attempts per event when our server answers non-2xx (default 3). */
  webhookAttempts?: number;
  /** Pause between those attempts (default 50 ms). */
  webhookRetryDelayMs?: number;
}

export interface StripeFake {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  jsUrl: string;
  /** `{ host, port, protocol }` for `new Stripe(secretKey, { ...fake.sdkOptions })`. */
  sdkOptions: { host: string; port: number; protocol: 'http' };
  setWebhookUrl(url: string): void;
  now(): number;
  advanceTime(seconds: number): Promise<void>;
  events: Stripe.Event[];
  deliveries: { eventId: string; status: number; attempt: number }[];
  redeliver(eventId: string): Promise<number>;
  deliver(event: Stripe.Event): Promise<number>;
  /** Resolves once every webhook delivery started so far has finished. */
  settled(): Promise<void>;
  paymentsOf(customerId: string): Payment[];
  /** Every API request, in order, with what the fake answered (to check what our server sent). */
  requests: ApiRequestRecord[];
  /** The platform's own account (the one `secretKey` acts as). */
  platformAccountId: string;
  /** A connected account completes onboarding (as its owner would on the account link's page). */
  completeOnboarding(accountId: string): void;
  /** A new account with keys of its own that the fake accepts (an operator pasting their keys). */
  createStandaloneAccount(): { accountId: string; secretKey: string; publishableKey: string };
  /** Connected accounts' events go to `url` from now on (signed with `connectWebhookSecret`), not to the default. */
  setConnectWebhookUrl(url: string): void;
  connectWebhookSecret: string;
  /** The PaymentIntents of an account (default: the platform), oldest first. */
  paymentIntentsOf(accountId?: string): Stripe.PaymentIntent[];
  /** The guest finishes (or fails) paying elsewhere (a bank app): the intent succeeds or fails, with its events. */
  payOutOfBand(paymentIntentId: string, outcome: { succeed: boolean }): Promise<Stripe.PaymentIntent>;
  /** The next `count` API requests (those whose path matches `path`, if given) fail as in a Stripe outage. */
  failNext(options?: { count?: number; status?: 429 | 500 | 502 | 503; path?: string | RegExp }): void;
  close(): Promise<void>;
}

export interface ApiRequestRecord {
  method: string;
  path: string;
  /** The account the request acted as (the platform, or the one `Stripe-Account` named). */
  account: string;
  params: Obj;
  idempotencyKey: string | null;
  status: number;
  requestId: string;
}

interface Outage {
  count: number;
  status: number;
  path?: string | RegExp;
}

/** What Stripe answers when it is down or throttling. */
function outageError(status: number): StripeFail {
  if (status === 429) {
    return new StripeFail(429, {
      type: 'invalid_request_error',
      code: 'rate_limit',
      message: 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
    });
  }
  return new StripeFail(status, {
    type: 'api_error',
    message:
      "Sorry, something went wrong. We've already been notified of the problem, but if you need any help, you can reach us at support.stripe.com/contact.",
  });
}

const IDEMPOTENCY_TTL = 24 * 3600;

interface Remembered {
  fingerprint: string;
  status: number;
  body: string;
  at: number;
}

export async function startStripeFake(opts: StripeFakeOptions = {}): Promise<StripeFake> {
  const secretKey = `sk_test_${randomText(40)}`;
  const publishableKey = `pk_test_${randomText(40)}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_${randomText(32)}`;
  const connectWebhookSecret = `whsec_${randomText(32)}`;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const store = new Store(url);
  store.put(accountObject(store, store.platform, { enabled: true, controller: { type: 'account' }, country: 'ES' }));
  /** Every key the fake accepts: which account it acts as, and whether it is a secret or a publishable key. */
  const keys = new Map<string, { account: string; kind: 'secret' | 'publishable' }>([
    [secretKey, { account: store.platform, kind: 'secret' }],
    [publishableKey, { account: store.platform, kind: 'publishable' }],
  ]);
  const webhooks = new Webhooks(store, {
    secret: webhookSecret,
    connectSecret: connectWebhookSecret,
    attempts: opts.webhookAttempts ?? 3,
    retryDelayMs: opts.webhookRetryDelayMs ?? 50,
  });
  if (opts.webhookUrl) webhooks.setDefaultUrl(opts.webhookUrl);
  const routes: Route[] = [
    ...accountRoutes(store),
    ...customerRoutes(store),
    ...catalogRoutes(store),
    ...paymentMethodRoutes(store),
    ...setupIntentRoutes(store),
    ...paymentIntentRoutes(store),
    ...chargeRoutes(store),
    ...refundRoutes(store),
    ...subscriptionRoutes(store),
    ...invoiceRoutes(store),
    ...portalRoutes(store),
    ...webhooks.routes(),
  ];
  const remembered = new Map<string, Remembered>();
  const requests: ApiRequestRecord[] = [];
  const outages: Outage[] = [];

  function apiAnswer(req: IncomingMessage, path: string, raw: string) {
    const method = req.method ?? 'GET';
    const params = method === 'POST' ? parseForm(raw) : parseForm(new URL(req.url ?? '/', url).search.slice(1));
    const answer = handleApi(req, method, path, raw, params);
    requests.push({
      method,
      path,
      account: answer.account ?? store.platform,
      params,
      idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
      status: answer.status,
      requestId: answer.headers['request-id'] ?? '',
    });
    return answer;
  }

  function handleApi(
    req: IncomingMessage,
    method: string,
    path: string,
    raw: string,
    params: Obj,
  ): { status: number; body: string; headers: Record<string, string>; account?: string } {
    const requestId = `req_${randomText(14)}`;
    const headers: Record<string, string> = { 'request-id': requestId, 'stripe-version': API_VERSION };
    const fail = (e: StripeFail) => ({
      status: e.status,
      body: JSON.stringify({ error: { ...e.error, request_log_url: `${url}/logs/${requestId}` } }, null, 2),
      headers,
    });
    const outage = outages.find(
      (o) => o.count > 0 && (o.path === undefined || (typeof o.path === 'string' ? path === o.path : o.path.test(path))),
    );
    if (outage) {
      outage.count -= 1;
      return { ...fail(outageError(outage.status)), headers: { ...headers, 'stripe-should-retry': 'true' } };
    }
    const match = matchRoute(routes, method, path);
    if (!match) {
      return fail(
        new StripeFail(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        }),
      );
    }
    const auth = String(req.headers.authorization ?? '');
    const bearer =
      /^Bearer (.+)$/.exec(auth)?.[1] ??
      (auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString().split(':')[0] : undefined) ??
      (params.key as string | undefined);
    const known = bearer === undefined ? undefined : keys.get(bearer);
    let key: 'secret' | 'publishable';
    if (known?.kind === 'secret') key = 'secret';
    else if (known?.kind === 'publishable' && match.route.publishable) key = 'publishable';
    else if (!bearer) {
      return fail(
        new StripeFail(401, {
          type: 'invalid_request_error',
          message:
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        }),
      );
    } else if (known?.kind === 'publishable') {
      return fail(
        new StripeFail(401, {
          type: 'invalid_request_error',
          message:
            'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        }),
      );
    } else {
      return fail(
        new StripeFail(401, {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${bearer.slice(0, 8)}${'*'.repeat(4)}${bearer.slice(-4)}`,
        }),
      );
    }
    // Stripe.js names the connected account in the request; servers send the `Stripe-Account` header.
    const asked = (req.headers['stripe-account'] as string | undefined) ?? (params._stripe_account as string | undefined);
    delete params._stripe_account;
    let account = known!.account;
    if (asked !== undefined && asked !== account) {
      const connected = store.kindOf(asked) === 'connected' && !store.objects.get(asked)?.deleted;
      if (account !== store.platform || !connected) {
        return fail(
          new StripeFail(403, {
            type: 'invalid_request_error',
            code: 'account_invalid',
            message: `The provided key '${bearer!.slice(0, 8)}${'*'.repeat(4)}${bearer!.slice(-4)}' does not have access to account '${asked}' (or that account does not exist). Application access may have been revoked.`,
          }),
        );
      }
      account = asked;
    }
    delete params.key;

    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    // Keys are the account's own: two accounts may use the same key for different requests.
    const rememberedAs = `${account} ${idempotencyKey}`;
    if (idempotencyKey) {
      const fingerprint = `${method} ${path} ${raw}`;
      const before = remembered.get(rememberedAs);
      if (before && before.at + IDEMPOTENCY_TTL > store.now()) {
        if (before.fingerprint !== fingerprint) {
          return fail(
            new StripeFail(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            }),
          );
        }
        return {
          status: before.status,
          body: before.body,
          headers: { ...headers, 'idempotent-replayed': 'true', 'original-request': JSON.parse(before.body)?.id ?? requestId },
          account,
        };
      }
    }
    store.request = { id: requestId, idempotency_key: idempotencyKey ?? null };
    let answer: { status: number; body: string; headers: Record<string, string> };
    try {
      answer = {
        status: 200,
        body: JSON.stringify(
          store.held(() => store.as(account, () => match.route.handle({ params, path: match.params, key, store }))),
          null,
          2,
        ),
        headers,
      };
    } catch (error) {
      if (!(error instanceof StripeFail)) throw error;
      answer = fail(error);
    } finally {
      store.request = null;
    }
    // Stripe keeps results once the request ran (success or a card's refusal), not refused parameters.
    if (idempotencyKey && (answer.status === 200 || answer.status === 402)) {
      remembered.set(rememberedAs, {
        fingerprint: `${method} ${path} ${raw}`,
        status: answer.status,
        body: answer.body,
        at: store.now(),
      });
    }
    return { ...answer, account };
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', url).pathname;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'GET, POST, DELETE',
      });
      return res.end();
    }
    if (path.startsWith('/v1/')) {
      const answer = apiAnswer(req, path, raw);
      res.writeHead(answer.status, { ...answer.headers, 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      return res.end(answer.body);
    }
    const threeDs = /^\/3ds\/([^/]+)\/(complete|fail)$/.exec(path);
    if (threeDs && req.method === 'POST') {
      const intent = answerChallenge(threeDs[1]!, threeDs[2] === 'complete');
      res.writeHead(intent ? 200 : 404, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      return res.end(JSON.stringify(intent ? { status: intent.status } : { error: 'No such intent' }));
    }
    const page =
      stripeJsAsset(path, { url, publishableKey }) ?? onboardingPage(store, req.method ?? 'GET', path) ?? pageFor(store, path);
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not found');
    }
    res.writeHead(page.status, { 'content-type': page.type, ...(page.location && { location: page.location }) });
    res.end(page.body);
  }

  /** The 3-D Secure test page's answer, for a SetupIntent or a PaymentIntent of any account. */
  function answerChallenge(intentId: string, passed: boolean): Obj | null {
    const owner = store.ownerOf(intentId);
    if (!owner) return null;
    return store.held(() =>
      store.as(owner, () =>
        intentId.startsWith('pi_')
          ? finishPaymentAuthentication(store, intentId, passed)
          : finishAuthentication(store, intentId, passed),
      ),
    );
  }

  server.on('request', (req, res) => {
    serve(req, res).catch((error: unknown) => {
      console.error('[stripe fake]', error);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'The Stripe fake failed; see the test log.' } }));
    });
  });

  const fake: StripeFake = {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    jsUrl: `${url}/v3/`,
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' },
    setWebhookUrl: (target) => webhooks.setDefaultUrl(target),
    now: () => store.now(),
    async advanceTime(seconds) {
      runClockTo(store, store.now() + seconds);
      await webhooks.idle();
    },
    events: store.events as Stripe.Event[],
    deliveries: webhooks.deliveries,
    async redeliver(eventId) {
      const event = store.events.find((e) => e.id === eventId);
      if (!event) throw new Error(`No event ${eventId}`);
      return webhooks.deliverOnce(event);
    },
    deliver: (event) => webhooks.deliverOnce(event as unknown as Obj),
    settled: () => webhooks.idle(),
    paymentsOf: (customerId) => [...(store.payments.get(customerId) ?? [])],
    requests,
    platformAccountId: store.platform,
    completeOnboarding: (accountId) => void store.held(() => completeOnboarding(store, accountId)),
    createStandaloneAccount() {
      const created = createStandaloneAccount(store);
      keys.set(created.secretKey, { account: created.accountId, kind: 'secret' });
      keys.set(created.publishableKey, { account: created.accountId, kind: 'publishable' });
      return created;
    },
    setConnectWebhookUrl: (target) => webhooks.setConnectUrl(target),
    connectWebhookSecret,
    paymentIntentsOf: (accountId = store.platform) =>
      store.as(accountId, () => store.all('payment_intent').map((pi) => structuredClone(pi))) as Stripe.PaymentIntent[],
    async payOutOfBand(paymentIntentId, { succeed }) {
      const owner = store.ownerOf(paymentIntentId);
      if (!owner) throw new Error(`No PaymentIntent ${paymentIntentId}`);
      const intent = store.held(() => store.as(owner, () => finishOutOfBand(store, paymentIntentId, succeed)));
      await webhooks.idle();
      return structuredClone(intent) as Stripe.PaymentIntent;
    },
    failNext: ({ count = 1, status = 500, path } = {}) => void outages.push({ count, status, path }),
    async close() {
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
