/**
 * A fake Juniper Mist portal (`portal.mist.com`) on loopback over HTTPS: `GET /authorize` checks the
 * signature (base64 HMAC-SHA1 of "expires=..&token=..[&forward=..]" under the WLAN's portal API secret)
 * and the expiry, decodes the token (wlan_id/ap_mac/client_mac/minutes/down_kbps/up_kbps/quota_MB),
 * records the authorisation and redirects to forward, as Mist does once the client is let in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { VendorServer, type VendorRequest } from './vendor-server.ts';

export interface MistAuthorization {
  wlanId: string;
  apMac: string;
  clientMac: string;
  minutes: number;
  downKbps: number;
  upKbps: number;
  quotaMB: number;
  forward: string | null;
}

export class FakeMistPortal {
  readonly authorizations: MistAuthorization[] = [];
  readonly refusals: string[] = [];
  private readonly server = new VendorServer((req) => this.handle(req));
  constructor(readonly secret: string) {}

  get url() {
    return this.server.url;
  }
  async start(): Promise<this> {
    await this.server.start();
    return this;
  }
  close() {
    return this.server.close();
  }

  private refuse(reason: string) {
    this.refusals.push(reason);
    return { status: 403, text: reason };
  }

  private handle(req: VendorRequest) {
    if (req.method !== 'GET' || req.path !== '/authorize') return { status: 404, text: 'Not Found' };
    const q = req.query;
    const [signature, expires, token, forward] = ['signature', 'expires', 'token', 'forward'].map((k) => q.get(k));
    if (!signature || !expires || !token) return this.refuse('missing parameters');
    let context = `expires=${expires}&token=${token}`;
    if (forward) context += `&forward=${forward}`;
    const expected = createHmac('sha1', this.secret).update(context).digest();
    const given = Buffer.from(signature, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return this.refuse('bad signature');
    if (Number(expires) < Date.now() / 1000) return this.refuse('expired');
    const parts = Buffer.from(token, 'base64').toString('utf8').split('/');
    if (parts.length !== 7) return this.refuse('bad token');
    const [wlanId, apMac, clientMac, minutes, downKbps, upKbps, quotaMB] = parts as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    this.authorizations.push({
      wlanId,
      apMac,
      clientMac,
      minutes: Number(minutes),
      downKbps: Number(downKbps),
      upKbps: Number(upKbps),
      quotaMB: Number(quotaMB),
      forward: forward ?? null,
    });
    return { status: 302, headers: { location: forward ?? 'https://www.mist.com/' } };
  }
}
