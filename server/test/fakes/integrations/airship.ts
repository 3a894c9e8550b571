import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { LoopbackFake } from './loopback-fake.ts';
import { validEmail } from './fault-gate.ts';

const NS = 'https://secure.airship.co.uk/SOAP/V3/';

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The text of a request's element `name` (first one), read with plain patterns. */
const element = (xml: string, name: string) => new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml)?.[1];
const items = (xml: string | undefined) => [...(xml ?? '').matchAll(/<item[^>]*>([^<]*)<\/item>/g)].map((m) => unescape(m[1]!));
const fields = (xml: string | undefined) =>
  Object.fromEntries([...(xml ?? '').matchAll(/<(\w+)[^>]*>([^<]*)<\/\1>/g)].map((m) => [m[1]!, unescape(m[2]!)]));

const envelope = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns1="${NS}" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:SOAP-ENC="http://schemas.xmlsoap.org/soap/encoding/"><SOAP-ENV:Body>${inner}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;
const fault = (words: string): VendorAnswer => ({
  status: 500,
  headers: { 'content-type': 'text/xml; charset=utf-8' },
  text: envelope(
    `<SOAP-ENV:Fault><faultcode>SOAP-ENV:Server</faultcode><faultstring>${esc(words)}</faultstring></SOAP-ENV:Fault>`,
  ),
});
const answer = (method: string, inner: string): VendorAnswer => ({
  headers: { 'content-type': 'text/xml; charset=utf-8' },
  text: envelope(`<ns1:${method}Response>${inner}</ns1:${method}Response>`),
});
const int = (name: string, n: number) => `<${name} xsi:type="xsd:int">${n}</${name}>`;

interface Stored {
  contactid: number;
  fields: Record<string, string>;
  groups: Set<number>;
}

/**
 * Airship's SOAP API V3 (Contact.php, Stat.php) for one account: each call carries the API username
 * and password (a SoapFault "Authentication failed" otherwise), unitList and groupList answer the
 * account's units and the unit's groups in folders, createContact / updateContact answer the contact
 * id (one contact per email; a bad email is a fault), getContactEmail finds one, unsubscribeContact
 * answers 100. Airship's API deletes nothing.
 */
export class AirshipSoap extends LoopbackFake implements FakeVendor {
  readonly kind = 'airship' as const;
  readonly unitId = '8775';
  readonly group = { id: 121981, name: 'WiFi guests' };
  private readonly contacts = new Map<string, Stored>();
  private readonly unsubscribedIds = new Set<number>();
  private nextId = 5_000_001;

  constructor(
    readonly username = 'splash_api',
    readonly password = `pw${Math.random().toString(36).slice(2)}`,
  ) {
    super();
  }

  get settings() {
    return { username: this.username, private_key: this.password, account_id: this.unitId, collection_name: this.group.name };
  }

