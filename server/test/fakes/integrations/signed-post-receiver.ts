import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, type IntegrationKind } from '@splashboard/contract';
import { VendorServer, type VendorAnswer, type VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';

interface SignedPost {
  id: string;
  type: string;
  kind: string;
  settings: Record<string, string>;
  contacts: { email: string | null; phone: string | null; fields: Record<string, unknown> }[];
}

/** Each kind's non-secret settings a receiver would expect. */
const KIND_SETTINGS: Record<string, Record<string, string>> = {
  placewise: { venue_id: 'venue-17' },
  smartmembership: { account_id: 'acct-9', sms_gateway: 'textlocal' },
  revinate: { sub_status: 'SUBSCRIBED' },
  access_crm: { business_unit_id: 'bu-3' },
  zonal: { business_unit_id: 'bu-8', venue_id: 'venue-4' },
  mryum: { venue_id: 'venue-22' },
};

/**
 * The receiver of one signed POST kind (what the operator's middleware does for Placewise, Zonal…):
 * it checks the signature with the shared API key as the README says (HMAC-SHA256 of "<t>.<body>", a
 * fresh timestamp; 401 otherwise), and keeps contacts by email: an upsert merges the fields, an
 * unsubscribe marks the address, an erase forgets it. A delivery id seen twice is applied once.
 */
export class SignedPostReceiver implements FakeVendor {
  readonly requests: VendorRequest[] = [];
  readonly accepted: SignedPost[] = [];
  private readonly contacts = new Map<string, Record<string, unknown>>();
  private readonly unsubscribedSet = new Set<string>();
  private readonly erasedSet = new Set<string>();
  private readonly seen = new Set<string>();
  private server!: VendorServer;
  private limited = { n: 0, seconds: 0 };
  private flaky = { probability: 0, untilMs: 0 };
  url = '';

  constructor(
    readonly kind: IntegrationKind,
    readonly apiKey = `sk_${Math.random().toString(36).slice(2)}`,
  ) {}

  get settings() {
    return { url: `${this.url}/splashboard/contacts`, api_key: this.apiKey, ...KIND_SETTINGS[this.kind] };
  }

  async start(): Promise<this> {
    this.server = await new VendorServer((req) => this.handle(req), false).start();
    this.url = this.server.url;
    return this;
  }

  verify(header: string | undefined, body: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
    const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
    const t = Number(parts.t);
    if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS || !parts.v1) return false;
    const expected = createHmac('sha256', this.apiKey).update(`${t}.${body}`).digest();
    const given = Buffer.from(parts.v1, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private handle(req: VendorRequest): VendorAnswer {
    this.requests.push(req);
    if (req.method !== 'POST' || req.path !== '/splashboard/contacts') return { status: 404, json: { error: 'not found' } };
    if (this.limited.n > 0) {
      this.limited.n--;
      return { status: 429, headers: { 'retry-after': String(this.limited.seconds) }, json: { error: 'slow down' } };
    }
    if (Date.now() < this.flaky.untilMs && Math.random() < this.flaky.probability)
      return { status: 503, json: { error: 'busy' } };
    if (!this.verify(req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined, req.raw))
      return { status: 401, json: { error: 'bad signature' } };
    const post = req.json as unknown as SignedPost;
    if (post.kind !== this.kind) return { status: 400, json: { error: `expected kind ${this.kind}` } };
    if (this.seen.has(post.id)) return { status: 200, json: { received: true, duplicate: true } };
    this.seen.add(post.id);
    this.accepted.push(post);
    for (const c of post.contacts) {
      const email = c.email?.toLowerCase();
      if (!email) continue;
      if (post.type === 'contact.upsert') {
        this.contacts.set(email, { ...this.contacts.get(email), ...c.fields });
        this.erasedSet.delete(email);
      } else if (post.type === 'contact.unsubscribe') this.unsubscribedSet.add(email);
      else if (post.type === 'contact.erase') {
        this.contacts.delete(email);
        this.erasedSet.add(email);
      }
    }
    return { status: 200, json: { received: true } };
  }

  contact(email: string) {
    const c = this.contacts.get(email.toLowerCase());
    return c ? { ...c } : undefined;
  }
  count() {
    return this.contacts.size;
  }
  unsubscribed(email: string) {
    return this.unsubscribedSet.has(email.toLowerCase());
  }
  erased(email: string) {
    return this.erasedSet.has(email.toLowerCase());
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
