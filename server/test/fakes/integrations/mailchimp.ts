import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { LoopbackFake } from './loopback-fake.ts';
import { authorizeRedirect, basicCredentials, validEmail } from './fault-gate.ts';

interface Member {
  id: string;
  email_address: string;
  status: 'subscribed' | 'unsubscribed' | 'cleaned' | 'pending';
  merge_fields: Record<string, string | number>;
  tags: Set<string>;
}

const hashOf = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

/** Mailchimp's errors are RFC 7807 problem documents. */
const problem = (status: number, title: string, detail: string): VendorAnswer => ({
  status,
  json: { type: 'https://mailchimp.com/developer/marketing/docs/errors/', title, status, detail, instance: randomUUID() },
});

/**
 * Mailchimp's Marketing API 3.0 and its OAuth (login.mailchimp.com) on one origin: Basic auth with an API
 * key ending in its datacenter, or OAuth tokens (Bearer); audiences with members keyed by the MD5 of the
 * lowercase address (add-or-update with status_if_new, tags, PATCH status, delete-permanent); OAuth
 * authorize (auto-approves), token (single-use codes) and metadata (the account's dc).
 */
export class MailchimpFake extends LoopbackFake implements FakeVendor {
  readonly kind = 'mailchimp' as const;
  readonly apiKey = `${randomBytes(16).toString('hex')}-us6`;
  readonly clientId = String(100_000 + Math.floor(Math.random() * 899_999));
  readonly clientSecret = randomBytes(16).toString('hex');
  /** The datacenter the OAuth metadata names (not the API key's, so a test sees which was used). */
  readonly oauthDc = 'us19';
  readonly accountName = 'Café Sol';
  readonly audiences = new Map<string, { name: string; members: Map<string, Member> }>([
    ['a1b2c3d4e5', { name: 'Wi-Fi guests', members: new Map() }],
    ['f6g7h8i9j0', { name: 'Newsletter', members: new Map() }],
  ]);
  private readonly erasedSet = new Set<string>();
  private readonly codes = new Map<string, string>();
  private readonly oauthTokens = new Set<string>();

  get settings() {
    return { api_key: this.apiKey, list_id: 'a1b2c3d4e5', tags: 'wifi, guest' };
  }

  protected handle(req: VendorRequest): VendorAnswer {
    if (req.path === '/oauth2/authorize' && req.method === 'GET') return this.authorize(req);
    if (req.path === '/oauth2/token' && req.method === 'POST') return this.token(req);
    if (req.path === '/oauth2/metadata' && req.method === 'GET') return this.metadata(req);
    if (!req.path.startsWith('/3.0/')) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    const auth = (req.headers.authorization as string | undefined) ?? '';
    const bearer = /^Bearer (\S+)$/.exec(auth)?.[1];
    const basic = basicCredentials(auth);
    if (!(bearer && this.oauthTokens.has(bearer)) && basic?.[1] !== this.apiKey)
      return problem(401, 'API Key Invalid', "Your API key may be invalid, or you've attempted to access the wrong datacenter.");
    const fault = this.faults.fault(
      {
        type: 'https://mailchimp.com/developer/marketing/docs/errors/',
        title: 'Too Many Requests',
        status: 429,
        detail: 'You have exceeded the limit of 10 simultaneous connections.',
        instance: randomUUID(),
      },
      {
        type: 'https://mailchimp.com/developer/marketing/docs/errors/',
        title: 'Service Unavailable',
        status: 503,
        detail: 'Please try again later.',
        instance: randomUUID(),
      },
    );
    return fault ?? this.api(req, req.path.slice(4));
  }

  private api(req: VendorRequest, path: string): VendorAnswer {
    if (req.method === 'GET' && path === '/lists')
      return { json: { lists: [...this.audiences].map(([id, a]) => ({ id, name: a.name })), total_items: this.audiences.size } };
    const m = /^\/lists\/([^/]+)(?:\/members\/([0-9a-f]{32})(\/tags|\/actions\/delete-permanent)?)?$/.exec(path);
    const audience = m && this.audiences.get(decodeURIComponent(m[1]!));
    if (!m || !audience) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    if (!m[2])
      return req.method === 'GET'
        ? { json: { id: m[1], name: audience.name, stats: { member_count: audience.members.size } } }
        : problem(405, 'Method Not Allowed', 'The requested method and resource are not compatible.');
    const hash = m[2];
    const member = audience.members.get(hash);
    if (req.method === 'PUT' && !m[3]) return this.put(audience.members, hash, req.json ?? {});
    if (!member) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    if (req.method === 'POST' && m[3] === '/tags') {
      for (const t of (req.json?.tags ?? []) as { name: string; status: string }[])
        if (t.status === 'inactive') member.tags.delete(t.name);
        else member.tags.add(t.name);
      return { status: 204 };
    }
    if (req.method === 'POST' && m[3] === '/actions/delete-permanent') {
      audience.members.delete(hash);
      this.erasedSet.add(member.email_address.toLowerCase());
      return { status: 204 };
    }
    if (req.method === 'PATCH' && !m[3]) {
      const status = req.json?.status;
      if (status === 'subscribed' || status === 'unsubscribed') member.status = status;
      return { json: this.view(member) };
    }
    return problem(405, 'Method Not Allowed', 'The requested method and resource are not compatible.');
  }

