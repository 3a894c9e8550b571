/**
 * TP-Link Omada (controller 5.0.15 and later, software, OC hardware or cloud), External Portal Server.
 *
 * The controller redirects guests with, from an EAP: `clientMac, apMac, ssidName, t, radioId, site,
 * redirectUrl`; from a gateway: `clientMac, gatewayMac, vid, t, site, redirectUrl`. MACs come as
 * `AA-BB-CC-DD-EE-FF` and are sent back exactly as received.
 *
 * Grant: a hotspot operator logs in (`POST /{controllerId}/api/v2/hotspot/login {name, password}`,
 * token in `result.token`, session cookie `TPOMADA_SESSIONID`, `TPEAP_SESSIONID` before 5.11), then
 * `POST /{controllerId}/api/v2/hotspot/extPortal/auth` with the `Csrf-Token` header, the session cookie
 * and `{clientMac, apMac, ssidName, radioId, site, time, authType: 4}` (gateway: `gatewayMac, vid`
 * instead of the AP fields). Success is `errorCode: 0`. `time` is documented in microseconds while public
 * clients send milliseconds: the unit is a setting (unconfirmed). The controller id is read from
 * `GET /api/info` (`result.omadacId`) when it is not set.
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
import { CookieJar, call, readJson } from '../http.ts';

export type OmadaTimeUnit = 'microseconds' | 'milliseconds';

export interface OmadaSettings {
  /** `https://controller:8043`, or the cloud controller's address. */
  url: string;
  /** The 32-hex controller id in the controller's paths; asked from `/api/info` when empty. */
  controllerId?: string;
  /** A hotspot operator (Hotspot Manager > Operators), not an administrator. */
  username: string;
  password: string;
  skipTlsVerify?: boolean;
  /** The unit of `time` in extPortal/auth. Default microseconds (the documented one). */
  timeUnit?: OmadaTimeUnit;
  timeoutMs?: number;
}

export interface OmadaGatewayData {
  [key: string]: string | number | boolean | null;
  /** The MACs exactly as the controller wrote them: it compares them as strings. */
  clientMacRaw: string;
  apMacRaw: string | null;
  gatewayMacRaw: string | null;
  vid: string | null;
  radioId: string | null;
  site: string;
  ssidName: string | null;
  t: string | null;
}

export function parseOmadaArrival(query: QueryInput): GuestArrival<OmadaGatewayData> {
  const q = queryToMap(query);
  const clientMacRaw = q.get('clientMac') ?? '';
  const clientMac = requireMac(clientMacRaw, 'The client MAC (clientMac)');
  const site = q.get('site');
  if (!site) throw new ControllerError('bad_arrival', 'The Omada site (site) is missing');
  const apMacRaw = q.get('apMac') || null;
  const gatewayMacRaw = q.get('gatewayMac') || null;
  if (!apMacRaw && !gatewayMacRaw) throw new ControllerError('bad_arrival', 'Neither apMac nor gatewayMac was sent');
  return {
    family: 'omada',
    clientMac,
    apMac: normalizeMac(apMacRaw ?? gatewayMacRaw),
    clientIp: null,
    originalUrl: q.get('redirectUrl') || null,
    ssid: q.get('ssidName') || null,
    gateway: {
      clientMacRaw,
      apMacRaw,
      gatewayMacRaw,
      vid: q.get('vid') || null,
      radioId: q.get('radioId') || null,
      site,
      ssidName: q.get('ssidName') || null,
      t: q.get('t') || null,
    },
  };
}

interface OmadaEnvelope {
  errorCode?: number;
  msg?: string;
  result?: { token?: string; omadacId?: string };
}

export class OmadaController implements ControllerAdapter {
  readonly family = 'omada' as const;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly jar = new CookieJar();
  private controllerId: string | undefined;
  private token: string | undefined;

  constructor(private readonly settings: OmadaSettings) {
    this.base = settings.url.replace(/\/+$/, '');
    this.timeoutMs = settings.timeoutMs ?? 10_000;
    this.controllerId = settings.controllerId || undefined;
  }

  parseArrival(query: QueryInput): GuestArrival {
    return parseOmadaArrival(query);
  }

