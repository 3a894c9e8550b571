/**
 * A fake UniFi Network controller on 127.0.0.1 speaking the documented web API, classic or UniFi OS,
 * over HTTPS with a throw-away self-signed certificate (as real controllers ship) or plain HTTP.
 *
 * classic: GET / -> 302 /manage; POST /api/login sets `unifises` and `csrf_token` cookies; every
 *   POST after login must carry `x-csrf-token` equal to the csrf_token cookie.
 * UniFi OS: GET / -> 200 with an `x-csrf-token` header; POST /api/auth/login sets the `TOKEN` cookie
 *   and answers a fresh `x-csrf-token`; Network calls live under /proxy/network, every POST must carry
 *   the current token, and each POST answer rotates it (`x-updated-csrf-token`), as UniFi OS does.
 * Devices: GET .../api/s/{site}/stat/device lists the site's devices (`devices` option), as the
 *   controller's device list does, with each device's `mac` as the controller writes it (lower-case).
 * Guests: POST .../cmd/stamgr authorize-guest / unauthorize-guest keep an authorization per MAC, listed by
 *   GET .../api/s/{site}/stat/guest as the controller does (`mac`, `start`, `end`, `expired`, `authorized_by`,
 *   `unauthorized_by`); `logOutOnController(mac)` is an operator unauthorizing the guest in the controller's UI.
 * Device manager: POST .../api/s/{site}/cmd/devmgr {cmd: 'restart' | 'spectrum-scan', mac} for a device
 *   of the site (recorded in `commands` like stamgr commands); an unknown MAC is refused.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface FakeUnifiUser {
  username: string;
  password: string;
  isSuper: boolean;
  siteRole?: 'admin' | 'readonly';
}

export interface FakeUnifiDevice {
  mac: string;
  /** `uap` (access point), `usw` (switch), `ugw`/`udm` (gateway). Default `uap`. */
  type?: string;
  name?: string;
  /** The site short name the device is adopted in. Default: the first site. */
  site?: string;
}

export interface FakeUnifiOptions {
  mode: 'classic' | 'unifios';
  users?: FakeUnifiUser[];
  sites?: string[];
  tls?: boolean;
  devices?: FakeUnifiDevice[];
}

export interface ReceivedCommand {
  site: string;
  body: Record<string, unknown>;
}

interface Session {
  user: FakeUnifiUser;
  csrf: string;
}

let certCache: { key: string; cert: string } | undefined;
/** A self-signed certificate for 127.0.0.1, made once per test process with Debian's openssl. */
export function selfSigned() {
  if (certCache) return certCache;
  const out = execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      '-',
      '-out',
      '-',
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(out)?.[0];
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(out)?.[0];
  if (!key || !cert) throw new Error('openssl did not produce a key and certificate');
  return (certCache = { key, cert });
}

const token = () => randomBytes(12).toString('hex');

export class FakeUnifiController {
  readonly commands: ReceivedCommand[] = [];
  /** Guest authorizations by site and MAC, as `stat/guest` lists them. */
  private readonly guests = new Map<string, Map<string, Record<string, unknown>>>();
  readonly logins: string[] = [];
  /** Every request path, for asserting what the adapter asked. */
  readonly requests: string[] = [];
  private readonly sessions = new Map<string, Session>();
  private readonly users: FakeUnifiUser[];
  private readonly sites: Set<string>;
  /** The adopted devices; tests may change it between calls. */
  devices: FakeUnifiDevice[];
  private server!: Server;
  url = '';

  constructor(readonly options: FakeUnifiOptions) {
    this.users = options.users ?? [{ username: 'admin', password: 'secret-pass', isSuper: true }];
    this.sites = new Set(options.sites ?? ['default']);
    this.devices = options.devices ?? [];
  }

