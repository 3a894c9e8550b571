import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { LoopbackFake } from './loopback-fake.ts';
import { basicCredentials, validEmail } from './fault-gate.ts';

/**
 * Customer.io's Track API for one workspace in one region: Basic auth with the site id and Track API
 * key (401 `{meta:{error:'Unauthorized request'}}` otherwise), GET /api/v1/accounts/region, PUT
 * /api/v1/customers/{identifier} (create or update, attributes merged; a bad email attribute answers
 * 400), DELETE /api/v1/customers/{identifier}. People are kept by identifier (the email here).
 */
export class CustomerIoTrack extends LoopbackFake implements FakeVendor {
  readonly kind = 'customerio' as const;
  private readonly people = new Map<string, Record<string, unknown>>();
  private readonly deleted = new Set<string>();

  constructor(
    readonly region: 'us' | 'eu' = 'us',
    readonly siteId = `site${Math.random().toString(36).slice(2, 8)}`,
    readonly apiKey = `key${Math.random().toString(36).slice(2)}`,
    /** Credentials this host does not know (a workspace of the other region) answer 401. */
    readonly knowsWorkspace = true,
  ) {
    super();
  }

  get settings() {
    return { region_id: this.region, account_id: this.siteId, api_key: this.apiKey };
  }

  protected handle(req: VendorRequest): VendorAnswer {
    const pair = basicCredentials(req.headers.authorization);
    if (!this.knowsWorkspace || pair?.[0] !== this.siteId || pair[1] !== this.apiKey)
      return { status: 401, json: { meta: { error: 'Unauthorized request' } } };
    const fault = this.faults.fault({ meta: { error: 'rate limit exceeded' } }, { meta: { error: 'service unavailable' } });
    if (fault) return fault;
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
      if (attributes.email !== undefined && !validEmail(String(attributes.email)))
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
}
