import { createHmac, timingSafeEqual } from 'node:crypto';
import type { VendorAnswer } from '../vendor-server.ts';

/**
 * The faults a test can ask a vendor fake for (FakeVendor.rateLimitNext, failRandomly): the next calls
 * answer 429 with Retry-After, or calls fail with a 503 at random until a time. Each fake answers them
 * in its vendor's own error body.
 */
export class FaultGate {
  private limited = { n: 0, seconds: 0 };
  private flaky = { probability: 0, untilMs: 0 };

  rateLimitNext(n: number, seconds: number) {
    this.limited = { n, seconds };
  }

  failRandomly(probability: number, untilMs: number) {
    this.flaky = { probability, untilMs };
  }

  /** The fault this call gets, if any, with these JSON bodies. */
  fault(limitedBody: unknown, unavailableBody: unknown): VendorAnswer | null {
    return this.faultAnswer({ json: limitedBody }, { json: unavailableBody });
  }

  /** The fault this call gets, if any, answered as given (for vendors whose errors are not JSON). */
  faultAnswer(limited: VendorAnswer, unavailable: VendorAnswer): VendorAnswer | null {
    if (this.limited.n > 0) {
      this.limited.n--;
      return { ...limited, status: 429, headers: { ...limited.headers, 'retry-after': String(this.limited.seconds) } };
    }
    if (Date.now() < this.flaky.untilMs && Math.random() < this.flaky.probability) return { ...unavailable, status: 503 };
    return null;
  }
}

/** What the vendors accept as an address (a simple check, as theirs reject the obviously broken). */
export const validEmail = (email: unknown): email is string =>
  typeof email === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/** The user:password of a Basic authorization header, or null. */
export function basicCredentials(header: string | undefined): [string, string] | null {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i < 0 ? null : [decoded.slice(0, i), decoded.slice(i + 1)];
}

/** A fake's OAuth authorize page: approves at once and sends the browser back with a code and the same state. */
export function authorizeRedirect(redirectUri: string, code: string, state: string | null): VendorAnswer {
  const back = new URL(redirectUri);
  back.searchParams.set('code', code);
  if (state !== null) back.searchParams.set('state', state);
  return { status: 302, headers: { location: back.toString() } };
}

/**
 * Whether a `t=…,v1=…` signature header is valid for this body now: HMAC-SHA256 of `${t}.${body}` with
 * the secret, signed within the tolerance (what a receiver of our signed posts checks).
 */
export function validSignature(
  secret: string,
  header: string | undefined,
  body: string,
  toleranceSeconds: number,
  nowSeconds: number,
) {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
