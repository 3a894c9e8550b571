/**
 * Cisco Meraki MR click-through splash and Meraki Go: grant by URL.
 *
 * The access point redirects guests with `base_grant_url, user_continue_url, node_id, node_mac,
 * gateway_id, client_ip, client_mac`. The portal grants by sending the guest's browser to
 * `{base_grant_url}?continue_url=..&duration=<seconds>`; Meraki's cloud then lets the device in for that
 * long. Rates and quotas are the network's own group policy: the grant URL carries only the duration.
 *
 * With a Dashboard API key (Meraki MR networks; optional), the server can also ask and act: the status check
 * reads `GET {apiUrl}/networks/{networkId}` (200 Online, 401/403 a refused key, 404 a network the key does not
 * reach), and disconnecting a guest is `PUT /networks/{networkId}/clients/{mac}/splashAuthorizationStatus`
 * with `{"ssids": {"<n>": {"isAuthorized": false}}}`. The key goes in `Authorization: Bearer` (the older
 * `X-Cisco-Meraki-API-Key` header is not sent). The client may be named by its MAC unless the network tracks
 * clients by IP. Without a key nothing is asked: the status is Online and a disconnect is unsupported.
 */
import {
  ControllerError,
  beyondSessionLength,
  checkLimits,
  normalizeMac,
  queryToMap,
  requireMac,
  statusForError,
  type ControllerAdapter,
  type ControllerStatus,
  type GrantRequest,
  type GrantResult,
  type GuestArrival,
  type QueryInput,
  type StatusReport,
} from '../controller.ts';
import { call, readJson } from '../http.ts';

export type MerakiFamily = 'meraki' | 'merakigo';

export const MERAKI_API_URL = 'https://api.meraki.com/api/v1';

/** All optional: the grant URL comes with each guest; a Dashboard API key adds the status check and disconnects. */
export interface MerakiSettings {
  apiKey?: string;
  /** The Dashboard network id, such as `N_24329156` or `L_6437...`. */
  networkId?: string;
  /** The guest SSID's number in the Dashboard API, `0` to `14`. */
  ssidNumber?: string;
  /** The Dashboard API base, for regional hosts (default https://api.meraki.com/api/v1). */
  apiUrl?: string;
  skipTlsVerify?: boolean;
  timeoutMs?: number;
}

export interface MerakiGatewayData {
  [key: string]: string | number | boolean | null;
  baseGrantUrl: string;
  nodeId: string | null;
  gatewayId: string | null;
}

/**
 * The grant URL comes from the guest's own redirect, so it must be one a browser may be sent to:
 * http(s), no credentials, and Meraki's grant path (`/splash/grant` on network-auth.com hosts).
 */
function grantUrlOf(value: string | undefined): string {
  let url: URL;
  try {
    url = new URL(value ?? '');
  } catch {
    throw new ControllerError('bad_arrival', 'The grant URL (base_grant_url) is missing or not a URL');
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || !/\/grant$/.test(url.pathname)) {
    throw new ControllerError('bad_arrival', 'The grant URL (base_grant_url) is not a Meraki grant address');
  }
  url.search = '';
  url.hash = '';
  return url.toString();
}

export function parseMerakiArrival(query: QueryInput, family: MerakiFamily = 'meraki'): GuestArrival<MerakiGatewayData> {
  const q = queryToMap(query);
  return {
    family,
    clientMac: requireMac(q.get('client_mac'), 'The client MAC (client_mac)'),
    apMac: normalizeMac(q.get('node_mac')),
    clientIp: q.get('client_ip') || null,
    originalUrl: q.get('user_continue_url') || null,
    ssid: null,
    gateway: {
      baseGrantUrl: grantUrlOf(q.get('base_grant_url')),
      nodeId: q.get('node_id') || null,
      gatewayId: q.get('gateway_id') || null,
    },
  };
}

export class MerakiSplash implements ControllerAdapter {
  constructor(
    readonly family: MerakiFamily,
    private readonly settings: MerakiSettings = {},
  ) {}

  parseArrival(query: QueryInput): GuestArrival {
    return parseMerakiArrival(query, this.family);
  }

