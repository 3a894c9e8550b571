import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { LoopbackFake } from './loopback-fake.ts';
import { basicCredentials, validEmail } from './fault-gate.ts';

type Datatype = 'str' | 'int' | 'float' | 'bool' | 'datetime';

interface MailjetContact {
  ID: number;
  Email: string;
  Name: string;
  properties: Record<string, unknown>;
  /** List id → subscribed or unsubscribed. */
  lists: Map<number, 'sub' | 'unsub'>;
}

const error = (status: number, message: string, info: unknown = ''): VendorAnswer => ({
  status,
  json: { ErrorInfo: info, ErrorMessage: message, StatusCode: status },
});

const ACTIONS = ['addforce', 'addnoforce', 'remove', 'unsub'];

/**
 * Mailjet's contact API for one API key (https://dev.mailjet.com/email/guides/contact-management/):
 * Basic auth with the API key and secret key, contact lists, managecontact on a list (create or update
 * by email; Properties only when defined as contact metadata and of its type, else 400 "Object
 * properties invalid" naming each property), contacts by email or id, and the v4 GDPR deletion. Errors
 * in Mailjet's shape {ErrorInfo, ErrorMessage, StatusCode}.
 */
export class MailjetFake extends LoopbackFake implements FakeVendor {
  readonly kind = 'mailjet' as const;
  readonly apiKey = '4b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e';
  readonly secretKey = 'e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0';
  readonly lists = [
    { ID: 10, Name: 'Wi-Fi guests', IsDeleted: false },
    { ID: 11, Name: 'Old promotions', IsDeleted: true },
    { ID: 12, Name: 'VIP', IsDeleted: false },
  ];
  /** The account's contact metadata: Mailjet's defaults (firstname, name, country). */
  private readonly metadata = new Map<string, Datatype>([
    ['firstname', 'str'],
    ['name', 'str'],
    ['country', 'str'],
  ]);
  private readonly contacts = new Map<string, MailjetContact>();
  private readonly deleted = new Set<string>();
  private nextId = 3001;

  get settings() {
    return { public_key: this.apiKey, private_key: this.secretKey, list_id: '10' };
  }

  /** Defines a contact property, as /contactmetadata or the app's Contact properties page does. */
  defineProperty(name: string, datatype: Datatype) {
    this.metadata.set(name, datatype);
  }

  protected handle(req: VendorRequest): VendorAnswer {
    const fault = this.faults.fault(
      { ErrorInfo: '', ErrorMessage: 'Too many requests', StatusCode: 429 },
      { ErrorInfo: '', ErrorMessage: 'Service unavailable', StatusCode: 503 },
    );
    if (fault) return fault;
    const pair = basicCredentials(req.headers.authorization);
    if (!pair || pair[0] !== this.apiKey || pair[1] !== this.secretKey)
      return error(
        401,
        'API key authentication/authorization failure. You may be unauthorized to access the API or your API key may be expired. Visit API keys management section to check your keys.',
      );
    const { method, path } = req;
    if (method === 'GET' && path === '/v3/REST/contactslist')
      return { json: { Count: this.lists.length, Data: this.lists.map((l) => this.listView(l)), Total: this.lists.length } };
    const list = /^\/v3\/REST\/contactslist\/(\d+)(\/managecontact)?$/.exec(path);
    if (list) {
      const found = this.lists.find((l) => l.ID === Number(list[1]) && !l.IsDeleted);
      if (!found) return error(404, 'Object not found');
      if (method === 'GET' && !list[2]) return { json: { Count: 1, Data: [this.listView(found)], Total: 1 } };
      if (method === 'POST' && list[2]) return this.manage(found.ID, req.json ?? {});
    }
    const one = /^\/v3\/REST\/contact\/([^/]+)$/.exec(path);
    if (one && method === 'GET') {
      const contact = this.find(decodeURIComponent(one[1]!));
      return contact ? { json: { Count: 1, Data: [this.contactView(contact)], Total: 1 } } : error(404, 'Object not found');
    }
    const gdpr = /^\/v4\/contacts\/(\d+)$/.exec(path);
    if (gdpr && method === 'DELETE') {
      const contact = this.find(gdpr[1]!);
      if (!contact) return error(404, 'Object not found');
      this.contacts.delete(contact.Email);
      this.deleted.add(contact.Email);
      const anonymized = {
        ...this.contactView(contact),
        Email: `\\x${contact.ID.toString(16)}@domain.invalid`,
        Name: 'Anonymized',
      };
      return { json: { Count: 1, Data: [anonymized], Total: 1 } };
    }
    return error(404, 'Object not found');
  }

