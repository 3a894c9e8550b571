import { randomBytes, randomUUID } from 'node:crypto';
import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { LoopbackFake } from './loopback-fake.ts';
import { validEmail } from './fault-gate.ts';

interface Profile {
  id: string;
  attributes: Record<string, unknown> & {
    email: string;
    properties?: Record<string, unknown>;
    location?: Record<string, unknown>;
  };
  consent: 'SUBSCRIBED' | 'UNSUBSCRIBED' | 'NEVER_SUBSCRIBED';
}

/** Klaviyo's JSON:API errors. */
const errors = (status: number, code: string, title: string, detail: string, pointer?: string): VendorAnswer => ({
  status,
  json: { errors: [{ id: randomUUID(), status, code, title, detail, source: pointer ? { pointer } : {} }] },
});

const STANDARD = ['first_name', 'last_name', 'phone_number', 'organization', 'title', 'external_id'];

/**
 * Klaviyo's API as documented (a.klaviyo.com): `Authorization: Klaviyo-API-Key <private key>` and a
 * `revision` header on every call; profiles created or updated by email (profile-import: 201 new, 200
 * updated), list subscriptions and unsubscriptions as jobs (202), data-privacy deletion jobs (202),
 * lists; errors `{errors:[…]}`, 429 with Retry-After.
 */
export class KlaviyoFake extends LoopbackFake implements FakeVendor {
  readonly kind = 'klaviyo' as const;
  readonly privateKey = `pk_${randomBytes(17).toString('hex')}`;
  readonly lists = new Map<string, { name: string; members: Set<string> }>([
    ['XyZ123', { name: 'Wi-Fi guests', members: new Set() }],
    ['AbC456', { name: 'VIP', members: new Set() }],
  ]);
  private readonly profiles = new Map<string, Profile>();
  private readonly erasedSet = new Set<string>();

  get settings() {
    return { private_key: this.privateKey, list_id: 'XyZ123' };
  }

  protected handle(req: VendorRequest): VendorAnswer {
    if (!req.path.startsWith('/api/')) return errors(404, 'not_found', 'Not found.', 'Not found.');
    if (req.headers.authorization !== `Klaviyo-API-Key ${this.privateKey}`)
      return errors(
        401,
        'not_authenticated',
        'Authentication credentials were not provided.',
        'Missing or invalid private key.',
        '/data/',
      );
    if (!/^\d{4}-\d{2}-\d{2}(\.pre)?$/.test((req.headers.revision as string | undefined) ?? ''))
      return errors(400, 'invalid', 'Invalid input.', 'A valid revision header is required.');
    const fault = this.faults.fault(
      {
        errors: [
          { id: randomUUID(), status: 429, code: 'throttled', title: 'Request was throttled.', detail: 'Request was throttled.' },
        ],
      },
      {
        errors: [
          {
            id: randomUUID(),
            status: 503,
            code: 'service_unavailable',
            title: 'Service unavailable.',
            detail: 'Please try again later.',
          },
        ],
      },
    );
    return fault ?? this.api(req);
  }

  private api(req: VendorRequest): VendorAnswer {
    const { method, path } = req;
    if (method === 'GET' && path === '/api/lists')
      return {
        json: {
          data: [...this.lists].map(([id, l]) => this.listView(id, l.name)),
          links: { self: `${this.url}/api/lists`, next: null, prev: null },
        },
      };
    const list = /^\/api\/lists\/([^/]+)$/.exec(path);
    if (method === 'GET' && list) {
      const l = this.lists.get(decodeURIComponent(list[1]!));
      return l
        ? { json: { data: this.listView(list[1]!, l.name) } }
        : errors(404, 'not_found', 'Not found.', `A list with id ${list[1]} does not exist.`);
    }
    if (method === 'POST' && path === '/api/profile-import') return this.importProfile(req.json);
    if (method === 'POST' && path === '/api/profile-subscription-bulk-create-jobs')
      return this.subscription(req.json, 'SUBSCRIBED');
    if (method === 'POST' && path === '/api/profile-subscription-bulk-delete-jobs')
      return this.subscription(req.json, 'UNSUBSCRIBED');
    if (method === 'POST' && path === '/api/data-privacy-deletion-jobs') return this.deletion(req.json);
    return errors(404, 'not_found', 'Not found.', 'Not found.');
  }

  private listView(id: string, name: string) {
    return {
      type: 'list',
      id,
      attributes: {
        name,
        created: '2025-01-01T00:00:00+00:00',
        updated: '2025-01-01T00:00:00+00:00',
        opt_in_process: 'single_opt_in',
      },
    };
  }

