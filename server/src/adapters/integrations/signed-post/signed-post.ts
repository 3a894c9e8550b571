import { randomUUID } from 'node:crypto';
import { INTEGRATIONS, SIGNATURE_HEADER, type IntegrationKind } from '@splashboard/contract';
import type { ContactOutcome, VendorAdapter, VendorConnection, VendorContact } from '../vendor.ts';
import { failure, vendorRequest } from '../vendor-http.ts';

/**
 * The vendors that publish no API we can call (Placewise, Smart Membership, Revinate, Access CRM,
 * Zonal, Mr Yum): each contact change is a signed JSON POST to the URL the operator enters, which the
 * vendor (or the operator's middleware) receives. Plain HTTP through vendor-http.ts: there is no SDK.
 *
 * Body: `{id, type: 'contact.upsert'|'contact.unsubscribe'|'contact.erase'|'ping', created, kind,
 * settings: {the kind's non-secret fields}, contacts: [{email, phone, fields}]}`. Headers:
 * `Splashboard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed with the API key
 * the operator entered (the key itself is never sent), `Splashboard-Event` (the type) and
 * `Splashboard-Delivery` (the body's id, new for each POST: every change is idempotent). A 2xx is delivered.
 */

export type SignedPostEvent = 'contact.upsert' | 'contact.unsubscribe' | 'contact.erase' | 'ping';

export interface SignedPostBody {
  id: string;
  type: SignedPostEvent;
  created: string;
  kind: IntegrationKind;
  settings: Record<string, string>;
  contacts: { email: string | null; phone: string | null; fields: VendorContact['fields'] }[];
}

/** The kind's form values that are not secret (the URL too: the receiver knows where it is). */
function publicSettings(conn: VendorConnection): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of INTEGRATIONS[conn.kind].fields) {
    const value = conn.settings[field.name];
    if (!field.secret && field.name !== 'url' && value) out[field.name] = value;
  }
  return out;
}

async function post(conn: VendorConnection, type: SignedPostEvent, contacts: VendorContact[]) {
  const message: SignedPostBody = {
    id: `${type === 'ping' ? 'ping' : 'dlv'}_${randomUUID()}`,
    type,
    created: new Date().toISOString(),
    kind: conn.kind,
    settings: publicSettings(conn),
    contacts: contacts.map((c) => ({ email: c.email, phone: c.phone, fields: c.fields })),
  };
  const body = JSON.stringify(message);
  const res = await vendorRequest(conn.settings.url ?? '', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Splashboard-Integrations/1',
      'splashboard-event': type,
      'splashboard-delivery': message.id,
      [SIGNATURE_HEADER.toLowerCase()]: conn.sign(body, Math.floor(Date.now() / 1000)),
    },
    body,
  });
  if (res.status < 200 || res.status >= 300) throw failure(res, 'endpoint');
  return res;
}

const each = (contacts: VendorContact[], status: number): ContactOutcome[] =>
  contacts.map(() => ({ ok: true, httpStatus: status }));

/** The adapter of one signed POST kind (all six share it). */
export function signedPostAdapter(kind: IntegrationKind): VendorAdapter {
  return {
    kind,
    batchSize: 100,
    callsPerSecond: 10,
    defaultFieldMap: [
      { source: 'email', target: 'email' },
      { source: 'first_name', target: 'first_name' },
      { source: 'last_name', target: 'last_name' },
      { source: 'phone', target: 'phone' },
      { source: 'birthday', target: 'birthday' },
      { source: 'postcode', target: 'postcode' },
      { source: 'site_name', target: 'venue' },
      { source: 'visits', target: 'visits' },
    ],

    /** A signed `ping` with no contacts: a 2xx proves the URL and (if the receiver checks) the key. */
    async test(conn) {
      await post(conn, 'ping', []);
      return { account: new URL(conn.settings.url ?? '').host };
    },

    async upsert(conn, contacts) {
      const res = await post(conn, 'contact.upsert', contacts);
      return each(contacts, res.status);
    },

    async unsubscribe(conn, contact) {
      const res = await post(conn, 'contact.unsubscribe', [contact]);
      return each([contact], res.status)[0]!;
    },

    async erase(conn, contact) {
      const res = await post(conn, 'contact.erase', [contact]);
      return each([contact], res.status)[0]!;
    },
  };
}

/** The kinds that reach their vendor by a signed POST. */
export const SIGNED_POST_KINDS = ['placewise', 'smartmembership', 'revinate', 'access_crm', 'zonal', 'mryum'] as const;
