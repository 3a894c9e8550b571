import type { ContactOutcome, VendorAdapter, VendorConnection, VendorContact } from '../vendor.ts';
import { basicAuth, jsonBody, ok, vendorRequest, type VendorResponse } from '../vendor-http.ts';

/**
 * Mailjet, through its Email API v3 REST resources and the v4 GDPR deletion, with Basic auth API key :
 * secret key (plain HTTP, not the official node-mailjet SDK: its v6 pulls axios 0.27, an old major with
 * published advisories, and its own error classes, for four calls that vendor-http.ts already makes):
 * - https://dev.mailjet.com/email/guides/ (authentication; errors are {ErrorInfo, ErrorMessage, StatusCode})
 * - https://dev.mailjet.com/email/guides/contact-management/ (POST /v3/REST/contactslist/{list_ID}/managecontact
 *   with Email, Name, Action and Properties creates or updates the contact and its subscription to the
 *   list, answering its ContactID; "addnoforce" keeps an unsubscribed contact unsubscribed, "unsub"
 *   unsubscribes; every property must already be defined as contact metadata, else 400 "Object properties
 *   invalid" with the property named in ErrorInfo)
 * - https://dev.mailjet.com/email/guides/contact-management/#gdpr-delete-contacts (GET /v3/REST/contact/{email}
 *   for the id, then DELETE /v4/contacts/{contact_ID}: anonymized at once, gone after 30 days)
 * - https://dev.mailjet.com/email/reference/contacts/contact-list/ (GET /v3/REST/contactslist[/{id}])
 * - https://dev.mailjet.com/reference/overview/rate-limits/ (429 over the key's limit; the numbers for
 *   non-transactional calls are not published, hence a cautious callsPerSecond)
 * The bulk managemanycontacts call is an asynchronous job with no answer per contact, so contacts go one
 * per call.
 */

async function call(conn: VendorConnection, path: string, init: { method?: string; body?: unknown } = {}) {
  const origin = conn.origin('https://api.mailjet.com');
  const auth = { authorization: basicAuth(conn.settings.public_key ?? '', conn.settings.private_key ?? '') };
  return vendorRequest(`${origin}${path}`, {
    method: init.method ?? 'GET',
    ...(init.body === undefined ? { headers: { accept: 'application/json', ...auth } } : jsonBody(init.body, auth)),
  });
}

const listPath = (conn: VendorConnection) => `/v3/REST/contactslist/${encodeURIComponent(conn.settings.list_id ?? '')}`;

/** Mailjet's words with the per-property details of ErrorInfo, which say which property was refused. */
function mailjetWords(res: VendorResponse): string {
  const body = res.json as { ErrorMessage?: unknown; ErrorInfo?: unknown } | null;
  const message = typeof body?.ErrorMessage === 'string' ? body.ErrorMessage : res.text.trim() || `HTTP ${res.status}`;
  const info = body?.ErrorInfo && typeof body.ErrorInfo === 'object' ? ` ${JSON.stringify(body.ErrorInfo)}` : '';
  return `${message}${info}`.slice(0, 300);
}

const noEmail: ContactOutcome = { ok: false, answer: 'Mailjet keys contacts by email address: this guest has none' };

/** One contact on the settings' list: added or updated (addnoforce), or unsubscribed (unsub). */
async function manage(conn: VendorConnection, contact: VendorContact, action: 'addnoforce' | 'unsub'): Promise<ContactOutcome> {
  if (!contact.email) return noEmail;
  const res = await call(conn, `${listPath(conn)}/managecontact`, {
    method: 'POST',
    body: { Email: contact.email, Action: action, ...(action === 'addnoforce' ? { Properties: contact.fields } : {}) },
  });
  if (res.status === 400) return { ok: false, httpStatus: 400, answer: mailjetWords(res) };
  const data = (ok(res, 'list').json as { Data?: { ContactID?: number | string }[] } | null)?.Data?.[0];
  return { ok: true, httpStatus: res.status, vendorId: data?.ContactID !== undefined ? String(data.ContactID) : null };
}

async function contactIdOf(conn: VendorConnection, contact: VendorContact): Promise<string | null> {
  if (contact.vendorId) return contact.vendorId;
  const res = await call(conn, `/v3/REST/contact/${encodeURIComponent(contact.email ?? '')}`);
  if (res.status === 404) return null;
  const found = (ok(res, 'contact').json as { Data?: { ID?: number }[] } | null)?.Data?.[0];
  return found?.ID !== undefined ? String(found.ID) : null;
}

export const mailjetAdapter: VendorAdapter = {
  kind: 'mailjet',
  batchSize: 1,
  callsPerSecond: 4,
  defaultFieldMap: [
    { source: 'first_name', target: 'firstname' },
    { source: 'last_name', target: 'name' },
    { source: 'country', target: 'country' },
  ],

  /** The key's contact lists prove the keys; the chosen list must exist. */
  async test(conn) {
    const all = ok(await call(conn, '/v3/REST/contactslist?Limit=1000'), 'list').json as {
      Data?: { ID: number; Name: string; IsDeleted?: boolean }[];
    } | null;
    if (conn.settings.list_id) ok(await call(conn, listPath(conn)), 'list');
    return {
      account: null,
      lists: (all?.Data ?? []).filter((l) => !l.IsDeleted).map((l) => ({ id: String(l.ID), name: l.Name })),
    };
  },

  async upsert(conn, contacts) {
    const outcomes: ContactOutcome[] = [];
    for (const contact of contacts) outcomes.push(await manage(conn, contact, 'addnoforce'));
    return outcomes;
  },

  /** Unsubscribes the contact from the settings' list. */
  unsubscribe: (conn, contact) => manage(conn, contact, 'unsub'),

  /** The GDPR deletion: the contact is anonymized at once and its records removed within 30 days. */
  async erase(conn, contact) {
    if (!contact.vendorId && !contact.email) return noEmail;
    const id = await contactIdOf(conn, contact);
    if (!id) return { ok: true, answer: 'Mailjet holds no contact with this address' };
    const res = await call(conn, `/v4/contacts/${encodeURIComponent(id)}`, { method: 'DELETE' });
    if (res.status === 404) return { ok: true, httpStatus: 404, answer: 'already deleted' };
    return { ok: true, httpStatus: ok(res, 'contact').status };
  },
};
