import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

export const SESSION_COOKIE = 'sb_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export function setSessionCookies(reply: FastifyReply, config: Config, session: { token: string; csrfToken: string }) {
  const base = { path: '/', sameSite: 'lax' as const, secure: config.cookieSecure, maxAge: config.sessionDays * 86400 };
  reply.setCookie(SESSION_COOKIE, session.token, { ...base, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, session.csrfToken, { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(XSRF_COOKIE, { path: '/' });
}

export const clientMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/**
 * Whether a request was started by a page of another origin (a link or a form on another site), as the
 * browser tells it: Sec-Fetch-Site other than same-origin or none (typed, bookmarked), or an Origin
 * that is not ours. A request that says neither (a script, an old browser) is taken as it comes.
 */
export function fromAnotherOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== new URL(publicUrl).origin && origin !== `${request.protocol}://${request.host}`;
}
