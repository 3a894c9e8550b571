import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import radius from 'radius';
import '../src/adapters/radius/codec.ts';

/**
 * The gateway's side of RADIUS in tests: radclient (FreeRADIUS) as the real client, and a small sender
 * for what radclient cannot do (send from another loopback address, send CHAP exactly as the browser
 * computed it). Disconnect-Requests are received by a NAS listener.
 */
export interface RadiusAnswer {
  code: 'Access-Accept' | 'Access-Reject' | 'Accounting-Response' | 'none';
  out: string;
}

export async function radclient(port: number, kind: 'auth' | 'acct', secret: string, lines: string[]): Promise<RadiusAnswer> {
  const first = await radclientOnce(port, kind, secret, lines);
  // radclient itself sometimes stops before sending anything when the suite is busy (no 'Sent' line):
  // that says nothing about our server, so it runs once more. A request sent and unanswered stays 'none'.
  if (first.code === 'none' && !/\bSent /.test(first.out)) return radclientOnce(port, kind, secret, lines);
  return first;
}

function radclientOnce(port: number, kind: 'auth' | 'acct', secret: string, lines: string[]): Promise<RadiusAnswer> {
  return new Promise((resolve) => {
    const child = execFile(
      'radclient',
      ['-x', '-r', '1', '-t', '2', `127.0.0.1:${port}`, kind, secret],
      { timeout: 10_000 },
      (_err, stdout, stderr) => {
        const out = stdout + stderr;
        const code = /Received (Access-Accept|Access-Reject|Accounting-Response)/.exec(out)?.[1] as
          RadiusAnswer['code'] | undefined;
        resolve({ code: code ?? 'none', out });
      },
    );
    child.stdin!.end(lines.join('\n') + '\n');
  });
}

/** An Access-Request with attributes given as the codec takes them, from a chosen loopback source. */
export async function sendAccessRequest(opts: {
  port: number;
  secret: string;
  source?: string;
  attributes: [string | number, unknown][];
}): Promise<{ code: string; attributes: Record<string, unknown> } | null> {
  const packet = radius.encode({
    code: 'Access-Request',
    secret: opts.secret,
    attributes: opts.attributes as never,
    add_message_authenticator: true,
  });
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((r) => socket.bind(0, opts.source ?? '127.0.0.1', () => r()));
  try {
    return await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), 2000);
      socket.on('message', (msg) => {
        clearTimeout(timer);
        const decoded = radius.decode({ packet: msg, secret: opts.secret }) as {
          code: string;
          attributes: Record<string, unknown>;
        };
        resolve({ code: decoded.code, attributes: decoded.attributes });
      });
      socket.send(packet, opts.port, '127.0.0.1');
    });
  } finally {
    socket.close();
  }
}

