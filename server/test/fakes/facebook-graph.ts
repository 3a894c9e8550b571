/**
 * A fake Facebook on 127.0.0.1 (plain HTTP) speaking the manual Login flow and the Graph API calls the
 * portal makes, under any version prefix (`/v25.0/...`):
 *
 * GET /dialog/oauth?client_id&redirect_uri&state&response_type=code&scope
 *   302 to redirect_uri with `code` and `state` (one code per login, good once), or, when the guest
 *   cancels, with `error=access_denied&error_reason=user_denied`. Facebook appends `#_=_`; so does this.
 * GET /oauth/access_token?client_id&redirect_uri&client_secret&code
 *   200 {access_token, token_type, expires_in}, or 400 {error: {message, type, code, error_subcode}}.
 * GET /me?fields&access_token&appsecret_proof
 *   the user's fields that were asked for and granted; `appsecret_proof` must be
 *   HMAC-SHA256(app secret, access token) in hex (the app's "Require App Secret" setting).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Facebook user as the Graph API shapes it. */
export interface FakeFacebookUser {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  email?: string;
  birthday?: string;
  gender?: string;
  location?: { id: string; name: string };
}

export interface FakeFacebookOptions {
  appId: string;
  appSecret: string;
  user: FakeFacebookUser;
}

export interface FakeFacebookRequest {
  path: string;
  query: Record<string, string>;
}

interface IssuedCode {
  redirectUri: string;
  scopes: Set<string>;
  used: boolean;
}

// Which permission each field needs; fields not listed are public profile.
const FIELD_PERMISSION: Record<string, string> = {
  email: 'email',
  birthday: 'user_birthday',
  gender: 'user_gender',
  location: 'user_location',
};

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

export class FakeFacebook {
  /** Every request, query included, for asserting what the client sent. */
  readonly requests: FakeFacebookRequest[] = [];
  /** What the guest does in the dialog. */
  decision: 'approve' | 'cancel' = 'approve';
  /** Permissions the guest unticks in the dialog. */
  declined = new Set<string>();
  /** Drop this many connections without answering, as a flaky network does. */
  dropConnections = 0;
  /** Hold every answer this long. */
  delayMs = 0;
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, Set<string>>();
  private server!: Server;
  url = '';

  constructor(readonly options: FakeFacebookOptions) {}

  get dialogUrl() {
    return `${this.url}/v25.0/dialog/oauth`;
  }

  get graphUrl() {
    return `${this.url}/v25.0`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/v\d+\.\d+/, '');
    this.requests.push({ path, query: Object.fromEntries(url.searchParams) });
    if (this.dropConnections > 0) {
      this.dropConnections--;
      req.socket.destroy();
      return;
    }
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (res.destroyed) return;
    const q = url.searchParams;
    if (req.method === 'GET' && path === '/dialog/oauth') return this.dialog(q, res);
    if (req.method === 'GET' && path === '/oauth/access_token') return this.accessToken(q, res);
    if (req.method === 'GET' && path === '/me') return this.me(q, res);
    return this.error(res, 400, 'Unknown path components: ' + path, 'OAuthException', 2500);
  }

  private dialog(q: URLSearchParams, res: ServerResponse) {
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== this.options.appId || !/^https?:\/\//.test(redirectUri) || q.get('response_type') !== 'code') {
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end('<html><body>Invalid app ID or URL blocked</body></html>');
    }
    const back = new URL(redirectUri);
    if (this.decision === 'cancel') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_code', '200');
      back.searchParams.set('error_description', 'Permissions error');
      back.searchParams.set('error_reason', 'user_denied');
    } else {
      const code = token(48);
      const asked = (q.get('scope') ?? '').split(/[\s,]+/).filter(Boolean);
      const scopes = new Set(['public_profile', ...asked.filter((s) => !this.declined.has(s))]);
      this.codes.set(code, { redirectUri, scopes, used: false });
      back.searchParams.set('code', code);
    }
    if (q.has('state')) back.searchParams.set('state', q.get('state') ?? '');
    back.hash = '_=_';
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private accessToken(q: URLSearchParams, res: ServerResponse) {
    if (q.get('client_id') !== this.options.appId) {
      return this.error(res, 400, 'Error validating application. Invalid application ID.', 'OAuthException', 101);
    }
    if (q.get('client_secret') !== this.options.appSecret) {
      return this.error(res, 400, 'Error validating client secret.', 'OAuthException', 1);
    }
    const issued = this.codes.get(q.get('code') ?? '');
    if (!issued) return this.error(res, 400, 'Invalid verification code format.', 'OAuthException', 100);
    if (issued.used) return this.error(res, 400, 'This authorization code has been used.', 'OAuthException', 100, 36009);
    if (issued.redirectUri !== q.get('redirect_uri')) {
      return this.error(
        res,
        400,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        'OAuthException',
        100,
        36008,
      );
    }
    issued.used = true;
    const accessToken = `EAA${token(96)}`;
    this.tokens.set(accessToken, issued.scopes);
    this.json(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 5_183_944 });
  }

  private me(q: URLSearchParams, res: ServerResponse) {
    const accessToken = q.get('access_token') ?? '';
    const scopes = this.tokens.get(accessToken);
    if (!scopes) return this.error(res, 400, 'Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190);
    const proof = createHmac('sha256', this.options.appSecret).update(accessToken).digest('hex');
    if (q.get('appsecret_proof') !== proof) {
      return this.error(res, 400, 'Invalid appsecret_proof provided in the API argument', 'GraphMethodException', 100);
    }
    const user = this.options.user as unknown as Record<string, unknown>;
    const answer: Record<string, unknown> = { id: this.options.user.id };
    for (const field of (q.get('fields') ?? 'id,name').split(',')) {
      const permission = FIELD_PERMISSION[field];
      if (permission && !scopes.has(permission)) continue;
      if (user[field] !== undefined) answer[field] = user[field];
    }
    this.json(res, 200, answer);
  }

  private error(res: ServerResponse, status: number, message: string, type: string, code: number, subcode?: number) {
    this.json(res, status, {
      error: { message, type, code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: token(8) },
    });
  }

  private json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  }
}

export async function startFakeFacebook(options: FakeFacebookOptions): Promise<FakeFacebook> {
  return new FakeFacebook(options).start();
}
