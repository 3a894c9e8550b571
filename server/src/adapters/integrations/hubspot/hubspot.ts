import type { ContactOutcome, VendorAdapter, VendorConnection, VendorContact } from '../vendor.ts';
import { VendorError } from '../vendor.ts';
import { failure, jsonBody, ok, vendorRequest, vendorWords } from '../vendor-http.ts';
import { hubspotOAuth } from './hubspot-oauth.ts';

/**
 * HubSpot CRM, following its documented API:
 * - contacts batch upsert: https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/upsert-contacts
 *   (POST /crm/v3/objects/contacts/batch/upsert, idProperty email, 100 inputs a call; 207 with `errors` for some)
 * - lists v3 membership: https://developers.hubspot.com/docs/guides/api/crm/lists/overview
 *   (PUT /crm/v3/lists/{listId}/memberships/add with record ids; only MANUAL lists take members)
 * - unsubscribe from all email: https://developers.hubspot.com/docs/api-reference/latest/communication-preferences/status/get-subscriptions-subscriberIdString
 *   (POST /communication-preferences/v4/statuses/{email}/unsubscribe-all?channel=EMAIL)
 * - GDPR delete: https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/gdpr-delete
 * - account details (the test's harmless read): GET /account-info/v3/details
 * - rate limits: https://developers.hubspot.com/docs/guides/apps/api-usage/usage-details (100 requests / 10 s per
 *   private app on the lowest tier).
 * Plain HTTP rather than @hubspot/api-client: its current major (14) needs Node 22; 13.5 runs on Node 20 but
 * has only the v3 communication preferences (no unsubscribe-all) and its own node-fetch 2 stack (no
 * timeouts, its own retries), so one vendor would have been half SDK, half vendorRequest.
 */

export const HUBSPOT_API = 'https://api.hubapi.com';
const BATCH_MAX = 100;

function authHeader(conn: VendorConnection): string {
  const token = conn.oauth?.accessToken ?? conn.settings.api_key ?? '';
  if (!token) throw new VendorError('auth', 'no access token or private app token');
  return `Bearer ${token}`;
}

const api = (conn: VendorConnection, path: string) => `${conn.origin(HUBSPOT_API)}${path}`;

function call(conn: VendorConnection, method: string, path: string, body?: unknown) {
  const headers = { authorization: authHeader(conn), accept: 'application/json' };
  return vendorRequest(api(conn, path), body === undefined ? { method, headers } : { method, ...jsonBody(body, headers) });
}

const emailOf = (c: VendorContact) => (c.email ?? '').trim().toLowerCase();

function propertiesOf(c: VendorContact): Record<string, string> {
  const props: Record<string, string> = {};
  for (const [k, v] of Object.entries(c.fields)) if (v !== null && v !== undefined) props[k] = String(v);
  props.email = emailOf(c);
  return props;
}

interface BatchAnswer {
  results?: { id: string; properties?: Record<string, string | null> }[];
  errors?: { message?: string; context?: Record<string, unknown> }[];
}

/** The emails an error of HubSpot's names (in its context or its message). */
const named = (error: unknown, emails: string[]) => {
  const text = JSON.stringify(error).toLowerCase();
  return emails.filter((e) => text.includes(e));
};

