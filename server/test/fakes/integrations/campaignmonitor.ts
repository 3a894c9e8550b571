import { randomBytes } from 'node:crypto';
import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { LoopbackFake } from './loopback-fake.ts';
import { basicCredentials, validEmail } from './fault-gate.ts';

interface Subscriber {
  EmailAddress: string;
  Name: string;
  State: 'Active' | 'Unsubscribed' | 'Deleted';
  CustomFields: Map<string, string>;
  ConsentToTrack: string;
}

/** Campaign Monitor's errors: `{Code, Message}`. */
const cmError = (status: number, Code: number, Message: string): VendorAnswer => ({ status, json: { Code, Message } });

/**
 * Campaign Monitor's API v3.3 (api.createsend.com): Basic auth with the API key as user; lists, clients
 * and their lists; subscribers added or updated by address (201 with the address), unsubscribed, deleted;
 * a bad list id is a 400 with Code 101, an invalid address Code 1, one not in the list Code 203.
 */
export class CampaignMonitorFake extends LoopbackFake implements FakeVendor {
  readonly kind = 'campaignmonitor' as const;
  readonly apiKey = randomBytes(32).toString('base64url');
  readonly clientId = randomBytes(16).toString('hex');
  readonly lists = new Map<string, { Title: string; subscribers: Map<string, Subscriber> }>([
    [randomBytes(16).toString('hex'), { Title: 'Wi-Fi guests', subscribers: new Map() }],
    [randomBytes(16).toString('hex'), { Title: 'Members', subscribers: new Map() }],
  ]);
  private readonly erasedSet = new Set<string>();

  get settings() {
    return { api_key: this.apiKey, list_id: [...this.lists.keys()][0]! };
  }

  protected handle(req: VendorRequest): VendorAnswer {
    if (!req.path.startsWith('/api/v3.3/')) return { status: 404, text: 'Not Found' };
    const creds = basicCredentials(req.headers.authorization as string | undefined);
    if (!creds) return cmError(401, 50, 'Must supply a valid HTTP Basic Authorization header');
    if (creds[0] !== this.apiKey) return cmError(401, 100, 'Invalid API Key');
    const fault = this.faults.fault({ Code: 429, Message: 'Rate limit exceeded' }, { Code: 503, Message: 'Service unavailable' });
    return fault ?? this.api(req, req.path.slice('/api/v3.3'.length));
  }

  private api(req: VendorRequest, path: string): VendorAnswer {
    if (req.method === 'GET' && path === '/clients.json') return { json: [{ ClientID: this.clientId, Name: 'Café Sol' }] };
    if (req.method === 'GET' && path === `/clients/${this.clientId}/lists.json`)
      return { json: [...this.lists].map(([ListID, l]) => ({ ListID, Name: l.Title })) };
    const m = /^\/(lists|subscribers)\/([^/.]+)(\/unsubscribe)?\.json$/.exec(path);
    if (!m) return { status: 404, text: 'Not Found' };
    const list = this.lists.get(m[2]!);
    if (!list) return cmError(400, 101, 'Invalid ListID');
    if (m[1] === 'lists' && req.method === 'GET' && !m[3])
      return {
        json: {
          ListID: m[2],
          Title: list.Title,
          UnsubscribePage: '',
          UnsubscribeSetting: 'AllClientLists',
          ConfirmedOptIn: false,
          ConfirmationSuccessPage: '',
        },
      };
    if (m[1] !== 'subscribers') return { status: 404, text: 'Not Found' };
    if (req.method === 'POST' && !m[3]) return this.add(list.subscribers, req.json ?? {});
    const email = String(m[3] ? (req.json?.EmailAddress ?? '') : (req.query.get('email') ?? ''));
    if (!validEmail(email)) return cmError(400, 1, 'Invalid Email Address');
    const sub = list.subscribers.get(email.trim().toLowerCase());
    if (!sub || sub.State === 'Deleted') return cmError(400, 203, 'Subscriber not in list or has already been removed.');
    if (req.method === 'POST' && m[3]) {
      sub.State = 'Unsubscribed';
      return { status: 200, text: '' };
    }
    if (req.method === 'DELETE' && !m[3]) {
      list.subscribers.delete(email.trim().toLowerCase());
      this.erasedSet.add(email.trim().toLowerCase());
      return { status: 200, text: '' };
    }
    return { status: 404, text: 'Not Found' };
  }

  private add(subscribers: Map<string, Subscriber>, body: Record<string, unknown>): VendorAnswer {
    const email = body.EmailAddress;
    if (!validEmail(email)) return cmError(400, 1, 'Invalid Email Address');
    if (!['Yes', 'No', 'Unchanged'].includes(String(body.ConsentToTrack)))
      return cmError(400, 400, 'ConsentToTrack is required: Yes, No or Unchanged');
    const key = email.trim().toLowerCase();
    const existing = subscribers.get(key);
    const sub: Subscriber = existing ?? {
      EmailAddress: email.trim(),
      Name: '',
      State: 'Active',
      CustomFields: new Map(),
      ConsentToTrack: 'No',
    };
    if (typeof body.Name === 'string') sub.Name = body.Name;
    for (const f of (body.CustomFields ?? []) as { Key: string; Value: string }[]) sub.CustomFields.set(f.Key, f.Value);
    if (body.ConsentToTrack !== 'Unchanged') sub.ConsentToTrack = String(body.ConsentToTrack);
    if (existing && existing.State !== 'Active' && body.Resubscribe === true) sub.State = 'Active';
    subscribers.set(key, sub);
    this.erasedSet.delete(key);
    return { status: 201, json: email.trim() };
  }

  private subscriber(email: string) {
    for (const l of this.lists.values()) {
      const s = l.subscribers.get(email.toLowerCase());
      if (s) return s;
    }
    return undefined;
  }

  /** The subscriber's name and custom fields, as Campaign Monitor keeps them. */
  contact(email: string) {
    const s = this.subscriber(email);
    return s ? { Name: s.Name, ...Object.fromEntries(s.CustomFields) } : undefined;
  }
  /** The subscriber's state (Active, Unsubscribed) and consent to tracking. */
  stateOf(email: string) {
    const s = this.subscriber(email);
    return s ? { State: s.State, ConsentToTrack: s.ConsentToTrack } : undefined;
  }
  count() {
    return [...this.lists.values()].reduce((n, l) => n + l.subscribers.size, 0);
  }
  unsubscribed(email: string) {
    return this.subscriber(email)?.State === 'Unsubscribed';
  }
  erased(email: string) {
    return this.erasedSet.has(email.toLowerCase()) && !this.subscriber(email);
  }
}
