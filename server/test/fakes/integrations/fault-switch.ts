import type { VendorAnswer } from '../vendor-server.ts';

/**
 * The faults a test asks a vendor fake for (FakeVendor.rateLimitNext, failRandomly): the next calls
 * answer 429 with Retry-After, or calls fail with a 503 at random until a time. Each fake passes the
 * bodies its vendor answers them with.
 */
export class FaultSwitch {
  private limited = { n: 0, seconds: 0 };
  private flaky = { probability: 0, untilMs: 0 };

  rateLimitNext(n: number, seconds: number) {
    this.limited = { n, seconds };
  }

  failRandomly(probability: number, untilMs: number) {
    this.flaky = { probability, untilMs };
  }

  /** The fault this call gets, if any. */
  fault(limitedBody: unknown, unavailableBody: unknown): VendorAnswer | null {
    if (this.limited.n > 0) {
      this.limited.n--;
      return { status: 429, headers: { 'retry-after': String(this.limited.seconds) }, json: limitedBody };
    }
    if (Date.now() < this.flaky.untilMs && Math.random() < this.flaky.probability) return { status: 503, json: unavailableBody };
    return null;
  }
}

/** An address as these vendors accept it (they refuse the obviously broken ones). */
export const isEmail = (email: unknown): email is string =>
  typeof email === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/** The user and password of a Basic authorization header, or null. */
export function basicPair(header: string | undefined): [string, string] | null {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i < 0 ? null : [decoded.slice(0, i), decoded.slice(i + 1)];
}
