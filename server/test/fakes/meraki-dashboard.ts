/**
 * A fake Meraki Dashboard API (v1) on loopback over HTTPS. Every call needs a known key in
 * `Authorization: Bearer <key>` (or the older `X-Cisco-Meraki-API-Key`), else 401 `{"errors": [...]}`.
 * `GET /api/v1/networks/{id}` answers a known network, 404 otherwise; `PUT
 * /api/v1/networks/{id}/clients/{clientId}/splashAuthorizationStatus` takes `{"ssids": {"<0-14>":
 * {"isAuthorized": bool}}}`, records it and answers the new status per SSID.
 */
import { VendorServer, type VendorRequest, type VendorAnswer } from './vendor-server.ts';

export interface MerakiSplashUpdate {
  networkId: string;
  clientId: string;
  ssids: Record<string, { isAuthorized: boolean }>;
}

const errors = (status: number, ...messages: string[]): VendorAnswer => ({ status, json: { errors: messages } });

export class FakeMerakiDashboard {
  /** Every request, as `METHOD path`, and the key it carried. */
  readonly requests: { call: string; key: string | null }[] = [];
  readonly splashUpdates: MerakiSplashUpdate[] = [];
  private readonly server = new VendorServer((req) => this.handle(req));
  readonly keys: string[];
  readonly networks: string[];
  /** Clients (MACs) each network knows; a client it has not seen answers 404. */
  readonly clients = new Map<string, Set<string>>();

  constructor(opts: { keys?: string[]; networks?: string[] } = {}) {
    this.keys = opts.keys ?? ['meraki-key-1'];
    this.networks = opts.networks ?? ['N_24329156'];
  }

  /** The API base the adapter is given (`.../api/v1`). */
  get apiUrl() {
    return `${this.server.url}/api/v1`;
  }
  async start(): Promise<this> {
    await this.server.start();
    return this;
  }
  close() {
    return this.server.close();
  }
  /** The network has seen this client (the splash status of an unknown client is 404). */
  addClient(networkId: string, mac: string) {
    const known = this.clients.get(networkId) ?? new Set<string>();
    known.add(mac.toLowerCase());
    this.clients.set(networkId, known);
  }

  private keyOf(req: VendorRequest): string | null {
    const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''));
    if (bearer) return bearer[1]!;
    const legacy = req.headers['x-cisco-meraki-api-key'];
    return typeof legacy === 'string' ? legacy : null;
  }

  private handle(req: VendorRequest): VendorAnswer {
    const key = this.keyOf(req);
    this.requests.push({ call: `${req.method} ${req.path}`, key });
    if (!key || !this.keys.includes(key)) return errors(401, 'Invalid API key');
    const network = /^\/api\/v1\/networks\/([^/]+)$/.exec(req.path);
    if (network && req.method === 'GET') {
      const id = decodeURIComponent(network[1]!);
      if (!this.networks.includes(id)) return errors(404, 'Network not found');
      return {
        json: { id, organizationId: '549236', name: 'Cafe guests', productTypes: ['wireless'], timeZone: 'Europe/Madrid' },
      };
    }
    const splash = /^\/api\/v1\/networks\/([^/]+)\/clients\/([^/]+)\/splashAuthorizationStatus$/.exec(req.path);
    if (splash && req.method === 'PUT')
      return this.updateSplash(decodeURIComponent(splash[1]!), decodeURIComponent(splash[2]!), req);
    return errors(404, 'Not found');
  }

  private updateSplash(networkId: string, clientId: string, req: VendorRequest): VendorAnswer {
    if (!this.networks.includes(networkId)) return errors(404, 'Network not found');
    if (!this.clients.get(networkId)?.has(clientId.toLowerCase())) return errors(404, 'Client not found');
    const ssids = req.json?.ssids;
    if (!ssids || typeof ssids !== 'object') return errors(400, "'ssids' must be an object");
    const entries = Object.entries(ssids as Record<string, unknown>);
    const valid = entries.every(
      ([n, v]) => /^(\d|1[0-4])$/.test(n) && typeof (v as { isAuthorized?: unknown } | null)?.isAuthorized === 'boolean',
    );
    if (!entries.length || !valid) return errors(400, "'ssids' needs SSID numbers 0-14 with a boolean isAuthorized");
    this.splashUpdates.push({ networkId, clientId, ssids: ssids as MerakiSplashUpdate['ssids'] });
    return { json: { ssids: Object.fromEntries(entries.map(([n, v]) => [n, { ...(v as object), expiresAt: null }])) } };
  }
}
