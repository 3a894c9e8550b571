import { VendorServer, type VendorAnswer, type VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * Customer.io's Track API for one workspace in one region: Basic auth with the site id and Track API
 * key (401 `{meta:{error:'Unauthorized request'}}` otherwise), GET /api/v1/accounts/region, PUT
 * /api/v1/customers/{identifier} (create or update, attributes merged; a bad email attribute answers
 * 400), DELETE /api/v1/customers/{identifier}. People are kept by identifier (the email here).
 */
export class CustomerIoTrack implements FakeVendor {
  readonly kind = 'customerio' as const;
  readonly requests: VendorRequest[] = [];
  private readonly people = new Map<string, Record<string, unknown>>();
  private readonly deleted = new Set<string>();
  private server!: VendorServer;
  private limited = { n: 0, seconds: 0 };
  private flaky = { probability: 0, untilMs: 0 };
  url = '';

  constructor(
    readonly region: 'us' | 'eu' = 'us',
    readonly siteId = `site${Math.random().toString(36).slice(2, 8)}`,
    readonly apiKey = `key${Math.random().toString(36).slice(2)}`,
    /** Credentials this host does not know (a workspace of the other region) answer 401. */
    readonly knowsWorkspace = true,
  ) {}

  get settings() {
    return { region_id: this.region, account_id: this.siteId, api_key: this.apiKey };
  }

  async start(): Promise<this> {
    this.server = await new VendorServer((req) => this.handle(req), false).start();
    this.url = this.server.url;
    return this;
  }

  private handle(req: VendorRequest): VendorAnswer {
    this.requests.push(req);
    const expected = `Basic ${Buffer.from(`${this.siteId}:${this.apiKey}`).toString('base64')}`;
    if (!this.knowsWorkspace || req.headers.authorization !== expected)
      return { status: 401, json: { meta: { error: 'Unauthorized request' } } };
    if (this.limited.n > 0) {
      this.limited.n--;
      return {
        status: 429,
        headers: { 'retry-after': String(this.limited.seconds) },
        json: { meta: { error: 'rate limit exceeded' } },
      };
    }
    if (Date.now() < this.flaky.untilMs && Math.random() < this.flaky.probability)
      return { status: 503, json: { meta: { error: 'service unavailable' } } };
    if (req.method === 'GET' && req.path === '/api/v1/accounts/region')
      return {
        json: {
          url: this.region === 'eu' ? 'https://track-eu.customer.io' : 'https://track.customer.io',
          region: this.region,
          environment_id: 3,
        },
      };
    const m = /^\/api\/v1\/customers\/([^/]+)$/.exec(req.path);
    if (!m) return { status: 404, json: { meta: { error: 'not found' } } };
    const id = decodeURIComponent(m[1]!).toLowerCase();
    if (req.method === 'PUT') {
      const attributes = req.json ?? {};
      if (attributes.email !== undefined && !EMAIL.test(String(attributes.email)))
        return { status: 400, json: { meta: { error: `attribute 'email' is not a valid email address` } } };
      this.people.set(id, { ...this.people.get(id), ...attributes });
      this.deleted.delete(id);
      return { json: {} };
    }
    if (req.method === 'DELETE') {
      this.people.delete(id);
      this.deleted.add(id);
      return { json: {} };
    }
    return { status: 404, json: { meta: { error: 'not found' } } };
  }

  contact(email: string) {
    const p = this.people.get(email.toLowerCase());
    return p ? { ...p } : undefined;
  }
  count() {
    return this.people.size;
  }
  unsubscribed(email: string) {
    return this.people.get(email.toLowerCase())?.unsubscribed === true;
  }
  erased(email: string) {
    return this.deleted.has(email.toLowerCase());
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
