import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { createStripeClient, ensureStripePlans } from '../src/domains/billing/index.ts';
import { startStripeFake, type StripeFake } from './fakes/stripe/index.ts';

export const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** A fresh database for one test file: in-memory PGlite, or a new database on the test PostgreSQL server. */
export async function freshDatabase(): Promise<{ handle: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    // Started from the migrated template of this run (pglite-template.global.ts); migrate() then finds
    // nothing left to apply.
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const handle = await openDatabase({ template });
    await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `sb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the migrated template (pglite-template.global.ts); migrate() then finds nothing left to apply.
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  await handle.migrate();
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestServer {
  url: string;
  built: BuiltApp;
  config: Config;
  handle: DatabaseHandle;
  /** The Stripe the app bills on (null when the test's env sets STRIPE_SECRET_KEY itself; '' is billing off). */
  stripe: StripeFake | null;
  client(): TestClient;
  close(): Promise<void>;
}

/** The real server on a free loopback port, with its own database and data folder. */
export async function startServer(
  env: Record<string, string> = {},
  opts: { webDist?: string; logStream?: { write(line: string): void }; console?: { write(text: string): void } } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-test-'));
  const db = await freshDatabase();
  // Billing on, as in production, against a Stripe of the test's own, unless the test says otherwise.
  const stripe = 'STRIPE_SECRET_KEY' in env ? null : await startStripeFake();
  const stripeEnv: Record<string, string> = stripe
    ? {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_CONNECT_WEBHOOK_SECRET: stripe.connectWebhookSecret,
        STRIPE_API_BASE: stripe.url,
        STRIPE_JS_URL: stripe.jsUrl,
      }
    : {};
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SECRET_KEY: randomBytes(32).toString('hex'),
    PORT: '0',
    HOST: '127.0.0.1',
    // Many accounts come from one loopback address in tests; the limits have tests of their own.
    RATE_LIMIT_REGISTRATIONS_PER_IP: '10000',
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    // The sweep of sessions the gateways no longer hold runs when a test queues it, not on the clock.
    SESSION_SWEEP_MINUTES: '0',
    // The vendors' fakes listen on loopback, which operators' URLs may not name in production.
    INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true',
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    ...stripeEnv,
    ...env,
  });
  const built = await buildApp(config, {
    handle: db.handle,
    webDist: opts.webDist,
    logStream: opts.logStream,
    console: opts.console,
  });
  await built.startWorkers();
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  if (stripe) {
    stripe.setWebhookUrl(`${url}/webhooks/stripe/billing`);
    // Connected accounts' events (the guests' payments) go to the Connect endpoint, as Stripe sends them.
    stripe.setConnectWebhookUrl(`${url}/webhooks/stripe/connect`);
    await ensureStripePlans(createStripeClient(config.stripe));
  }
  return {
    url,
    built,
    config,
    handle: db.handle,
    stripe,
    client: () => new TestClient(url),
    async close() {
      // The Stripe fake first: a webhook it is still delivering would hold the app's close open.
      await stripe?.close();
      await built.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like client: keeps cookies and echoes XSRF-TOKEN in the header, as the dashboard does. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  sendXsrf = true;
  apiKey?: string;
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (this.sendXsrf && xsrf) h['x-xsrf-token'] = xsrf;
    if (this.apiKey) h['x-api-key'] = this.apiKey;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + url, { method, headers: h, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const value = v.join('=');
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(url: string) => this.request<T>('GET', url);
  post = <T = any>(url: string, body?: unknown) => this.request<T>('POST', url, body ?? {});
  put = <T = any>(url: string, body?: unknown) => this.request<T>('PUT', url, body ?? {});
  del = <T = any>(url: string) => this.request<T>('DELETE', url);
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${counter++}@example.test`;

/** Registers a new account through the API (without a token, so the email stays unverified). */
export async function registerAccount(server: TestServer, over: Record<string, unknown> = {}) {
  const client = server.client();
  const email = (over.email as string) ?? uniqueEmail();
  const password = (over.password as string) ?? 'correct-horse-7';
  const res = await client.post('/a/api/v1/registration/', {
    account_name: 'Test Account',
    displayname: 'Test Owner',
    email,
    password,
    plan_type: 'engage',
    ...over,
  });
  if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, email, password, user: res.body.user };
}

export async function createSite(client: TestClient, over: Record<string, unknown> = {}) {
  const res = await client.post('/s/api/v1/site/', {
    name: 'Main Street',
    router_type: 'unifi',
    auth_methods: ['email'],
    skip_image: true,
    ...over,
  });
  if (res.status !== 200) throw new Error(`site create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
