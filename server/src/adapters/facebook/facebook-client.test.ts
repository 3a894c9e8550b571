import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFacebookClient, FacebookError, type FacebookClient, type FacebookExtra } from './facebook-client.ts';
import { startFakeFacebook, type FakeFacebook, type FakeFacebookUser } from '../../../test/fakes/facebook-graph.ts';

const APP_ID = '1234567890123456';
const APP_SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const REDIRECT = 'http://portal.test/portal/s/42/facebook/callback';

const ANA: FakeFacebookUser = {
  id: '10229876543210987',
  name: 'Ana García',
  first_name: 'Ana',
  last_name: 'García',
  email: 'ana@example.com',
  birthday: '07/14/1990',
  gender: 'female',
  location: { id: '108424279189115', name: 'Madrid, Spain' },
};

let facebook: FakeFacebook;

beforeAll(async () => {
  facebook = await startFakeFacebook({ appId: APP_ID, appSecret: APP_SECRET, user: { ...ANA } });
});

afterAll(async () => {
  await facebook.close();
});

afterEach(() => {
  facebook.decision = 'approve';
  facebook.declined.clear();
  facebook.dropConnections = 0;
  facebook.delayMs = 0;
  facebook.options.user = { ...ANA };
  facebook.requests.length = 0;
});

function client(overrides: { appSecret?: string; graphUrl?: string; timeoutMs?: number } = {}): FacebookClient {
  return createFacebookClient({
    facebook: {
      appId: APP_ID,
      appSecret: overrides.appSecret ?? APP_SECRET,
      dialogUrl: facebook.dialogUrl,
      graphUrl: overrides.graphUrl ?? facebook.graphUrl,
      timeoutMs: overrides.timeoutMs,
    },
  });
}

/** What the guest's browser does: open the dialog, follow Facebook's redirect back to the portal. */
async function throughDialog(fb: FacebookClient, scopes: FacebookExtra[] = [], state = 'st-123') {
  const res = await fetch(fb.loginUrl({ redirectUri: REDIRECT, state, scopes }), { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  return fb.readCallback(back.searchParams);
}

async function signIn(fb: FacebookClient, scopes: FacebookExtra[] = []) {
  const callback = await throughDialog(fb, scopes);
  if (!('code' in callback)) throw new Error(`no code: ${JSON.stringify(callback)}`);
  return fb.exchangeCode({ code: callback.code, redirectUri: REDIRECT });
}

async function failure(promise: Promise<unknown>): Promise<FacebookError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FacebookError);
  return error as FacebookError;
}

