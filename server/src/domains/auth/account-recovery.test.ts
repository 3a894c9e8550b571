import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import { registerAccount, startServer, uniqueEmail, type TestClient, type TestServer } from '../../../test/harness.ts';
import { oneTimeTokens, outboxEmails, sessions, users } from '../../db/schema/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '4' });
});
afterAll(() => server?.close());

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/** The newest email to an address, as kept in the outbox (the tests run without SMTP). */
async function lastEmailTo(to: string) {
  const [row] = await server.handle.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, to))
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  return row ?? null;
}
const resetTokenIn = (text: string) => {
  const m = text.match(/\/newapp\/password\/reset\/([A-Za-z0-9_-]+)/);
  if (!m) throw new Error('no reset link in the email');
  return m[1]!;
};

async function askForLink(email: string) {
  const res = await server.client().post('/password/forgot', { email });
  expect(res.status).toBe(200);
  return resetTokenIn((await lastEmailTo(email))!.text);
}

async function enableTwoFactor(client: TestClient) {
  const secret = (await client.get('/tf-setup')).body.secret as string;
  const ok = await client.post('/tf-setup', { setup: true, code: codeFor(secret) });
  expect(ok.status).toBe(200);
  return { secret, codes: ok.body.recovery_codes as string[] };
}

async function passwordStep(email: string, password: string) {
  const c = server.client();
  const first = await c.post('/login', { email, password });
  expect(first.body.tf_required).toBe(true);
  return { c, token: first.body.token as string };
}

