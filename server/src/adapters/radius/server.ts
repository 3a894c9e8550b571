import dgram from 'node:dgram';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CODES,
  decode,
  encodeReply,
  hasMessageAuthenticator,
  octets,
  rawAttribute,
  validAccountingAuthenticator,
  validChap,
  validMessageAuthenticator,
  wellFormed,
  type DecodedPacket,
  type ReplyAttribute,
} from './codec.ts';

/** A gateway allowed to ask us (a NAS), with its own shared secret. */
export interface NasClient {
  id: number;
  siteId: number;
  secret: string;
  /** Old gateways that cannot send Message-Authenticator can be let through, per client. */
  requireMessageAuthenticator: boolean;
}

/** Checks a password the handler expects against what the gateway sent (PAP or CHAP). */
export interface Credentials {
  method: 'pap' | 'chap' | 'none';
  verify(expectedPassword: string): boolean;
}

export interface AccessRequest {
  client: NasClient;
  userName: string;
  credentials: Credentials;
  callingStationId: string;
  calledStationId: string;
  nasIdentifier: string;
  nasIpAddress: string;
  attributes: Record<string, unknown>;
}

export type AccessDecision = { accept: true; reply: ReplyAttribute[] } | { accept: false; reason: string };

export interface AccountingRecord {
  client: NasClient;
  statusType: 'Start' | 'Stop' | 'Interim-Update' | 'Accounting-On' | 'Accounting-Off';
  sessionId: string;
  userName: string;
  callingStationId: string;
  calledStationId: string;
  nasIdentifier: string;
  framedIpAddress: string;
  /** From the client: its upload. */
  inputOctets: number;
  outputOctets: number;
  sessionTime: number;
  terminateCause: string;
}

export interface RadiusHandlers {
  findClient(address: string): Promise<NasClient | null>;
  authenticate(request: AccessRequest): Promise<AccessDecision>;
  account(record: AccountingRecord): Promise<void>;
}

export interface RadiusServerOptions {
  host: string;
  authPort: number;
  acctPort: number;
  handlers: RadiusHandlers;
  log: FastifyBaseLogger;
}

const RETRANSMIT_MS = 30_000;
const CACHE_MAX = 20_000;

const str = (v: unknown) => (v === undefined || v === null ? '' : Array.isArray(v) ? String(v[0]) : String(v));