  async grantAccess(request: GrantRequest): Promise<GrantResult> {
    const limits = checkLimits(request.limits);
    const g = request.arrival.gateway as Partial<OmadaGatewayData>;
    if (!g.clientMacRaw || !g.site) throw new ControllerError('bad_arrival', 'The arrival did not come from an Omada controller');
    const ms = limits.minutes * 60_000;
    const body: Record<string, unknown> = {
      clientMac: g.clientMacRaw,
      site: g.site,
      time: this.settings.timeUnit === 'milliseconds' ? ms : ms * 1000,
      authType: 4,
    };
    if (g.apMacRaw) Object.assign(body, { apMac: g.apMacRaw, ssidName: g.ssidName, radioId: g.radioId });
    else Object.assign(body, { gatewayMac: g.gatewayMacRaw, vid: g.vid });
    await this.authorized('/api/v2/hotspot/extPortal/auth', body);
    // Omada's external portal takes only a duration: rates and quotas come from the controller's own profiles.
    const unenforced = beyondSessionLength(limits);
    return { kind: 'granted', limitsApplied: !unenforced.length, unenforced };
  }

  async revokeAccess(): Promise<void> {
    throw new ControllerError('unsupported', 'The Omada external portal interface has no call to end a guest session');
  }

  async status(): Promise<ControllerStatus> {
    return (await this.checkStatus()).status;
  }

  async checkStatus(): Promise<StatusReport> {
    const { url, username, password } = this.settings;
    if (!url || !username || !password)
      return { status: 'Not configured', detail: 'Enter the controller address and the hotspot operator' };
    try {
      this.token = undefined;
      await this.login();
      return { status: 'Online' };
    } catch (error) {
      return statusForError(error);
    }
  }

  private get where() {
    return `The Omada controller at ${this.base}`;
  }

  private async post(path: string, json: unknown, headers: Record<string, string> = {}) {
    const cookie = this.jar.header();
    const res = await call({
      method: 'POST',
      url: this.base + path,
      headers: cookie ? { ...headers, cookie } : headers,
      json,
      timeoutMs: this.timeoutMs,
      skipTlsVerify: !!this.settings.skipTlsVerify,
      where: this.where,
    });
    this.jar.store(res);
    return res;
  }

  private async id(): Promise<string> {
    if (this.controllerId) return this.controllerId;
    const res = await call({
      method: 'GET',
      url: `${this.base}/api/info`,
      timeoutMs: this.timeoutMs,
      skipTlsVerify: !!this.settings.skipTlsVerify,
      where: this.where,
    });
    const body = (await readJson(res, this.where, this.timeoutMs)) as OmadaEnvelope;
    const id = body.result?.omadacId;
    if (res.status !== 200 || !id) {
      throw new ControllerError('bad_response', `${this.where} did not tell its controller id (GET /api/info); enter it`);
    }
    return (this.controllerId = id);
  }

  private async login(): Promise<string> {
    const id = await this.id();
    this.jar.clear();
    const res = await this.post(`/${id}/api/v2/hotspot/login`, {
      name: this.settings.username,
      password: this.settings.password,
    });
    const body = (await readJson(res, this.where, this.timeoutMs)) as OmadaEnvelope;
    if (res.status === 200 && body.errorCode === 0 && body.result?.token) return (this.token = body.result.token);
    if (res.status === 404) throw new ControllerError('rejected', `${this.where} has no controller with the id ${id}`);
    if (res.status === 200 || res.status === 401 || res.status === 403) {
      throw new ControllerError(
        'invalid_credentials',
        `${this.where} refused the hotspot operator "${this.settings.username}"${body.msg ? ` (${body.msg})` : ''}`,
      );
    }
    throw new ControllerError('bad_response', `${this.where} answered the operator login with HTTP ${res.status}`);
  }

  /** A hotspot call with the operator session; a refused call is tried once more after a fresh login (sessions expire). */
  private async authorized(path: string, json: unknown): Promise<void> {
    const fresh = !this.token;
    const token = this.token ?? (await this.login());
    const id = await this.id();
    const res = await this.post(`/${id}${path}`, json, { 'Csrf-Token': token });
    const body = (await readJson(res, this.where, this.timeoutMs).catch(() => ({}))) as OmadaEnvelope;
    if (res.status === 200 && body.errorCode === 0) return;
    if (!fresh) {
      this.token = undefined;
      return this.authorized(path, json);
    }
    throw new ControllerError(
      'rejected',
      `${this.where} refused the authorization (HTTP ${res.status}${body.errorCode !== undefined ? `, errorCode ${body.errorCode}` : ''}${body.msg ? `, ${body.msg}` : ''})`,
    );
  }
}
