import type { ContactOutcome, VendorAdapter, VendorConnection, VendorContact } from '../vendor.ts';
import { VendorError } from '../vendor.ts';
import { basicAuth, jsonBody, ok, retryAfterSeconds, vendorRequest, vendorWords, type VendorResponse } from '../vendor-http.ts';

/**
 * Emma (Marigold Engage by Emma), through its REST API at https://api.e2ma.net/{account_id} with Basic
 * auth public key : private key (plain HTTP: Emma's SDKs are community wrappers, none current for Node):
 * - http://api.myemma.com/ (authentication, JSON bodies, "403 Rate Limit Exceeded" when calls go too fast)
 * - http://api.myemma.com/api/external/members.html (POST /#account_id/members/add adds or updates one
 *   member by email with its fields and group_ids, answering {member_id, added, status};
 *   GET /#account_id/members/email/:email; PUT /#account_id/members/email/optout/:email;
 *   DELETE /#account_id/members/#member_id)
 * - http://api.myemma.com/api/external/groups.html (GET /#account_id/groups: the groups to choose from)
 * The bulk call (POST /#account_id/members) is an import job with no answer per member, so members go
 * one per call.
 */

async function call(conn: VendorConnection, path: string, init: { method?: string; body?: unknown } = {}) {
  const origin = conn.origin('https://api.e2ma.net');
  const auth = { authorization: basicAuth(conn.settings.public_key ?? '', conn.settings.private_key ?? '') };
  const account = encodeURIComponent(conn.settings.account_id ?? '');
  return vendorRequest(`${origin}/${account}${path}`, {
    method: init.method ?? 'GET',
    ...(init.body === undefined ? { headers: { accept: 'application/json', ...auth } } : jsonBody(init.body, auth)),
  });
}

/** Emma answers calls that go too fast with 403 "Rate Limit Exceeded" (newer gateways with 429). */
function checked(res: VendorResponse, what: string): VendorResponse {
  if (res.status === 403 && /rate limit/i.test(res.text))
    throw new VendorError('rate_limited', vendorWords(res), {
      httpStatus: 403,
      retryAfterSeconds: retryAfterSeconds(res.headers.get('retry-after'), 60),
    });
  return ok(res, what);
}

const noEmail: ContactOutcome = { ok: false, answer: 'Emma keys members by email address: this guest has none' };

async function memberIdOf(conn: VendorConnection, contact: VendorContact): Promise<string | null> {
  if (contact.vendorId) return contact.vendorId;
  const res = await call(conn, `/members/email/${encodeURIComponent(contact.email ?? '')}`);
  if (res.status === 404) return null;
  const member = checked(res, 'member').json as { member_id?: number } | null;
  return member?.member_id !== undefined ? String(member.member_id) : null;
}

export const emmaAdapter: VendorAdapter = {
  kind: 'emma',
  batchSize: 1,
  callsPerSecond: 2,
  defaultFieldMap: [
    { source: 'first_name', target: 'first_name' },
    { source: 'last_name', target: 'last_name' },
  ],

  /** The account's groups prove the keys and the account id; the chosen group must be one of them. */
  async test(conn) {
    const groups = (checked(await call(conn, '/groups?group_types=g'), 'account').json ?? []) as {
      member_group_id: number;
      group_name: string;
    }[];
    const lists = groups.map((g) => ({ id: String(g.member_group_id), name: g.group_name }));
    const wanted = conn.settings.list_id;
    if (wanted && !lists.some((l) => l.id === wanted))
      throw new VendorError('not_found', `No group with id ${wanted}`, { what: 'group' });
    return { account: conn.settings.account_id ?? null, lists };
  },

  async upsert(conn, contacts) {
    const group = conn.settings.list_id;
    const outcomes: ContactOutcome[] = [];
    for (const contact of contacts) {
      if (!contact.email) {
        outcomes.push(noEmail);
        continue;
      }
      const res = await call(conn, '/members/add', {
        method: 'POST',
        body: { email: contact.email, fields: contact.fields, ...(group ? { group_ids: [Number(group)] } : {}) },
      });
      if (res.status === 400) {
        outcomes.push({ ok: false, httpStatus: 400, answer: vendorWords(res) });
        continue;
      }
      const added = checked(res, 'account').json as { member_id?: number } | null;
      outcomes.push({
        ok: true,
        httpStatus: res.status,
        vendorId: added?.member_id !== undefined ? String(added.member_id) : null,
      });
    }
    return outcomes;
  },

  /** Opts the member out of the whole account, keyed on the address. */
  async unsubscribe(conn, contact) {
    if (!contact.email) return noEmail;
    const res = await call(conn, `/members/email/optout/${encodeURIComponent(contact.email)}`, { method: 'PUT' });
    if (res.status === 404) return { ok: true, httpStatus: 404, answer: 'Emma holds no member with this address' };
    return { ok: true, httpStatus: checked(res, 'member').status };
  },

  /** Deletes the member with its response history (Emma keeps nothing of a deleted member). */
  async erase(conn, contact) {
    if (!contact.vendorId && !contact.email) return noEmail;
    const id = await memberIdOf(conn, contact);
    if (!id) return { ok: true, answer: 'Emma holds no member with this address' };
    const res = await call(conn, `/members/${encodeURIComponent(id)}`, { method: 'DELETE' });
    if (res.status === 404) return { ok: true, httpStatus: 404, answer: 'already deleted' };
    return { ok: true, httpStatus: checked(res, 'member').status };
  },
};
