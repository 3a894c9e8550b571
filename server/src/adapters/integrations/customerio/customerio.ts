import type { VendorAdapter, VendorConnection, VendorContact, ContactOutcome } from '../vendor.ts';
import { VendorError } from '../vendor.ts';
import { basicAuth, failure, jsonBody, vendorRequest, type VendorResponse } from '../vendor-http.ts';

/**
 * Customer.io through its Track API (Basic auth: site id `account_id` : Track API key `api_key`).
 * Docs followed:
 * - https://docs.customer.io/api/track/ (regions: track.customer.io, track-eu.customer.io; errors `{meta:{error}}`)
 * - https://docs.customer.io/integrations/api/track/tag/trackregion/getRegion/ (GET /api/v1/accounts/region: the
 *   credentials' region from either host; 401 for wrong credentials)
 * - https://docs.customer.io/api/track/#operation/identify (PUT /api/v1/customers/{identifier}: create or update;
 *   the email may be the identifier; `created_at` in unix seconds; `unsubscribed: true` unsubscribes)
 * - https://docs.customer.io/api/track/#operation/delete (DELETE /api/v1/customers/{identifier})
 * - Track API fair use: 100 requests a second per workspace (we pace at 80).
 * One person per call (batchSize 1): the v2 `/api/v2/batch` call exists, but its per-item errors are not
 * documented in a shape we could read back reliably, and each v1 identify answers for its person.
 * Plain HTTP through vendor-http.ts: the official `customerio-node` retries on its own and its
 * transport cannot be replaced by ours (timeouts, no redirects), and each call here is one request.
 *
 * The `attributes` setting (optional) adds fixed attributes to every identify: either a JSON object
 * (`{"source":"wifi","venue":"Sol"}`) or one `name=value` per line.
 */

const HOSTS = { us: 'https://track.customer.io', eu: 'https://track-eu.customer.io' } as const;
type Region = keyof typeof HOSTS;

const regionOf = (conn: VendorConnection): Region => (conn.settings.region_id === 'eu' ? 'eu' : 'us');
const base = (conn: VendorConnection, region = regionOf(conn)) => conn.origin(HOSTS[region]);
const auth = (conn: VendorConnection) => ({
  authorization: basicAuth(conn.settings.account_id ?? '', conn.settings.api_key ?? ''),
});

/** Customer.io's error body is `{meta: {error}}` or `{meta: {errors: [...]}}`. */
function cioFailure(res: VendorResponse, what = 'workspace') {
  const meta = (res.json as { meta?: { error?: string; errors?: string[] } } | null)?.meta;
  const words = meta?.error ?? meta?.errors?.join('; ');
  return failure(words ? { ...res, json: { message: words } } : res, what);
}

/** The fixed attributes of the settings: a JSON object or `name=value` lines. */
export function extraAttributes(raw: string | undefined): Record<string, unknown> {
  const text = (raw ?? '').trim();
  if (!text) return {};
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // not JSON: read as lines
    }
  }
  const out: Record<string, unknown> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf('=');
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

const unixSeconds = (value: unknown): number | null => {
  if (typeof value === 'number') return value > 1e11 ? Math.floor(value / 1000) : value;
  if (typeof value === 'string' && value) {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
  }
  return null;
};

const customerUrl = (conn: VendorConnection, contact: VendorContact) =>
  `${base(conn)}/api/v1/customers/${encodeURIComponent(contact.vendorId ?? contact.email ?? '')}`;

async function identify(conn: VendorConnection, contact: VendorContact, attributes: Record<string, unknown>) {
  return vendorRequest(customerUrl(conn, contact), { method: 'PUT', ...jsonBody(attributes, auth(conn)) });
}

/** One contact's answer: 2xx ok; a 400 refuses this contact only; anything else stops the call. */
function outcome(res: VendorResponse, contact: VendorContact): ContactOutcome {
  if (res.status >= 200 && res.status < 300) return { ok: true, httpStatus: res.status, vendorId: contact.email };
  if (res.status === 400) return { ok: false, httpStatus: 400, answer: cioFailure(res).detail };
  throw cioFailure(res);
}

export const customerioAdapter: VendorAdapter = {
  kind: 'customerio',
  batchSize: 1,
  callsPerSecond: 80,
  defaultFieldMap: [
    { source: 'email', target: 'email' },
    { source: 'first_name', target: 'first_name' },
    { source: 'last_name', target: 'last_name' },
    { source: 'phone', target: 'phone' },
    { source: 'first_seen', target: 'created_at' },
    { source: 'site_name', target: 'site_name' },
    { source: 'visits', target: 'visits' },
  ],

  /**
   * The region endpoint on the chosen region's host: 401 there may mean the workspace lives in the
   * other region (its credentials are unknown to this one), so the other host is asked before
   * answering `auth`; a region that differs from the chosen one is `region`.
   */
  async test(conn) {
    const chosen = regionOf(conn);
    const ask = (region: Region) =>
      vendorRequest(`${base(conn, region)}/api/v1/accounts/region`, { headers: { ...auth(conn), accept: 'application/json' } });
    let res = await ask(chosen);
    if (res.status === 401) {
      const other: Region = chosen === 'us' ? 'eu' : 'us';
      const there = await ask(other);
      if (there.status >= 200 && there.status < 300) res = there;
      else throw cioFailure(res);
    }
    if (res.status < 200 || res.status >= 300) throw cioFailure(res);
    const answer = res.json as { region?: string; environment_id?: number | string } | null;
    const region = answer?.region === 'eu' ? 'eu' : answer?.region === 'us' ? 'us' : chosen;
    if (region !== chosen) throw new VendorError('region', `the workspace is in the ${region.toUpperCase()} region`, { region });
    return { account: answer?.environment_id !== undefined ? `workspace ${answer.environment_id}` : null };
  },

  async upsert(conn, contacts) {
    const extra = extraAttributes(conn.settings.attributes);
    const outcomes: ContactOutcome[] = [];
    for (const contact of contacts) {
      const attributes: Record<string, unknown> = { ...extra, ...contact.fields, email: contact.email };
      const created = unixSeconds(contact.fields.created_at) ?? unixSeconds(contact.consentAt);
      if (created !== null) attributes.created_at = created;
      outcomes.push(outcome(await identify(conn, contact, attributes), contact));
    }
    return outcomes;
  },

  async unsubscribe(conn, contact) {
    return outcome(await identify(conn, contact, { unsubscribed: true }), contact);
  },

  async erase(conn, contact) {
    const res = await vendorRequest(customerUrl(conn, contact), { method: 'DELETE', headers: auth(conn) });
    // Deleting someone Customer.io does not know is answered 200 as well: nothing is left there.
    if (res.status >= 200 && res.status < 300) return { ok: true, httpStatus: res.status };
    throw cioFailure(res, 'customer');
  },
};
