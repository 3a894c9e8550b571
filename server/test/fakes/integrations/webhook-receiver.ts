import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS } from '@splashboard/contract';
import { VendorServer, type VendorAnswer, type VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';

interface WebhookEvent {
  id: string;
  type: string;
  created: string;
  data: { guest?: { email?: string | null; fields?: Record<string, unknown> } };
}

/**
 * An operator's endpoint for our webhook: it checks each request's signature as the README tells
 * receivers to (HMAC-SHA256 of "<t>.<body>", a fresh timestamp), answers 401 to a bad one, and keeps
 * the events it accepted, once per delivery id.
 */
export class WebhookReceiver implements FakeVendor {
  readonly kind = 'webhook' as const;
  readonly requests: VendorRequest[] = [];
  readonly events: WebhookEvent[] = [];
  readonly rejected: VendorRequest[] = [];
  private readonly seen = new Set<string>();
  private server!: VendorServer;
  private limited = { n: 0, seconds: 0 };
  private flaky = { probability: 0, untilMs: 0 };
  url = '';

  constructor(readonly secret = `whsec_${Math.random().toString(36).slice(2)}`) {}

  get settings() {
    return { url: `${this.url}/hooks/splashboard`, private_key: this.secret };
  }

  async start(): Promise<this> {
    this.server = await new VendorServer((req) => this.handle(req), false).start();
    this.url = this.server.url;
    return this;
  }

  /** Whether a signature header is valid for this body now (what a receiver checks). */
  verify(header: string | undefined, body: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
    const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
    const t = Number(parts.t);
    if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS || !parts.v1) return false;
    const expected = createHmac('sha256', this.secret).update(`${t}.${body}`).digest();
    const given = Buffer.from(parts.v1, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private handle(req: VendorRequest): VendorAnswer {
    this.requests.push(req);
    if (req.method !== 'POST' || req.path !== '/hooks/splashboard') return { status: 404, text: 'Not Found' };
    if (this.limited.n > 0) {
      this.limited.n--;
      return { status: 429, headers: { 'retry-after': String(this.limited.seconds) }, json: { error: 'slow down' } };
    }
    if (Date.now() < this.flaky.untilMs && Math.random() < this.flaky.probability) return { status: 503, text: 'busy' };
    if (!this.verify(req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined, req.raw)) {
      this.rejected.push(req);
      return { status: 401, json: { error: 'bad signature' } };
    }
    const event = req.json as unknown as WebhookEvent;
    if (!this.seen.has(event.id)) {
      this.seen.add(event.id);
      this.events.push(event);
    }
    return { status: 200, json: { received: true } };
  }

  private of(type: string, email: string) {
    return this.events.filter((e) => e.type === type && e.data.guest?.email === email);
  }

  contact(email: string) {
    const logins = this.of('guest.login', email);
    return logins.length ? { ...logins[logins.length - 1]!.data.guest?.fields } : undefined;
  }
  count() {
    return new Set(this.events.filter((e) => e.type === 'guest.login').map((e) => e.data.guest?.email)).size;
  }
  unsubscribed(email: string) {
    return this.of('guest.unsubscribed', email).length > 0;
  }
  erased(email: string) {
    return this.of('guest.erased', email).length > 0;
  }
  rateLimitNext(n: number, seconds: number) {
    this.limited = { n, seconds };
  }
  failRandomly(probability: number, untilMs: number) {
    this.flaky = { probability, untilMs };
  }
  close() {
    return this.server.close();
  }
}
