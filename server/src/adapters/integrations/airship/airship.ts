import type { ContactOutcome, VendorAdapter, VendorConnection, VendorContact } from '../vendor.ts';
import { VendorError } from '../vendor.ts';
import { failure, vendorRequest } from '../vendor-http.ts';
import { bodyCall, faultOf, soapEnvelope, type SoapValue } from './soap.ts';

/**
 * Airship (airship.co.uk, the UK hospitality CRM) through its SOAP API V3, which takes the API
 * username and password Airship support issues per account (our `username` and `private_key`).
 * Docs followed:
 * - http://academy.airship.co.uk/en/articles/1957339-writing-contact-data-to-the-console (createContact,
 *   unitList, groupList: a contact is written with the unit's group ids)
 * - http://support.airship.co.uk/en/articles/4343690-api-guide-for-a-typical-suv-integration (SOAP credentials,
 *   `unitList(username, password)`, `groupList(username, password, unitID)`, SoapFault on errors)
 * - https://developers.airship.co.uk (the newer REST API, https://api.airship.co.uk/v1, needs a Personal Access
 *   Token, which this integration's form does not ask for, and documents no deletion either; the site lists the
 *   SOAP API as legacy but it is the one the username and password open)
 * - Airship's own PHP wrapper (github.com/airshipteam/soapapi) for the call signatures: createContact and
 *   updateContact(username, password, contact, groups, udfs) answer the contact id; getContactEmail(username,
 *   password, email); unsubscribeContact(username, password, contactIds) answers 100.
 * Endpoint https://secure.airship.co.uk/SOAP/V3/ (Contact.php, Stat.php). No SDK for Node: hand-written
 * SOAP over vendor-http.ts (soap.ts).
 *
 * Settings: `account_id` is the unit (venue) id; `collection_name` the group to add guests to (the unit's
 * first group when empty); `data_template` optional extra contact fields for every guest, as JSON
 * (`{"sourceid":"125795"}`) or `name=value` lines. Airship's API has no deletion: an erasure clears the
 * contact's details and unsubscribes it (the answer says so; the operator deletes it in Airship's dashboard).
 */

const REAL = 'https://secure.airship.co.uk';
const NAMESPACE = `${REAL}/SOAP/V3/`;

/** A failed call of the SOAP API: faults about the login are `auth`, others refuse the request. */
function faultError(words: string, httpStatus: number) {
  if (/auth|login|password|username|credential/i.test(words)) return new VendorError('auth', words, { httpStatus });
  return new VendorError('rejected', words, { httpStatus });
}

async function soap(conn: VendorConnection, service: 'Contact' | 'Stat', method: string, params: [string, SoapValue][]) {
  const body = soapEnvelope(NAMESPACE, method, [
    ['username', conn.settings.username ?? ''],
    ['password', conn.settings.private_key ?? ''],
    ...params,
  ]);
  const res = await vendorRequest(`${conn.origin(REAL)}/SOAP/V3/${service}.php`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `${NAMESPACE}${method}` },
    body,
  });
  const fault = res.text.includes('Fault') ? faultOf(res.text) : null;
  if (fault) throw faultError(fault, res.status);
  if (res.status < 200 || res.status >= 300) throw failure(res, 'unit');
  const answer = bodyCall(res.text);
  if (!answer) throw new VendorError('unavailable', 'Airship answered something that is not SOAP', { httpStatus: res.status });
  return Object.values(answer.params)[0] ?? null;
}

type Struct = Record<string, SoapValue>;
const structs = (v: SoapValue): Struct[] =>
  (Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : []).filter(
    (x): x is Struct => !!x && typeof x === 'object' && !Array.isArray(x),
  );
const str = (v: SoapValue | undefined) => (v === null || v === undefined || typeof v === 'object' ? '' : String(v));

/** The unit's groups, flattened from its folders. */
async function groupsOf(conn: VendorConnection) {
  const folders = structs(await soap(conn, 'Stat', 'groupList', [['unitID', Number(conn.settings.account_id)]]));
  return folders.flatMap((f) => structs(f.groups ?? null)).map((g) => ({ id: str(g.groupid), name: str(g.name) }));
}

/** The group of the settings, or the unit's first one. */
async function groupIdOf(conn: VendorConnection): Promise<number> {
  const groups = await groupsOf(conn);
  const wanted = conn.settings.collection_name?.trim().toLowerCase();
  const group = wanted ? groups.find((g) => g.name.toLowerCase() === wanted) : groups[0];
  if (!group) throw new VendorError('not_found', `no group ${conn.settings.collection_name ?? ''}`, { what: 'group' });
  return Number(group.id);
}

