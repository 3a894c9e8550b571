import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createSite, registerAccount, startServer, type TestServer } from '../../test/harness.ts';
import { accounts, sites, users } from '../db/schema/index.ts';

/** Every route of the OpenAPI document, so a new route is held to these rules without being listed here. */
let server: TestServer;
let routes: { method: string; path: string; hasBody: boolean }[];
const PUBLIC = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'POST /login',
  'POST /tf-validate',
  'POST /password/forgot',
  'POST /password/reset',
  'GET /logout',
  'GET /google/start',
  'POST /google/callback',
  'GET /a/api/v1/meta/',
  'GET /a/api/v1/plans/',
  'GET /a/api/v1/brand',
  'POST /a/api/v1/registration/',
  'POST /a/api/v1/registration/email/verify',
  'POST /a/api/v1/registration/email/resend',
  'POST /a/api/v1/registration/token/validate',
  'POST /a/api/v1/registration/activate',
  'GET /a/api/v1/invitation/{token}',
  'POST /a/api/v1/invitation/{token}',
  'POST /webhooks/stripe/billing',
  'POST /webhooks/stripe/connect',
  'POST /webhooks/stripe/payments/{connectionId}',
]);

beforeAll(async () => {
  server = await startServer();
  const spec = (await server.client().get('/api/docs/json')).body;
  routes = Object.entries(spec.paths as Record<string, Record<string, { requestBody?: unknown }>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, hasBody: Boolean(op.requestBody) })),
  );
});
afterAll(() => server?.close());

/** A body of the wrong shape for every route. */
const MALFORMED = {
  email: 12,
  name: ['x'],
  password: false,
  code: 'abc',
  token: 5,
  setup: 'yes',
  auth_methods: 'all',
  redirect_url: 7,
  timezone: 3,
};

const concrete = (path: string, id: number) => path.replace('{id}', String(id)).replace('{siteId}', String(id));

describe('every route', () => {
  it('answers 401 without a session unless it is public', async () => {
    const anonymous = server.client();
    const checked: string[] = [];
    for (const r of routes) {
      if (PUBLIC.has(`${r.method} ${r.path}`)) continue;
      const res = await anonymous.request(r.method, concrete(r.path, 1), r.hasBody ? {} : undefined);
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
      expect(res.body).toMatchObject({ status: 401, schema_errors: {}, code: 'common.unauthenticated' });
      checked.push(r.path);
    }
    expect(checked.length).toBeGreaterThan(10);
  });

  it('answers 403 on a state-changing call without the XSRF token, and changes nothing', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client);
    client.sendXsrf = false;
    for (const r of routes) {
      if (!['POST', 'PUT', 'DELETE'].includes(r.method) || PUBLIC.has(`${r.method} ${r.path}`)) continue;
      const res = await client.request(r.method, concrete(r.path, site.id), r.hasBody ? { name: 'Changed' } : undefined);
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
      expect(res.body.code, `${r.method} ${r.path}`).toBe('common.csrf');
    }
    client.sendXsrf = true;
    expect((await client.get(`/s/api/v1/site/${site.id}`)).body.name).toBe(site.name);
  });

  it("answers 404 on another account's site before looking at the body, on every write route with a site in its path", async () => {
    const owner = await registerAccount(server);
    const theirs = await createSite(owner.client);
    const { client } = await registerAccount(server);
    await createSite(client);
    const siteRoutes = routes.filter((r) => /\{siteId\}|^\/s\/api\/v1\/site\/\{id\}/.test(r.path));
    const writes = siteRoutes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    const answers: string[] = [];
    for (const r of writes) {
      // The site's id where the path names it; any other id left as the route would refuse it.
      const url = concrete(r.path, theirs.id).replace(/\{[^}]+\}/g, 'x');
      const res = await client.request(r.method, url, MALFORMED);
      answers.push(`${r.method} ${r.path} ${res.status} ${res.body?.code}`);
    }
    expect(answers).toEqual(writes.map((r) => `${r.method} ${r.path} 404 common.siteNotFound`));
    expect(writes.length).toBeGreaterThan(40);
    // Reads too, whatever their query says.
    for (const r of siteRoutes.filter((x) => x.method === 'GET')) {
      const url = concrete(r.path, theirs.id).replace(/\{[^}]+\}/g, 'x');
      const res = await client.request('GET', `${url}?page=-1&limit=abc&from=yesterday&search=${'x'.repeat(5000)}`);
      expect(`${r.path} ${res.status}`).toBe(`${r.path} 404`);
    }
    expect((await owner.client.get(`/s/api/v1/site/${theirs.id}`)).body.name).toBe(theirs.name);
  });

  it('answers 422 with schema_errors for a body of the wrong shape, and stores nothing', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client);
    const before = await Promise.all([accounts, users, sites].map((t) => server.handle.db.select({ n: count() }).from(t)));
    for (const r of routes) {
      if (!r.hasBody) continue;
      if (r.path.endsWith('/landingfile')) continue; // multipart: covered by the upload tests
      const res = await client.request(r.method, concrete(r.path, site.id), MALFORMED);
      expect(res.status, `${r.method} ${r.path}`).toBe(422);
      expect(Object.keys(res.body.schema_errors).length, `${r.method} ${r.path}`).toBeGreaterThan(0);
    }
    const after = await Promise.all([accounts, users, sites].map((t) => server.handle.db.select({ n: count() }).from(t)));
    expect(after).toEqual(before);
  });
});
