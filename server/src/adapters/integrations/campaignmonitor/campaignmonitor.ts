import type { VendorAdapter, VendorConnection, VendorContact } from '../vendor.ts';
import type { VendorResponse } from '../vendor-http.ts';
import { VendorError } from '../vendor.ts';
import { basicAuth, failure, jsonBody, vendorRequest, vendorWords } from '../vendor-http.ts';

/**
 * Campaign Monitor API v3.3, following its documentation:
 * - subscribers (add, unsubscribe, delete): https://www.campaignmonitor.com/api/v3-3/subscribers/
 *   (POST /api/v3.3/subscribers/{listid}.json: adds, or updates the existing address; Resubscribe, ConsentToTrack)
 * - list details (the test): https://www.campaignmonitor.com/api/v3-3/lists/
 * - clients and their lists (the picker): https://www.campaignmonitor.com/api/v3-3/clients/
 * - auth, Basic with the API key as user: https://www.campaignmonitor.com/api/v3-3/getting-started/
 * Errors are `{Code, Message}`; a bad list id is a 400 with Code 101, an invalid address Code 1, an address
 * not in the list Code 203. One subscriber a call (the add endpoint); plain HTTP (the createsend SDK takes
 * no base URL).
 */

export const CAMPAIGN_MONITOR_API = 'https://api.createsend.com';
const INVALID_LIST = 101;
const INVALID_EMAIL = 1;
const NOT_IN_LIST = 203;

/** Mapped fields that are the subscriber's own, not custom fields: the name is FirstName and LastName joined. */
const OWN = new Set(['Name', 'FirstName', 'LastName', 'MobileNumber']);

function call(conn: VendorConnection, method: string, path: string, body?: unknown) {
  const headers = { authorization: basicAuth((conn.settings.api_key ?? '').trim(), 'x'), accept: 'application/json' };
  const url = `${conn.origin(CAMPAIGN_MONITOR_API)}/api/v3.3${path}`;
  return vendorRequest(url, body === undefined ? { method, headers } : { method, ...jsonBody(body, headers) });
}

const codeOf = (res: VendorResponse) => (res.json as { Code?: number } | null)?.Code;

/** Campaign Monitor's error: its 400 for an unknown list is a not_found. */
function cmFailure(res: VendorResponse) {
  if (res.status === 400 && codeOf(res) === INVALID_LIST)
    return new VendorError('not_found', vendorWords(res), { httpStatus: 400, what: 'list' });
  return failure(res, 'list');
}

function listPath(conn: VendorConnection) {
  const id = conn.settings.list_id;
  if (!id) throw new VendorError('not_found', 'no list chosen', { what: 'list' });
  return encodeURIComponent(id);
}

function subscriberOf(c: VendorContact) {
  const f = c.fields;
  const name = f.Name ?? [f.FirstName, f.LastName].filter((v) => v !== null && v !== undefined && v !== '').join(' ');
  const custom = Object.entries(f)
    .filter(([k, v]) => !OWN.has(k) && v !== null && v !== undefined && v !== '')
    .map(([Key, v]) => ({ Key, Value: String(v) }));
  return {
    EmailAddress: (c.email ?? '').trim(),
    Name: name ? String(name) : '',
    ...(f.MobileNumber ? { MobileNumber: String(f.MobileNumber) } : {}),
    CustomFields: custom,
    // Every contact an upsert gets has given marketing consent now: back on the list if they had left it.
    Resubscribe: true,
    ConsentToTrack: 'Yes',
  };
}

export const campaignMonitorAdapter: VendorAdapter = {
  kind: 'campaignmonitor',
  batchSize: 1,
  callsPerSecond: 8,
  defaultFieldMap: [
    { source: 'first_name', target: 'FirstName' },
    { source: 'last_name', target: 'LastName' },
  ],

  async test(conn) {
    const res = await call(conn, 'GET', `/lists/${listPath(conn)}.json`);
    if (res.status !== 200) throw cmFailure(res);
    const list = res.json as { Title?: string } | null;
    const lists: { id: string; name: string }[] = [];
    const clients = await call(conn, 'GET', '/clients.json');
    if (clients.status !== 200) throw cmFailure(clients);
    for (const client of (clients.json as { ClientID: string }[] | null) ?? []) {
      const of = await call(conn, 'GET', `/clients/${encodeURIComponent(client.ClientID)}/lists.json`);
      if (of.status !== 200) throw cmFailure(of);
      for (const l of (of.json as { ListID: string; Name: string }[] | null) ?? []) lists.push({ id: l.ListID, name: l.Name });
    }
    return { account: list?.Title ?? null, lists };
  },

  async upsert(conn, contacts) {
    const outcomes = [];
    for (const c of contacts) {
      const res = await call(conn, 'POST', `/subscribers/${listPath(conn)}.json`, subscriberOf(c));
      if (res.status === 400 && codeOf(res) !== INVALID_LIST) {
        outcomes.push({ ok: false as const, httpStatus: 400, answer: vendorWords(res) });
        continue;
      }
      if (res.status !== 201 && res.status !== 200) throw cmFailure(res);
      outcomes.push({ ok: true as const, httpStatus: res.status });
    }
    return outcomes;
  },

  async unsubscribe(conn, contact) {
    const res = await call(conn, 'POST', `/subscribers/${listPath(conn)}/unsubscribe.json`, {
      EmailAddress: (contact.email ?? '').trim(),
    });
    if (res.status === 400 && (codeOf(res) === NOT_IN_LIST || codeOf(res) === INVALID_EMAIL))
      return { ok: true, httpStatus: 400, answer: vendorWords(res) };
    if (res.status !== 200) throw cmFailure(res);
    return { ok: true, httpStatus: res.status };
  },

  async erase(conn, contact) {
    const email = encodeURIComponent((contact.email ?? '').trim());
    const res = await call(conn, 'DELETE', `/subscribers/${listPath(conn)}.json?email=${email}`);
    if (res.status === 400 && (codeOf(res) === NOT_IN_LIST || codeOf(res) === INVALID_EMAIL))
      return { ok: true, httpStatus: 400, answer: vendorWords(res) };
    if (res.status !== 200) throw cmFailure(res);
    return { ok: true, httpStatus: res.status };
  },
};
