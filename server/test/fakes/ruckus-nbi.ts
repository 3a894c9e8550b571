/**
 * A fake Ruckus SmartZone / RUCKUS One northbound portal interface on loopback over HTTPS:
 * `POST /portalintf` with JSON `{Vendor: "ruckus", RequestPassword, APIVersion, RequestCategory,
 * RequestType, ...}`. GetConfig Encrypt/Decrypt turn a MAC into "ENC..." and back; UserOnlineControl
 * Login does what the controller does: it asks the RADIUS server (with Debian's radclient, as a NAS)
 * with UE-Username/UE-Password and Calling-Station-Id = the client MAC, and answers 201 only on
 * Access-Accept, recording the reply; Logout records the MAC. A wrong RequestPassword is refused.
 */
import { execFile } from 'node:child_process';
import { VendorServer, type VendorRequest } from './vendor-server.ts';

export interface RuckusLogin {
  ueIp: string;
  ueMac: string;
  username: string;
  /** The RADIUS Access-Accept's attributes as radclient printed them (name = value). */
  radiusReply: Record<string, string>;
}

export interface FakeRuckusOptions {
  password: string;
  /** Where the controller's RADIUS requests go; without it every Login is accepted. */
  radius?: { port: number; secret: string };
}

const encrypt = (mac: string) => `ENC${Buffer.from(mac).toString('base64url')}`;
const decrypt = (data: string) => Buffer.from(data.slice(3), 'base64url').toString('utf8');

function radclientAuth(port: number, secret: string, lines: string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = execFile(
      'radclient',
      ['-x', '-r', '1', '-t', '2', `127.0.0.1:${port}`, 'auth', secret],
      { timeout: 10_000 },
      (_e, out, err) => resolve(out + err),
    );
    child.stdin!.end(lines.join('\n') + '\n');
  });
}

export class FakeRuckusNbi {
  readonly logins: RuckusLogin[] = [];
  readonly logouts: string[] = [];
  readonly requests: string[] = [];
  private readonly server = new VendorServer((req) => this.handle(req));
  constructor(readonly options: FakeRuckusOptions) {}

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
  /** The "ENC..." form of a MAC, as the controller puts it in the redirect. */
  encrypt(mac: string) {
    return encrypt(mac);
  }

  private async handle(req: VendorRequest) {
    if (req.method !== 'POST' || req.path !== '/portalintf') return { status: 404, text: 'Not Found' };
    const b = req.json ?? {};
    this.requests.push(`${String(b.RequestCategory)}/${String(b.RequestType)}`);
    const reply = (code: number, message: string, extra: Record<string, unknown> = {}) => ({
      json: { Vendor: 'ruckus', APIVersion: '1.0', ResponseCode: code, ReplyMessage: message, ...extra },
    });
    if (b.Vendor !== 'ruckus' || b.APIVersion !== '1.0') return reply(302, 'Invalid request');
    if (b.RequestPassword !== this.options.password) return reply(302, 'Request password is incorrect');
    const key = `${String(b.RequestCategory)}/${String(b.RequestType)}`;
    if (key === 'GetConfig/Encrypt') return reply(101, 'OK', { Data: encrypt(String(b.Data)) });
    if (key === 'GetConfig/Decrypt') {
      const data = String(b.Data ?? '');
      return data.startsWith('ENC') ? reply(101, 'OK', { Data: decrypt(data) }) : reply(302, 'Invalid data');
    }
    if (key === 'UserOnlineControl/Logout') {
      this.logouts.push(String(b['UE-MAC']));
      return reply(201, 'Logout succeeded');
    }
    if (key !== 'UserOnlineControl/Login') return reply(302, 'Unknown request');
    const ueMacSent = String(b['UE-MAC'] ?? '');
    const ueMac = ueMacSent.startsWith('ENC') ? decrypt(ueMacSent) : ueMacSent;
    const username = String(b['UE-Username'] ?? '');
    const login: RuckusLogin = { ueIp: String(b['UE-IP']), ueMac, username, radiusReply: {} };
    if (this.options.radius) {
      const { port, secret } = this.options.radius;
      const out = await radclientAuth(port, secret, [
        `User-Name = "${username}"`,
        `User-Password = "${String(b['UE-Password'] ?? '')}"`,
        `Calling-Station-Id = "${ueMac.toUpperCase().replace(/:/g, '-')}"`,
        `Framed-IP-Address = ${login.ueIp}`,
        'Message-Authenticator = 0x00',
      ]);
      if (!out.includes('Received Access-Accept')) return reply(301, 'Authentication failed');
      for (const m of out.matchAll(/^\s+([\w-]+) = "?([^"\n]*)"?$/gm)) login.radiusReply[m[1]!] = m[2]!;
    }
    this.logins.push(login);
    return reply(201, 'Login succeeded');
  }
}