describe('Facebook Login against the fake Graph API', () => {
  it('signs a guest in: dialog, code exchange and profile, with the permissions the site collects', async () => {
    const fb = client();
    expect(fb.configured).toBe(true);
    const scopes: FacebookExtra[] = ['location', 'birthday', 'gender'];

    const callback = await throughDialog(fb, scopes, 'state-abc');
    expect(callback).toEqual({ code: expect.any(String), state: 'state-abc' });
    const dialog = facebook.requests.find((r) => r.path === '/dialog/oauth')!;
    expect(dialog.query).toEqual({
      client_id: APP_ID,
      redirect_uri: REDIRECT,
      state: 'state-abc',
      response_type: 'code',
      scope: 'email,user_birthday,user_gender,user_location',
    });

    const token = await fb.exchangeCode({ code: (callback as { code: string }).code, redirectUri: REDIRECT });
    expect(token).toMatch(/^EAA/);
    const exchange = facebook.requests.find((r) => r.path === '/oauth/access_token')!;
    expect(exchange.query).toMatchObject({ client_id: APP_ID, client_secret: APP_SECRET, redirect_uri: REDIRECT });

    expect(await fb.profile(token, scopes)).toEqual({
      id: ANA.id,
      name: 'Ana García',
      firstName: 'Ana',
      lastName: 'García',
      email: 'ana@example.com',
      birthday: '1990-07-14',
      gender: 'female',
      location: 'Madrid, Spain',
    });
    const me = facebook.requests.find((r) => r.path === '/me')!;
    expect(me.query.fields).toBe('id,name,first_name,last_name,email,birthday,gender,location');
    expect(me.query.appsecret_proof).toMatch(/^[0-9a-f]{64}$/);
  });

  it('asks only for email and the public profile when the site collects nothing more', async () => {
    const fb = client();
    const token = await signIn(fb);
    expect(facebook.requests.find((r) => r.path === '/dialog/oauth')!.query.scope).toBe('email');
    const profile = await fb.profile(token, []);
    expect(profile).toMatchObject({ email: 'ana@example.com', birthday: null, gender: null, location: null });
    expect(facebook.requests.find((r) => r.path === '/me')!.query.fields).toBe('id,name,first_name,last_name,email');
  });

  it('gives a null email when the guest declines that permission', async () => {
    facebook.declined.add('email');
    const fb = client();
    const profile = await fb.profile(await signIn(fb), []);
    expect(profile).toMatchObject({ id: ANA.id, firstName: 'Ana', email: null });
  });

  it.each([
    ['07/14', null],
    ['1990', null],
    ['02/30/1990', null],
    ['12/01/1985', '1985-12-01'],
  ])('reads the birthday %s as %s', async (birthday, expected) => {
    facebook.options.user = { ...ANA, birthday };
    const fb = client();
    const profile = await fb.profile(await signIn(fb, ['birthday']), ['birthday']);
    expect(profile.birthday).toBe(expected);
    expect(profile.firstName).toBe('Ana');
  });

  it('reads a cancelled dialog as cancelled, keeping the state', async () => {
    facebook.decision = 'cancel';
    const callback = await throughDialog(client(), [], 'st-cancel');
    expect(callback).toMatchObject({ error: 'cancelled', state: 'st-cancel' });
  });

  it('reads a callback without a code, or with another error, as failed', () => {
    const fb = client();
    expect(fb.readCallback({ state: 's' })).toMatchObject({ error: 'failed', state: 's' });
    expect(fb.readCallback({ state: 's', error: 'server_error', error_description: 'Try later' })).toEqual({
      error: 'failed',
      state: 's',
      detail: 'Try later',
    });
    expect(fb.readCallback({ code: ['c1', 'c2'], state: 's' })).toEqual({ code: 'c1', state: 's' });
  });

  it('refuses a wrong app secret with a message naming the settings to check', async () => {
    const callback = await throughDialog(client());
    const error = await failure(
      client({ appSecret: 'not-the-secret' }).exchangeCode({ code: (callback as { code: string }).code, redirectUri: REDIRECT }),
    );
    expect(error.code).toBe('exchange_failed');
    expect(error.message).toContain('Error validating client secret');
    expect(error.message).toContain('FACEBOOK_APP_SECRET');
    expect(error.message).not.toContain('not-the-secret');
  });

  it('refuses a code used twice', async () => {
    const fb = client();
    const callback = (await throughDialog(fb)) as { code: string };
    await fb.exchangeCode({ code: callback.code, redirectUri: REDIRECT });
    const error = await failure(fb.exchangeCode({ code: callback.code, redirectUri: REDIRECT }));
    expect(error.code).toBe('exchange_failed');
    expect(error.message).toContain('has been used');
  });

  it('refuses a code exchanged with another redirect address, saying where to fix it', async () => {
    const fb = client();
    const callback = (await throughDialog(fb)) as { code: string };
    const error = await failure(fb.exchangeCode({ code: callback.code, redirectUri: 'http://elsewhere.test/cb' }));
    expect(error.code).toBe('exchange_failed');
    expect(error.message).toContain('Valid OAuth Redirect URIs');
  });

  it('refuses a profile request with a token Facebook did not issue', async () => {
    const error = await failure(client().profile('EAAforged', []));
    expect(error.code).toBe('profile_failed');
    expect(error.message).toContain('Invalid OAuth access token');
    expect(error.message).not.toContain('EAAforged');
  });

  it('retries once when the connection drops', async () => {
    const fb = client();
    const callback = (await throughDialog(fb)) as { code: string };
    facebook.dropConnections = 1;
    const token = await fb.exchangeCode({ code: callback.code, redirectUri: REDIRECT });
    expect(token).toMatch(/^EAA/);
    expect(facebook.requests.filter((r) => r.path === '/oauth/access_token')).toHaveLength(2);
  });

  it('reports an unreachable Graph API', async () => {
    const port = await closedPort();
    const error = await failure(
      client({ graphUrl: `http://127.0.0.1:${port}/v25.0` }).exchangeCode({ code: 'c', redirectUri: REDIRECT }),
    );
    expect(error.code).toBe('unreachable');
    expect(error.message).toBe(`Facebook (127.0.0.1:${port}) cannot be reached (ECONNREFUSED)`);
  });

  it('gives up on a Graph API that does not answer in time, without retrying', async () => {
    facebook.delayMs = 1000;
    const error = await failure(client({ timeoutMs: 200 }).profile('EAAslow', []));
    expect(error.code).toBe('unreachable');
    expect(error.message).toContain('did not answer within 0.2 s');
    expect(facebook.requests.filter((r) => r.path === '/me')).toHaveLength(1);
  });

  it('is not available without an app id and secret', async () => {
    const fb = createFacebookClient({
      facebook: { appId: '', appSecret: '', dialogUrl: facebook.dialogUrl, graphUrl: facebook.graphUrl },
    });
    expect(fb.configured).toBe(false);
    expect(() => fb.loginUrl({ redirectUri: REDIRECT, state: 's', scopes: [] })).toThrow(FacebookError);
    expect((await failure(fb.exchangeCode({ code: 'c', redirectUri: REDIRECT }))).code).toBe('not_configured');
    expect(facebook.requests).toHaveLength(0);
  });
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