  async start(): Promise<this> {
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      this.handle(req, res).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    };
    this.server = this.options.tls === false ? createHttpServer(handler) : createHttpsServer(selfSigned(), handler);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `${this.options.tls === false ? 'http' : 'https'}://127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Forget every session, as a controller does when a session expires or it restarts. */
  expireSessions(): void {
    this.sessions.clear();
  }

  private get sessionCookie() {
    return this.options.mode === 'unifios' ? 'TOKEN' : 'unifises';
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    this.requests.push(`${req.method} ${url.pathname}`);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return this.json(res, 400, { meta: { rc: 'error', msg: 'api.err.InvalidPayload' }, data: [] });
      }
    }
    const os = this.options.mode === 'unifios';

    if (req.method === 'GET' && url.pathname === '/') {
      if (os) {
        res.writeHead(200, { 'content-type': 'text/html', 'x-csrf-token': token() });
        return res.end('<html>UniFi OS</html>');
      }
      res.writeHead(302, { location: '/manage' });
      return res.end();
    }

    if (req.method === 'POST' && url.pathname === (os ? '/api/auth/login' : '/api/login')) {
      this.logins.push(String(body.username));
      const user = this.users.find((u) => u.username === body.username && u.password === body.password);
      if (!user) {
        if (os)
          return this.json(res, 401, {
            code: 'AUTHENTICATION_FAILED_INVALID_CREDENTIALS',
            message: 'Invalid username or password',
          });
        return this.json(res, 400, { meta: { rc: 'error', msg: 'api.err.Invalid' }, data: [] });
      }
      const sid = token();
      const csrf = token();
      this.sessions.set(sid, { user, csrf });
      if (os) {
        res.setHeader('set-cookie', `TOKEN=${sid}; path=/; secure; httponly; samesite=strict`);
        res.setHeader('x-csrf-token', csrf);
        return this.json(res, 200, { username: user.username, isOwner: user.isSuper });
      }
      res.setHeader('set-cookie', [`unifises=${sid}; Path=/; Secure; HttpOnly`, `csrf_token=${csrf}; Path=/; Secure`]);
      return this.json(res, 200, { meta: { rc: 'ok' }, data: [] });
    }

    const prefix = os ? '/proxy/network/api/' : '/api/';
    if (!url.pathname.startsWith(prefix))
      return this.json(res, 404, { meta: { rc: 'error', msg: 'api.err.NotFound' }, data: [] });

    const sid = cookieValue(req.headers.cookie, this.sessionCookie);
    const session = sid ? this.sessions.get(sid) : undefined;
    if (!session) return this.json(res, 401, { meta: { rc: 'error', msg: 'api.err.LoginRequired' }, data: [] });
    if (req.method === 'POST') {
      if (req.headers['x-csrf-token'] !== session.csrf) {
        return this.json(res, os ? 401 : 403, { meta: { rc: 'error', msg: 'api.err.InvalidCSRFToken' }, data: [] });
      }
      if (os) {
        session.csrf = token();
        res.setHeader('x-updated-csrf-token', session.csrf);
      }
    }

    const rest = url.pathname.slice(prefix.length);
    const siteMatch = /^s\/([^/]+)\/(.+)$/.exec(rest);
    if (req.method === 'GET' && (rest === 'self' || (siteMatch && siteMatch[2] === 'self'))) {
      if (siteMatch && !this.sites.has(siteMatch[1]!))
        return this.json(res, 400, { meta: { rc: 'error', msg: 'api.err.NoSiteContext' }, data: [] });
      const u = session.user;
      return this.json(res, 200, {
        meta: { rc: 'ok' },
        data: [
          {
            name: u.username,
            site_name: siteMatch?.[1] ?? 'default',
            site_role: u.siteRole ?? 'admin',
            is_super: u.isSuper,
            requires_new_password: false,
          },
        ],
      });
    }
    if (req.method === 'GET' && siteMatch && siteMatch[2] === 'stat/device') {
      const site = siteMatch[1]!;
      if (!this.sites.has(site)) return this.json(res, 400, { meta: { rc: 'error', msg: 'api.err.NoSiteContext' }, data: [] });
      const firstSite = [...this.sites][0];
      const data = this.devices
        .filter((d) => (d.site ?? firstSite) === site)
        .map((d) => ({ mac: d.mac, type: d.type ?? 'uap', name: d.name ?? d.mac, adopted: true, state: 1 }));
      return this.json(res, 200, { meta: { rc: 'ok' }, data });
    }
    if (req.method === 'GET' && siteMatch && siteMatch[2] === 'stat/guest') {
      const site = siteMatch[1]!;
      if (!this.sites.has(site)) return this.json(res, 400, { meta: { rc: 'error', msg: 'api.err.NoSiteContext' }, data: [] });
      const now = Math.floor(Date.now() / 1000);
      const data = [...(this.guests.get(site)?.values() ?? [])].map((g) => ({
        ...g,
        expired: g.expired || (g.end as number) <= now,
      }));
      return this.json(res, 200, { meta: { rc: 'ok' }, data });
    }
    if (req.method === 'POST' && siteMatch && siteMatch[2] === 'cmd/stamgr') {
      const site = siteMatch[1]!;
      if (!this.sites.has(site)) return this.json(res, 400, { meta: { rc: 'error', msg: 'api.err.NoSiteContext' }, data: [] });
      if (session.user.siteRole === 'readonly')
        return this.json(res, 403, { meta: { rc: 'error', msg: 'api.err.NoPermission' }, data: [] });
      if (body.cmd !== 'authorize-guest' && body.cmd !== 'unauthorize-guest') {
        return this.json(res, 400, { meta: { rc: 'error', msg: 'api.err.UnknownCommand' }, data: [] });
      }
      if (typeof body.mac !== 'string' || !/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/.test(body.mac)) {
        return this.json(res, 400, { meta: { rc: 'error', msg: 'api.err.InvalidMac' }, data: [] });
      }
      this.commands.push({ site, body });
      if (body.cmd === 'authorize-guest') {
        const start = Math.floor(Date.now() / 1000);
        const minutes = typeof body.minutes === 'number' ? body.minutes : 480;
        const siteGuests = this.guests.get(site) ?? new Map<string, Record<string, unknown>>();
        this.guests.set(site, siteGuests);
        siteGuests.set(body.mac, {
          _id: randomBytes(12).toString('hex'),
          mac: body.mac,
          start,
          end: start + minutes * 60,
          expired: false,
          authorized_by: 'api',
        });
      } else this.unauthorize(site, body.mac, 'api');
      return this.json(res, 200, {
        meta: { rc: 'ok' },
        data: body.cmd === 'authorize-guest' ? [{ mac: body.mac, authorized_by: 'api' }] : [],
      });
    }
    if (req.method === 'POST' && siteMatch && siteMatch[2] === 'cmd/devmgr') {
      const site = siteMatch[1]!;
      if (!this.sites.has(site)) return this.json(res, 400, { meta: { rc: 'error', msg: 'api.err.NoSiteContext' }, data: [] });
      if (session.user.siteRole === 'readonly')
        return this.json(res, 403, { meta: { rc: 'error', msg: 'api.err.NoPermission' }, data: [] });
      if (body.cmd !== 'restart' && body.cmd !== 'spectrum-scan') {
        return this.json(res, 400, { meta: { rc: 'error', msg: 'api.err.UnknownCommand' }, data: [] });
      }
      const firstSite = [...this.sites][0];
      if (!this.devices.some((d) => d.mac === body.mac && (d.site ?? firstSite) === site)) {
        return this.json(res, 400, { meta: { rc: 'error', msg: 'api.err.UnknownDevice' }, data: [] });
      }
      this.commands.push({ site, body });
      return this.json(res, 200, { meta: { rc: 'ok' }, data: [] });
    }
    return this.json(res, 404, { meta: { rc: 'error', msg: 'api.err.NotFound' }, data: [] });
  }

  /** An operator unauthorizes a guest in the controller's own UI (of the first site unless named). */
  logOutOnController(mac: string, site = [...this.sites][0]!) {
    this.unauthorize(site, mac, 'admin');
  }

  private unauthorize(site: string, mac: string, by: string) {
    const g = this.guests.get(site)?.get(mac);
    if (g) Object.assign(g, { expired: true, end: Math.floor(Date.now() / 1000), unauthorized_by: by });
  }

  private json(res: ServerResponse, status: number, payload: unknown) {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json;charset=UTF-8');
    res.end(JSON.stringify(payload));
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
