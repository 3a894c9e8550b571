/**
 * Ruckus SmartZone / vSZ and RUCKUS One through the northbound portal interface (`portalintf`, JSON).
 *
 * The controller redirects guests with `nbiIP, client_mac` (possibly encrypted, "ENC..."), `uip` (client
 * IP), `mac` (AP), `ssid, wlanName, url, sip, zoneName`. The portal logs the client in with
 * `RequestCategory: UserOnlineControl, RequestType: Login` and the client's UE-IP/UE-MAC plus a
 * UE-Username/UE-Password pair; the controller then asks our RADIUS server with that pair, which
 * answers the session time and rates (credentials.ts). `GetConfig/Decrypt` turns an encrypted MAC
 * into a plain one, `GetConfig/Encrypt` serves as the status check, `Logout` ends a session. Success is
 * ResponseCode 101 or 201. The NBI address is always the configured one, never the redirect's nbiIP:
 * the request carries the interface password.
 */
import {
  ControllerError,
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
import { issueCredentials } from './credentials.ts';

export type RuckusFamily = 'smartzone' | 'ruckus_cloud';

export interface RuckusSettings {
  /** The northbound interface: `https://smartzone:9443`, or RUCKUS One's NBI address. */
  url: string;
  /** The northbound portal interface password. */
  password: string;
  /** The site's key for the RADIUS credentials (sealed). */
  radiusKey: string;
  skipTlsVerify?: boolean;
  timeoutMs?: number;
}

export interface RuckusGatewayData {
  [key: string]: string | number | boolean | null;
  /** The client MAC as sent when it was encrypted ("ENC..."). */
  encMac: string | null;
  uip: string;
  nbiIp: string | null;
  zoneName: string | null;
}

const SUCCESS = new Set([101, 201]);

export function parseRuckusArrival(query: QueryInput, family: RuckusFamily): GuestArrival<RuckusGatewayData> {
  const q = queryToMap(query);
  const raw = q.get('client_mac') ?? '';
  const encMac = raw.startsWith('ENC') ? raw : null;
  const uip = q.get('uip');
  if (!uip) throw new ControllerError('bad_arrival', 'The client IP (uip) is missing');
  return {
    family,
    clientMac: encMac ? null : requireMac(raw, 'The client MAC (client_mac)'),
    apMac: normalizeMac(q.get('mac')),
    clientIp: uip,
    originalUrl: q.get('url') || null,
    ssid: q.get('ssid') || null,
    gateway: { encMac, uip, nbiIp: q.get('nbiIP') || null, zoneName: q.get('zoneName') || null },
  };
}

interface NbiReply {
  ResponseCode?: number;
  ReplyMessage?: string;
  Data?: string;
}

export class RuckusPortalInterface implements ControllerAdapter {
  private readonly endpoint: string;
  private readonly timeoutMs: number;

  constructor(
    readonly family: RuckusFamily,
    private readonly settings: RuckusSettings,
  ) {
    this.endpoint = `${settings.url.replace(/\/+$/, '')}/portalintf`;
    this.timeoutMs = settings.timeoutMs ?? 10_000;
  }

  parseArrival(query: QueryInput): GuestArrival {
    return parseRuckusArrival(query, this.family);
  }

  /** An encrypted client MAC is decrypted by the controller, so the portal knows the device. */
  async completeArrival(arrival: GuestArrival): Promise<GuestArrival> {
    const g = arrival.gateway as Partial<RuckusGatewayData>;
    if (arrival.clientMac || !g.encMac) return arrival;
    const reply = await this.request('GetConfig', 'Decrypt', { Data: g.encMac });
    return { ...arrival, clientMac: requireMac(reply.Data, 'The decrypted client MAC') };
  }

  async grantAccess(request: GrantRequest): Promise<GrantResult> {
    const limits = checkLimits(request.limits);
    const { arrival } = request;
    const g = arrival.gateway as Partial<RuckusGatewayData>;
    const mac = requireMac(arrival.clientMac, 'The client MAC');
    if (!g.uip) throw new ControllerError('bad_arrival', 'The arrival did not come from a Ruckus controller');
    const credentials = issueCredentials(this.settings.radiusKey, {
      expires: Math.floor(Date.now() / 1000) + limits.minutes * 60,
      upKbps: limits.upKbps,
      downKbps: limits.downKbps,
      quotaMB: limits.quotaMB,
      macHex: mac.replace(/:/g, ''),
    });
    await this.request('UserOnlineControl', 'Login', {
      'UE-IP': g.uip,
      'UE-MAC': g.encMac ?? mac,
      'UE-Proxy': '0',
      'UE-Username': credentials.username,
      'UE-Password': credentials.password,
    });
    // The RADIUS answer carries the session time and rates. Ruckus has no attribute for a quota: our RADIUS
    // accounting counts the controller's interim updates and logs the guest out through this interface.
    return { kind: 'granted', limitsApplied: true };
  }

  async revokeAccess(clientMac: string): Promise<void> {
    await this.request('UserOnlineControl', 'Logout', { 'UE-MAC': requireMac(clientMac, 'The client MAC') });
  }

  async status(): Promise<ControllerStatus> {
    return (await this.checkStatus()).status;
  }

  async checkStatus(): Promise<StatusReport> {
    if (!this.settings.url || !this.settings.password)
      return { status: 'Not configured', detail: 'Enter the northbound interface address and password' };
    try {
      await this.request('GetConfig', 'Encrypt', { Data: '00:00:00:00:00:00' });
      return { status: 'Online' };
    } catch (error) {
      return statusForError(error);
    }
  }

  private get where() {
    return `The Ruckus northbound interface at ${this.endpoint}`;
  }

  private async request(category: string, type: string, fields: Record<string, string>): Promise<NbiReply> {
    const res = await call({
      method: 'POST',
      url: this.endpoint,
      json: {
        Vendor: 'ruckus',
        RequestPassword: this.settings.password,
        APIVersion: '1.0',
        RequestCategory: category,
        RequestType: type,
        ...fields,
      },
      timeoutMs: this.timeoutMs,
      skipTlsVerify: !!this.settings.skipTlsVerify,
      where: this.where,
    });
    const reply = (await readJson(res, this.where, this.timeoutMs)) as NbiReply;
    if (res.status === 200 && SUCCESS.has(Number(reply.ResponseCode))) return reply;
    const message = reply.ReplyMessage ?? '';
    if (/password/i.test(message)) {
      throw new ControllerError('invalid_credentials', `${this.where} refused the interface password (${message})`);
    }
    throw new ControllerError(
      'rejected',
      `${this.where} refused ${type} (HTTP ${res.status}, ResponseCode ${reply.ResponseCode ?? 'none'}${message ? `, ${message}` : ''})`,
    );
  }
}