  async grantAccess(request: GrantRequest): Promise<GrantResult> {
    const limits = checkLimits(request.limits);
    const g = request.arrival.gateway as Partial<MerakiGatewayData>;
    const url = new URL(grantUrlOf(g.baseGrantUrl));
    const continueUrl = request.returnUrl ?? request.continueUrl ?? request.arrival.originalUrl;
    if (continueUrl) url.searchParams.set('continue_url', continueUrl);
    url.searchParams.set('duration', String(limits.minutes * 60));
    // The grant URL takes only a duration: rates and quotas are the network's splash settings.
    const unenforced = beyondSessionLength(limits);
    return { kind: 'redirect', url: url.toString(), limitsApplied: !unenforced.length, unenforced };
  }

  async revokeAccess(clientMac: string): Promise<void> {
    if (!this.settings.apiKey)
      throw new ControllerError(
        'unsupported',
        'A click-through splash grant cannot be ended from the portal without a Dashboard API key',
      );
    const networkId = this.networkId();
    const mac = requireMac(clientMac, 'The client MAC');
    const ssid = String(ssidNumberOf(this.settings.ssidNumber));
    const res = await this.request(
      'PUT',
      `/networks/${encodeURIComponent(networkId)}/clients/${encodeURIComponent(mac)}/splashAuthorizationStatus`,
      { ssids: { [ssid]: { isAuthorized: false } } },
    );
    if (res.status === 200) return;
    const why = await this.errorsOf(res);
    if (res.status === 401 || res.status === 403)
      throw new ControllerError('invalid_credentials', `${this.where} refused the API key (HTTP ${res.status}${why})`);
    if (res.status === 404)
      throw new ControllerError('rejected', `${this.where} does not know the client ${mac} on network ${networkId}${why}`);
    throw new ControllerError('rejected', `${this.where} refused to end the splash authorization (HTTP ${res.status}${why})`);
  }

  async status(): Promise<ControllerStatus> {
    return (await this.checkStatus()).status;
  }

  async checkStatus(): Promise<StatusReport> {
    // Without a key there is nothing to ask: every guest's redirect carries what the grant needs.
    if (!this.settings.apiKey) return { status: 'Online' };
    try {
      const networkId = this.networkId();
      const res = await this.request('GET', `/networks/${encodeURIComponent(networkId)}`);
      const why = await this.errorsOf(res);
      if (res.status === 200) return { status: 'Online' };
      if (res.status === 401 || res.status === 403)
        return { status: 'Invalid Credentials', detail: `${this.where} refused the API key (HTTP ${res.status}${why})` };
      if (res.status === 404)
        return {
          status: 'Not Reachable',
          detail: `${this.where} does not know the network ${networkId}, or the API key has no access to it${why}`,
        };
      return { status: 'Not Reachable', detail: `${this.where} answered HTTP ${res.status}${why}` };
    } catch (error) {
      return statusForError(error);
    }
  }

  private get base() {
    return (this.settings.apiUrl || MERAKI_API_URL).replace(/\/+$/, '');
  }

  private get where() {
    return `The Meraki Dashboard API at ${this.base}`;
  }

  private get timeoutMs() {
    return this.settings.timeoutMs ?? 10_000;
  }

  private networkId(): string {
    if (!this.settings.networkId)
      throw new ControllerError('not_configured', 'Enter the Dashboard network id to use the API key');
    return this.settings.networkId;
  }

  private request(method: 'GET' | 'PUT', path: string, json?: unknown) {
    return call({
      method,
      url: this.base + path,
      headers: { authorization: `Bearer ${this.settings.apiKey}` },
      json,
      timeoutMs: this.timeoutMs,
      skipTlsVerify: !!this.settings.skipTlsVerify,
      where: this.where,
    });
  }

  /** The Dashboard's `{"errors": [...]}` as `: a, b` for a message, or nothing. */
  private async errorsOf(res: Awaited<ReturnType<typeof call>>): Promise<string> {
    const body = (await readJson(res, this.where, this.timeoutMs).catch(() => null)) as { errors?: unknown } | null;
    const errors = Array.isArray(body?.errors) ? body.errors.filter((e) => typeof e === 'string') : [];
    return errors.length ? `: ${errors.join(', ')}` : '';
  }
}

/** The SSID number 0-14; an unset or unusable one is 0, the first SSID. */
function ssidNumberOf(value: string | undefined): number {
  const n = Number(value ?? '0');
  return Number.isInteger(n) && n >= 0 && n <= 14 ? n : 0;
}