  private put(members: Map<string, Member>, hash: string, body: Record<string, unknown>): VendorAnswer {
    const email = body.email_address;
    if (!validEmail(email)) return problem(400, 'Invalid Resource', 'Please provide a valid email address.');
    if (hashOf(email) !== hash) return problem(400, 'Invalid Resource', 'The subscriber hash does not match the email address.');
    const existing = members.get(hash);
    const member: Member = existing ?? {
      id: hash,
      email_address: email.trim(),
      status: 'pending',
      merge_fields: {},
      tags: new Set(),
    };
    if (!existing) {
      const status = body.status_if_new ?? body.status;
      if (status !== 'subscribed' && status !== 'pending' && status !== 'unsubscribed')
        return problem(400, 'Invalid Resource', 'The resource submitted could not be validated: status_if_new is required.');
      member.status = status;
    } else if (body.status === 'subscribed' || body.status === 'unsubscribed') member.status = body.status;
    member.merge_fields = { ...member.merge_fields, ...((body.merge_fields ?? {}) as Record<string, string | number>) };
    members.set(hash, member);
    this.erasedSet.delete(email.trim().toLowerCase());
    return { json: this.view(member) };
  }

  private view(m: Member) {
    return {
      id: m.id,
      email_address: m.email_address,
      unique_email_id: m.id.slice(0, 10),
      status: m.status,
      merge_fields: m.merge_fields,
      tags: [...m.tags].map((name) => ({ name })),
    };
  }

  private authorize(req: VendorRequest): VendorAnswer {
    const redirectUri = req.query.get('redirect_uri');
    if (req.query.get('response_type') !== 'code' || req.query.get('client_id') !== this.clientId || !redirectUri)
      return { status: 400, text: 'Invalid client_id, response_type or redirect_uri' };
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, redirectUri);
    return authorizeRedirect(redirectUri, code, req.query.get('state'));
  }

  private token(req: VendorRequest): VendorAnswer {
    const form = new URLSearchParams(req.raw);
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret)
      return { status: 401, json: { error: 'invalid_client', error_description: 'Invalid client credentials' } };
    const code = form.get('code') ?? '';
    if (form.get('grant_type') !== 'authorization_code' || this.codes.get(code) !== form.get('redirect_uri'))
      return { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid authorization code' } };
    this.codes.delete(code);
    const token = randomBytes(16).toString('hex');
    this.oauthTokens.add(token);
    return { json: { access_token: token, expires_in: 0, scope: null } };
  }

  private metadata(req: VendorRequest): VendorAnswer {
    const token = /^OAuth (\S+)$/.exec((req.headers.authorization as string | undefined) ?? '')?.[1];
    if (!token || !this.oauthTokens.has(token))
      return { status: 401, json: { error: 'invalid_token', error_description: 'Invalid token' } };
    const dc = this.oauthDc;
    return {
      json: {
        dc,
        role: 'owner',
        accountname: this.accountName,
        user_id: 9876,
        login: { email: 'owner@example.com', login_id: 9876, login_name: 'owner' },
        login_url: 'https://login.mailchimp.com',
        api_endpoint: `https://${dc}.api.mailchimp.com`,
      },
    };
  }

  private member(email: string) {
    for (const a of this.audiences.values()) {
      const m = a.members.get(hashOf(email));
      if (m) return m;
    }
    return undefined;
  }

  contact(email: string) {
    const m = this.member(email);
    return m ? { ...m.merge_fields } : undefined;
  }
  /** The member's status and tags in an audience. */
  memberOf(listId: string, email: string) {
    const m = this.audiences.get(listId)?.members.get(hashOf(email));
    return m ? { status: m.status, tags: [...m.tags].sort() } : undefined;
  }
  count() {
    return [...this.audiences.values()].reduce((n, a) => n + a.members.size, 0);
  }
  unsubscribed(email: string) {
    return this.member(email)?.status === 'unsubscribed';
  }
  erased(email: string) {
    return this.erasedSet.has(email.toLowerCase()) && !this.member(email);
  }
}
