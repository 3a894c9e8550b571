import { DOTDIGITAL_REGIONS } from '@splashboard/contract';
import type { ContactOutcome, VendorAdapter, VendorConnection, VendorContact } from '../vendor.ts';
import { VendorError } from '../vendor.ts';
import { basicAuth, failure, jsonBody, ok, vendorRequest, vendorWords, type VendorResponse } from '../vendor-http.ts';

/**
 * dotdigital, through its v2 REST API (plain HTTP: dotdigital publishes no Node SDK):
 * - https://developer.dotdigital.com/docs/api-conventions (region endpoints r1/r2/r3; "Get account
 *   information" on r1 names the account's own endpoint; another region's endpoint answers 403)
 * - https://developer.dotdigital.com/reference/addcontacttoaddressbook (POST /v2/address-books/{id}/contacts:
 *   creates the contact or overwrites the one with that address; one contact per call)
 * - https://developer.dotdigital.com/reference (GET /v2/account-info, GET /v2/address-books[/{id}],
 *   POST /v2/contacts/unsubscribe, GET /v2/contacts/{email}, DELETE /v2/contacts/{id})
 * - https://developer.dotdigital.com/docs/error-response-types (v2 errors: {message} ending in ERROR_*)
 * - https://developer.dotdigital.com/docs/call-rate-limits (429 when a tier's calls a minute are spent; the
 *   limits depend on the account's package, the docs' example allows 150 a minute on the lowest tier, so
 *   callsPerSecond stays under that)
 * The bulk import is asynchronous (a job to poll, no answer per contact), so contacts go one per call.
 */

type Region = (typeof DOTDIGITAL_REGIONS)[number];

const regionHost = (region: Region) => `https://${region}-api.dotdigital.com`;

function regionOf(conn: VendorConnection): Region {
  const region = conn.settings.region_id as Region;
  if (!DOTDIGITAL_REGIONS.includes(region)) throw new VendorError('rejected', `unknown region ${String(region)}`);
  return region;
}

async function call(conn: VendorConnection, path: string, init: { method?: string; body?: unknown } = {}, host?: string) {
  const origin = conn.origin(host ?? regionHost(regionOf(conn)));
  const auth = { authorization: basicAuth(conn.settings.username ?? '', conn.settings.private_key ?? '') };
  return vendorRequest(`${origin}${path}`, {
    method: init.method ?? 'GET',
    ...(init.body === undefined ? { headers: { accept: 'application/json', ...auth } } : jsonBody(init.body, auth)),
  });
}

const addressBookPath = (conn: VendorConnection) =>
  `/v2/address-books/${encodeURIComponent(conn.settings.address_book_id ?? '')}`;

/** A refusal of this contact alone (an invalid or suppressed address), not of the call. */
const contactRefused = (res: VendorResponse) => res.status === 400;

const noEmail: ContactOutcome = { ok: false, answer: 'dotdigital keys contacts by email address: this guest has none' };

async function contactIdOf(conn: VendorConnection, contact: VendorContact): Promise<string | null> {
  if (contact.vendorId) return contact.vendorId;
  const res = await call(conn, `/v2/contacts/${encodeURIComponent(contact.email ?? '')}`);
  if (res.status === 404) return null;
  const found = ok(res, 'contact').json as { id?: number } | null;
  return found?.id !== undefined ? String(found.id) : null;
}

export const dotdigitalAdapter: VendorAdapter = {
  kind: 'dotdigital',
  batchSize: 1,
  callsPerSecond: 2,
  defaultFieldMap: [
    { source: 'first_name', target: 'FIRSTNAME' },
    { source: 'last_name', target: 'LASTNAME' },
    { source: 'gender', target: 'GENDER' },
    { source: 'postcode', target: 'POSTCODE' },
  ],

  /** Account info on r1 (any account answers there) names the account's region; then the address book. */
  async test(conn) {
    const region = regionOf(conn);
    const info = ok(await call(conn, '/v2/account-info', {}, regionHost('r1')), 'account').json as {
      properties?: { name?: string; value?: string }[];
    } | null;
    const property = (name: string) => info?.properties?.find((p) => p.name === name)?.value ?? null;
    const endpoint = property('ApiEndpoint');
    const actual = /\b(r\d)-api\./.exec(endpoint ?? '')?.[1];
    if (actual && actual !== region)
      throw new VendorError('region', `The account's API endpoint is ${endpoint}`, { region: actual });
    if (conn.settings.address_book_id) ok(await call(conn, addressBookPath(conn)), 'address book');
    const books = ok(await call(conn, '/v2/address-books?select=1000&skip=0'), 'address book').json as
      { id: number; name: string }[] | null;
    return {
      account: property('Name') ?? conn.settings.username ?? null,
      lists: (books ?? []).map((b) => ({ id: String(b.id), name: b.name })),
    };
  },

  async upsert(conn, contacts) {
    const outcomes: ContactOutcome[] = [];
    for (const contact of contacts) {
      if (!contact.email) {
        outcomes.push(noEmail);
        continue;
      }
      const res = await call(conn, `${addressBookPath(conn)}/contacts`, {
        method: 'POST',
        body: {
          email: contact.email,
          optInType: 'Single',
          emailType: 'Html',
          dataFields: Object.entries(contact.fields).map(([key, value]) => ({ key, value })),
        },
      });
      if (contactRefused(res)) {
        outcomes.push({ ok: false, httpStatus: res.status, answer: vendorWords(res) });
        continue;
      }
      const saved = ok(res, 'address book').json as { id?: number } | null;
      outcomes.push({ ok: true, httpStatus: res.status, vendorId: saved?.id !== undefined ? String(saved.id) : null });
    }
    return outcomes;
  },

  /** Unsubscribes the address from the whole account (it is suppressed from then on). */
  async unsubscribe(conn, contact) {
    if (!contact.email) return noEmail;
    const res = await call(conn, '/v2/contacts/unsubscribe', { method: 'POST', body: { email: contact.email } });
    if (contactRefused(res)) return { ok: false, httpStatus: res.status, answer: vendorWords(res) };
    return { ok: true, httpStatus: ok(res, 'contact').status };
  },

  async erase(conn, contact) {
    if (!contact.vendorId && !contact.email) return noEmail;
    const id = await contactIdOf(conn, contact);
    if (!id) return { ok: true, answer: 'dotdigital holds no contact with this address' };
    const res = await call(conn, `/v2/contacts/${encodeURIComponent(id)}`, { method: 'DELETE' });
    if (res.status === 404) return { ok: true, httpStatus: 404, answer: 'already deleted' };
    if (res.status >= 300) throw failure(res, 'contact');
    return { ok: true, httpStatus: res.status };
  },
};
