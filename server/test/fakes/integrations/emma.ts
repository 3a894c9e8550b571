import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { LoopbackFake } from './loopback-fake.ts';
import { basicCredentials, validEmail } from './fault-gate.ts';

interface EmmaMember {
  member_id: number;
  email: string;
  fields: Record<string, unknown>;
  status: 'active' | 'opt-out';
  groups: Set<number>;
}

const notFound = (what: string): VendorAnswer => ({ status: 404, json: { error: `Unable to find ${what}` } });

/**
 * Emma's API for one account (http://api.myemma.com/): paths under /{account_id}, Basic auth with the
 * public and private keys (another account's id is forbidden to them), the account's groups, members
 * added or updated by email with their fields and groups, opted out by email, deleted by id. Errors
 * are {error: "…"}; an unknown member answers 404.
 */
export class EmmaFake extends LoopbackFake implements FakeVendor {
  readonly kind = 'emma' as const;
  readonly accountId = '1744203';
  readonly publicKey = 'a1b2c3d4e5f60718';
  readonly privateKey = '9f8e7d6c5b4a3210';
  readonly groups = [
    { member_group_id: 150, group_name: 'Wi-Fi guests' },
    { member_group_id: 151, group_name: 'Monthly Newsletter' },
  ];
  private readonly members = new Map<string, EmmaMember>();
  private readonly deleted = new Set<string>();
  private nextId = 200;
  /** Answer rate limits as Emma's documentation says it does: 403 "Rate Limit Exceeded", no Retry-After. */
  limitWith403 = false;

  get settings() {
    return { account_id: this.accountId, public_key: this.publicKey, private_key: this.privateKey, list_id: '150' };
  }

  protected handle(req: VendorRequest): VendorAnswer {
    const fault = this.faults.fault({ error: 'Rate Limit Exceeded' }, { error: 'Service Unavailable' });
    if (fault?.status === 429 && this.limitWith403) return { status: 403, json: { error: 'Rate Limit Exceeded' } };
    if (fault) return fault;
    const pair = basicCredentials(req.headers.authorization);
    if (!pair || pair[0] !== this.publicKey || pair[1] !== this.privateKey)
      return { status: 401, json: { error: 'Unauthorized: the public and private API keys do not match' } };
    const m = /^\/([^/]+)(\/.*)$/.exec(req.path);
    if (!m) return { status: 404, json: { error: 'Not Found' } };
    if (m[1] !== this.accountId) return { status: 403, json: { error: 'Forbidden: these keys have no access to that account' } };
    const path = m[2]!;
    if (req.method === 'GET' && path === '/groups')
      return {
        json: this.groups.map((g) => ({
          ...g,
          account_id: Number(this.accountId),
          group_type: 'g',
          active_count: this.active(g.member_group_id),
          optout_count: 0,
          error_count: 0,
          deleted_at: null,
        })),
      };
    if (req.method === 'POST' && path === '/members/add') return this.add(req.json ?? {});
    const byEmail = /^\/members\/email\/(optout\/)?([^/]+)$/.exec(path);
    if (byEmail) {
      const member = this.members.get(decodeURIComponent(byEmail[2]!).toLowerCase());
      if (!member) return notFound('member');
      if (req.method === 'GET' && !byEmail[1]) return { json: this.view(member) };
      if (req.method === 'PUT' && byEmail[1]) {
        member.status = 'opt-out';
        return { json: true };
      }
    }
    const byId = /^\/members\/(\d+)$/.exec(path);
    if (byId && req.method === 'DELETE') {
      const member = [...this.members.values()].find((x) => x.member_id === Number(byId[1]));
      if (!member) return notFound('member');
      this.members.delete(member.email);
      this.deleted.add(member.email);
      return { json: true };
    }
    return { status: 404, json: { error: 'Not Found' } };
  }

  private add(body: Record<string, unknown>): VendorAnswer {
    if (!validEmail(body.email)) return { status: 400, json: { error: 'Invalid email address' } };
    const email = body.email.trim().toLowerCase();
    const existing = this.members.get(email);
    const member = existing ?? {
      member_id: this.nextId++,
      email,
      fields: {},
      status: 'active' as const,
      groups: new Set<number>(),
    };
    Object.assign(member.fields, (body.fields as Record<string, unknown> | undefined) ?? {});
    for (const id of (body.group_ids as number[] | undefined) ?? []) member.groups.add(Number(id));
    this.members.set(email, member);
    this.deleted.delete(email);
    return { json: { added: !existing, member_id: member.member_id, status: member.status === 'active' ? 'a' : 'o' } };
  }

  private view(m: EmmaMember) {
    return {
      member_id: m.member_id,
      account_id: Number(this.accountId),
      email: m.email,
      fields: m.fields,
      status: m.status,
      member_status_id: m.status === 'active' ? 'a' : 'o',
      deleted_at: null,
    };
  }

  private active(groupId: number) {
    return [...this.members.values()].filter((m) => m.groups.has(groupId) && m.status === 'active').length;
  }

  /** Whether the member is in the group. */
  inGroup(groupId: number, email: string) {
    return this.members.get(email.toLowerCase())?.groups.has(groupId) ?? false;
  }
  contact(email: string) {
    const m = this.members.get(email.toLowerCase());
    return m ? { ...m.fields } : undefined;
  }
  count() {
    return this.members.size;
  }
  unsubscribed(email: string) {
    return this.members.get(email.toLowerCase())?.status === 'opt-out';
  }
  erased(email: string) {
    return this.deleted.has(email.toLowerCase()) && !this.members.has(email.toLowerCase());
  }
}
