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
import { CookieJar, call, readJson, type ControllerResponse } from '../http.ts';

export interface UnifiSettings {
  /** The controller's base URL: `https://host:8443` (classic) or `https://udm` (UniFi OS). */
  url: string;
  username: string;
  /** Plain text: the caller opens the sealed secret (SecretBox) just before building the adapter. */
  password: string;
  /** The site's short name (the `{site}` in `/api/s/{site}`), not its description. Default `default`. */
  site?: string;
  /** Accept a self-signed or otherwise untrusted certificate (controllers ship with one). */
  skipTlsVerify?: boolean;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
  /** `auto` (default) asks the controller: UniFi OS answers `GET /` with 200 and an x-csrf-token header. */
  mode?: 'auto' | 'classic' | 'unifios';
}

export interface UnifiGatewayData {
  [key: string]: string | number | boolean | null;
  /** The `t` parameter: when the controller sent the guest (unix seconds), when given. */
  t: number | null;
}

/**
 * The UniFi guest redirect: `/guest/s/{site}/?ap=<AP MAC>&id=<client MAC>&t=<unix ts>&url=<original>&ssid=<ssid>`.
 * UniFi sends no client IP.
 */
export function parseUnifiArrival(query: QueryInput): GuestArrival<UnifiGatewayData> {
  const q = queryToMap(query);
  const t = Number(q.get('t'));
  return {
    family: 'unifi',
    clientMac: requireMac(q.get('id'), 'The client MAC (id)'),
    apMac: normalizeMac(q.get('ap')),
    clientIp: null,
    originalUrl: q.get('url') || null,
    ssid: q.get('ssid') || null,
    gateway: { t: Number.isFinite(t) && t > 0 ? t : null },
  };
}

interface UnifiEnvelope {
  meta?: { rc?: string; msg?: string };
  data?: unknown[];
}

const CONNECTION_DROPPED = /ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED/;
/** Device types of UniFi OS consoles in `stat/device`: Dream Machines (`udm`) and Cloud Gateways (`uxg`). */
const CONSOLE_TYPES = new Set(['udm', 'uxg']);

/**
 * UniFi Network controller, classic (`/api/login`, cookie `unifises` + `csrf_token`) and UniFi OS
 * (`/api/auth/login`, cookie `TOKEN`, `x-csrf-token` header, Network paths under `/proxy/network`).
 * The session lives in this object only; a process that has none logs in again, which is cheap.
 */
export class UnifiController implements ControllerAdapter {
  readonly family = 'unifi' as const;
  private readonly base: string;
  private readonly site: string;
  private readonly timeoutMs: number;
  private readonly jar = new CookieJar();
  private unifiOs: boolean | undefined;
  private csrf: string | undefined;
  private loggedIn = false;
  private loginInFlight: Promise<void> | undefined;

  constructor(private readonly settings: UnifiSettings) {
    this.base = settings.url.replace(/\/+$/, '');
    this.site = settings.site || 'default';
    this.timeoutMs = settings.timeoutMs ?? 10_000;
    if (settings.mode === 'classic') this.unifiOs = false;
    if (settings.mode === 'unifios') this.unifiOs = true;
  }

  parseArrival(query: QueryInput): GuestArrival {
    return parseUnifiArrival(query);
  }

  async grantAccess(request: GrantRequest): Promise<GrantResult> {
    const limits = checkLimits(request.limits);
    const cmd: Record<string, unknown> = {
      cmd: 'authorize-guest',
      mac: requireMac(request.arrival.clientMac, 'The client MAC'),
      minutes: limits.minutes,
    };
    // Absent means unlimited to the controller; 0 is not documented, so it is never sent.
    if (limits.upKbps) cmd.up = limits.upKbps;
    if (limits.downKbps) cmd.down = limits.downKbps;
    if (limits.quotaMB) cmd.bytes = limits.quotaMB;
    const ap = normalizeMac(request.arrival.apMac);
    if (ap) cmd.ap_mac = ap;
    await this.api('POST', `/api/s/${encodeURIComponent(this.site)}/cmd/stamgr`, cmd);
    return { kind: 'granted', limitsApplied: true };
  }

  async revokeAccess(clientMac: string): Promise<void> {
    const mac = requireMac(clientMac, 'The client MAC');
    await this.api('POST', `/api/s/${encodeURIComponent(this.site)}/cmd/stamgr`, { cmd: 'unauthorize-guest', mac });
  }

  async status(): Promise<ControllerStatus> {
    return (await this.checkStatus()).status;
  }

