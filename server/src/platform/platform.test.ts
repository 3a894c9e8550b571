import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
/** The server's log lines (errors only), to see what a failure leaves there. */
const logLines: string[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'error' }, { logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(() => server?.close());

describe('errors and documentation', () => {
  it('answers an unreadable body and an unknown route in the error shape', async () => {
    const res = await fetch(server.url + '/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bad json',
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual({ status: 400, message: 'The request could not be read', schema_errors: {}, code: 'common.unreadable' });
    const missing = await server.client().get('/a/api/v1/nothing-here?page=2');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      status: 404,
      message: 'No route GET /a/api/v1/nothing-here',
      schema_errors: {},
      code: 'common.noRoute',
      params: { method: 'GET', path: '/a/api/v1/nothing-here' },
    });
  });

  it("answers the framework's other client errors in its own words, under a code of their own", async () => {
    const res = await fetch(server.url + '/login', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'a,b' });
    expect(res.status).toBe(415);
    const body = await res.json();
    expect(body).toMatchObject({ status: 415, schema_errors: {}, code: 'common.requestRefused' });
    expect(body.message).toMatch(/^Unsupported Media Type/);
    expect(body.params).toEqual({ detail: body.message });
  });

  it('answers "Something went wrong" with a request id when the database fails, without internals', async () => {
    const c = server.client();
    await server.handle.executeSql('alter table users rename to users_gone');
    try {
      const res = await c.post('/login', { email: 'someone@example.test', password: 'whatever-1' });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ message: 'Something went wrong', code: 'common.unknown' });
      expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
      expect(JSON.stringify(res.body)).not.toMatch(/users_gone|relation|sql/i);
      // The log has what the answer leaves out, under the same request id.
      const logged = logLines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; err?: { message?: string } });
      const entry = logged.find((l) => l.reqId === res.body.request_id && l.msg === 'unhandled error');
      expect(entry?.err?.message).toMatch(/users/);
    } finally {
      await server.handle.executeSql('alter table users_gone rename to users');
    }
  });

  it('serves OpenAPI 3.1 listing every route, and the docs page', async () => {
    const spec = await server.client().get('/api/docs/json');
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toBe('3.1.0');
    const paths = Object.keys(spec.body.paths);
    for (const p of [
      '/login',
      '/logout',
      '/tf-validate',
      '/tf-setup',
      '/a/api/v1/profile/',
      '/a/api/v1/profile/password',
      '/a/api/v1/profile/apikey',
      '/a/api/v1/profile/apikey/reset',
      '/a/api/v1/registration/',
      '/a/api/v1/registration/email/verify',
      '/a/api/v1/registration/token/validate',
      '/a/api/v1/registration/activate',
      '/a/api/v1/meta/',
      '/a/api/v1/subscription/',
      '/a/api/v1/plans/',
      '/s/api/v1/site/',
      '/s/api/v1/site/{id}',
      '/s/api/v1/site/{id}/redirecturl',
      '/s/api/v1/site/{id}/general',
      '/s/api/v1/site/{id}/guestfields',
      '/s/api/v1/site/landingfile',
    ])
      expect(paths).toContain(p);
    expect(spec.body.paths['/login'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    const page = await fetch(server.url + '/api/docs/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });

  it('documents every API route the server answers, with each of its methods', async () => {
    const spec = (await server.client().get('/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(
      Object.entries(spec.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${withoutSlash(p)}`)),
    );
    const served = servedRoutes(server.built.app.printRoutes({ commonPrefix: false }));
    // The parse itself: routes registered at the top, under a prefix and under a parameter.
    expect(served).toEqual(
      expect.arrayContaining(['POST /login', 'POST /a/api/v1/profile/apikey/reset', 'PUT /s/api/v1/site/{id}/general']),
    );
    const api = served.filter((r) => /^\S+ \/(a\/|s\/|login$|logout$|tf-)/.test(r));
    expect(api.length).toBeGreaterThan(100);
    expect(api.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('answers the keys that are configured in the meta', async () => {
    const configured = await startServer({
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      CRISP_SITE_ID: 'crisp-1',
      SENTRY_DSN: 'https://k@sentry.test/1',
    });
    try {
      const res = await configured.client().get('/a/api/v1/meta/');
      expect(res.body.stripe_pk).toBe('pk_test_123');
      expect(res.body.ui_settings).toMatchObject({ crisp_site_id: 'crisp-1', sentry_dsn: 'https://k@sentry.test/1' });
    } finally {
      await configured.close();
    }
  });

  it('answers the meta with the supported routers and no configured keys', async () => {
    const res = await server.client().get('/a/api/v1/meta/');
    expect(res.status).toBe(200);
    expect(res.body.supported_routers.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining(['unifi', 'opennds', 'mikrotik', 'meraki']),
    );
    expect(res.body.ui_settings).toMatchObject({ crisp_site_id: '', sentry_dsn: '', sentry_trace_sample_rate: 1 });
    expect(res.body.logo_svg).toMatch(/^<svg/);
    // Billing is on in tests, against the harness's Stripe: its publishable key is the one configured.
    expect(res.body.stripe_pk).toBe(server.stripe!.publishableKey);
    expect(res.body.ui_settings).toHaveProperty('analytics_key', '');
    const plans = await server.client().get('/a/api/v1/plans/');
    expect(Object.keys(plans.body).sort()).toEqual(['collect', 'engage', 'provider']);
    for (const tier of Object.values(plans.body) as Record<string, unknown>[])
      expect(tier).toEqual({ monthly: expect.any(Number), yearly: expect.any(Number), currency: expect.any(String) });
  });
});

const withoutSlash = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p);

/** 'METHOD /path' of every route in Fastify's route tree (HEAD left out: Fastify adds it to each GET). */
function servedRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes = new Set<string>();
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line.replace(/\u00a0/g, ' '));
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const p = withoutSlash(stack.join('').replace(/:(\w+)/g, '{$1}'));
    for (const method of m[3]!.split(', ')) if (method !== 'HEAD') routes.add(`${method} ${p}`);
  }
  return [...routes];
}
