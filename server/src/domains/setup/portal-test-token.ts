import { createHmac } from 'node:crypto';
import { safeEqual } from '../../platform/crypto.ts';

/** What the key of the test-mode tokens is derived from (AppContext.deriveKey). */
export const PORTAL_TEST_KEY_PURPOSE = 'guest portal test mode';
/** Long enough to open the page after asking for it, short enough that a copied link soon stops working. */
const LIFETIME_SECONDS = 10 * 60;

/**
 * The token that opens a site's guest portal in test mode: the site and an expiry, signed. Only the
 * site API issues it (to an operator with access to the site); the portal checks it when the page is
 * opened. Without one, a guest cannot reach test mode: the mode then travels in the signed pass.
 */
export function createPortalTestTokens(key: string) {
  const mac = (body: string) => createHmac('sha256', key).update(`portal-test:${body}`).digest('base64url');
  return {
    issue(siteId: number, now = Date.now()) {
      const expires = Math.floor(now / 1000) + LIFETIME_SECONDS;
      const body = `${siteId}.${expires}`;
      return { token: `${body}.${mac(body)}`, expiresAt: new Date(expires * 1000) };
    },
    /** Whether the token was issued for this site and has not expired. */
    verify(token: string, siteId: number, now = Date.now()): boolean {
      const parts = token.split('.');
      if (parts.length !== 3) return false;
      const [site, expires, signature] = parts as [string, string, string];
      if (!safeEqual(signature, mac(`${site}.${expires}`))) return false;
      return Number(site) === siteId && Number(expires) * 1000 > now;
    },
  };
}
export type PortalTestTokens = ReturnType<typeof createPortalTestTokens>;
