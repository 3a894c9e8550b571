import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { LoopbackFake } from './loopback-fake.ts';
import { validEmail } from './fault-gate.ts';

interface MailrelaySubscriber {
  id: number;
  email: string;
  /** The standard fields that were sent (name, country…), as stored. */
  fields: Record<string, unknown>;
  custom_fields: Record<string, unknown>;
  status: string;
  local_ban: boolean;
  groups: Set<number>;
}

const STANDARD_FIELDS = ['name', 'address', 'city', 'state', 'country', 'birthday', 'website', 'locale', 'time_zone'];

/**
 * One Mailrelay account's API v1 (https://apidocs.mailrelay.com/) at its own address: the API key in
 * X-AUTH-TOKEN, groups, subscribers synced by email (201 created, 200 updated; groups added, not
 * replaced; 422 {errors: {field: [...]}} for a refused one), found with q[email_eq], banned, deleted.
 * Other errors are {error: "…"}.
 */
export class MailrelayFake extends LoopbackFake implements FakeVendor {
  readonly kind = 'mailrelay' as const;
  readonly apiKey = 'mR7xK2pQ9vL4sT8wZ1nB6cF3';
  readonly groups = [
    { id: 3, name: 'Wi-Fi guests' },
    { id: 4, name: 'Clientes VIP' },
  ];
  private readonly subscribers = new Map<string, MailrelaySubscriber>();
  private readonly deleted = new Set<string>();
  private nextId = 901;

  get settings() {
    return { url: this.url, api_key: this.apiKey, list_id: '3' };
  }

  protected handle(req: VendorRequest): VendorAnswer {
    const fault = this.faults.fault({ error: 'Too many requests' }, { error: 'Service unavailable' });
    if (fault) return fault;
    if (req.headers['x-auth-token'] !== this.apiKey) return { status: 401, json: { error: 'Invalid API key' } };
    const { method, path } = req;
    if (method === 'GET' && path === '/api/v1/groups')
      return {
        json: this.groups.map((g) => ({
          ...g,
          description: '',
          subscribers_count: [...this.subscribers.values()].filter((s) => s.groups.has(g.id)).length,
          created_at: '2026-01-05T09:00:00.000Z',
          updated_at: '2026-01-05T09:00:00.000Z',
        })),
      };
    if (method === 'POST' && path === '/api/v1/subscribers/sync') return this.sync(req.json ?? {});
    if (method === 'GET' && path === '/api/v1/subscribers') {
      const wanted = req.query.get('q[email_eq]')?.toLowerCase();
      const all = [...this.subscribers.values()].filter((s) => wanted === undefined || s.email === wanted);
      return { json: all.map((s) => this.view(s)) };
    }
    const one = /^\/api\/v1\/subscribers\/(\d+)(\/ban)?$/.exec(path);
    const subscriber = one ? [...this.subscribers.values()].find((s) => s.id === Number(one[1])) : undefined;
    if (one && !subscriber) return { status: 404, json: { error: 'Not found' } };
    if (subscriber && method === 'PATCH' && one?.[2]) {
      subscriber.local_ban = true;
      return { json: this.view(subscriber) };
    }
    if (subscriber && method === 'DELETE' && !one?.[2]) {
      this.subscribers.delete(subscriber.email);
      this.deleted.add(subscriber.email);
      return { status: 204 };
    }
    return { status: 404, json: { error: 'Not found' } };
  }

  private sync(body: Record<string, unknown>): VendorAnswer {
    const errors: Record<string, string[]> = {};
    if (!validEmail(body.email)) errors.email = ['is invalid'];
    if (body.status !== 'active' && body.status !== 'inactive') errors.status = ['is not included in the list'];
    if (Object.keys(errors).length) return { status: 422, json: { errors } };
    const email = (body.email as string).trim().toLowerCase();
    const existing = this.subscribers.get(email);
    const subscriber = existing ?? {
      id: this.nextId++,
      email,
      fields: {},
      custom_fields: {},
      status: body.status as string,
      local_ban: false,
      groups: new Set<number>(),
    };
    for (const field of STANDARD_FIELDS) if (body[field] !== undefined) subscriber.fields[field] = body[field];
    Object.assign(subscriber.custom_fields, (body.custom_fields as Record<string, unknown> | undefined) ?? {});
    if (body.replace_groups === true) subscriber.groups.clear();
    for (const id of (body.group_ids as number[] | undefined) ?? []) subscriber.groups.add(Number(id));
    this.subscribers.set(email, subscriber);
    this.deleted.delete(email);
    return { status: existing ? 200 : 201, json: this.view(subscriber) };
  }

  private view(s: MailrelaySubscriber) {
    return {
      id: s.id,
      email: s.email,
      ...Object.fromEntries(STANDARD_FIELDS.map((f) => [f, s.fields[f] ?? ''])),
      status: s.status,
      unsubscribed: false,
      local_ban: s.local_ban,
      global_ban: false,
      groups: [...s.groups].map((group_id) => ({ group_id, assigned_at: '2026-11-29T10:00:00.000Z' })),
      custom_fields: { ...s.custom_fields },
    };
  }

  /** Whether the subscriber is in the group. */
  inGroup(groupId: number, email: string) {
    return this.subscribers.get(email.toLowerCase())?.groups.has(groupId) ?? false;
  }
  contact(email: string) {
    const s = this.subscribers.get(email.toLowerCase());
    return s ? { ...s.fields, ...s.custom_fields } : undefined;
  }
  count() {
    return this.subscribers.size;
  }
  unsubscribed(email: string) {
    return this.subscribers.get(email.toLowerCase())?.local_ban ?? false;
  }
  erased(email: string) {
    return this.deleted.has(email.toLowerCase()) && !this.subscribers.has(email.toLowerCase());
  }
}
