import { createHmac } from 'node:crypto';
import type { GuestLang } from '@splashboard/splash';
import type { GuestArrival } from '../adapters/controllers/index.ts';
import { safeEqual } from '../platform/crypto.ts';

/**
 * What a guest carries in the portal's address between pages: who sent them (the gateway's arrival),
 * which site, their language and what they have already agreed to. Signed, so it cannot be edited;
 * not secret (the guest sees it, and it holds nothing they did not send). Keeping it in the URL
 * instead of a cookie suits captive-portal mini browsers, which may drop cookies.
 */
export interface PortalPass {
  /** Site id. */
  s: number;
  arrival: GuestArrival;
  lang: GuestLang;
  /** Issued at, unix seconds. */
  iat: number;
  /** Terms accepted (unix seconds), when the site shows a terms screen. */
  tos?: number;
  /** Test mode, opened by an operator from the dashboard (test-mode.ts): logins stop before the grant. */
  test?: true;
  /**
   * The white-label domain the guest arrived on (enabled, and the site's account's): the portal's absolute
   * addresses (the gateway's return, emailed links) stay on it instead of leading to PUBLIC_URL.
   */
  o?: string;
  /** Past the splash-page ad shown before the login form (portal/ads/). */
  ad?: 1;
}

/** Where the portal's absolute addresses start: the guest's white-label domain, or PUBLIC_URL. */
export const portalBaseUrl = (deps: { config: { publicUrl: string } }, pass: Pick<PortalPass, 'o'>) =>
  pass.o ? `https://${pass.o}` : deps.config.publicUrl;

const MAX_AGE_SECONDS = 6 * 3600;
const MAX_TOKEN_LENGTH = 8000;
/** Passes whose signature was checked, kept by their exact text (about 1 KB each). */
const VERIFIED_KEPT = 10_000;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export function createPassSigner(secret: string) {
  const mac = (body: string) => createHmac('sha256', secret).update(body).digest().subarray(0, 18).toString('base64url');
  /** The pass in a token whose signature and shape are good (frozen), else null. */
  function check(token: string): PortalPass | null {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return null;
    const body = token.slice(0, dot);
    if (!safeEqual(token.slice(dot + 1), mac(body))) return null;
    try {
      const pass = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PortalPass;
      if (typeof pass.s !== 'number' || typeof pass.iat !== 'number' || !pass.arrival) return null;
      return deepFreeze(pass);
    } catch {
      return null;
    }
  }
  // A guest's every page and form carries the same pass, signed here when they arrived: a pass signed
  // or checked in this process is remembered by its exact text (valid ones only, at most VERIFIED_KEPT,
  // oldest out first), so the guest's pages skip the HMAC and JSON work. The age is still checked on
  // every use. Passes are frozen: they are shared between requests.
  const verified = new Map<string, PortalPass>();
  const remember = (token: string, pass: PortalPass) => {
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, pass);
    return pass;
  };
  return {
    sign(pass: PortalPass): string {
      const json = JSON.stringify(pass);
      const body = Buffer.from(json).toString('base64url');
      const token = `${body}.${mac(body)}`;
      // What verify would read back from the token, not the caller's object (theirs to change).
      if (token.length <= MAX_TOKEN_LENGTH) remember(token, deepFreeze(JSON.parse(json) as PortalPass));
      return token;
    },
    /** The pass (read-only), or null when it was tampered with, is malformed or too old. */
    verify(token: string, now = Date.now()): PortalPass | null {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      let pass = verified.get(token);
      if (!pass) {
        const checked = check(token);
        if (!checked) return null;
        pass = remember(token, checked);
      }
      if (now / 1000 - pass.iat > MAX_AGE_SECONDS) {
        verified.delete(token);
        return null;
      }
      return pass;
    },
    /** A short signed value (a session id in a retry form). */
    tag: (value: string) => `${value}.${mac(`tag:${value}`)}`,
    untag(tagged: string): string | null {
      const dot = tagged.lastIndexOf('.');
      if (dot <= 0) return null;
      const value = tagged.slice(0, dot);
      return safeEqual(tagged.slice(dot + 1), mac(`tag:${value}`)) ? value : null;
    },
  };
}
export type PassSigner = ReturnType<typeof createPassSigner>;
