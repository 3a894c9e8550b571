import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import { createHash } from 'node:crypto';
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