function papCredentials(packet: DecodedPacket): Credentials {
  const given = packet.attributes['User-Password'];
  if (typeof given !== 'string') return { method: 'none', verify: () => false };
  // The library strips the NUL padding; compare in constant time.
  return {
    method: 'pap',
    verify: (expected) => {
      const a = Buffer.from(given, 'utf8');
      const b = Buffer.from(expected, 'utf8');
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

function credentialsOf(packet: DecodedPacket): Credentials {
  if (rawAttribute(packet, 3)) return { method: 'chap', verify: (expected) => validChap(packet, expected) };
  return papCredentials(packet);
}

/**
 * RADIUS authentication and accounting over UDP. Every packet is checked before anything is
 * parsed (known client, structure, authenticators); anything that fails is dropped silently, as
 * RFC 2865 asks. Accounting is acknowledged only after it is stored, so gateways retry on failure.
 */
export class RadiusServer {
  readonly stats = { received: 0, dropped: 0, accepted: 0, rejected: 0, accounted: 0, errors: 0 };
  private auth?: dgram.Socket;
  private acct?: dgram.Socket;
  private readonly answered = new Map<string, { at: number; reply: Buffer }>();
  private readonly inFlight = new Set<string>();

  constructor(private readonly opts: RadiusServerOptions) {}

  get ports() {
    return { auth: this.auth?.address().port ?? 0, acct: this.acct?.address().port ?? 0 };
  }

  async start() {
    this.auth = await this.bind(this.opts.authPort, CODES.AccessRequest);
    this.acct = await this.bind(this.opts.acctPort, CODES.AccountingRequest);
  }

  async stop() {
    await Promise.all([this.auth, this.acct].map((s) => s && new Promise<void>((resolve) => s.close(() => resolve()))));
    this.auth = this.acct = undefined;
  }

  private bind(port: number, expectedCode: number): Promise<dgram.Socket> {
    const socket = dgram.createSocket(this.opts.host.includes(':') ? 'udp6' : 'udp4');
    socket.on('message', (msg, rinfo) => {
      this.stats.received++;
      this.handle(socket, msg, rinfo, expectedCode).catch((err) => {
        this.stats.errors++;
        this.opts.log.error({ err, from: rinfo.address }, 'radius: request failed');
      });
    });
    socket.on('error', (err) => this.opts.log.error({ err }, 'radius: socket error'));
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, this.opts.host, () => resolve(socket));
    });
  }

  private drop(reason: string, from: string) {
    this.stats.dropped++;
    // Debug only: a flood of junk must not become a flood of log lines.
    this.opts.log.debug({ from, reason }, 'radius: packet dropped');
  }

  private async handle(socket: dgram.Socket, msg: Buffer, rinfo: dgram.RemoteInfo, expectedCode: number) {
    if (!wellFormed(msg) || msg[0] !== expectedCode) return this.drop('malformed or unexpected code', rinfo.address);
    const key = `${rinfo.address}:${rinfo.port}:${msg.toString('latin1', 1, 2)}${msg.toString('latin1', 4, 20)}`;
    const previous = this.answered.get(key);
    if (previous && Date.now() - previous.at < RETRANSMIT_MS) return socket.send(previous.reply, rinfo.port, rinfo.address);
    if (this.inFlight.has(key)) return;

    const client = await this.opts.handlers.findClient(rinfo.address);
    if (!client) return this.drop('unknown client', rinfo.address);
    this.inFlight.add(key);
    try {
      const reply =
        expectedCode === CODES.AccessRequest ? await this.access(msg, client, rinfo) : await this.accounting(msg, client, rinfo);
      if (!reply) return;
      this.remember(key, reply);
      socket.send(reply, rinfo.port, rinfo.address);
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async access(msg: Buffer, client: NasClient, rinfo: dgram.RemoteInfo): Promise<Buffer | null> {
    const withMa = hasMessageAuthenticator(msg);
    if (withMa && !validMessageAuthenticator(msg, client.secret))
      return (this.drop('bad Message-Authenticator', rinfo.address), null);
    if (!withMa && client.requireMessageAuthenticator) return (this.drop('missing Message-Authenticator', rinfo.address), null);
    const packet = this.decodeOrDrop(msg, client, rinfo);
    if (!packet) return null;
    const a = packet.attributes;
    const decision = await this.opts.handlers.authenticate({
      client,
      userName: str(a['User-Name']),
      credentials: credentialsOf(packet),
      callingStationId: str(a['Calling-Station-Id']),
      calledStationId: str(a['Called-Station-Id']),
      nasIdentifier: str(a['NAS-Identifier']),
      nasIpAddress: str(a['NAS-IP-Address']),
      attributes: a,
    });
    if (decision.accept) {
      this.stats.accepted++;
      return encodeReply(packet, 'Access-Accept', client.secret, decision.reply);
    }
    this.stats.rejected++;
    return encodeReply(packet, 'Access-Reject', client.secret, [['Reply-Message', 'Access denied']]);
  }

  private async accounting(msg: Buffer, client: NasClient, rinfo: dgram.RemoteInfo): Promise<Buffer | null> {
    if (!validAccountingAuthenticator(msg, client.secret))
      return (this.drop('bad accounting authenticator', rinfo.address), null);
    const packet = this.decodeOrDrop(msg, client, rinfo);
    if (!packet) return null;
    const a = packet.attributes;
    const statusType = str(a['Acct-Status-Type']) as AccountingRecord['statusType'];
    if (!['Start', 'Stop', 'Interim-Update', 'Accounting-On', 'Accounting-Off'].includes(statusType)) {
      return (this.drop(`unsupported Acct-Status-Type ${statusType}`, rinfo.address), null);
    }
    await this.opts.handlers.account({
      client,
      statusType,
      sessionId: str(a['Acct-Session-Id']),
      userName: str(a['User-Name']),
      callingStationId: str(a['Calling-Station-Id']),
      calledStationId: str(a['Called-Station-Id']),
      nasIdentifier: str(a['NAS-Identifier']),
      framedIpAddress: str(a['Framed-IP-Address']),
      inputOctets: octets(a['Acct-Input-Octets'], a['Acct-Input-Gigawords']),
      outputOctets: octets(a['Acct-Output-Octets'], a['Acct-Output-Gigawords']),
      sessionTime: Number(a['Acct-Session-Time'] ?? 0),
      terminateCause: str(a['Acct-Terminate-Cause']),
    });
    this.stats.accounted++;
    return encodeReply(packet, 'Accounting-Response', client.secret);
  }

  private decodeOrDrop(msg: Buffer, client: NasClient, rinfo: dgram.RemoteInfo): DecodedPacket | null {
    try {
      return decode(msg, client.secret);
    } catch {
      this.drop('undecodable', rinfo.address);
      return null;
    }
  }

  private remember(key: string, reply: Buffer) {
    // Entries are in the order they were answered: the stale ones are at the front, so pruning stops at
    // the first fresh one (a full scan on every request once the map is full cost a quarter of the time).
    const now = Date.now();
    for (const [k, v] of this.answered) {
      if (now - v.at < RETRANSMIT_MS && this.answered.size < CACHE_MAX) break;
      this.answered.delete(k);
    }
    this.answered.set(key, { at: now, reply });
  }
}
