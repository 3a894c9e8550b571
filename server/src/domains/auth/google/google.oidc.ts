import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { AppError } from '../../../platform/errors.ts';

/** What a provider's discovery document names (Google: https://accounts.google.com/.well-known/openid-configuration). */
export interface OidcEndpoints {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** The ID token's claims this server reads. */
export interface IdTokenClaims {
  iss: string;
  aud: string | string[];
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  nonce?: string;
  exp: number;
  iat: number;
}

const TIMEOUT_MS = 8000;
const DISCOVERY_TTL_MS = 60 * 60_000;
const JWKS_TTL_MS = 60 * 60_000;
/** Clock difference allowed between the provider and this server. */
const SKEW_SECONDS = 120;

const unreachable = () => new AppError(502, 'google.providerUnreachable');
const invalidToken = () => new AppError(422, 'google.idTokenInvalid');

async function getJson(url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch {
    throw unreachable();
  }
  if (!res.ok) throw unreachable();
  return res.json().catch(() => {
    throw unreachable();
  });
}

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * An OpenID Connect relying party for one provider: its discovery document and keys (each cached an hour,
 * the keys fetched again when a token names one not seen yet), the code exchange and the ID token's checks.
 */
export function createOidcClient(opts: { issuer: string; clientId: string; clientSecret: string }) {
  let discovery: { at: number; value: OidcEndpoints } | null = null;
  let keys: { at: number; byKid: Map<string, JsonWebKey> } | null = null;

  async function endpoints(): Promise<OidcEndpoints> {
    if (discovery && Date.now() - discovery.at < DISCOVERY_TTL_MS) return discovery.value;
    const doc = (await getJson(`${opts.issuer}/.well-known/openid-configuration`)) as Partial<OidcEndpoints> | null;
    if (!doc || ![doc.issuer, doc.authorization_endpoint, doc.token_endpoint, doc.jwks_uri].every(isString)) throw unreachable();
    discovery = { at: Date.now(), value: doc as OidcEndpoints };
    return discovery.value;
  }

  async function keyFor(kid: string): Promise<JsonWebKey | undefined> {
    const fresh = keys && Date.now() - keys.at < JWKS_TTL_MS;
    if (!fresh || !keys!.byKid.has(kid)) {
      const { jwks_uri } = await endpoints();
      const doc = (await getJson(jwks_uri)) as { keys?: (JsonWebKey & { kid?: string })[] } | null;
      const list = Array.isArray(doc?.keys) ? doc.keys : [];
      keys = { at: Date.now(), byKid: new Map(list.filter((k) => isString(k.kid)).map((k) => [k.kid!, k])) };
    }
    return keys!.byKid.get(kid);
  }

  /** The ID token's claims once its signature (RS256, a key the provider publishes) and claims are right. */
  async function verifyIdToken(idToken: string, nonce: string): Promise<IdTokenClaims> {
    const parts = idToken.split('.');
    if (parts.length !== 3) throw invalidToken();
    const [head, body, signature] = parts as [string, string, string];
    let header: { alg?: string; kid?: string };
    let claims: IdTokenClaims;
    try {
      header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as typeof header;
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as IdTokenClaims;
    } catch {
      throw invalidToken();
    }
    if (header.alg !== 'RS256' || !isString(header.kid)) throw invalidToken();
    const jwk = await keyFor(header.kid);
    if (!jwk || jwk.kty !== 'RSA') throw invalidToken();
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    if (!verify('RSA-SHA256', Buffer.from(`${head}.${body}`), key, Buffer.from(signature, 'base64url'))) throw invalidToken();

    const { issuer } = await endpoints();
    // Google's tokens name the issuer with or without the scheme.
    const issuers = new Set([issuer, issuer.replace(/^https:\/\//, '')]);
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    const now = Math.floor(Date.now() / 1000);
    if (
      !issuers.has(claims.iss) ||
      !audiences.includes(opts.clientId) ||
      typeof claims.exp !== 'number' ||
      typeof claims.iat !== 'number' ||
      claims.exp + SKEW_SECONDS < now ||
      claims.iat - SKEW_SECONDS > now ||
      !isString(claims.sub) ||
      claims.nonce !== nonce
    )
      throw invalidToken();
    return claims;
  }

  return {
    endpoints,

    /** Where the browser goes to pick a Google account. */
    async authorizationUrl(p: { state: string; nonce: string; codeChallenge: string; redirectUri: string }) {
      const url = new URL((await endpoints()).authorization_endpoint);
      url.search = new URLSearchParams({
        client_id: opts.clientId,
        response_type: 'code',
        scope: 'openid email profile',
        redirect_uri: p.redirectUri,
        state: p.state,
        nonce: p.nonce,
        code_challenge: p.codeChallenge,
        code_challenge_method: 'S256',
        prompt: 'select_account',
      }).toString();
      return url.toString();
    },

    /** Trades the code for tokens (client secret and PKCE verifier) and answers the checked ID token's claims. */
    async exchange(p: { code: string; codeVerifier: string; redirectUri: string; nonce: string }) {
      const { token_endpoint } = await endpoints();
      let res: Response;
      try {
        res = await fetch(token_endpoint, {
          method: 'POST',
          signal: AbortSignal.timeout(TIMEOUT_MS),
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: p.code,
            redirect_uri: p.redirectUri,
            client_id: opts.clientId,
            client_secret: opts.clientSecret,
            code_verifier: p.codeVerifier,
          }),
        });
      } catch {
        throw unreachable();
      }
      const answer = (await res.json().catch(() => null)) as { id_token?: unknown } | null;
      if (res.status >= 500) throw unreachable();
      if (!res.ok || !isString(answer?.id_token)) throw new AppError(422, 'google.tokenRefused');
      return verifyIdToken(answer.id_token, p.nonce);
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