async function batchUpsert(conn: VendorConnection, contacts: VendorContact[]): Promise<ContactOutcome[]> {
  const emails = contacts.map(emailOf);
  const res = await call(conn, 'POST', '/crm/v3/objects/contacts/batch/upsert', {
    inputs: contacts.map((c) => ({ idProperty: 'email', id: emailOf(c), properties: propertiesOf(c) })),
  });
  // A 400 for the whole batch that names some addresses: those are refused, the others go again alone.
  if (res.status === 400) {
    if (contacts.length === 1) return [{ ok: false, httpStatus: 400, answer: vendorWords(res) }];
    const refused = named(res.json ?? res.text, emails);
    if (!refused.length) throw failure(res);
    const rest = contacts.filter((c) => !refused.includes(emailOf(c)));
    const restOutcomes = rest.length ? await batchUpsert(conn, rest) : [];
    return contacts.map((c) =>
      refused.includes(emailOf(c)) ? { ok: false, httpStatus: 400, answer: vendorWords(res) } : restOutcomes[rest.indexOf(c)]!,
    );
  }
  if (res.status !== 200 && res.status !== 201 && res.status !== 207) throw failure(res);
  const body = (res.json ?? {}) as BatchAnswer;
  const ids = new Map<string, string>();
  for (const r of body.results ?? []) {
    const email = (r.properties?.email ?? '').toLowerCase();
    if (email) ids.set(email, r.id);
  }
  return emails.map((email) => {
    const id = ids.get(email);
    if (id) return { ok: true, vendorId: id, httpStatus: res.status };
    const error = (body.errors ?? []).find((e) => named(e, [email]).length);
    return { ok: false, httpStatus: res.status, answer: (error?.message ?? 'HubSpot returned no record for it').slice(0, 300) };
  });
}

async function addToList(conn: VendorConnection, listId: string, recordIds: string[]) {
  ok(await call(conn, 'PUT', `/crm/v3/lists/${encodeURIComponent(listId)}/memberships/add`, recordIds), 'list');
}

export const hubspotAdapter: VendorAdapter = {
  kind: 'hubspot',
  batchSize: BATCH_MAX,
  callsPerSecond: 9,
  defaultFieldMap: [
    { source: 'first_name', target: 'firstname' },
    { source: 'last_name', target: 'lastname' },
    { source: 'phone', target: 'phone' },
    { source: 'country', target: 'country' },
    { source: 'postcode', target: 'zip' },
  ],

  async test(conn) {
    const account = ok(await call(conn, 'GET', '/account-info/v3/details'), 'account').json as {
      portalId?: number;
      uiDomain?: string;
    } | null;
    const listId = conn.settings.list_id;
    if (listId) ok(await call(conn, 'GET', `/crm/v3/lists/${encodeURIComponent(listId)}`), 'list');
    // The picker's lists; a token without the lists scopes (403) still connects, with none to pick.
    const search = await call(conn, 'POST', '/crm/v3/lists/search', { query: '', processingTypes: ['MANUAL'], count: 100 });
    if (search.status !== 403) ok(search, 'list');
    const found = (search.status === 200 ? search.json : null) as { lists?: { listId: string | number; name: string }[] } | null;
    return {
      account: account?.portalId != null ? String(account.portalId) : null,
      lists: (found?.lists ?? []).map((l) => ({ id: String(l.listId), name: l.name })),
    };
  },

  async upsert(conn, contacts) {
    const outcomes = await batchUpsert(conn, contacts);
    const listId = conn.settings.list_id;
    const added = outcomes.flatMap((o) => (o.ok && o.vendorId ? [o.vendorId] : []));
    if (listId && added.length) await addToList(conn, listId, added);
    return outcomes;
  },

  async unsubscribe(conn, contact) {
    const path = `/communication-preferences/v4/statuses/${encodeURIComponent(emailOf(contact))}/unsubscribe-all?channel=EMAIL`;
    const res = await call(conn, 'POST', path);
    if (res.status === 404) return { ok: true, httpStatus: 404, answer: 'not in HubSpot' };
    ok(res, 'contact');
    return { ok: true, httpStatus: res.status };
  },

  async erase(conn, contact) {
    const body = contact.vendorId ? { objectId: contact.vendorId } : { objectId: emailOf(contact), idProperty: 'email' };
    const res = await call(conn, 'POST', '/crm/v3/objects/contacts/gdpr-delete', body);
    if (res.status === 404) return { ok: true, httpStatus: 404, answer: 'not in HubSpot' };
    ok(res, 'contact');
    return { ok: true, httpStatus: res.status };
  },

  oauth: hubspotOAuth,
};
