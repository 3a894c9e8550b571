import { randomBytes } from 'node:crypto';
import { hmacSha256, safeEqual } from '../../../platform/crypto.ts';

/** What the state carried through the vendor's authorization says: who started it, for which site and kind. */
export interface OAuthState {
  siteId: number;
  kind: string;
  userId: number;
  /** Epoch milliseconds. */
  expiresAt: number;
  nonce: string;
}

/** How long a connection link is good for. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** `<base64url JSON>.<hex HMAC-SHA256 of it>` with the key derived for integrations' OAuth. */
export function signState(key: string, p: Omit<OAuthState, 'expiresAt' | 'nonce'>, now = Date.now()): string {
  const state: OAuthState = { ...p, expiresAt: now + OAUTH_STATE_TTL_MS, nonce: randomBytes(12).toString('hex') };
  const body = b64(JSON.stringify(state));
  return `${body}.${hmacSha256(key, body)}`;
}

/** What a state says, without trusting it: only to name the kind of the page a refused state goes back to. */
export function peekKind(state: string | undefined): string | null {
  try {
    const kind = (JSON.parse(Buffer.from((state ?? '').split('.')[0] ?? '', 'base64url').toString('utf8')) as OAuthState).kind;
    return typeof kind === 'string' ? kind : null;
  } catch {
    return null;
  }
}

/** The state when its signature is ours and it has not expired; null otherwise. */
export function verifyState(key: string, state: string | undefined, now = Date.now()): OAuthState | null {
  const [body, mac, extra] = (state ?? '').split('.');
  if (!body || !mac || extra !== undefined || !safeEqual(mac, hmacSha256(key, body))) return null;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as OAuthState;
    if (!Number.isInteger(parsed.siteId) || !Number.isInteger(parsed.userId) || typeof parsed.kind !== 'string') return null;
    return parsed.expiresAt > now ? parsed : null;
  } catch {
    return null;
  }
}
