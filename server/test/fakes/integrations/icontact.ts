import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { LoopbackFake } from './loopback-fake.ts';
import { validEmail } from './fault-gate.ts';

interface Stored {
  contactId: string;
  email: string;
  fields: Record<string, unknown>;
}

/**
 * iContact's API 2.2 for one account with one client folder and one list: the API-AppId,
 * API-Username and API-Password headers checked (401 `{errors:[…]}` otherwise), API-Version 2.2.
 * POST contacts saves each by email (an existing email keeps its contactId and its fields are
 * replaced: fields not sent are blanked, as iContact does); an invalid address is left out of the
 * answer with a warning. Subscriptions map contacts to the list (`{listId}_{contactId}`).
 */
export class IContactApi extends LoopbackFake implements FakeVendor {
  readonly kind = 'icontact' as const;
  readonly accountId = '1023456';
  readonly folderId = '7788';
  readonly listId = '4401';
  private readonly contacts = new Map<string, Stored>();
  private readonly subscriptions = new Map<string, string>();
  private readonly deleted = new Set<string>();
  private nextId = 90_000;

  constructor(
    readonly appId = `app${Math.random().toString(36).slice(2, 10)}`,
    readonly username = 'ops@example.com',
    readonly password = `pw${Math.random().toString(36).slice(2)}`,
  ) {
    super();
  }

  get settings() {
    return {
      api_key: this.appId,
      username: this.username,
      private_key: this.password,
      account_id: this.accountId,
      list_id: this.listId,
    };
  }

  protected handle(req: VendorRequest): VendorAnswer {
    const h = req.headers;
    if (h['api-appid'] !== this.appId || h['api-username'] !== this.username || h['api-password'] !== this.password)
      return { status: 401, json: { errors: ['Unauthorized: check your AppId, username and password'] } };
    if (h['api-version'] !== '2.2') return { status: 400, json: { errors: ['Unsupported API-Version'] } };
    const fault = this.faults.fault({ errors: ['Request limit exceeded'] }, { errors: ['Service temporarily unavailable'] });
    if (fault) return fault;
    const m = /^\/icp\/a\/([^/]+)\/c(?:\/([^/]*))?(?:\/(.*))?$/.exec(req.path.replace(/\/$/, ''));
    if (!m || m[1] !== this.accountId) return { status: 404, json: { errors: ['Not Found'] } };
    if (!m[2]) return req.method === 'GET' ? { json: { clientfolders: [{ clientFolderId: this.folderId }] } } : this.notFound();
    if (m[2] !== this.folderId) return this.notFound();
    return this.folder(req, m[3] ?? '');
  }

  private notFound(): VendorAnswer {
    return { status: 404, json: { errors: ['Not Found'] } };
  }

  private folder(req: VendorRequest, rest: string): VendorAnswer {
    if (req.method === 'GET' && rest === 'lists') return { json: { lists: [{ listId: this.listId, name: 'Wi-Fi guests' }] } };
    if (req.method === 'POST' && rest === 'contacts') return this.saveContacts(req.json as unknown as Record<string, unknown>[]);
    if (req.method === 'GET' && rest === 'contacts') {
      const email = (req.query.get('email') ?? '').toLowerCase();
      const c = this.contacts.get(email);
      return { json: { contacts: c ? [{ contactId: c.contactId, email: c.email, ...c.fields }] : [], total: c ? 1 : 0 } };
    }
    const one = /^contacts\/(\d+)$/.exec(rest);
    if (req.method === 'DELETE' && one) {
      const c = [...this.contacts.values()].find((x) => x.contactId === one[1]);
      if (!c) return this.notFound();
      this.contacts.delete(c.email);
      this.deleted.add(c.email);
      return { json: {} };
    }
    if (req.method === 'POST' && rest === 'subscriptions') {
      const subs = (req.json as unknown as { contactId: string; listId: string; status: string }[]) ?? [];
      const saved = subs.filter((s) => s.listId === this.listId);
      for (const s of saved) this.subscriptions.set(`${s.listId}_${s.contactId}`, s.status);
      const warnings = subs.filter((s) => s.listId !== this.listId).map((s) => `List ${s.listId} not found`);
      return { json: { subscriptions: saved.map((s) => ({ subscriptionId: `${s.listId}_${s.contactId}`, ...s })), warnings } };
    }
    const sub = /^subscriptions\/(\d+_\d+)$/.exec(rest);
    if (req.method === 'POST' && sub) {
      if (!this.subscriptions.has(sub[1]!)) return this.notFound();
      this.subscriptions.set(sub[1]!, String(req.json?.status ?? 'normal'));
      return { json: { subscription: { subscriptionId: sub[1], status: req.json?.status } } };
    }
    return this.notFound();
  }

  private saveContacts(sent: Record<string, unknown>[]): VendorAnswer {
    const saved: Record<string, unknown>[] = [];
    const warnings: string[] = [];
    for (const { email, ...fields } of sent ?? []) {
      const address = String(email ?? '').toLowerCase();
      if (!validEmail(address)) {
        warnings.push(`Invalid email address: ${String(email)}`);
        continue;
      }
      const contactId = this.contacts.get(address)?.contactId ?? String(this.nextId++);
      this.contacts.set(address, { contactId, email: address, fields });
      this.deleted.delete(address);
      saved.push({ contactId, email: address, ...fields });
    }
    return { json: { contacts: saved, warnings } };
  }

  /** The contact's fields as iContact stores them, with its list status. */
  contact(email: string) {
    const c = this.contacts.get(email.toLowerCase());
    return c ? { ...c.fields } : undefined;
  }
  contactId(email: string) {
    return this.contacts.get(email.toLowerCase())?.contactId;
  }
  subscription(email: string) {
    const id = this.contactId(email);
    return id ? this.subscriptions.get(`${this.listId}_${id}`) : undefined;
  }
  count() {
    return this.contacts.size;
  }
  unsubscribed(email: string) {
    return this.subscription(email) === 'unsubscribed';
  }
  erased(email: string) {
    return this.deleted.has(email.toLowerCase());
  }
}
