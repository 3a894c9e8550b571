import { fill } from '@splashboard/splash';
import { AppError } from '../../platform/errors.ts';
import { waitPage, type PortalAnswer } from '../views.ts';
import type { MethodContext } from './method.ts';

/** One count of wrong answers (a code, a password) and how many it takes per window. */
export interface AttemptLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Wrong answers one portal takes from all its guests together: the limit that nothing the client
 * chooses (its MAC, so its device count) gets around. A busy venue's honest guests stay far below it: at
 * 300 logins a minute (18,000 an hour, a stadium's gates) and one mistyped code or password in ten, they
 * make 30 a minute; a guesser sending a new MAC with each try is stopped after 50 and waits at most a
 * minute, so 72,000 guesses a day against 12-character codes of 32 letters (60 bits) or a site password.
 */
export const FAILURES_PER_PORTAL = 50;
export const PORTAL_WINDOW_SECONDS = 60;

/** The limit shared by every guest of the site for one kind of answer. */
export const perPortal = (ctx: MethodContext, what: string): AttemptLimit => ({
  key: `portal:${what}-site:${ctx.snap.site.id}`,
  limit: FAILURES_PER_PORTAL,
  windowSeconds: PORTAL_WINDOW_SECONDS,
});

/** The page of a guest who must wait: the minutes in its text, the seconds in Retry-After. */
export const pleaseWait = (ctx: MethodContext, seconds: number, back?: string): PortalAnswer =>
  waitPage(ctx.snap, ctx.lang, seconds, (t) => ({
    tone: 'error',
    title: t.notAvailableTitle,
    body: fill(t.tooManyAttempts, { minutes: Math.max(1, Math.ceil(seconds / 60)) }),
    ...(back ? { action: { label: t.back, href: back } } : {}),
  }));

/** null while every limit has room (this attempt is not counted), else the wait page of the first that is full. */
export async function refusedByLimits(ctx: MethodContext, limits: AttemptLimit[]): Promise<PortalAnswer | null> {
  const checks = await Promise.allSettled(
    limits.map(({ key, limit, windowSeconds }) => ctx.deps.rateLimiter.assertUnder(key, limit, windowSeconds)),
  );
  for (const [i, check] of checks.entries()) {
    if (check.status === 'fulfilled') continue;
    if (!(check.reason instanceof AppError)) throw check.reason;
    return pleaseWait(ctx, Number(check.reason.headers['retry-after'] ?? limits[i]!.windowSeconds));
  }
  return null;
}

/** Counts a wrong answer against each limit. */
export async function countFailure(ctx: MethodContext, limits: AttemptLimit[]) {
  await Promise.all(limits.map(({ key, windowSeconds }) => ctx.deps.rateLimiter.hit(key, windowSeconds)));
}

/** One limit (per device, or address when the gateway gives no MAC: a venue's guests share one public address). */
export const tooManyAttempts = (ctx: MethodContext, key: string, limit: number, windowSeconds: number) =>
  refusedByLimits(ctx, [{ key, limit, windowSeconds }]);
