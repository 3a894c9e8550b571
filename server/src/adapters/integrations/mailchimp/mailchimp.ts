import { createHash } from 'node:crypto';
import type { VendorAdapter, VendorConnection, VendorContact } from '../vendor.ts';
import { VendorError } from '../vendor.ts';
import { basicAuth, failure, jsonBody, ok, vendorRequest, vendorWords } from '../vendor-http.ts';
import { mailchimpOAuth } from './mailchimp-oauth.ts';

/**
 * Mailchimp Marketing API 3.0, following its documentation:
 * - add or update a list member: https://mailchimp.com/developer/marketing/api/list-members/add-or-update-list-member/
 *   (PUT /3.0/lists/{list_id}/members/{subscriber_hash}, the hash being MD5 of the lowercase address; status_if_new)
 * - member tags: https://mailchimp.com/developer/marketing/api/list-member-tags/add-or-remove-member-tags/
 * - unsubscribe: PATCH the member with status "unsubscribed" (update-list-member)
 * - permanent delete: https://mailchimp.com/developer/marketing/api/list-members/delete-list-member-permanent/
 * - get list info (the test): https://mailchimp.com/developer/marketing/api/lists/get-list-info/
 * - authentication and datacenter (the key's `-usN` suffix): https://mailchimp.com/developer/marketing/docs/fundamentals/
 * - limits: https://mailchimp.com/developer/marketing/docs/fundamentals/#api-limits (10 simultaneous connections).
 * One member a call, as the brief's add-or-update: the batch endpoints answer asynchronously (batch
 * operations) or take no tags (batch subscribe). Plain HTTP: the official SDK
 * (@mailchimp/mailchimp_marketing) takes no base URL other than the datacenter's.
 */

export const subscriberHash = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

/** The datacenter: the OAuth metadata's, else the API key's suffix (`…-us6`). */
function datacenterOf(conn: VendorConnection): string {
  if (conn.oauth) {
    const dc = conn.oauth.extra.dc;
    if (!dc) throw new VendorError('auth', 'the OAuth connection has no datacenter: connect Mailchimp again');
    return dc;
  }
  const dc = /-([a-z]+\d+)$/.exec((conn.settings.api_key ?? '').trim())?.[1];
  if (!dc) throw new VendorError('auth', 'the API key has no datacenter suffix (like -us6)');
  return dc;
}

function authHeader(conn: VendorConnection): string {
  if (conn.oauth) return `Bearer ${conn.oauth.accessToken}`;
  return basicAuth('splashboard', (conn.settings.api_key ?? '').trim());
}

function call(conn: VendorConnection, method: string, path: string, body?: unknown) {
  const url = `${conn.origin(`https://${datacenterOf(conn)}.api.mailchimp.com`)}/3.0${path}`;
  const headers = { authorization: authHeader(conn), accept: 'application/json' };
  return vendorRequest(url, body === undefined ? { method, headers } : { method, ...jsonBody(body, headers) });
}

function listPath(conn: VendorConnection) {
  const listId = conn.settings.list_id;
  if (!listId) throw new VendorError('not_found', 'no audience chosen', { what: 'audience' });
  return `/lists/${encodeURIComponent(listId)}`;
}

const memberPath = (conn: VendorConnection, c: VendorContact) => `${listPath(conn)}/members/${subscriberHash(c.email ?? '')}`;

const tagsOf = (conn: VendorConnection) =>
  (conn.settings.tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** Merge fields are strings or numbers; empty values are left out (Mailchimp would blank the stored ones). */
function mergeFields(c: VendorContact): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(c.fields)) {
    if (v === null || v === undefined || v === '') continue;
    out[k] = typeof v === 'number' ? v : String(v);
  }
  return out;
}

export const mailchimpAdapter: VendorAdapter = {
  kind: 'mailchimp',
  batchSize: 1,
  callsPerSecond: 8,
  defaultFieldMap: [
    { source: 'first_name', target: 'FNAME' },
    { source: 'last_name', target: 'LNAME' },
    { source: 'phone', target: 'PHONE' },
  ],

  async test(conn) {
    const list = ok(await call(conn, 'GET', `${listPath(conn)}?fields=id,name`), 'audience').json as { name?: string };
    const lists = ok(await call(conn, 'GET', '/lists?count=100&fields=lists.id,lists.name'), 'audience').json as {
      lists?: { id: string; name: string }[];
    } | null;
    return {
      account: conn.oauth?.extra.accountname ?? list.name ?? null,
      lists: (lists?.lists ?? []).map((l) => ({ id: l.id, name: l.name })),
    };
  },

  async upsert(conn, contacts) {
    const outcomes = [];
    for (const c of contacts) {
      const res = await call(conn, 'PUT', memberPath(conn, c), {
        email_address: (c.email ?? '').trim(),
        status_if_new: 'subscribed',
        merge_fields: mergeFields(c),
      });
      // 400 on a member is about that member (an invalid or fake address, one in compliance state).
      if (res.status === 400) {
        outcomes.push({ ok: false as const, httpStatus: 400, answer: vendorWords(res) });
        continue;
      }
      const member = ok(res, 'audience').json as { id?: string } | null;
      const tags = tagsOf(conn);
      if (tags.length)
        ok(
          await call(conn, 'POST', `${memberPath(conn, c)}/tags`, { tags: tags.map((name) => ({ name, status: 'active' })) }),
          'audience',
        );
      outcomes.push({ ok: true as const, vendorId: member?.id ?? null, httpStatus: res.status });
    }
    return outcomes;
  },

  async unsubscribe(conn, contact) {
    const res = await call(conn, 'PATCH', memberPath(conn, contact), { status: 'unsubscribed' });
    if (res.status === 404) return { ok: true, httpStatus: 404, answer: 'not in the audience' };
    ok(res, 'audience');
    return { ok: true, httpStatus: res.status };
  },

  async erase(conn, contact) {
    const res = await call(conn, 'POST', `${memberPath(conn, contact)}/actions/delete-permanent`);
    if (res.status === 404) return { ok: true, httpStatus: 404, answer: 'not in the audience' };
    if (res.status >= 300) throw failure(res, 'audience');
    return { ok: true, httpStatus: res.status };
  },

  oauth: mailchimpOAuth,
};
