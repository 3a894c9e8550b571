/**
 * A fake Meraki splash grant service (what `nNNN.network-auth.com/splash/grant` is) on loopback over
 * HTTPS: a browser sent to `/splash/grant?continue_url=..&duration=..` is recorded as granted for that
 * many seconds and redirected on to continue_url, as Meraki's cloud does once the device is let in.
 */
import { VendorServer, type VendorRequest } from './vendor-server.ts';

export interface MerakiGrant {
  continueUrl: string | null;
  durationSeconds: number | null;
}

export class FakeMerakiGrant {
  readonly grants: MerakiGrant[] = [];
  private readonly server = new VendorServer((req) => this.handle(req));

  get url() {
    return this.server.url;
  }
  /** The `base_grant_url` an access point would send. */
  get baseGrantUrl() {
    return `${this.server.url}/splash/grant`;
  }
  async start(): Promise<this> {
    await this.server.start();
    return this;
  }
  close() {
    return this.server.close();
  }

  private handle(req: VendorRequest) {
    if (req.method !== 'GET' || req.path !== '/splash/grant') return { status: 404, text: 'Not Found' };
    const duration = req.query.get('duration');
    const continueUrl = req.query.get('continue_url');
    this.grants.push({ continueUrl, durationSeconds: duration === null ? null : Number(duration) });
    return { status: 302, headers: { location: continueUrl ?? 'https://meraki.example/connected' } };
  }
}
