import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import { registerAccount, startServer, uniqueEmail, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { startFakeGoogle, type FakeGoogle } from '../../../../test/fakes/google-oidc.ts';
import { userIdentities, users } from '../../../db/schema/index.ts';

let server: TestServer;
let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startServer({
    GOOGLE_CLIENT_ID: google.client.id,
    GOOGLE_CLIENT_SECRET: google.client.secret,
    GOOGLE_ISSUER: google.url,
    RATE_LIMIT_LOGIN_PER_IP: '10000',
  });
});
afterAll(async () => {
  await server?.close();
  await google?.close();
});
afterEach(() => {
  google.badToken = 'none';
  google.decision = 'allow';
});

let subjects = 0;
const newSub = () => `1099${Date.now()}${subjects++}`;

/** What Google sent the browser back to /newapp/google with, after the user picked `signInAs`. */
async function throughGoogle(client: TestClient, query = '') {
  const start = await client.get(`/google/start${query}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.origin + authorize.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
  const consent = await fetch(authorize, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${server.config.publicUrl}/newapp/google`);
  // What the /newapp/google page posts of it.
  const answer = {
    state: back.searchParams.get('state')!,
    ...(back.searchParams.has('code') && { code: back.searchParams.get('code')! }),
    ...(back.searchParams.has('error') && { error: back.searchParams.get('error')! }),
  };
  return { authorize, answer };
}

async function signInWithGoogle(client: TestClient, query = '') {
  const { answer } = await throughGoogle(client, query);
  return client.post('/google/callback', answer);
}

/** An account whose owner has verified their email, as the verification link leaves it. */
async function verifiedAccount() {
  const account = await registerAccount(server);
  await server.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, account.email));
  return account;
}

