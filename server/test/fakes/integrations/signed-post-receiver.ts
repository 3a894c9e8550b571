import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, type IntegrationKind } from '@splashboard/contract';
import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { validSignature } from './fault-gate.ts';
import { LoopbackFake } from './loopback-fake.ts';

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
export class SignedPostReceiver extends LoopbackFake implements FakeVendor {
  readonly accepted: SignedPost[] = [];
  private readonly contacts = new Map<string, Record<string, unknown>>();
  private readonly unsubscribedSet = new Set<string>();
  private readonly erasedSet = new Set<string>();
  private readonly seen = new Set<string>();

  constructor(
    readonly kind: IntegrationKind,
    readonly apiKey = `sk_${Math.random().toString(36).slice(2)}`,
  ) {
    super();
  }

  get settings() {
    return { url: `${this.url}/splashboard/contacts`, api_key: this.apiKey, ...KIND_SETTINGS[this.kind] };
  }

  verify(header: string | undefined, body: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
    return validSignature(this.apiKey, header, body, SIGNATURE_TOLERANCE_SECONDS, nowSeconds);
  }

  protected handle(req: VendorRequest): VendorAnswer {
    if (req.method !== 'POST' || req.path !== '/splashboard/contacts') return { status: 404, json: { error: 'not found' } };
    const fault = this.faults.fault({ error: 'slow down' }, { error: 'busy' });
    if (fault) return fault;
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
}
