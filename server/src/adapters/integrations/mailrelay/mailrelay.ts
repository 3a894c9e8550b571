import type { ContactOutcome, VendorAdapter, VendorConnection, VendorContact } from '../vendor.ts';
import { VendorError } from '../vendor.ts';
import { jsonBody, ok, vendorRequest, type VendorResponse } from '../vendor-http.ts';

/**
 * Mailrelay, through its API v1 at the account's own address (https://{account}.ipzmarketing.com/api/v1)
 * with the API key in the X-AUTH-TOKEN header (plain HTTP: Mailrelay publishes no Node SDK):
 * - https://apidocs.mailrelay.com/ (Subscribers: POST /subscribers/sync creates or updates by email,
 *   200 updated / 201 created, with status, group_ids, replace_groups and custom_fields; GET /subscribers
 *   with q[…] filters; PATCH /subscribers/{id}/ban; DELETE /subscribers/{id}. Groups: GET /groups)
 * - Mailrelay's own WordPress plugin (github.com/mailrelay/wordpress, inc/common.php) calls sync the same
 *   way (status "active", replace_groups false, restore_if_deleted false) and filters lists with the
 *   same q[…] parameters (q[s] there, q[email_eq] here).
 * Errors are {error: "…"} or, for a refused subscriber, {errors: {field: ["…"]}}. There is no batch call
 * with an answer per subscriber (imports are files), so subscribers go one per call; the API's rate
 * limit is not published, hence a cautious callsPerSecond.
 */

/** The subscriber's own fields; any other target of the field map is one of the account's custom fields. */
const STANDARD_FIELDS = new Set(['name', 'address', 'city', 'state', 'country', 'birthday', 'website', 'locale', 'time_zone']);

/** The account's address from the `url` setting: a full address, a host, or just the account name. */
function accountOrigin(conn: VendorConnection): string {
  const raw = (conn.settings.url ?? '').trim();
  const withHost = /^[a-z0-9-]+$/i.test(raw) ? `${raw}.ipzmarketing.com` : raw;
  try {
    return new URL(/^https?:\/\//i.test(withHost) ? withHost : `https://${withHost}`).origin;
  } catch {
    throw new VendorError('rejected', `The account address "${raw}" is not a web address`);
  }
}

async function call(conn: VendorConnection, path: string, init: { method?: string; body?: unknown } = {}) {
  const auth = { 'x-auth-token': conn.settings.api_key ?? '' };
  return vendorRequest(`${conn.origin(accountOrigin(conn))}/api/v1${path}`, {
    method: init.method ?? 'GET',
    ...(init.body === undefined ? { headers: { accept: 'application/json', ...auth } } : jsonBody(init.body, auth)),
  });
}

/** Mailrelay's words, its per-field errors spelt out ("email is invalid"). */
function mailrelayWords(res: VendorResponse): string {
  const body = res.json as { error?: unknown; errors?: unknown } | null;
  if (typeof body?.error === 'string') return body.error.slice(0, 300);
  if (body?.errors && typeof body.errors === 'object') {
    const parts = Object.entries(body.errors as Record<string, unknown>).map(
      ([field, words]) => `${field} ${Array.isArray(words) ? words.join(', ') : String(words)}`,
    );
    return parts.join('; ').slice(0, 300);
  }
  return (res.text.trim() || `HTTP ${res.status}`).slice(0, 300);
}

const refusedContact = (res: VendorResponse) => res.status === 400 || res.status === 422;

const noEmail: ContactOutcome = { ok: false, answer: 'Mailrelay keys subscribers by email address: this guest has none' };

function syncBody(conn: VendorConnection, contact: VendorContact) {
  const standard: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const [target, value] of Object.entries(contact.fields)) (STANDARD_FIELDS.has(target) ? standard : custom)[target] = value;
  const group = conn.settings.list_id;
  return {
    status: 'active',
    email: contact.email,
    ...standard,
    ...(Object.keys(custom).length ? { custom_fields: custom } : {}),
    group_ids: group ? [Number(group)] : [],
    replace_groups: false,
    restore_if_deleted: false,
  };
}

async function subscriberIdOf(conn: VendorConnection, contact: VendorContact): Promise<string | null> {
  if (contact.vendorId) return contact.vendorId;
  const query = new URLSearchParams({ 'q[email_eq]': contact.email ?? '' });
  const found = ok(await call(conn, `/subscribers?${query}`), 'subscriber').json as { id?: number }[] | null;
  return found?.[0]?.id !== undefined ? String(found[0].id) : null;
}

export const mailrelayAdapter: VendorAdapter = {
  kind: 'mailrelay',
  batchSize: 1,
  callsPerSecond: 2,
  defaultFieldMap: [
    { source: 'first_name', target: 'name' },
    { source: 'country', target: 'country' },
    { source: 'birthday', target: 'birthday' },
  ],

  /** The account's groups prove the address and the key; the chosen group must be one of them. */
  async test(conn) {
    const groups = (ok(await call(conn, '/groups?page=1&per_page=1000'), 'account').json ?? []) as { id: number; name: string }[];
    const lists = groups.map((g) => ({ id: String(g.id), name: g.name }));
    const wanted = conn.settings.list_id;
    if (wanted && !lists.some((l) => l.id === wanted))
      throw new VendorError('not_found', `No group with id ${wanted}`, { what: 'group' });
    return { account: new URL(accountOrigin(conn)).host, lists };
  },

  async upsert(conn, contacts) {
    const outcomes: ContactOutcome[] = [];
    for (const contact of contacts) {
      if (!contact.email) {
        outcomes.push(noEmail);
        continue;
      }
      const res = await call(conn, '/subscribers/sync', { method: 'POST', body: syncBody(conn, contact) });
      if (refusedContact(res)) {
        outcomes.push({ ok: false, httpStatus: res.status, answer: mailrelayWords(res) });
        continue;
      }
      const saved = ok(res, 'account').json as { id?: number } | null;
      outcomes.push({ ok: true, httpStatus: res.status, vendorId: saved?.id !== undefined ? String(saved.id) : null });
    }
    return outcomes;
  },

  /** Bans the subscriber: Mailrelay sends nothing more to a banned address. */
  async unsubscribe(conn, contact) {
    if (!contact.vendorId && !contact.email) return noEmail;
    const id = await subscriberIdOf(conn, contact);
    if (!id) return { ok: true, answer: 'Mailrelay holds no subscriber with this address' };
    const res = await call(conn, `/subscribers/${encodeURIComponent(id)}/ban`, { method: 'PATCH' });
    if (res.status === 404) return { ok: true, httpStatus: 404, answer: 'Mailrelay holds no subscriber with this id' };
    return { ok: true, httpStatus: ok(res, 'subscriber').status };
  },

  async erase(conn, contact) {
    if (!contact.vendorId && !contact.email) return noEmail;
    const id = await subscriberIdOf(conn, contact);
    if (!id) return { ok: true, answer: 'Mailrelay holds no subscriber with this address' };
    const res = await call(conn, `/subscribers/${encodeURIComponent(id)}`, { method: 'DELETE' });
    if (res.status === 404) return { ok: true, httpStatus: 404, answer: 'already deleted' };
    return { ok: true, httpStatus: ok(res, 'subscriber').status };
  },
};