/** A gateway's Disconnect-Message port: records the requests and acknowledges them. */
export async function startDisconnectListener(secretOf: () => string) {
  const socket = dgram.createSocket('udp4');
  const received: Record<string, unknown>[] = [];
  socket.on('message', (msg, rinfo) => {
    const secret = secretOf();
    // RFC 5176: Request Authenticator = MD5(packet with a zero authenticator + secret); others are ignored.
    const zeroed = Buffer.from(msg);
    zeroed.fill(0, 4, 20);
    if (!createHash('md5').update(zeroed).update(secret).digest().equals(msg.subarray(4, 20))) return;
    const decoded = radius.decode_without_secret({ packet: msg }) as { attributes: Record<string, unknown> };
    received.push(decoded.attributes);
    // Disconnect-ACK without attributes: Response Authenticator = MD5(header + request authenticator + secret).
    const reply = Buffer.alloc(20);
    reply[0] = 41;
    reply[1] = msg[1]!;
    reply.writeUInt16BE(20, 2);
    msg.copy(reply, 4, 4, 20);
    createHash('md5').update(reply).update(secret).digest().copy(reply, 4);
    socket.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
  return {
    port: socket.address().port,
    received,
    close: () => new Promise<void>((r) => socket.close(() => r())),
  };
}

/** An attribute of a crafted request: raw bytes (or UTF-8 text), a User-Password to hide, a Message-Authenticator to sign. */
export type CraftedAttribute = [number, Buffer | string] | ['User-Password', string] | ['Message-Authenticator'];

/**
 * A request laid out byte by byte, for what no client library sends: repeated, empty or wrong-length
 * attributes. User-Password is hidden as RFC 2865 5.2 says; the first Message-Authenticator is signed
 * (RFC 3579 3.2: HMAC-MD5 with its value zero; RFC 5080 2.2.2: with a zero authenticator in accounting),
 * any further one left zero. An Accounting-Request gets its RFC 2866 authenticator.
 */
export function craftRequest(opts: {
  secret: string;
  attributes: CraftedAttribute[];
  code?: number;
  identifier?: number;
  /** Sixteen bytes; random when not given (an Access-Request's Request Authenticator). */
  authenticator?: Buffer;
}): Buffer {
  const code = opts.code ?? 1;
  const authenticator = code === 1 ? (opts.authenticator ?? randomBytes(16)) : Buffer.alloc(16);
  const parts: Buffer[] = [];
  let signAt = -1;
  let offset = 20;
  for (const attr of opts.attributes) {
    let type: number;
    let value: Buffer;
    if (attr[0] === 'User-Password') {
      type = 2;
      value = hidePassword(attr[1], authenticator, opts.secret);
    } else if (attr[0] === 'Message-Authenticator') {
      type = 80;
      value = Buffer.alloc(16);
      if (signAt < 0) signAt = offset + 2;
    } else {
      type = attr[0];
      value = typeof attr[1] === 'string' ? Buffer.from(attr[1], 'utf8') : attr[1];
    }
    parts.push(Buffer.from([type, value.length + 2]), value);
    offset += value.length + 2;
  }
  const packet = Buffer.concat([Buffer.from([code, opts.identifier ?? 0, 0, 0]), authenticator, ...parts]);
  packet.writeUInt16BE(packet.length, 2);
  if (signAt >= 0) createHmac('md5', opts.secret).update(packet).digest().copy(packet, signAt);
  if (code !== 1) createHash('md5').update(packet).update(opts.secret).digest().copy(packet, 4);
  return packet;
}

/** RFC 2865 5.2: NUL padded to 16-byte blocks, each XOR MD5(secret + the previous block, the authenticator first). */
export function hidePassword(password: string, authenticator: Buffer, secret: string): Buffer {
  const plain = Buffer.from(password, 'utf8');
  const out = Buffer.alloc(Math.max(16, Math.ceil(plain.length / 16) * 16));
  plain.copy(out);
  let previous = authenticator;
  for (let i = 0; i < out.length; i += 16) {
    const pad = createHash('md5').update(secret).update(previous).digest();
    for (let j = 0; j < 16; j++) out[i + j]! ^= pad[j]!;
    previous = out.subarray(i, i + 16);
  }
  return out;
}

/** Sends raw packets from one socket and collects the replies by identifier, until `quietMs` without one. */
export async function exchangeRaw(
  port: number,
  packets: Buffer[],
  opts: { source?: string; quietMs?: number } = {},
): Promise<Map<number, Buffer>> {
  const socket = dgram.createSocket('udp4');
  const replies = new Map<number, Buffer>();
  let last = Date.now();
  socket.on('message', (msg) => {
    replies.set(msg[1]!, msg);
    last = Date.now();
  });
  await new Promise<void>((r) => socket.bind(0, opts.source ?? '127.0.0.1', () => r()));
  try {
    for (const p of packets) socket.send(p, port, '127.0.0.1');
    last = Date.now();
    const quiet = opts.quietMs ?? 300;
    while (Date.now() - last < quiet) await new Promise((r) => setTimeout(r, 10));
    return replies;
  } finally {
    socket.close();
  }
}