  private manage(listId: number, body: Record<string, unknown>): VendorAnswer {
    const action = String(body.Action ?? '');
    if (!ACTIONS.includes(action)) return error(400, 'Object properties invalid', { Action: 'Invalid value' });
    if (!validEmail(body.Email)) return error(400, 'Object properties invalid', { Email: 'Not a valid email address' });
    const properties = (body.Properties as Record<string, unknown> | undefined) ?? {};
    const refused = Object.entries(properties).flatMap(([name, value]) => {
      const datatype = this.metadata.get(name);
      if (!datatype) return [{ [name]: 'Property not defined' }];
      return value === null || fits(datatype, value) ? [] : [{ [name]: 'Property type does not match definition' }];
    });
    if (refused.length) return error(400, 'Object properties invalid', { Properties: refused });
    const email = body.Email.trim().toLowerCase();
    const contact: MailjetContact = this.contacts.get(email) ?? {
      ID: this.nextId++,
      Email: email,
      Name: '',
      properties: {},
      lists: new Map(),
    };
    if (typeof body.Name === 'string') contact.Name = body.Name;
    for (const [name, value] of Object.entries(properties)) {
      if (value === null) delete contact.properties[name];
      else contact.properties[name] = value;
    }
    if (action === 'addforce' || (action === 'addnoforce' && !contact.lists.has(listId))) contact.lists.set(listId, 'sub');
    if (action === 'unsub') contact.lists.set(listId, 'unsub');
    if (action === 'remove') contact.lists.delete(listId);
    this.contacts.set(email, contact);
    this.deleted.delete(email);
    return {
      status: 201,
      json: {
        Count: 1,
        Data: [{ ContactID: contact.ID, Email: contact.Email, Action: action, Name: contact.Name, Properties: properties }],
        Total: 1,
      },
    };
  }

  private find(idOrEmail: string) {
    if (/^\d+$/.test(idOrEmail)) return [...this.contacts.values()].find((c) => c.ID === Number(idOrEmail));
    return this.contacts.get(idOrEmail.toLowerCase());
  }

  private listView(l: { ID: number; Name: string; IsDeleted: boolean }) {
    const subscribers = [...this.contacts.values()].filter((c) => c.lists.get(l.ID) === 'sub').length;
    return { ...l, Address: `list${l.ID}`, SubscriberCount: subscribers, CreatedAt: '2026-01-05T09:00:00Z' };
  }

  private contactView(c: MailjetContact) {
    return { ID: c.ID, Email: c.Email, Name: c.Name, IsExcludedFromCampaigns: false, CreatedAt: '2026-11-29T10:00:00Z' };
  }

  /** The contact's subscription to a list: 'sub', 'unsub' or undefined. */
  subscription(listId: number, email: string) {
    return this.contacts.get(email.toLowerCase())?.lists.get(listId);
  }
  contact(email: string) {
    const c = this.contacts.get(email.toLowerCase());
    return c ? { ...c.properties } : undefined;
  }
  count() {
    return this.contacts.size;
  }
  unsubscribed(email: string) {
    return this.subscription(Number(this.settings.list_id), email) === 'unsub';
  }
  erased(email: string) {
    return this.deleted.has(email.toLowerCase()) && !this.contacts.has(email.toLowerCase());
  }
}

/** Whether a value suits a contact property's datatype. */
function fits(datatype: Datatype, value: unknown): boolean {
  if (datatype === 'str') return typeof value === 'string' || typeof value === 'number';
  if (datatype === 'int') return Number.isInteger(typeof value === 'string' ? Number(value) : value);
  if (datatype === 'float') return Number.isFinite(typeof value === 'string' ? Number(value) : value);
  if (datatype === 'bool') return typeof value === 'boolean' || value === 'true' || value === 'false';
  return !Number.isNaN(Date.parse(String(value)));
}
