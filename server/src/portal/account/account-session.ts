import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalDeps } from '../deps.ts';

export const ACCOUNT_COOKIE = 'sb_guest_account';
/** Signed in for half an hour: long enough to renew, short on a shared device. */
export const ACCOUNT_SESSION_SECONDS = 30 * 60;

export const accountPathOf = (portalKey: string) => `/guest/${encodeURIComponent(portalKey)}/account`;

const cookieOptions = (deps: PortalDeps, portalKey: string) => ({
  path: accountPathOf(portalKey),
  httpOnly: true,
  // Lax: sent when Stripe's 3-D Secure page sends the guest back (a top-level GET), never with another site's POST.
  sameSite: 'lax' as const,
  secure: deps.config.cookieSecure,
});

/**
 * Signs a guest in to their payment account on this site's customer portal: a signed cookie naming the
 * account, the site and when it ends, scoped to the portal's account path.
 */
export function signInCookie(deps: PortalDeps, reply: FastifyReply, portalKey: string, site: number, account: number) {
  const until = Math.floor(Date.now() / 1000) + ACCOUNT_SESSION_SECONDS;
  reply.setCookie(ACCOUNT_COOKIE, deps.signer.tag(`acct-${site}-${account}-${until}`), {
    ...cookieOptions(deps, portalKey),
    maxAge: ACCOUNT_SESSION_SECONDS,
  });
}

export function signOutCookie(deps: PortalDeps, reply: FastifyReply, portalKey: string) {
  reply.clearCookie(ACCOUNT_COOKIE, cookieOptions(deps, portalKey));
}

/** The payment account the request's cookie names at this site, while it is valid; else null. */
export function signedInAccount(deps: PortalDeps, r: FastifyRequest, site: number): number | null {
  const value = r.cookies[ACCOUNT_COOKIE];
  if (!value || value.length > 200) return null;
  const match = /^acct-(\d{1,12})-(\d{1,12})-(\d{1,12})$/.exec(deps.signer.untag(value) ?? '');
  if (!match || Number(match[1]) !== site || Number(match[3]) * 1000 < Date.now()) return null;
  return Number(match[2]);
}
