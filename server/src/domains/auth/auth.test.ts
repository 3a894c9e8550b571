import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import { registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { users, sessions } from '../../db/schema/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '4' });
});
afterAll(() => server?.close());

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

describe('sign-in', () => {
  it('signs in with the right password, sets httpOnly session and readable XSRF cookies, and answers the profile', async () => {
    const { email, password } = await registerAccount(server);
    const c = server.client();
    const res = await c.post('/login', { email, password });
    expect(res.status).toBe(200);
    expect(res.body.tf_required).toBe(false);
    expect(res.body.error).toBeNull();
    expect(res.body.user.email).toBe(email);
    expect(res.body.csrf_token).toBe(c.cookies.get('XSRF-TOKEN'));
    const setCookies = res.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/sb_session=[^;]+;.*HttpOnly/);
    expect(setCookies).not.toMatch(/XSRF-TOKEN=[^;]+;.*HttpOnly/);
    const profile = await c.get('/a/api/v1/profile/');
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(email);
  });

  it('stores the session hashed and the password as argon2id', async () => {
    const { email, client } = await registerAccount(server);
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, email));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const rows = await server.handle.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(client.cookies.get('sb_session'));
  });

  it('refuses a wrong password with 401 and the same message as an unknown email', async () => {
    const { email } = await registerAccount(server);
    const wrong = await server.client().post('/login', { email, password: 'not-the-password' });
    const unknown = await server.client().post('/login', { email: 'nobody@example.test', password: 'whatever1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      status: 401,
      message: 'Invalid email or password',
      schema_errors: {},
      code: 'common.invalidCredentials',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 422 with schema_errors for bad input', async () => {
    const res = await server.client().post('/login', { email: 'not-an-email' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: 'Please correct the highlighted fields', code: 'common.validation' });
    expect(res.body.params).toBeUndefined();
    expect(res.body.schema_errors.email).toEqual(['Please enter a valid email address']);
    expect(res.body.schema_errors.password).toBeDefined();
  });

  it('slows brute force: 429 after the account limit, even with the right password, with Retry-After', async () => {
    const { email, password } = await registerAccount(server);
    for (let i = 0; i < 4; i++)
      expect((await server.client().post('/login', { email, password: 'wrong-guess' })).status).toBe(401);
    const blocked = await server.client().post('/login', { email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      message: 'Too many attempts. Please wait a few minutes and try again.',
      code: 'common.rateLimited',
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits attempts per address across accounts (429)', async () => {
    const limited = await startServer({ RATE_LIMIT_LOGIN_PER_IP: '3' });
    try {
      for (let i = 0; i < 3; i++)
        expect((await limited.client().post('/login', { email: `x${i}@example.test`, password: 'guess-123' })).status).toBe(401);
      const blocked = await limited.client().post('/login', { email: 'x9@example.test', password: 'guess-123' });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('ends the session the browser had when it signs in again (no fixation)', async () => {
    const { email, password } = await registerAccount(server);
    const c = server.client();
    await c.post('/login', { email, password });
    const first = c.cookies.get('sb_session')!;
    await c.post('/login', { email, password });
    expect(c.cookies.get('sb_session')).not.toBe(first);
    const stale = server.client();
    stale.cookies.set('sb_session', first);
    expect((await stale.get('/a/api/v1/profile/')).status).toBe(401);
    expect((await c.get('/a/api/v1/profile/')).status).toBe(200);
  });

  it('signing in as another user while signed in (/login-unprotected) ends the first session and answers as the second', async () => {
    const first = await registerAccount(server);
    const second = await registerAccount(server);
    const c = server.client();
    await c.post('/login', { email: first.email, password: first.password });
    const before = c.cookies.get('sb_session')!;
    const res = await c.post('/login', { email: second.email, password: second.password });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(second.email);
    expect((await c.get('/a/api/v1/profile/')).body.email).toBe(second.email);
    const stale = server.client();
    stale.cookies.set('sb_session', before);
    expect((await stale.get('/a/api/v1/profile/')).status).toBe(401);
  });

  it('logs out: the session is gone and the cookie no longer works', async () => {
    const { email, password } = await registerAccount(server);
    const c = server.client();
    await c.post('/login', { email, password });
    const cookie = c.cookies.get('sb_session')!;
    expect((await c.get('/logout')).status).toBe(200);
    const again = server.client();
    again.cookies.set('sb_session', cookie);
    expect((await again.get('/a/api/v1/profile/')).status).toBe(401);
  });

  it('refuses a sign-out started on another site (Sec-Fetch-Site, Origin) and keeps the session; the app signs out', async () => {
    const { email, password } = await registerAccount(server);
    const c = server.client();
    await c.post('/login', { email, password });
    const cookie = c.cookies.get('sb_session')!;
    const signedIn = async () => {
      const probe = server.client();
      probe.cookies.set('sb_session', cookie);
      return (await probe.get('/a/api/v1/profile/')).status === 200;
    };
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'same-site', origin: 'https://other.localhost' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await c.request('GET', '/logout', undefined, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body).toMatchObject({ status: 403, code: 'common.crossSite' });
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await signedIn()).toBe(true);
    }
    // As the dashboard's fetch sends it (same origin, with or without its Origin).
    const fromApp = await c.request('GET', '/logout', undefined, { 'sec-fetch-site': 'same-origin', origin: server.url });
    expect(fromApp.status).toBe(200);
    expect(await signedIn()).toBe(false);
    // Typed in the address bar.
    await c.post('/login', { email, password });
    expect((await c.request('GET', '/logout', undefined, { 'sec-fetch-site': 'none' })).status).toBe(200);
  });
});

describe('session rules', () => {
  it('answers 401 without a session and 403 without the XSRF header on a state-changing call', async () => {
    expect((await server.client().get('/a/api/v1/profile/')).status).toBe(401);
    expect((await server.client().get('/s/api/v1/site/1')).status).toBe(401);
    const { client } = await registerAccount(server);
    client.sendXsrf = false;
    const res = await client.post('/a/api/v1/profile/', { name: 'Changed' });
    expect(res.status).toBe(403);
    client.sendXsrf = true;
    const ok = await client.post('/a/api/v1/profile/', { name: 'Changed' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.name).toBe('Changed');
  });

  it('accepts the XSRF token in the body as csrf_token', async () => {
    const { client } = await registerAccount(server);
    const token = client.cookies.get('XSRF-TOKEN');
    client.sendXsrf = false;
    const res = await client.post('/a/api/v1/profile/', { name: 'Body Token', csrf_token: token });
    expect(res.status).toBe(200);
  });
});

describe('two-factor', () => {
  async function enable(client: ReturnType<TestServer['client']>) {
    const setup = await client.get('/tf-setup');
    expect(setup.status).toBe(200);
    expect(setup.body.enabled).toBe(false);
    expect(setup.body.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.otpauth_url).toContain('otpauth://totp/');
    const secret = setup.body.secret as string;
    const wrong = await client.post('/tf-setup', { setup: true, code: '000000' === codeFor(secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('The code you have entered is invalid/expired. Please try again.');
    const ok = await client.post('/tf-setup', { setup: true, code: codeFor(secret) });
    expect(ok.body).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    return secret;
  }

  it('enables TOTP after a verified code, keeps the secret encrypted, then requires the code at sign-in', async () => {
    const { client, email, password } = await registerAccount(server);
    const secret = await enable(client);
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, email));
    expect(user!.tfEnabled).toBe(true);
    expect(user!.tfSecretEnc).toMatch(/^v1:/);
    expect(user!.tfSecretEnc).not.toContain(secret);
    expect((await client.get('/tf-setup')).body).toEqual({ enabled: true, recovery_codes_left: 10 });

    const c = server.client();
    const login = await c.post('/login', { email, password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ tf_required: true, error: '2faRequired', user: null });
    expect(c.cookies.has('sb_session')).toBe(false);

    const bad = await c.post('/tf-validate', {
      code: '123456' === codeFor(secret, 1) ? '654321' : '123456',
      csrf_token: login.body.token,
    });
    expect(bad.status).toBe(422);
    // The code of the next step is accepted (clock drift), once. It is taken once: a slow run that crosses
    // a 30 s step would otherwise ask again with the following step's code, which was never used.
    const nextCode = codeFor(secret, 1);
    const good = await c.post('/tf-validate', { code: nextCode, csrf_token: login.body.token });
    expect(good.status).toBe(200);
    expect(good.body.user.email).toBe(email);
    expect(good.body.csrf_token).toBe(c.cookies.get('XSRF-TOKEN'));
    expect((await c.get('/a/api/v1/profile/')).status).toBe(200);

    // The same token cannot be used again, and the same code is not accepted twice.
    const replay = await server.client().post('/tf-validate', { code: nextCode, csrf_token: login.body.token });
    expect(replay.status).toBe(401);
    const login2 = await server.client().post('/login', { email, password });
    const reuse = await server.client().post('/tf-validate', { code: nextCode, csrf_token: login2.body.token });
    expect(reuse.status).toBe(422);
  });

  it('signing in with a code as another user while signed in ends the first session', async () => {
    const first = await registerAccount(server);
    const second = await registerAccount(server);
    const secret = await enable(second.client);
    const c = server.client();
    await c.post('/login', { email: first.email, password: first.password });
    const before = c.cookies.get('sb_session')!;
    const login = await c.post('/login', { email: second.email, password: second.password });
    expect(login.body.tf_required).toBe(true);
    const good = await c.post('/tf-validate', { code: codeFor(secret, 1), csrf_token: login.body.token });
    expect(good.status).toBe(200);
    expect((await c.get('/a/api/v1/profile/')).body.email).toBe(second.email);
    const stale = server.client();
    stale.cookies.set('sb_session', before);
    expect((await stale.get('/a/api/v1/profile/')).status).toBe(401);
  });

  it('disables two-factor only with a valid code', async () => {
    const { client, email } = await registerAccount(server);
    const secret = await enable(client);
    const bad = await client.post('/tf-setup', { setup: false, code: '999999' === codeFor(secret, 1) ? '888888' : '999999' });
    expect(bad.status).toBe(422);
    const ok = await client.post('/tf-setup', { setup: false, code: codeFor(secret, 1) });
    expect(ok.body).toEqual({ enabled: false });
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, email));
    expect(user!.tfEnabled).toBe(false);
    expect(user!.tfSecretEnc).toBeNull();
  });

  it('slows guessing of the second factor from one address across accounts (429)', async () => {
    const limited = await startServer({ RATE_LIMIT_LOGIN_PER_IP: '3' });
    try {
      const pending = [];
      for (let i = 0; i < 2; i++) {
        const { client, email, password } = await registerAccount(limited);
        const secret = await enable(client);
        const c = limited.client();
        const login = await c.post('/login', { email, password });
        pending.push({ c, secret, token: login.body.token as string });
      }
      const [first, second] = pending;
      const wrong = (secret: string) => (codeFor(secret) === '000001' ? '000002' : '000001');
      for (let i = 0; i < 3; i++)
        expect((await first!.c.post('/tf-validate', { code: wrong(first!.secret), csrf_token: first!.token })).status).toBe(422);
      const blocked = await second!.c.post('/tf-validate', { code: codeFor(second!.secret, 1), csrf_token: second!.token });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.body).toMatchObject({
        message: 'Too many attempts. Please wait a few minutes and try again.',
        code: 'common.rateLimited',
      });
    } finally {
      await limited.close();
    }
  });

  it('slows guessing of the second factor: 429 after the per-account limit of wrong codes', async () => {
    const { client, email, password } = await registerAccount(server);
    const secret = await enable(client);
    const c = server.client();
    const login = await c.post('/login', { email, password });
    const wrongCode = codeFor(secret) === '000001' ? '000002' : '000001';
    for (let i = 0; i < 4; i++)
      expect((await c.post('/tf-validate', { code: wrongCode, csrf_token: login.body.token })).status).toBe(422);
    const blocked = await c.post('/tf-validate', { code: codeFor(secret, 1), csrf_token: login.body.token });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(c.cookies.has('sb_session')).toBe(false);
  });

  it('slows guessing of the code that turns two-factor on or off (429 with Retry-After)', async () => {
    const { client } = await registerAccount(server);
    const { secret } = (await client.get('/tf-setup')).body;
    const wrong = codeFor(secret) === '000001' ? '000002' : '000001';
    const answers = [];
    for (let i = 0; i <= server.config.rateLimits.loginPerAccount; i++)
      answers.push(await client.post('/tf-setup', { setup: true, code: wrong }));
    const blocked = answers.pop()!;
    expect(answers.map((a) => a.status)).not.toContain(429);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
