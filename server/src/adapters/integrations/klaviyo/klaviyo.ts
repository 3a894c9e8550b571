import type { VendorAdapter, VendorConnection, VendorContact } from '../vendor.ts';
import { VendorError } from '../vendor.ts';
import { jsonBody, ok, vendorRequest, vendorWords } from '../vendor-http.ts';

/**
 * Klaviyo's JSON:API (revision header required), following its reference:
 * - create or update profile: https://developers.klaviyo.com/en/v2025-01-15/reference/create_or_update_profile
 *   (POST /api/profile-import; 201 created, 200 updated; burst 75/s, steady 700/m)
 * - bulk subscribe to a list with consent: https://developers.klaviyo.com/en/v2025-01-15/reference/bulk_subscribe_profiles
 * - bulk unsubscribe: https://developers.klaviyo.com/en/v2025-01-15/reference/bulk_unsubscribe_profiles
 * - request profile deletion: https://developers.klaviyo.com/en/v2025-01-15/reference/request_profile_deletion
 *   (POST /api/data-privacy-deletion-jobs)
 * - get list (the test): https://developers.klaviyo.com/en/v2025-01-15/reference/get_list
 * - auth `Authorization: Klaviyo-API-Key <private key>`, errors `{errors:[{status, code, title, detail}]}`,
 *   429 with Retry-After: https://developers.klaviyo.com/en/docs/rate_limits_and_error_handling
 * One profile a call (profile-import takes one); its list subscription is a second call. Plain HTTP: the
 * official klaviyo-api SDK adds its own retries and a large dependency for five calls.
 */

export const KLAVIYO_API = 'https://a.klaviyo.com';
export const KLAVIYO_REVISION = '2025-01-15';

/** Profile attributes Klaviyo keeps as its own; every other mapped field goes into `properties`. */
const STANDARD = new Set(['first_name', 'last_name', 'phone_number', 'organization', 'title', 'external_id']);
const LOCATION = new Set(['address1', 'address2', 'city', 'country', 'region', 'zip', 'timezone']);

function call(conn: VendorConnection, method: string, path: string, body?: unknown) {
  const key = (conn.settings.private_key ?? '').trim();
  const headers = { authorization: `Klaviyo-API-Key ${key}`, revision: KLAVIYO_REVISION, accept: 'application/vnd.api+json' };
  const url = `${conn.origin(KLAVIYO_API)}${path}`;
  if (body === undefined) return vendorRequest(url, { method, headers });
  return vendorRequest(url, {
    method,
    ...jsonBody(body, headers),
    headers: { ...headers, 'content-type': 'application/vnd.api+json' },
  });
}

function listId(conn: VendorConnection) {
  const id = conn.settings.list_id;
  if (!id) throw new VendorError('not_found', 'no list chosen', { what: 'list' });
  return id;
}

function attributesOf(c: VendorContact) {
  const attributes: Record<string, unknown> = { email: (c.email ?? '').trim() };
  const properties: Record<string, unknown> = {};
  const location: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c.fields)) {
    if (v === null || v === undefined || v === '' || k === 'email') continue;
    if (STANDARD.has(k)) attributes[k] = v;
    else if (k.startsWith('location.') && LOCATION.has(k.slice(9))) location[k.slice(9)] = v;
    else properties[k] = v;
  }
  if (Object.keys(location).length) attributes.location = location;
  if (Object.keys(properties).length) attributes.properties = properties;
  return attributes;
}

const subscriptionJob = (type: string, conn: VendorConnection, c: VendorContact, consent: Record<string, unknown>) => ({
  data: {
    type,
    attributes: {
      profiles: {
        data: [
          { type: 'profile', attributes: { email: (c.email ?? '').trim(), subscriptions: { email: { marketing: consent } } } },
        ],
      },
    },
    relationships: { list: { data: { type: 'list', id: listId(conn) } } },
  },
});

export const klaviyoAdapter: VendorAdapter = {
  kind: 'klaviyo',
  batchSize: 1,
  // Steady 700 a minute (11.6/s) for profile-import, and each contact takes two calls.
  callsPerSecond: 5,
  defaultFieldMap: [
    { source: 'first_name', target: 'first_name' },
    { source: 'last_name', target: 'last_name' },
    { source: 'phone', target: 'phone_number' },
    { source: 'country', target: 'location.country' },
    { source: 'postcode', target: 'location.zip' },
  ],

  async test(conn) {
    const list = ok(await call(conn, 'GET', `/api/lists/${encodeURIComponent(listId(conn))}`), 'list').json as {
      data?: { attributes?: { name?: string } };
    } | null;
    const lists = ok(await call(conn, 'GET', '/api/lists'), 'list').json as {
      data?: { id: string; attributes?: { name?: string } }[];
    } | null;
    return {
      account: list?.data?.attributes?.name ?? null,
      lists: (lists?.data ?? []).map((l) => ({ id: l.id, name: l.attributes?.name ?? l.id })),
    };
  },

  async upsert(conn, contacts) {
    const outcomes = [];
    for (const c of contacts) {
      const res = await call(conn, 'POST', '/api/profile-import', {
        data: { type: 'profile', attributes: attributesOf(c) },
      });
      // A 400 names what is wrong with this profile (an invalid address or phone number).
      if (res.status === 400) {
        outcomes.push({ ok: false as const, httpStatus: 400, answer: vendorWords(res) });
        continue;
      }
      const profile = ok(res, 'profile').json as { data?: { id?: string } } | null;
      const consent = { consent: 'SUBSCRIBED', ...(c.consentAt ? { consented_at: c.consentAt } : {}) };
      ok(
        await call(
          conn,
          'POST',
          '/api/profile-subscription-bulk-create-jobs',
          subscriptionJob('profile-subscription-bulk-create-job', conn, c, consent),
        ),
        'list',
      );
      outcomes.push({ ok: true as const, vendorId: profile?.data?.id ?? null, httpStatus: res.status });
    }
    return outcomes;
  },

  async unsubscribe(conn, contact) {
    const body = subscriptionJob('profile-subscription-bulk-delete-job', conn, contact, { consent: 'UNSUBSCRIBED' });
    const res = ok(await call(conn, 'POST', '/api/profile-subscription-bulk-delete-jobs', body), 'list');
    return { ok: true, httpStatus: res.status };
  },

  async erase(conn, contact) {
    const profile = contact.vendorId
      ? { type: 'profile', id: contact.vendorId }
      : { type: 'profile', attributes: { email: (contact.email ?? '').trim() } };
    const res = await call(conn, 'POST', '/api/data-privacy-deletion-jobs', {
      data: { type: 'data-privacy-deletion-job', attributes: { profile: { data: profile } } },
    });
    ok(res, 'profile');
    return { ok: true, httpStatus: res.status };
  },
};