  async checkStatus(): Promise<StatusReport> {
    const { url, username, password } = this.settings;
    if (!url || !username || !password)
      return { status: 'Not configured', detail: 'Enter the controller URL, username and password' };
    try {
      // A fresh login, so a changed password shows now rather than when the session expires.
      this.loggedIn = false;
      this.jar.clear();
      const self = await this.api('GET', `/api/s/${encodeURIComponent(this.site)}/self`);
      const me = (self[0] ?? {}) as { is_super?: unknown; site_role?: unknown };
      if (me.is_super !== true) {
        return {
          status: 'Needs Super Admin',
          detail: `The account "${username}" is not a super administrator on the controller (site role: ${String(me.site_role ?? 'unknown')})`,
        };
      }
      return { status: 'Online' };
    } catch (error) {
      return statusForError(error);
    }
  }

  /**
   * MACs (lower-case `aa:bb:..`) of the devices the controller manages on this site. Every device
   * counts, not only `uap`: all-in-one gateways (UDM, UX) are access points too, and a guest's `ap`
   * never names a switch, so the extra MACs cannot mislead a lookup.
   */
  async listAccessPoints(): Promise<string[]> {
    const devices = await this.api('GET', `/api/s/${encodeURIComponent(this.site)}/stat/device`);
    const macs = devices.map((d) => normalizeMac((d as { mac?: unknown }).mac)).filter((m): m is string => m !== null);
    return [...new Set(macs)].sort();
  }

  /**
   * The guests the controller holds authorized now (`stat/guest`: one entry per authorization, `expired`
   * once it ran out or was unauthorized, from the dashboard or by us): their lower-case MACs. A guest
   * logged out on the controller is no longer among them.
   */
  async authorizedGuests(): Promise<Set<string>> {
    const entries = await this.api('GET', `/api/s/${encodeURIComponent(this.site)}/stat/guest`);
    const now = Date.now() / 1000;
    const macs = new Set<string>();
    for (const e of entries) {
      const { mac, expired, end } = e as { mac?: unknown; expired?: unknown; end?: unknown };
      const m = normalizeMac(mac);
      if (m && expired !== true && (typeof end !== 'number' || end > now)) macs.add(m);
    }
    return macs;
  }

  /** The site's adopted devices: lower-case MAC and kind (`uap` access point, `usw` switch, `udm`/`ugw` gateway...). */
  async listDevices(): Promise<{ mac: string; type: string }[]> {
    const devices = await this.api('GET', `/api/s/${encodeURIComponent(this.site)}/stat/device`);
    return devices.flatMap((d) => {
      const { mac, type } = d as { mac?: unknown; type?: unknown };
      const m = normalizeMac(mac);
      return m ? [{ mac: m, type: typeof type === 'string' ? type : '' }] : [];
    });
  }

  /** A device manager command for one device: `restart` (reboot it) or `spectrum-scan` (an RF scan by an AP). */
  async deviceCommand(cmd: 'restart' | 'spectrum-scan', mac: string): Promise<void> {
    await this.api('POST', `/api/s/${encodeURIComponent(this.site)}/cmd/devmgr`, { cmd, mac: requireMac(mac, 'The device MAC') });
  }

  /**
   * Restarts the site's UniFi OS console (UDM, UDM Pro, UDM SE; UCG and UXG gateways): a device manager
   * `restart` of the gateway device the Network application lists for the site, as for any other device.
   * A site without one (a classic controller on a server, a USG gateway) has no console to restart.
   */
  async rebootConsole(): Promise<void> {
    const consoles = (await this.listDevices()).filter((d) => CONSOLE_TYPES.has(d.type));
    if (!consoles.length) {
      throw new ControllerError('unsupported', `${this.where} lists no UniFi OS console (UDM or UCG) on this site`);
    }
    await this.deviceCommand('restart', consoles[0]!.mac);
  }

  private get where() {
    return `The UniFi controller at ${this.base}`;
  }

  private async detect(): Promise<boolean> {
    if (this.unifiOs !== undefined) return this.unifiOs;
    const res = await call({
      method: 'GET',
      url: `${this.base}/`,
      timeoutMs: this.timeoutMs,
      skipTlsVerify: !!this.settings.skipTlsVerify,
      where: this.where,
    });
    await res.body?.cancel();
    const token = res.headers.get('x-csrf-token');
    this.unifiOs = res.status === 200 && !!token;
    if (this.unifiOs && token) this.csrf = token;
    return this.unifiOs;
  }