describe('password reset', () => {
  it('answers the same for an address with an account and one without, and emails only the account', async () => {
    const { email } = await registerAccount(server);
    const unknown = uniqueEmail('nobody');
    const known = await server.client().post('/password/forgot', { email });
    const other = await server.client().post('/password/forgot', { email: unknown });
    expect(known.status).toBe(200);
    expect(other.status).toBe(200);
    expect(other.body).toEqual(known.body);
    expect(known.body.message).toBe('If an account uses this email, we have sent it a link to reset the password.');
    const mail = await lastEmailTo(email);
    expect(mail!.subject).toBe('Reset your Splashboard password');
    expect(mail!.text).toMatch(/\/newapp\/password\/reset\/[A-Za-z0-9_-]{40,}/);
    expect(await lastEmailTo(unknown)).toBeNull();
    // Stored hashed: the link's token is not in the table.
    const token = resetTokenIn(mail!.text);
    const rows = await server.handle.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.kind, 'password_reset'));
    expect(rows.some((r) => r.id === token)).toBe(false);
  });

  it("writes the email in the user's language (Spanish)", async () => {
    const { client, email } = await registerAccount(server);
    expect((await client.post('/a/api/v1/profile/', { language: 'es-ES' })).status).toBe(200);
    await askForLink(email);
    const mail = await lastEmailTo(email);
    expect(mail!.subject).toBe('Restablece tu contraseña de Splashboard');
    expect(mail!.text).toContain('El enlace sirve una vez, durante 1 hora.');
  });

  it('sets the new password once, ends every session of the user, signs in, and keeps the API key', async () => {
    const { client: oldSession, email, password } = await registerAccount(server);
    const key: string = (await oldSession.post('/a/api/v1/profile/apikey/reset')).body.apikey;
    const other = server.client();
    expect((await other.post('/login', { email, password })).status).toBe(200);
    const token = await askForLink(email);

    const browser = server.client();
    const reset = await browser.post('/password/reset', {
      token,
      password: 'brand-new-pass',
      confirm_password: 'brand-new-pass',
    });
    expect(reset.status).toBe(200);
    expect(reset.body.tf_required).toBe(false);
    expect(reset.body.user.email).toBe(email);
    expect((await browser.get('/a/api/v1/profile/')).status).toBe(200);

    // Every earlier session is gone; only the new one is stored.
    expect((await oldSession.get('/a/api/v1/profile/')).status).toBe(401);
    expect((await other.get('/a/api/v1/profile/')).status).toBe(401);
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, email));
    expect(await server.handle.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1);

    // The old password no longer works, the new one does.
    expect((await server.client().post('/login', { email, password })).status).toBe(401);
    expect((await server.client().post('/login', { email, password: 'brand-new-pass' })).status).toBe(200);

    // The API key is a separate credential: it stays.
    const script = server.client();
    script.apiKey = key;
    expect((await script.get('/a/api/v1/profile/')).status).toBe(200);

    // The link works once.
    const again = await server.client().post('/password/reset', { token, password: 'another-pass-1' });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      code: 'common.resetLinkFailed',
      message: 'This password reset link is not valid or has expired. Ask for a new one.',
      schema_errors: { token: ['This password reset link is not valid or has expired. Ask for a new one.'] },
    });
  });

  it('refuses an expired link (after 1 hour), and one sent before a later reset', async () => {
    const { email } = await registerAccount(server);
    const token = await askForLink(email);
    const [row] = await server.handle.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.kind, 'password_reset'), eq(oneTimeTokens.email, email)));
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60.1);
    await server.handle.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.id, row!.id));
    const expired = await server.client().post('/password/reset', { token, password: 'brand-new-pass' });
    expect(expired.status).toBe(422);
    expect(expired.body.code).toBe('common.resetLinkFailed');

    const first = await askForLink(email);
    const second = await askForLink(email);
    expect((await server.client().post('/password/reset', { token: second, password: 'brand-new-pass' })).status).toBe(200);
    expect((await server.client().post('/password/reset', { token: first, password: 'other-new-pass' })).status).toBe(422);
  });

  it('voids the links sent before the password is changed in Account', async () => {
    const { client, email, password } = await registerAccount(server);
    const token = await askForLink(email);
    const changed = await client.post('/a/api/v1/profile/password', {
      current_password: password,
      password: 'changed-in-account',
    });
    expect(changed.status).toBe(200);
    const late = await server.client().post('/password/reset', { token, password: 'brand-new-pass' });
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('common.resetLinkFailed');
    expect((await server.client().post('/login', { email, password: 'changed-in-account' })).status).toBe(200);
  });

  it('keeps the registration password rule', async () => {
    const { email } = await registerAccount(server);
    const token = await askForLink(email);
    const short = await server.client().post('/password/reset', { token, password: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.schema_errors.password).toEqual(['Password must be at least 7 characters']);
    // The refused attempt did not spend the link.
    expect((await server.client().post('/password/reset', { token, password: 'long-enough' })).status).toBe(200);
  });

  it('limits emails per address, with or without an account (429 with Retry-After)', async () => {
    const { email } = await registerAccount(server);
    const unknown = uniqueEmail('nobody');
    for (const address of [email, unknown]) {
      for (let i = 0; i < 3; i++) expect((await server.client().post('/password/forgot', { email: address })).status).toBe(200);
      const blocked = await server.client().post('/password/forgot', { email: address });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('common.rateLimited');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const sent = await server.handle.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, email), eq(outboxEmails.subject, 'Reset your Splashboard password')));
    expect(sent).toHaveLength(3);
  });

  it('limits requests and wrong links per client address', async () => {
    const limited = await startServer({ RATE_LIMIT_REGISTRATIONS_PER_IP: '2' });
    try {
      for (let i = 0; i < 2; i++)
        expect((await limited.client().post('/password/forgot', { email: uniqueEmail('ip') })).status).toBe(200);
      const blocked = await limited.client().post('/password/forgot', { email: uniqueEmail('ip') });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      for (let i = 0; i < 2; i++)
        expect((await limited.client().post('/password/reset', { token: `guess-${i}`, password: 'brand-new-pass' })).status).toBe(
          422,
        );
      expect((await limited.client().post('/password/reset', { token: 'guess-3', password: 'brand-new-pass' })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('does not sign in past two-factor: the user signs in again with the new password and a code', async () => {
    const { client, email } = await registerAccount(server);
    const { secret } = await enableTwoFactor(client);
    const token = await askForLink(email);
    const browser = server.client();
    const reset = await browser.post('/password/reset', { token, password: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ user: null, csrf_token: '', tf_required: true });
    expect(browser.cookies.get('sb_session')).toBeUndefined();
    expect((await client.get('/a/api/v1/profile/')).status).toBe(401);
    const { c, token: tfToken } = await passwordStep(email, 'brand-new-pass');
    expect((await c.post('/tf-validate', { code: codeFor(secret, 1), csrf_token: tfToken })).status).toBe(200);
  });
});

describe('recovery codes', () => {
  it('shows ten codes once when two-factor is turned on, stored hashed', async () => {
    const { client, email } = await registerAccount(server);
    const { codes } = await enableTwoFactor(client);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    expect((await client.get('/tf-setup')).body).toEqual({ enabled: true, recovery_codes_left: 10 });
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, email));
    const rows = await server.handle.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, user!.id), eq(oneTimeTokens.kind, 'tf_recovery')));
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
  });

  it('signs in with a recovery code instead of a code, once, and says how many are left', async () => {
    const { client, email, password } = await registerAccount(server);
    const { codes } = await enableTwoFactor(client);
    const first = await passwordStep(email, password);
    // Typed in capitals, without the dash: still the same code.
    const ok = await first.c.post('/tf-validate', {
      recovery_code: codes[0]!.toUpperCase().replace('-', ''),
      csrf_token: first.token,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(email);
    expect(ok.body.recovery_codes_left).toBe(9);
    expect((await first.c.get('/a/api/v1/profile/')).status).toBe(200);

    const second = await passwordStep(email, password);
    const spent = await second.c.post('/tf-validate', { recovery_code: codes[0], csrf_token: second.token });
    expect(spent.status).toBe(422);
    expect(spent.body).toMatchObject({
      code: 'common.recoveryCodeInvalid',
      message: 'This recovery code is not valid or has already been used',
    });
    const next = await second.c.post('/tf-validate', { recovery_code: codes[1], csrf_token: second.token });
    expect(next.body.recovery_codes_left).toBe(8);
    expect((await client.get('/tf-setup')).body.recovery_codes_left).toBe(8);
  });

  it("does not take another user's code", async () => {
    const a = await registerAccount(server);
    const b = await registerAccount(server);
    const { codes } = await enableTwoFactor(a.client);
    await enableTwoFactor(b.client);
    const step = await passwordStep(b.email, b.password);
    expect((await step.c.post('/tf-validate', { recovery_code: codes[0], csrf_token: step.token })).status).toBe(422);
  });

  it('limits wrong recovery codes like wrong codes (429 with Retry-After)', async () => {
    const { client, email, password } = await registerAccount(server);
    const { codes } = await enableTwoFactor(client);
    for (let i = 0; i < 4; i++) {
      const step = await passwordStep(email, password);
      expect((await step.c.post('/tf-validate', { recovery_code: `wrong-guess${i}`, csrf_token: step.token })).status).toBe(422);
    }
    const step = await passwordStep(email, password);
    const blocked = await step.c.post('/tf-validate', { recovery_code: codes[0], csrf_token: step.token });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('regenerates with the current password or a code: the old codes stop working; API keys are refused', async () => {
    const { client, email, password } = await registerAccount(server);
    const { codes: old } = await enableTwoFactor(client);
    const key: string = (await client.post('/a/api/v1/profile/apikey/reset')).body.apikey;
    const script = server.client();
    script.apiKey = key;
    const refused = await script.post('/tf-recovery-codes', { current_password: password });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('common.sessionRequired');

    const wrong = await client.post('/tf-recovery-codes', { current_password: 'not-my-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('common.wrongCurrentPassword');

    const fresh = await client.post('/tf-recovery-codes', { current_password: password });
    expect(fresh.status).toBe(200);
    const codes = fresh.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(codes.some((c) => old.includes(c))).toBe(false);
    expect((await client.get('/tf-setup')).body.recovery_codes_left).toBe(10);

    const step = await passwordStep(email, password);
    expect((await step.c.post('/tf-validate', { recovery_code: old[2], csrf_token: step.token })).status).toBe(422);
    expect((await step.c.post('/tf-validate', { recovery_code: codes[2], csrf_token: step.token })).status).toBe(200);

    // With a recovery code instead of the password: that code is spent, and ten new ones replace the rest.
    const byCode = await client.post('/tf-recovery-codes', { code: codes[3] });
    expect(byCode.status).toBe(200);
    const again = await passwordStep(email, password);
    expect((await again.c.post('/tf-validate', { recovery_code: codes[4], csrf_token: again.token })).status).toBe(422);
  });

  it('removes the codes when two-factor is turned off', async () => {
    const { client, email } = await registerAccount(server);
    const { secret } = await enableTwoFactor(client);
    expect((await client.post('/tf-setup', { setup: false, code: codeFor(secret, 1) })).status).toBe(200);
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, email));
    const rows = await server.handle.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, user!.id), eq(oneTimeTokens.kind, 'tf_recovery')));
    expect(rows).toHaveLength(0);
    const refused = await client.post('/tf-recovery-codes', { current_password: 'correct-horse-7' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('common.tfNotEnabled');
  });
});
