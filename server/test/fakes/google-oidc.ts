/**
 * A fake Google on 127.0.0.1 (plain HTTP) speaking OpenID Connect at Google's documented addresses:
 *
 * GET /.well-known/openid-configuration
 *   issuer (this server's origin), authorization_endpoint, token_endpoint, jwks_uri, ...
 * GET /o/oauth2/v2/auth?client_id&redirect_uri&response_type=code&scope&state&nonce&code_challenge&code_challenge_method=S256
 *   the user picks the account the test chose (`signInAs`): 302 to redirect_uri with `code` and `state`, or with
 *   `error=access_denied` when `decision` is 'deny'. 400 for an unknown client or a request without openid/PKCE.
 * POST /token (form: grant_type=authorization_code, code, redirect_uri, client_id, client_secret, code_verifier)
 *   200 {access_token, id_token, expires_in, token_type, scope}; 400 {error: 'invalid_grant' | 'invalid_client' ...}.
 * GET /oauth2/v3/certs
 *   the JWKS: the RSA public key that signs the ID tokens (RS256, with its kid).
 *
 * `badToken` makes the next ID tokens wrong in one way, for the client's checks.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGoogleUser {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
}

export type BadToken = 'none' | 'wrongNonce' | 'wrongAudience' | 'wrongIssuer' | 'expired' | 'otherKey' | 'unverifiedEmail';

interface IssuedCode {
  user: FakeGoogleUser;
  clientId: string;
  redirectUri: string;
  nonce: string;
  challenge: string;
  used: boolean;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export class FakeGoogle {
  /** Every request's path, for asserting what the client called. */
  readonly requests: { method: string; path: string; query: Record<string, string> }[] = [];
  /** The Google account the user picks on the consent screen. */
  signInAs: FakeGoogleUser = { sub: '100000000000000000001', email: 'someone@example.test', email_verified: true };
  decision: 'allow' | 'deny' = 'allow';
  badToken: BadToken = 'none';
  url = '';
  private readonly codes = new Map<string, IssuedCode>();
  private readonly key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly kid = randomBytes(8).toString('hex');
  private server!: Server;

  constructor(readonly client: { id: string; secret: string }) {}

  async start() {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => this.json(res, 500, { error: String(e) }));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const query = Object.fromEntries(url.searchParams);
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query });
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return this.json(res, 200, {
        issuer: this.url,
        authorization_endpoint: `${this.url}/o/oauth2/v2/auth`,
        token_endpoint: `${this.url}/token`,
        userinfo_endpoint: `${this.url}/v1/userinfo`,
        jwks_uri: `${this.url}/oauth2/v3/certs`,
        response_types_supported: ['code', 'id_token', 'code id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        claims_supported: ['aud', 'email', 'email_verified', 'exp', 'iat', 'iss', 'name', 'sub'],
        code_challenge_methods_supported: ['plain', 'S256'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/oauth2/v3/certs') {
      const jwk = this.key.publicKey.export({ format: 'jwk' });
      return this.json(res, 200, { keys: [{ ...jwk, kid: this.kid, alg: 'RS256', use: 'sig' }] });
    }
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return this.authorize(query, res);
    if (req.method === 'POST' && url.pathname === '/token') return this.token(await readForm(req), res);
    return this.json(res, 404, { error: 'not_found' });
  }

  private authorize(q: Record<string, string>, res: ServerResponse) {
    if (q.client_id !== this.client.id) return this.json(res, 400, { error: 'invalid_client' });
    if (q.response_type !== 'code' || !q.redirect_uri || !(q.scope ?? '').split(' ').includes('openid'))
      return this.json(res, 400, { error: 'invalid_request' });
    if (q.code_challenge_method !== 'S256' || !q.code_challenge) return this.json(res, 400, { error: 'invalid_request' });
    const back = new URL(q.redirect_uri);
    if (q.state !== undefined) back.searchParams.set('state', q.state);
    if (this.decision === 'deny') {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `4/${randomBytes(18).toString('base64url')}`;
      this.codes.set(code, {
        user: this.signInAs,
        clientId: q.client_id,
        redirectUri: q.redirect_uri,
        nonce: q.nonce ?? '',
        challenge: q.code_challenge,
        used: false,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', 'email profile openid');
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private token(form: Record<string, string>, res: ServerResponse) {
    if (form.client_id !== this.client.id || form.client_secret !== this.client.secret)
      return this.json(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    if (form.grant_type !== 'authorization_code') return this.json(res, 400, { error: 'unsupported_grant_type' });
    const issued = this.codes.get(form.code ?? '');
    if (!issued || issued.used || issued.clientId !== form.client_id)
      return this.json(res, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
    if (issued.redirectUri !== form.redirect_uri) return this.json(res, 400, { error: 'redirect_uri_mismatch' });
    const challenge = createHash('sha256')
      .update(form.code_verifier ?? '')
      .digest('base64url');
    if (challenge !== issued.challenge)
      return this.json(res, 400, { error: 'invalid_grant', error_description: 'Missing code verifier.' });
    issued.used = true;
    return this.json(res, 200, {
      access_token: `ya29.${randomBytes(24).toString('base64url')}`,
      expires_in: 3599,
      scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      token_type: 'Bearer',
      id_token: this.idToken(issued),
    });
  }

  private idToken(issued: IssuedCode) {
    const now = Math.floor(Date.now() / 1000);
    const bad = this.badToken;
    const claims = {
      iss: bad === 'wrongIssuer' ? 'https://accounts.example.test' : this.url,
      azp: issued.clientId,
      aud: bad === 'wrongAudience' ? 'another-client.apps.googleusercontent.com' : issued.clientId,
      sub: issued.user.sub,
      email: issued.user.email,
      email_verified: bad === 'unverifiedEmail' ? false : (issued.user.email_verified ?? true),
      ...(issued.user.name ? { name: issued.user.name } : {}),
      nonce: bad === 'wrongNonce' ? randomBytes(16).toString('base64url') : issued.nonce,
      iat: bad === 'expired' ? now - 7200 : now,
      exp: bad === 'expired' ? now - 3600 : now + 3600,
    };
    const signer: KeyObject = bad === 'otherKey' ? this.otherKey.privateKey : this.key.privateKey;
    const head = b64url(JSON.stringify({ alg: 'RS256', kid: this.kid, typ: 'JWT' }));
    const body = b64url(JSON.stringify(claims));
    const signature = sign('RSA-SHA256', Buffer.from(`${head}.${body}`), signer);
    return `${head}.${body}.${b64url(signature)}`;
  }
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startFakeGoogle(
  client = { id: 'splashboard-test.apps.googleusercontent.com', secret: 'GOCSPX-test-secret' },
) {
  return new FakeGoogle(client).start();
}