describe('sign in with Google', () => {
  it('sends the browser to the discovered authorization endpoint with state, nonce and PKCE (S256)', async () => {
    const client = server.client();
    const start = await client.get('/google/start');
    const url = new URL(start.headers.get('location')!);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      client_id: google.client.id,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${server.config.publicUrl}/newapp/google`,
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    expect(q.state!.length).toBeGreaterThanOrEqual(32);
    expect(q.nonce!.length).toBeGreaterThanOrEqual(32);
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The state is kept in an httpOnly cookie of this browser only.
    expect(start.headers.getSetCookie().find((c) => c.startsWith('sb_google_state='))).toMatch(/HttpOnly/i);
    expect(client.cookies.get('sb_google_state')).toBe(q.state);
  });

  it('signs in an existing user by their verified email, links the Google account, and finds it by sub later', async () => {
    const { email } = await verifiedAccount();
    const sub = newSub();
    google.signInAs = { sub, email, email_verified: true, name: 'Ana García' };
    const client = server.client();
    const res = await signInWithGoogle(client);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tf_required: false, error: null, user: { email } });
    expect(client.cookies.get('sb_session')).toBeTruthy();
    expect(res.body.csrf_token).toBe(client.cookies.get('XSRF-TOKEN'));
    expect((await client.get('/a/api/v1/profile/')).body.email).toBe(email);

    const linked = await server.handle.db.select().from(userIdentities).where(eq(userIdentities.subject, sub));
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ provider: 'google', email });

    // The Google account's address changes: the link (by sub) still signs the same user in.
    google.signInAs = { sub, email: uniqueEmail('renamed'), email_verified: true };
    const again = server.client();
    const second = await signInWithGoogle(again);
    expect(second.status).toBe(200);
    expect(second.body.user.email).toBe(email);
  });

  it('asks for the two-factor code when the user has it on, and the code finishes the sign-in', async () => {
    const { client: owner, email } = await verifiedAccount();
    const setup = await owner.get('/tf-setup');
    const secret = setup.body.secret as string;
    const code = (offset = 0) =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
        timestamp: Date.now() + offset * 30_000,
      });
    expect((await owner.post('/tf-setup', { setup: true, code: code() })).status).toBe(200);

    google.signInAs = { sub: newSub(), email, email_verified: true };
    const client = server.client();
    const res = await signInWithGoogle(client);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tf_required: true, error: '2faRequired', user: null });
    expect(client.cookies.get('sb_session')).toBeUndefined();
    const done = await client.post('/tf-validate', { code: code(1), csrf_token: res.body.token });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(email);
    expect((await client.get('/a/api/v1/profile/')).status).toBe(200);
  });

  it('starts a registration for an address no account has: the form takes the ticket, and the email counts as verified', async () => {
    const email = uniqueEmail('newcomer');
    google.signInAs = { sub: newSub(), email, email_verified: true, name: 'Nuria Newcomer' };
    const client = server.client();
    const res = await signInWithGoogle(client, '?intent=register&plan=engage');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: null,
      error: 'registrationRequired',
      registration: { email, name: 'Nuria Newcomer', plan_type: 'engage' },
    });
    expect(client.cookies.get('sb_session')).toBeUndefined();

    const reg = await client.post('/a/api/v1/registration/', {
      account_name: 'Nuria Café',
      displayname: 'Nuria Newcomer',
      password: 'correct-horse-7',
      plan_type: 'engage',
      token: res.body.registration.token,
    });
    expect(reg.status).toBe(200);
    expect(reg.body.user).toMatchObject({ email, email_verified: true });

    // Next time Google signs the new user straight in (and links the Google account).
    const later = await signInWithGoogle(server.client());
    expect(later.status).toBe(200);
    expect(later.body.user.email).toBe(email);
  });

  it('refuses an answer whose state is not the one this browser started, or one already used', async () => {
    const { email } = await verifiedAccount();
    google.signInAs = { sub: newSub(), email, email_verified: true };
    const client = server.client();
    const { answer } = await throughGoogle(client);

    // Another browser (no state cookie) posting the same answer: a login CSRF.
    const other = await server.client().post('/google/callback', answer);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('google.stateMismatch');
    // This browser with another state.
    const wrong = await client.post('/google/callback', { ...answer, state: `${answer.state}x` });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('This Google sign-in was not started here or has expired. Please try again.');
    expect(wrong.body.schema_errors.state).toBeDefined();

    // A state used once is spent, even brought back with its cookie.
    const again = server.client();
    const second = await throughGoogle(again);
    const cookie = again.cookies.get('sb_google_state')!;
    expect((await again.post('/google/callback', second.answer)).status).toBe(200);
    again.cookies.set('sb_google_state', cookie);
    const replay = await again.post('/google/callback', second.answer);
    expect(replay.status).toBe(422);
    expect(replay.body.code).toBe('google.stateMismatch');
  });

  it.each([
    ['wrongNonce', 'google.idTokenInvalid'],
    ['otherKey', 'google.idTokenInvalid'],
    ['wrongAudience', 'google.idTokenInvalid'],
    ['wrongIssuer', 'google.idTokenInvalid'],
    ['expired', 'google.idTokenInvalid'],
    ['unverifiedEmail', 'google.emailNotVerified'],
  ] as const)('refuses an ID token with %s, signing no one in', async (bad, code) => {
    const { email } = await verifiedAccount();
    google.signInAs = { sub: newSub(), email, email_verified: true };
    google.badToken = bad;
    const client = server.client();
    const res = await signInWithGoogle(client);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(code);
    expect(client.cookies.get('sb_session')).toBeUndefined();
    const links = await server.handle.db.select().from(userIdentities).where(eq(userIdentities.subject, google.signInAs.sub));
    expect(links).toHaveLength(0);
  });

  it('tells the user when they cancel on Google', async () => {
    google.decision = 'deny';
    const client = server.client();
    const { answer } = await throughGoogle(client);
    expect(answer.error).toBe('access_denied');
    const res = await client.post('/google/callback', answer);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Google sign-in was cancelled');
  });

  it('does not link an account whose own address was never verified here, nor an invitation not accepted', async () => {
    const { email } = await registerAccount(server);
    google.signInAs = { sub: newSub(), email, email_verified: true };
    const res = await signInWithGoogle(server.client());
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('google.accountEmailNotVerified');

    // An admin invited by the owner, who has not accepted yet.
    const owner = await verifiedAccount();
    const invited = uniqueEmail('invited');
    const invite = await owner.client.post('/a/api/v1/admins/', { email: invited, name: 'Invited Admin' });
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    google.signInAs = { sub: newSub(), email: invited, email_verified: true };
    const refused = await signInWithGoogle(server.client());
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('google.invitationPending');
  });

  it('answers malformed callbacks with 422', async () => {
    const res = await server.client().post('/google/callback', { code: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.schema_errors.state).toBeDefined();
  });
});

describe('Google sign-in switched off', () => {
  it('hides the button (meta) and answers 404 while the client id or secret is missing', async () => {
    const off = await startServer({ GOOGLE_CLIENT_ID: 'only-the-id', STRIPE_SECRET_KEY: '' });
    try {
      const meta = await off.client().get('/a/api/v1/meta/');
      expect(meta.body.google_sign_in).toBe(false);
      const start = await off.client().get('/google/start');
      expect(start.status).toBe(404);
      expect(start.body.message).toBe('Sign-in with Google is not available on this server');
      expect((await off.client().post('/google/callback', { state: 'abc', code: 'def' })).status).toBe(404);
    } finally {
      await off.close();
    }
    expect((await server.client().get('/a/api/v1/meta/')).body.google_sign_in).toBe(true);
  });

  it('says clearly when the provider cannot be reached', async () => {
    const down = await startServer({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:9',
      STRIPE_SECRET_KEY: '',
    });
    try {
      const start = await down.client().get('/google/start');
      expect(start.status).toBe(302);
      expect(start.headers.get('location')).toBe(`${down.config.publicUrl}/newapp/google?failure=providerUnreachable`);
    } finally {
      await down.close();
    }
  });
});

describe('Google sign-in rate limit', () => {
  it('answers 429 once one address has posted as many answers as it may sign in per window', async () => {
    const limited = await startServer({
      GOOGLE_CLIENT_ID: google.client.id,
      GOOGLE_CLIENT_SECRET: google.client.secret,
      GOOGLE_ISSUER: google.url,
      RATE_LIMIT_LOGIN_PER_IP: '3',
      STRIPE_SECRET_KEY: '',
    });
    try {
      const guesses = [];
      for (let i = 0; i < 4; i++)
        guesses.push((await limited.client().post('/google/callback', { state: `guess-${i}`, code: 'x' })).status);
      expect(guesses).toEqual([422, 422, 422, 429]);
    } finally {
      await limited.close();
    }
  });
});
