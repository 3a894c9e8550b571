/**
 * A fake TP-Link Omada controller (5.x) on loopback over HTTPS, speaking the External Portal API:
 * `GET /api/info` answers the controller id; `POST /{id}/api/v2/hotspot/login {name, password}` checks a
 * hotspot operator, sets the `TPOMADA_SESSIONID` cookie and answers the CSRF token in `result.token`;
 * `POST /{id}/api/v2/hotspot/extPortal/auth` needs that cookie and the token in `Csrf-Token`, and records
 * the body. Errors answer HTTP 200 with a non-zero `errorCode`, as Omada does.
 */
import { randomBytes } from 'node:crypto';
import { VendorServer, cookieOf, type VendorRequest } from './vendor-server.ts';

export interface FakeOmadaOperator {
  name: string;
  password: string;
}

const hex = (n: number) => randomBytes(n).toString('hex');

export class FakeOmadaController {
  readonly controllerId = hex(16);
  /** Bodies of every extPortal/auth call that was accepted. */
  readonly authorizations: Record<string, unknown>[] = [];
  readonly logins: string[] = [];
  readonly requests: string[] = [];
  private readonly sessions = new Map<string, string>();
  private readonly server = new VendorServer((req) => this.handle(req));
  private readonly operators: FakeOmadaOperator[];

  constructor(opts: { operators?: FakeOmadaOperator[] } = {}) {
    this.operators = opts.operators ?? [{ name: 'operator', password: 'operator-pass' }];
  }

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
  /** Forget every operator session, as the controller does when one expires. */
  expireSessions() {
    this.sessions.clear();
  }

  private handle(req: VendorRequest) {
    this.requests.push(`${req.method} ${req.path}`);
    if (req.method === 'GET' && req.path === '/api/info') {
      return {
        json: { errorCode: 0, msg: 'Success.', result: { omadacId: this.controllerId, controllerVer: '5.14.26.1', apiVer: '3' } },
      };
    }
    const prefix = `/${this.controllerId}/api/v2/hotspot/`;
    if (!req.path.startsWith(prefix)) return { status: 404, text: 'Not Found' };
    const action = req.path.slice(prefix.length);
    if (req.method === 'POST' && action === 'login') {
      this.logins.push(String(req.json?.name));
      const op = this.operators.find((o) => o.name === req.json?.name && o.password === req.json?.password);
      if (!op) return { json: { errorCode: -30109, msg: 'Invalid username or password.' } };
      const sid = hex(16);
      const token = hex(16);
      this.sessions.set(sid, token);
      return {
        headers: { 'set-cookie': `TPOMADA_SESSIONID=${sid}; Path=/; Secure; HttpOnly` },
        json: { errorCode: 0, msg: 'Hotspot log in successfully.', result: { token } },
      };
    }
    if (req.method === 'POST' && action === 'extPortal/auth') {
      const sid = cookieOf(req.headers.cookie, 'TPOMADA_SESSIONID');
      const token = sid ? this.sessions.get(sid) : undefined;
      if (!token || req.headers['csrf-token'] !== token) return { json: { errorCode: -1200, msg: 'Operator not logged in.' } };
      const b = req.json ?? {};
      if (b.authType !== 4 || typeof b.clientMac !== 'string' || typeof b.site !== 'string' || typeof b.time !== 'number') {
        return { json: { errorCode: -1001, msg: 'Invalid request parameters.' } };
      }
      if (!(typeof b.apMac === 'string' || typeof b.gatewayMac === 'string'))
        return { json: { errorCode: -1001, msg: 'Invalid request parameters.' } };
      this.authorizations.push(b);
      return { json: { errorCode: 0, msg: 'Success.' } };
    }
    return { status: 404, text: 'Not Found' };
  }
}
