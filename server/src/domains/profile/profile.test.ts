import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERMISSION_NAMES } from '@splashboard/contract';
import { registerAccount, startServer, uniqueEmail, type TestServer } from '../../../test/harness.ts';
import { users } from '../../db/schema/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ CRISP_SITE_ID: 'crisp-site', CRISP_SECRET: 'crisp-secret' });
});
afterAll(() => server?.close());

describe('profile', () => {
  it('answers every field of the user profile', async () => {
    const { client, email } = await registerAccount(server);
    const res = await client.get('/a/api/v1/profile/');
    expect(res.status).toBe(200);
    for (const key of [
      'email',
      'id',
      'name',
      'permissions',
      'sites',
      'isProvider',
      'billing_access',
      'sub_active',
      'card_updated_required',
      'site_creation_needed',
      'crisp_hash',
    ])
      expect(res.body).toHaveProperty(key);
    expect(res.body.email).toBe(email);
    expect(Object.keys(res.body.permissions).sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(res.body.permissions.all).toBe(true);
    expect(res.body.permissions.chat_widget).toBe(true);
    expect(res.body.crisp_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.isProvider).toBe(false);
    expect(res.body.permissions.branding).toBe(false);
  });

  it('marks the owner of a provider plan as provider with branding', async () => {
    const { client } = await registerAccount(server, { plan_type: 'provider' });
    const res = await client.get('/a/api/v1/profile/');
    expect(res.body.isProvider).toBe(true);
    expect(res.body.permissions).toMatchObject({ branding: true, payment_branding: true, control_panel: true });
  });

  it('updates name, language and email (a new email needs confirming again)', async () => {
    const { client } = await registerAccount(server);
    const email = uniqueEmail('new');
    const res = await client.post('/a/api/v1/profile/', { name: 'Nuevo Nombre', language: 'es-ES', email });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Nuevo Nombre', language: 'es-ES', email, email_verified: false });
    const bad = await client.post('/a/api/v1/profile/', { language: 'fr-FR', email: 'nope' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual(['email', 'language']);
    expect((await client.get('/a/api/v1/profile/')).body.language).toBe('es-ES');
  });

  it('refuses an email another user has', async () => {
    const a = await registerAccount(server);
    const b = await registerAccount(server);
    const res = await b.client.post('/a/api/v1/profile/', { email: a.email });
    expect(res.status).toBe(422);
    expect(res.body.schema_errors.email).toEqual(['This email is already in use']);
  });
});

describe('password change', () => {
  it('needs the current password, then signs out other sessions but keeps this one', async () => {
    const { client, email, password } = await registerAccount(server);
    const other = server.client();
    await other.post('/login', { email, password });
    const wrong = await client.post('/a/api/v1/profile/password', {
      current_password: 'nope-nope',
      password: 'brand-new-7',
      confirm_password: 'brand-new-7',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.schema_errors.current_password).toBeDefined();
    const short = await client.post('/a/api/v1/profile/password', {
      current_password: password,
      password: 'short',
      confirm_password: 'short',
    });
    expect(short.status).toBe(422);
    expect(short.body.schema_errors.password).toEqual(['Password must be at least 7 characters']);
    const mismatch = await client.post('/a/api/v1/profile/password', {
      current_password: password,
      password: 'brand-new-7',
      confirm_password: 'brand-new-8',
    });
    expect(mismatch.body.schema_errors.confirm_password).toEqual(['Passwords must match']);

    const ok = await client.post('/a/api/v1/profile/password', {
      current_password: password,
      password: 'brand-new-7',
      confirm_password: 'brand-new-7',
    });
    expect(ok.status).toBe(200);
    expect((await client.get('/a/api/v1/profile/')).status).toBe(200);
    expect((await other.get('/a/api/v1/profile/')).status).toBe(401);
    expect((await server.client().post('/login', { email, password })).status).toBe(401);
    expect((await server.client().post('/login', { email, password: 'brand-new-7' })).status).toBe(200);
  });
});

describe('password change limit', () => {
  it('answers 429 with Retry-After after the per-account limit of wrong current passwords', async () => {
    const { client } = await registerAccount(server);
    const change = { current_password: 'not-mine-7', password: 'brand-new-7', confirm_password: 'brand-new-7' };
    for (let i = 0; i < 10; i++) expect((await client.post('/a/api/v1/profile/password', change)).status).toBe(422);
    const blocked = await client.post('/a/api/v1/profile/password', change);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('common.rateLimited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('API key', () => {
  it('is shown whole once on reset, stored hashed, masked afterwards, and authenticates scripts without XSRF', async () => {
    const { client, email } = await registerAccount(server);
    expect((await client.get('/a/api/v1/profile/apikey')).body).toMatchObject({ apikey: null, masked: true });
    const reset = await client.post('/a/api/v1/profile/apikey/reset');
    expect(reset.status).toBe(200);
    const key: string = reset.body.apikey;
    expect(key).toMatch(/^sbk_[\w-]{30,}$/);
    const shown = await client.get('/a/api/v1/profile/apikey');
    expect(shown.body.masked).toBe(true);
    expect(shown.body.apikey.startsWith(key.slice(0, 10))).toBe(true);
    expect(shown.body.apikey).not.toContain(key.slice(10));
    const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));
    expect(row!.apiKeyHash).not.toContain(key);

    const script = server.client();
    script.apiKey = key;
    expect((await script.get('/a/api/v1/profile/')).body.email).toBe(email);
    const write = await script.post('/a/api/v1/profile/', { name: 'From Script' });
    expect(write.status).toBe(200);

    const bad = server.client();
    bad.apiKey = 'sbk_wrong';
    expect((await bad.get('/a/api/v1/profile/')).status).toBe(401);

    await client.post('/a/api/v1/profile/apikey/reset');
    expect((await script.get('/a/api/v1/profile/')).status).toBe(401);
  });
  it("keeps the account's security to a signed-in session: a key cannot reset itself, change the password, two-factor or the email (403)", async () => {
    const { client, email, password } = await registerAccount(server);
    const key: string = (await client.post('/a/api/v1/profile/apikey/reset')).body.apikey;
    const script = server.client();
    script.apiKey = key;
    const refused = {
      status: 403,
      code: 'common.sessionRequired',
      message:
        "Sign in to the dashboard to do this: an API key cannot change the account's password, API key, two-factor or email",
    };
    const calls: [string, string, unknown?][] = [
      ['POST', '/a/api/v1/profile/apikey/reset'],
      [
        'POST',
        '/a/api/v1/profile/password',
        { current_password: password, password: 'taken-over-7', confirm_password: 'taken-over-7' },
      ],
      ['GET', '/tf-setup'],
      ['POST', '/tf-setup', { setup: true, code: '123456' }],
      ['POST', '/a/api/v1/profile/', { email: 'attacker@example.test' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await script.request(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body, `${method} ${url}`).toMatchObject(refused);
    }
    const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));
    expect(row!.tfPendingSecretEnc).toBeNull();
    // The key still works, for what scripts are for; its own user's name may change, not its email.
    expect((await script.get('/a/api/v1/profile/')).body.email).toBe(email);
    expect((await script.get('/a/api/v1/profile/apikey')).status).toBe(200);
    expect((await script.post('/a/api/v1/profile/', { name: 'Renamed', email })).status).toBe(200);
    expect((await server.client().post('/login', { email, password })).status).toBe(200);
    // The same calls work from the session.
    expect((await client.post('/a/api/v1/profile/apikey/reset')).status).toBe(200);
    expect((await client.get('/tf-setup')).status).toBe(200);
  });
});
