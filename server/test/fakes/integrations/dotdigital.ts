import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { LoopbackFake } from './loopback-fake.ts';
import { basicCredentials, validEmail } from './fault-gate.ts';

interface DotdigitalContact {
  id: number;
  email: string;
  dataFields: Record<string, unknown>;
  books: Set<number>;
}

const error = (status: number, code: string, words = 'Error:'): VendorAnswer => ({
  status,
  json: { message: `${words} ${code}` },
});

/**
 * dotdigital's v2 REST API for one account (https://developer.dotdigital.com/reference): Basic auth
 * with the API user, account info naming the account's regional endpoint, address books, contacts added
 * to a book by email (created or overwritten), account-wide unsubscribe (a suppressed contact can no
 * longer be added), and deletion by id. Errors in v2's shape: {message: "… ERROR_CODE"}.
 */
export class DotdigitalFake extends LoopbackFake implements FakeVendor {
  readonly kind = 'dotdigital' as const;
  readonly username = 'apiuser-1a2b3c@apiconnector.com';
  readonly password = 'Secr3t-dd-pass';
  readonly books = [
    { id: 8123, name: 'Wi-Fi guests' },
    { id: 8124, name: 'Newsletter' },
  ];
  private readonly contacts = new Map<string, DotdigitalContact>();
  private readonly suppressed = new Set<string>();
  private readonly deleted = new Set<string>();
  private nextId = 5001;

  /** `region`: where the account lives (account-info names that region's endpoint). */
  constructor(readonly region: 'r1' | 'r2' | 'r3' = 'r1') {
    super();
  }

  get settings() {
    return { region_id: this.region, username: this.username, private_key: this.password, address_book_id: '8123' };
  }

  protected handle(req: VendorRequest): VendorAnswer {
    const fault = this.faults.fault(
      { message: 'Too Many Requests' },
      { message: 'The service is temporarily unavailable. ERROR_SYSTEM_SERVICETEMPORARILYUNAVAILABLE' },
    );
    if (fault) return fault;
    const pair = basicCredentials(req.headers.authorization);
    if (!pair || pair[0] !== this.username || pair[1] !== this.password)
      return { status: 401, json: { message: 'Authorization has been denied for this request.' } };
    const { method, path } = req;
    if (method === 'GET' && path === '/v2/account-info') return { json: this.accountInfo() };
    if (method === 'GET' && path === '/v2/address-books')
      return { json: this.books.map((b) => ({ ...b, visibility: 'Private', contacts: this.inBook(b.id) })) };
    const book = /^\/v2\/address-books\/(\d+)(\/contacts)?$/.exec(path);
    if (book) {
      const found = this.books.find((b) => b.id === Number(book[1]));
      if (!found) return error(404, 'ERROR_ADDRESSBOOK_NOT_FOUND');
      if (method === 'GET' && !book[2]) return { json: { ...found, visibility: 'Private', contacts: this.inBook(found.id) } };
      if (method === 'POST' && book[2]) return this.addToBook(found.id, req.json ?? {});
    }
    if (method === 'POST' && path === '/v2/contacts/unsubscribe') return this.unsubscribe(req.json ?? {});
    const one = /^\/v2\/contacts\/([^/]+)$/.exec(path);
    if (one && method === 'GET') {
      const contact = this.find(decodeURIComponent(one[1]!));
      return contact ? { json: this.view(contact) } : error(404, 'ERROR_CONTACT_NOT_FOUND');
    }
    if (one && method === 'DELETE') {
      const contact = this.find(one[1]!);
      if (!contact) return error(404, 'ERROR_CONTACT_NOT_FOUND');
      this.contacts.delete(contact.email);
      this.deleted.add(contact.email);
      return { status: 204 };
    }
    return { status: 404, json: { message: 'No HTTP resource was found that matches the request URI.' } };
  }

  private accountInfo() {
    const prop = (name: string, value: string) => ({ name, type: 'String', value });
    return {
      id: 404321,
      properties: [
        prop('Name', 'Splash Café'),
        prop('MainEmail', 'owner@splash.example'),
        prop('ApiEndpoint', `https://${this.region}-api.dotdigital.com`),
      ],
    };
  }

  private addToBook(bookId: number, body: Record<string, unknown>): VendorAnswer {
    if (!validEmail(body.email)) return error(400, 'ERROR_CONTACT_INVALID', 'Email is not valid.');
    const email = body.email.trim().toLowerCase();
    if (this.suppressed.has(email)) return error(400, 'ERROR_CONTACT_SUPPRESSED', 'Contact is suppressed.');
    const contact = this.contacts.get(email) ?? { id: this.nextId++, email, dataFields: {}, books: new Set<number>() };
    for (const field of (body.dataFields as { key: string; value: unknown }[] | undefined) ?? [])
      contact.dataFields[field.key.toUpperCase()] = field.value;
    contact.books.add(bookId);
    this.contacts.set(email, contact);
    this.deleted.delete(email);
    return { json: this.view(contact) };
  }

  private unsubscribe(body: Record<string, unknown>): VendorAnswer {
    if (!validEmail(body.email)) return error(400, 'ERROR_CONTACT_INVALID', 'Email is not valid.');
    const email = body.email.trim().toLowerCase();
    this.suppressed.add(email);
    const contact = this.contacts.get(email);
    return {
      json: {
        suppressedContact: contact ? this.view(contact) : { id: 0, email, status: 'Unsubscribed' },
        dateRemoved: new Date().toISOString(),
        reason: 'Unsubscribed',
      },
    };
  }

  private find(idOrEmail: string) {
    if (/^\d+$/.test(idOrEmail)) return [...this.contacts.values()].find((c) => c.id === Number(idOrEmail));
    return this.contacts.get(idOrEmail.toLowerCase());
  }

  private view(c: DotdigitalContact) {
    return {
      id: c.id,
      email: c.email,
      optInType: 'Single',
      emailType: 'Html',
      dataFields: Object.entries(c.dataFields).map(([key, value]) => ({ key, value })),
      status: this.suppressed.has(c.email) ? 'Unsubscribed' : 'Subscribed',
    };
  }

  private inBook(bookId: number) {
    return [...this.contacts.values()].filter((c) => c.books.has(bookId)).length;
  }

  /** Whether the address is in an address book. */
  inAddressBook(bookId: number, email: string) {
    return this.contacts.get(email.toLowerCase())?.books.has(bookId) ?? false;
  }
  contact(email: string) {
    const c = this.contacts.get(email.toLowerCase());
    return c ? { ...c.dataFields } : undefined;
  }
  count() {
    return this.contacts.size;
  }
  unsubscribed(email: string) {
    return this.suppressed.has(email.toLowerCase());
  }
  erased(email: string) {
    return this.deleted.has(email.toLowerCase()) && !this.contacts.has(email.toLowerCase());
  }
}
