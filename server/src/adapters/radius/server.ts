import dgram from 'node:dgram';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCT_STATUS_TYPES,
  ATTR,
  CODES,
  TERMINATE_CAUSES,
  accessRequestProblem,
  decryptPassword,
  encodeReply,
  isMacAuthentication,
  octets,
  scan,
  validAccountingAuthenticator,
  validChap,
  validMessageAuthenticator,
  type ReplyAttribute,
  type Scanned,
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
  /**
   * Without User-Password or CHAP-Password: whether the request says it is MAC authentication (Service-Type
   * Call-Check, or User-Name the MAC of Calling-Station-Id), the only kind that may come without
   * User-Password, CHAP-Password or State. False when it carries a password.
   */
  macAuthentication: boolean;
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

/**
 * Who is let in, decided outside the protocol. findClient and authenticate may answer at once (from
 * memory) instead of with a promise: a busy gateway's requests then cost no trip through the microtask queue.
 */
export interface RadiusHandlers {
  findClient(address: string): NasClient | null | Promise<NasClient | null>;
  authenticate(request: AccessRequest): AccessDecision | Promise<AccessDecision>;
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

const REJECT_REPLY: ReplyAttribute[] = [['Reply-Message', 'Access denied']];
const NO_CREDENTIALS: Credentials = { method: 'none', verify: () => false };

function sameText(given: string, expected: string) {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** PAP (opened with the secret, its NUL padding stripped) or CHAP, compared in constant time. */
function credentialsOf(s: Scanned, secret: string): Credentials {
  const chap = s.bytes(ATTR.ChapPassword);
  if (chap) {
    const challenge = s.bytes(ATTR.ChapChallenge) ?? s.packet.subarray(4, 20);
    return { method: 'chap', verify: (expected) => validChap(chap, challenge, expected) };
  }
  const field = s.bytes(ATTR.UserPassword);
  if (!field) return NO_CREDENTIALS;
  const given = decryptPassword(field, s.packet.subarray(4, 20), secret);
  return { method: 'pap', verify: (expected) => sameText(given, expected) };
}

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => value instanceof Promise;

/**
 * RADIUS authentication and accounting over UDP. Every packet is checked before anything is
 * parsed (known client, structure, authenticators); anything that fails is dropped silently, as
 * RFC 2865 asks. Accounting is acknowledged only after it is stored, so gateways retry on failure.
 */
export class RadiusServer {
  /** Running totals (read by /metrics); `droppedAcct` and `errorsAcct` are the accounting port's part. */
  readonly stats = { received: 0, dropped: 0, droppedAcct: 0, accepted: 0, rejected: 0, accounted: 0, errors: 0, errorsAcct: 0 };
  private auth?: dgram.Socket;
  private acct?: dgram.Socket;
  /**
   * Replies kept for retransmissions, in two generations: new ones go into `answered`; once it holds
   * CACHE_MAX or is RETRANSMIT_MS old it becomes `answeredBefore` and the one before is let go whole. So a
   * reply stays at least RETRANSMIT_MS (at most twice that) unless CACHE_MAX newer ones came since, at no
   * cost per request: pruning one Map entry by entry from its oldest end cost 8 % of the busy time, and an
   * object per entry (its time) was more work for the garbage collector.
   */
  private answered = new Map<string, Buffer>();
  private answeredBefore = new Map<string, Buffer>();
  private generationStarted = Date.now();
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
      try {
        const pending = this.handle(socket, msg, rinfo, expectedCode);
        if (pending) pending.catch((err: unknown) => this.failed(err, rinfo, expectedCode));
      } catch (err) {
        this.failed(err, rinfo, expectedCode);
      }
    });
    socket.on('error', (err) => this.opts.log.error({ err }, 'radius: socket error'));
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, this.opts.host, () => resolve(socket));
    });
  }

  private failed(err: unknown, rinfo: dgram.RemoteInfo, code: number) {
    this.stats.errors++;
    if (code === CODES.AccountingRequest) this.stats.errorsAcct++;
    this.opts.log.error({ err, from: rinfo.address }, 'radius: request failed');
  }

  private drop(reason: string, from: string, code: number = CODES.AccessRequest): null {
    this.stats.dropped++;
    if (code === CODES.AccountingRequest) this.stats.droppedAcct++;
    // Debug only: a flood of junk must not become a flood of log lines.
    this.opts.log.debug({ from, reason }, 'radius: packet dropped');
    return null;
  }

  /**
   * One packet. Everything up to the handlers' decision runs at once when they answer from memory; only
   * what waits for them (the database, a cache being filled) goes through promises.
   */
  private handle(socket: dgram.Socket, msg: Buffer, rinfo: dgram.RemoteInfo, expectedCode: number): Promise<void> | void {
    const s = scan(msg);
    if (typeof s === 'string') return void this.drop(s, rinfo.address, expectedCode);
    if (msg[0] !== expectedCode) return void this.drop('unexpected code', rinfo.address, expectedCode);
    // A retransmission is the same packet again (RFC 5080 2.2.1): Identifier and Request Authenticator.
    const key = `${rinfo.address} ${rinfo.port} ${msg.toString('latin1', 0, 20)}`;
    const previous = this.answered.get(key) ?? this.answeredBefore.get(key);
    if (previous) return socket.send(previous, rinfo.port, rinfo.address);
    if (this.inFlight.has(key)) return;

    const client = this.opts.handlers.findClient(rinfo.address);
    if (isPromise(client)) {
      this.inFlight.add(key);
      return client
        .then((c) => (c ? this.decide(s, c, rinfo, expectedCode) : this.drop('unknown client', rinfo.address, expectedCode)))
        .then((reply) => this.answer(socket, key, reply, rinfo))
        .finally(() => this.inFlight.delete(key));
    }
    if (!client) return void this.drop('unknown client', rinfo.address, expectedCode);
    const reply = this.decide(s, client, rinfo, expectedCode);
    if (!isPromise(reply)) return this.answer(socket, key, reply, rinfo);
    this.inFlight.add(key);
    return reply.then((r) => this.answer(socket, key, r, rinfo)).finally(() => this.inFlight.delete(key));
  }

  private decide(s: Scanned, client: NasClient, rinfo: dgram.RemoteInfo, code: number) {
    return code === CODES.AccessRequest ? this.access(s, client, rinfo) : this.accounting(s, client, rinfo);
  }

  private answer(socket: dgram.Socket, key: string, reply: Buffer | null, rinfo: dgram.RemoteInfo) {
    if (!reply) return;
    this.remember(key, reply);
    socket.send(reply, rinfo.port, rinfo.address);
  }

  private access(s: Scanned, client: NasClient, rinfo: dgram.RemoteInfo): Buffer | null | Promise<Buffer | null> {
    // RFC 3579 3.2: a Message-Authenticator that does not check out (malformed ones were dropped by scan).
    const withMa = s.has(ATTR.MessageAuthenticator);
    if (withMa && !validMessageAuthenticator(s, client.secret)) return this.drop('bad Message-Authenticator', rinfo.address);
    if (!withMa && client.requireMessageAuthenticator) return this.drop('missing Message-Authenticator', rinfo.address);
    const problem = accessRequestProblem(s);
    if (problem) return this.drop(`invalid Access-Request: ${problem}`, rinfo.address);
    const decision = this.opts.handlers.authenticate({
      client,
      userName: s.text(ATTR.UserName),
      credentials: credentialsOf(s, client.secret),
      callingStationId: s.text(ATTR.CallingStationId),
      calledStationId: s.text(ATTR.CalledStationId),
      nasIdentifier: s.text(ATTR.NasIdentifier),
      nasIpAddress: s.address(ATTR.NasIpAddress),
      // Only asked when there is no password to check (normalising MACs costs a few regular expressions).
      macAuthentication: !s.has(ATTR.UserPassword) && !s.has(ATTR.ChapPassword) && isMacAuthentication(s),
    });
    return isPromise(decision) ? decision.then((d) => this.accessReply(s, client, d)) : this.accessReply(s, client, decision);
  }

  private accessReply(s: Scanned, client: NasClient, decision: AccessDecision): Buffer {
    if (decision.accept) {
      this.stats.accepted++;
      return encodeReply(s, 'Access-Accept', client.secret, decision.reply);
    }
    this.stats.rejected++;
    return encodeReply(s, 'Access-Reject', client.secret, REJECT_REPLY);
  }

  private async accounting(s: Scanned, client: NasClient, rinfo: dgram.RemoteInfo): Promise<Buffer | null> {
    if (!validAccountingAuthenticator(s.packet, client.secret))
      return this.drop('bad accounting authenticator', rinfo.address, CODES.AccountingRequest);
    if (s.has(ATTR.MessageAuthenticator) && !validMessageAuthenticator(s, client.secret, true))
      return this.drop('bad Message-Authenticator', rinfo.address, CODES.AccountingRequest);
    const status = s.integer(ATTR.AcctStatusType);
    const statusType = status === undefined ? undefined : ACCT_STATUS_TYPES[status];
    if (!statusType) return this.drop(`unsupported Acct-Status-Type ${status}`, rinfo.address, CODES.AccountingRequest);
    const cause = s.integer(ATTR.AcctTerminateCause);
    await this.opts.handlers.account({
      client,
      statusType,
      sessionId: s.text(ATTR.AcctSessionId),
      userName: s.text(ATTR.UserName),
      callingStationId: s.text(ATTR.CallingStationId),
      calledStationId: s.text(ATTR.CalledStationId),
      nasIdentifier: s.text(ATTR.NasIdentifier),
      framedIpAddress: s.address(ATTR.FramedIpAddress),
      inputOctets: octets(s.integer(ATTR.AcctInputOctets), s.integer(ATTR.AcctInputGigawords)),
      outputOctets: octets(s.integer(ATTR.AcctOutputOctets), s.integer(ATTR.AcctOutputGigawords)),
      sessionTime: s.integer(ATTR.AcctSessionTime) ?? 0,
      terminateCause: cause === undefined ? '' : (TERMINATE_CAUSES[cause] ?? String(cause)),
    });
    this.stats.accounted++;
    return encodeReply(s, 'Accounting-Response', client.secret);
  }

  private remember(key: string, reply: Buffer) {
    const now = Date.now();
    if (this.answered.size >= CACHE_MAX || now - this.generationStarted >= RETRANSMIT_MS) {
      this.answeredBefore = this.answered;
      this.answered = new Map();
      this.generationStarted = now;
    }
    this.answered.set(key, reply);
  }
}
