import { randomUUID } from 'node:crypto';
import { SIGNATURE_HEADER } from '@splashboard/contract';
import type { ContactOutcome, LoginNotice, VendorAdapter, VendorConnection } from '../vendor.ts';
import { failure, vendorRequest } from '../vendor-http.ts';

/**
 * Our own webhook: each login of a consenting guest (and each erasure and withdrawn consent) posted as
 * JSON to the operator's URL, signed with their secret: `Splashboard-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>">` (the README shows how to check it). A 2xx is delivered; anything else is
 * retried as the engine retries any vendor.
 */

async function post(conn: VendorConnection, type: string, id: string, created: string, data: unknown) {
  const body = JSON.stringify({ id, type, created, data });
  const url = conn.settings.url ?? '';
  return vendorRequest(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Splashboard-Webhook/1',
      'splashboard-event': type,
      'splashboard-delivery': id,
      [SIGNATURE_HEADER.toLowerCase()]: conn.sign(body, Math.floor(Date.now() / 1000)),
    },
    body,
  });
}

export const webhookAdapter: VendorAdapter = {
  kind: 'webhook',
  batchSize: 1,
  callsPerSecond: 50,
  defaultFieldMap: [
    { source: 'email', target: 'email' },
    { source: 'first_name', target: 'first_name' },
    { source: 'last_name', target: 'last_name' },
    { source: 'phone', target: 'phone' },
    { source: 'visits', target: 'visits' },
  ],

  /** A signed `ping` event: the receiver answering 2xx proves the URL and, if it checks, the secret. */
  async test(conn) {
    const res = await post(conn, 'ping', `ping_${randomUUID()}`, new Date().toISOString(), {});
    if (res.status < 200 || res.status >= 300) throw failure(res, 'endpoint');
    return { account: new URL(conn.settings.url ?? '').host };
  },

  async notify(conn, notices: LoginNotice[]): Promise<ContactOutcome[]> {
    const outcomes: ContactOutcome[] = [];
    for (const notice of notices) {
      const res = await post(conn, notice.event, notice.id, notice.at, notice);
      if (res.status >= 200 && res.status < 300) outcomes.push({ ok: true, httpStatus: res.status });
      else throw failure(res, 'endpoint');
    }
    return outcomes;
  },
};