  private importProfile(body: Record<string, unknown> | null): VendorAnswer {
    const data = body?.data as { type?: string; attributes?: Profile['attributes'] } | undefined;
    if (data?.type !== 'profile' || !data.attributes)
      return errors(400, 'invalid', 'Invalid input.', 'data.type must be profile', '/data/type');
    const email = data.attributes.email;
    if (!validEmail(email)) return errors(400, 'invalid', 'Invalid input.', 'Invalid email address', '/data/attributes/email');
    const key = email.trim().toLowerCase();
    const existing = this.profiles.get(key);
    const profile: Profile = existing ?? {
      id: `01J${randomBytes(12).toString('hex').toUpperCase()}`,
      attributes: { email: key },
      consent: 'NEVER_SUBSCRIBED',
    };
    const { properties, location, ...own } = data.attributes;
    profile.attributes = {
      ...profile.attributes,
      ...own,
      email: key,
      properties: { ...profile.attributes.properties, ...properties },
      location: { ...profile.attributes.location, ...location },
    };
    this.profiles.set(key, profile);
    this.erasedSet.delete(key);
    return { status: existing ? 200 : 201, json: { data: { type: 'profile', id: profile.id, attributes: profile.attributes } } };
  }

  private subscription(body: Record<string, unknown> | null, consent: 'SUBSCRIBED' | 'UNSUBSCRIBED'): VendorAnswer {
    const data = body?.data as
      | {
          attributes?: {
            profiles?: {
              data?: { attributes?: { email?: string; subscriptions?: { email?: { marketing?: { consent?: string } } } } }[];
            };
          };
          relationships?: { list?: { data?: { id?: string } } };
        }
      | undefined;
    const listId = data?.relationships?.list?.data?.id ?? '';
    const list = this.lists.get(listId);
    if (!list)
      return errors(
        404,
        'not_found',
        'Not found.',
        `A list with id ${listId} does not exist.`,
        '/data/relationships/list/data/id',
      );
    for (const p of data?.attributes?.profiles?.data ?? []) {
      const email = p.attributes?.email;
      if (!validEmail(email) || p.attributes?.subscriptions?.email?.marketing?.consent !== consent)
        return errors(
          400,
          'invalid',
          'Invalid input.',
          'Each profile needs a valid email and its marketing consent',
          '/data/attributes/profiles',
        );
      const key = email.trim().toLowerCase();
      const profile = this.profiles.get(key) ?? {
        id: `01J${randomBytes(12).toString('hex').toUpperCase()}`,
        attributes: { email: key },
        consent: 'NEVER_SUBSCRIBED' as const,
      };
      profile.consent = consent;
      this.profiles.set(key, profile);
      if (consent === 'SUBSCRIBED') list.members.add(key);
      else list.members.delete(key);
    }
    return { status: 202, text: '' };
  }

  private deletion(body: Record<string, unknown> | null): VendorAnswer {
    const profile = (
      body?.data as { attributes?: { profile?: { data?: { id?: string; attributes?: { email?: string } } } } } | undefined
    )?.attributes?.profile?.data;
    const entry = [...this.profiles].find(([email, p]) =>
      profile?.id ? p.id === profile.id : email === profile?.attributes?.email?.toLowerCase(),
    );
    if (!profile || (!profile.id && !profile.attributes?.email))
      return errors(400, 'invalid', 'Invalid input.', 'A profile id, email or phone number is required.');
    if (entry) {
      this.profiles.delete(entry[0]);
      for (const l of this.lists.values()) l.members.delete(entry[0]);
      this.erasedSet.add(entry[0]);
    } else if (profile.attributes?.email) this.erasedSet.add(profile.attributes.email.toLowerCase());
    return { status: 202, text: '' };
  }

  /** The profile's own attributes, `location.<x>` and its custom properties, under the names Klaviyo keeps them. */
  contact(email: string) {
    const p = this.profiles.get(email.toLowerCase());
    if (!p) return undefined;
    const out: Record<string, unknown> = { email: p.attributes.email };
    for (const k of STANDARD) if (p.attributes[k] !== undefined) out[k] = p.attributes[k];
    for (const [k, v] of Object.entries(p.attributes.location ?? {})) out[`location.${k}`] = v;
    return { ...out, ...p.attributes.properties };
  }
  /** Whether the address is subscribed to a list. */
  onList(listId: string, email: string) {
    return this.lists.get(listId)?.members.has(email.toLowerCase()) ?? false;
  }
  count() {
    return this.profiles.size;
  }
  unsubscribed(email: string) {
    return this.profiles.get(email.toLowerCase())?.consent === 'UNSUBSCRIBED';
  }
  erased(email: string) {
    return this.erasedSet.has(email.toLowerCase()) && !this.profiles.has(email.toLowerCase());
  }
}