  private async login(): Promise<void> {
    // Concurrent grants after an expiry share one login.
    this.loginInFlight ??= this.doLogin().finally(() => (this.loginInFlight = undefined));
    return this.loginInFlight;
  }

  private async doLogin(): Promise<void> {
    const os = await this.detect();
    this.jar.clear();
    const res = await this.send('POST', os ? '/api/auth/login' : '/api/login', {
      username: this.settings.username,
      password: this.settings.password,
      remember: true,
    });
    if (res.status === 200) {
      await res.body?.cancel();
      this.loggedIn = true;
      return;
    }
    const body = (await readJson(res, this.where, this.timeoutMs).catch(() => ({}))) as UnifiEnvelope & { message?: string };
    const msg = body.meta?.msg ?? body.message ?? '';
    if (res.status === 429) throw new ControllerError('rejected', `${this.where} refuses logins for now (too many attempts)`);
    if (/2fa|mfa|two.?factor/i.test(msg)) {
      throw new ControllerError(
        'invalid_credentials',
        `The account "${this.settings.username}" uses two-factor authentication; use a local account without it`,
      );
    }
    if (res.status === 400 || res.status === 401 || res.status === 403) {
      throw new ControllerError('invalid_credentials', `${this.where} refused the username or password${msg ? ` (${msg})` : ''}`);
    }
    throw new ControllerError('bad_response', `${this.where} answered the login with HTTP ${res.status}`);
  }

  /** One request with the session's cookies and CSRF token; keeps what the answer updates. */
  private async send(method: 'GET' | 'POST', path: string, json?: unknown): Promise<ControllerResponse> {
    const headers: Record<string, string> = {};
    const cookie = this.jar.header();
    if (cookie) headers.cookie = cookie;
    // UniFi OS wants its token on every call; classic controllers take the csrf_token cookie's value.
    const csrf = this.unifiOs ? this.csrf : this.jar.get('csrf_token');
    if (csrf) headers['x-csrf-token'] = csrf;
    const attempt = () =>
      call({
        method,
        url: this.base + path,
        headers,
        json,
        timeoutMs: this.timeoutMs,
        skipTlsVerify: !!this.settings.skipTlsVerify,
        where: this.where,
      });
    let res: ControllerResponse;
    try {
      res = await attempt();
    } catch (error) {
      // A connection the controller dropped (a kept-alive socket it closed) is retried once; every
      // call made here is safe to repeat (login, self, authorize and unauthorize are idempotent).
      // A refusal or a timeout is not: the guest would only wait longer.
      const cause = error instanceof ControllerError ? error.message : '';
      if (!(error instanceof ControllerError && error.code === 'unreachable' && CONNECTION_DROPPED.test(cause))) throw error;
      res = await attempt();
    }
    this.jar.store(res);
    const updated = res.headers.get('x-updated-csrf-token') ?? res.headers.get('x-csrf-token');
    if (this.unifiOs && updated) this.csrf = updated;
    return res;
  }

  /** A Network API call (`/api/...`, under `/proxy/network` on UniFi OS), logging in first and once more on 401. */
  private async api(method: 'GET' | 'POST', path: string, json?: unknown): Promise<unknown[]> {
    if (!this.loggedIn) await this.login();
    const full = () => (this.unifiOs ? '/proxy/network' : '') + path;
    let res = await this.send(method, full(), json);
    if (res.status === 401) {
      await res.body?.cancel();
      this.loggedIn = false;
      await this.login();
      res = await this.send(method, full(), json);
    }
    const body = (await readJson(res, this.where, this.timeoutMs)) as UnifiEnvelope;
    const msg = body?.meta?.msg;
    if (res.status === 401) {
      this.loggedIn = false;
      throw new ControllerError('invalid_credentials', `${this.where} ended the session again right after a fresh login`);
    }
    if (res.status === 403 || msg === 'api.err.NoPermission') {
      throw new ControllerError(
        'needs_super_admin',
        `The account "${this.settings.username}" may not do this on the controller${msg ? ` (${msg})` : ''}`,
      );
    }
    if (res.status !== 200 || body?.meta?.rc !== 'ok') {
      if (msg === 'api.err.NoSiteContext' || res.status === 404) {
        throw new ControllerError('rejected', `The controller has no site named "${this.site}"`);
      }
      throw new ControllerError('rejected', `${this.where} refused ${path} (HTTP ${res.status}${msg ? `, ${msg}` : ''})`);
    }
    return Array.isArray(body.data) ? body.data : [];
  }
}
