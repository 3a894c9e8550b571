import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS } from '@splashboard/contract';
import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { validSignature } from './fault-gate.ts';
import { LoopbackFake } from './loopback-fake.ts';

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
export class WebhookReceiver extends LoopbackFake implements FakeVendor {
  readonly kind = 'webhook' as const;
  readonly events: WebhookEvent[] = [];
  readonly rejected: VendorRequest[] = [];
  private readonly seen = new Set<string>();

  constructor(readonly secret = `whsec_${Math.random().toString(36).slice(2)}`) {
    super();
  }

  get settings() {
    return { url: `${this.url}/hooks/splashboard`, private_key: this.secret };
  }

  /** Whether a signature header is valid for this body now (what a receiver checks). */
  verify(header: string | undefined, body: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
    return validSignature(this.secret, header, body, SIGNATURE_TOLERANCE_SECONDS, nowSeconds);
  }

  protected handle(req: VendorRequest): VendorAnswer {
    if (req.method !== 'POST' || req.path !== '/hooks/splashboard') return { status: 404, text: 'Not Found' };
    const fault = this.faults.faultAnswer({ json: { error: 'slow down' } }, { text: 'busy' });
    if (fault) return fault;
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
}