/** Extra contact fields of `data_template`: JSON or `name=value` lines. */
export function templateFields(raw: string | undefined): Record<string, string> {
  const text = (raw ?? '').trim();
  if (!text) return {};
  if (text.startsWith('{')) {
    try {
      return Object.fromEntries(Object.entries(JSON.parse(text) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    } catch {
      // not JSON: read as lines
    }
  }
  return Object.fromEntries(
    text
      .split(/\r?\n/)
      .map((l) => [l.slice(0, l.indexOf('=')).trim(), l.slice(l.indexOf('=') + 1).trim()])
      .filter(([k]) => k),
  );
}

async function contactIdOf(conn: VendorConnection, contact: VendorContact): Promise<number | null> {
  if (contact.vendorId) return Number(contact.vendorId);
  if (!contact.email) return null;
  const found = await soap(conn, 'Contact', 'getContactEmail', [['email', contact.email]]);
  const id = Number(str(structs(found)[0]?.contactid));
  return Number.isInteger(id) && id > 0 ? id : null;
}

const asText = (fields: VendorContact['fields']) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === null ? '' : String(v)]));

export const airshipAdapter: VendorAdapter = {
  kind: 'airship',
  batchSize: 1,
  callsPerSecond: 2,
  defaultFieldMap: [
    { source: 'email', target: 'email' },
    { source: 'first_name', target: 'firstname' },
    { source: 'last_name', target: 'lastname' },
    { source: 'phone', target: 'mobilenumber' },
    { source: 'birthday', target: 'dob' },
    { source: 'postcode', target: 'postcode' },
    { source: 'gender', target: 'gender' },
  ],

  /** The unit must be one of the account's, and the group one of the unit's. */
  async test(conn) {
    const units = structs(await soap(conn, 'Stat', 'unitList', []));
    const unit = units.find((u) => str(u.unitid) === conn.settings.account_id);
    if (!unit) throw new VendorError('not_found', `no unit ${conn.settings.account_id ?? ''}`, { what: 'unit' });
    const groups = await groupsOf(conn);
    await groupIdOf(conn);
    return { account: str(unit.name), lists: groups };
  },

  /** Looked up by email first (updateContact when Airship has it): never a second contact. */
  async upsert(conn, contacts) {
    const groupId = await groupIdOf(conn);
    const outcomes: ContactOutcome[] = [];
    for (const contact of contacts) {
      const data: Struct = {
        ...templateFields(conn.settings.data_template),
        ...asText(contact.fields),
        email: contact.email ?? '',
        allowemail: 'Y',
      };
      try {
        const existing = await contactIdOf(conn, contact);
        const id = existing
          ? await soap(conn, 'Contact', 'updateContact', [
              ['contact', { contactid: existing, ...data }],
              ['groups', [groupId]],
              ['udfs', []],
            ])
          : await soap(conn, 'Contact', 'createContact', [
              ['contact', data],
              ['groups', [groupId]],
              ['udfs', []],
            ]);
        outcomes.push({ ok: true, vendorId: str(id) });
      } catch (err) {
        // A fault about this contact's data refuses it alone; a refused login stops the call.
        if (err instanceof VendorError && err.reason === 'rejected')
          outcomes.push({ ok: false, httpStatus: err.info.httpStatus, answer: err.detail });
        else throw err;
      }
    }
    return outcomes;
  },

  async unsubscribe(conn, contact) {
    const id = await contactIdOf(conn, contact);
    if (!id) return { ok: true, answer: 'not at Airship' };
    await soap(conn, 'Contact', 'unsubscribeContact', [['contacts', [id]]]);
    return { ok: true, vendorId: String(id) };
  },

  async erase(conn, contact) {
    const id = await contactIdOf(conn, contact);
    if (!id) return { ok: true, answer: 'not at Airship' };
    const cleared: Struct = {
      contactid: id,
      firstname: '',
      lastname: '',
      mobilenumber: '',
      dob: '',
      postcode: '',
      gender: '',
      allowemail: 'N',
      allowsms: 'N',
    };
    await soap(conn, 'Contact', 'updateContact', [
      ['contact', cleared],
      ['groups', []],
      ['udfs', []],
    ]);
    await soap(conn, 'Contact', 'unsubscribeContact', [['contacts', [id]]]);
    return { ok: true, answer: 'Airship’s API cannot delete: details cleared and unsubscribed; delete the contact in Airship' };
  },
};