  protected handle(req: VendorRequest): VendorAnswer {
    const service = /^\/SOAP\/V3\/(Contact|Stat)\.php$/.exec(req.path)?.[1];
    if (req.method !== 'POST' || !service) return { status: 404, text: 'Not Found' };
    const busy = this.faults.faultAnswer({ text: 'Too Many Requests' }, { text: 'Service Unavailable' });
    if (busy) return busy;
    const body = element(req.raw, 'SOAP-ENV:Body') ?? '';
    const method = /<ns1:(\w+)/.exec(body)?.[1] ?? '';
    if (req.headers.soapaction !== `${NS}${method}`) return fault('SOAPAction does not match the call');
    if (
      unescape(element(body, 'username') ?? '') !== this.username ||
      unescape(element(body, 'password') ?? '') !== this.password
    )
      return fault('Authentication failed: check the API username and password');
    const stat: Record<string, () => VendorAnswer> = {
      unitList: () =>
        answer(
          'unitList',
          `<output SOAP-ENC:arrayType="ns1:Unit[2]" xsi:type="SOAP-ENC:Array"><item xsi:type="ns1:Unit">${int('unitid', 8774)}<name xsi:type="xsd:string">Head Office</name></item><item xsi:type="ns1:Unit">${int('unitid', Number(this.unitId))}<name xsi:type="xsd:string">The Shack</name></item></output>`,
        ),
      groupList: () => {
        if (element(body, 'unitID') !== this.unitId) return fault('Invalid unitID');
        return answer(
          'groupList',
          `<output SOAP-ENC:arrayType="ns1:Folder[1]" xsi:type="SOAP-ENC:Array"><item xsi:type="ns1:Folder">${int('folderid', 12)}<name xsi:type="xsd:string">Default</name><groups SOAP-ENC:arrayType="ns1:Group[1]" xsi:type="SOAP-ENC:Array"><item xsi:type="ns1:Group">${int('groupid', this.group.id)}<name xsi:type="xsd:string">${this.group.name}</name></item></groups></item></output>`,
        );
      },
    };
    const contact: Record<string, () => VendorAnswer> = {
      getContactEmail: () => {
        const found = this.contacts.get(unescape(element(body, 'email') ?? '').toLowerCase());
        return answer(
          'getContactEmail',
          found
            ? `<contactData xsi:type="ns1:Contact">${int('contactid', found.contactid)}</contactData>`
            : '<contactData xsi:nil="true"/>',
        );
      },
      createContact: () => this.save(body, 'createContact'),
      updateContact: () => this.save(body, 'updateContact'),
      unsubscribeContact: () => {
        for (const id of items(element(body, 'contacts'))) this.unsubscribedIds.add(Number(id));
        return answer('unsubscribeContact', int('return', 100));
      },
    };
    const call = (service === 'Stat' ? stat : contact)[method];
    return call ? call() : fault(`Function ("${method}") is not a valid method for this service`);
  }

  private save(body: string, method: 'createContact' | 'updateContact'): VendorAnswer {
    const { contactid, ...data } = fields(element(body, 'contact'));
    const groups = items(element(body, 'groups')).map(Number);
    if (groups.some((g) => g !== this.group.id)) return fault('Invalid group id');
    let stored: Stored | undefined;
    if (method === 'updateContact') {
      stored = [...this.contacts.values()].find((c) => c.contactid === Number(contactid));
      if (!stored) return fault('Contact not found');
      for (const [k, v] of this.contacts) if (v === stored) this.contacts.delete(k);
    } else {
      if (!validEmail(data.email)) return fault(`Invalid email address: ${data.email ?? ''}`);
      if (!groups.length) return fault('A contact needs at least one group');
      stored = this.contacts.get(data.email.toLowerCase()) ?? { contactid: this.nextId++, fields: {}, groups: new Set() };
    }
    stored.fields = { ...stored.fields, ...data };
    for (const g of groups) stored.groups.add(g);
    if (data.allowemail === 'Y') this.unsubscribedIds.delete(stored.contactid);
    this.contacts.set((stored.fields.email ?? '').toLowerCase(), stored);
    return answer(method, int('return', stored.contactid));
  }

  /** The contact's fields as Airship stores them (email, allowemail and the mapped names). */
  contact(email: string) {
    const c = this.contacts.get(email.toLowerCase());
    return c ? { ...c.fields } : undefined;
  }
  contactId(email: string) {
    return this.contacts.get(email.toLowerCase())?.contactid;
  }
  inGroup(email: string) {
    return this.contacts.get(email.toLowerCase())?.groups.has(this.group.id) ?? false;
  }
  count() {
    return this.contacts.size;
  }
  unsubscribed(email: string) {
    const id = this.contactId(email);
    return id !== undefined && this.unsubscribedIds.has(id);
  }
  /** Airship cannot delete by API: an erased contact is one whose details were cleared and that is unsubscribed. */
  erased(email: string) {
    const c = this.contacts.get(email.toLowerCase());
    return !!c && this.unsubscribed(email) && !c.fields.firstname && !c.fields.lastname && !c.fields.mobilenumber;
  }
}
