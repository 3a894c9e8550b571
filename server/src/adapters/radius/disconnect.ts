import dgram from 'node:dgram';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import radius from 'radius';
import { scan } from './codec.ts';

export interface DisconnectTarget {
  host: string;
  /** RFC 5176's port unless the gateway says otherwise. */
  port?: number;
  secret: string;
}

/** Which session to end: gateways match on different attributes, so send every one we know. */
export interface SessionSelector {
  userName?: string;
  acctSessionId?: string;
  callingStationId?: string;
  framedIpAddress?: string;
}

export type DisconnectResult = { result: 'ack' } | { result: 'nak'; errorCause: string } | { result: 'timeout' };

const MESSAGE_AUTHENTICATOR = 80;
const CODE_ACK = 41;
const CODE_NAK = 42;

/**
 * RFC 5176 with RFC 3579: the Message-Authenticator is computed over the packet with a zero
 * Request Authenticator, then the Request Authenticator is MD5(packet + secret). (The codec library
 * does these in the other order for requests, which gateways reject.)
 */
function signRequest(packet: Buffer, secret: string): Buffer {
  packet.fill(0, 4, 20);
  const ma = packet.length - 16;
  packet.fill(0, ma);
  createHmac('md5', secret).update(packet).digest().copy(packet, ma);
  createHash('md5').update(packet).update(secret).digest().copy(packet, 4);
  return packet;
}

/**
 * A reply counts only when its Response Authenticator proves the gateway knows the secret, and its
 * Message-Authenticator, if it has one, is well formed (one, 16 bytes: RFC 3579 3.2, else the reply is
 * silently discarded) and right: HMAC-MD5 over the reply with the Request Authenticator in place and the
 * attribute zeroed (RFC 5176 3.5).
 */
function authentic(request: Buffer, response: Buffer, secret: string) {
  if (response[1] !== request[1]) return false;
  const s = scan(response);
  if (typeof s === 'string') return false;
  const copy = Buffer.from(response.subarray(0, s.length));
  request.copy(copy, 4, 4, 20);
  const expected = createHash('md5').update(copy).update(secret).digest();
  if (!timingSafeEqual(response.subarray(4, 20), expected)) return false;
  if (!s.has(MESSAGE_AUTHENTICATOR)) return true;
  const at = s.offsetOf(MESSAGE_AUTHENTICATOR);
  copy.fill(0, at, at + 16);
  return timingSafeEqual(response.subarray(at, at + 16), createHmac('md5', secret).update(copy).digest());
}

/** Disconnect-Request (RFC 5176) with retries; answers ACK, NAK with its Error-Cause, or timeout. */
export async function sendDisconnect(
  target: DisconnectTarget,
  session: SessionSelector,
  opts: { timeoutMs?: number; attempts?: number } = {},
): Promise<DisconnectResult> {
  const attributes: [string, string][] = [];
  if (session.userName) attributes.push(['User-Name', session.userName]);
  if (session.acctSessionId) attributes.push(['Acct-Session-Id', session.acctSessionId]);
  if (session.callingStationId) attributes.push(['Calling-Station-Id', session.callingStationId]);
  if (session.framedIpAddress) attributes.push(['Framed-IP-Address', session.framedIpAddress]);
  const request = signRequest(
    radius.encode({
      code: 'Disconnect-Request',
      secret: target.secret,
      attributes: [...attributes, [MESSAGE_AUTHENTICATOR, Buffer.alloc(16)]],
      add_message_authenticator: false,
    }),
    target.secret,
  );
  const socket = dgram.createSocket(target.host.includes(':') ? 'udp6' : 'udp4');
  const timeoutMs = opts.timeoutMs ?? 2000;
  const attempts = opts.attempts ?? 3;
  try {
    return await new Promise<DisconnectResult>((resolve) => {
      let tries = 0;
      let timer: NodeJS.Timeout;
      const send = () => {
        if (tries++ >= attempts) return resolve({ result: 'timeout' });
        socket.send(request, target.port ?? 3799, target.host);
        timer = setTimeout(send, timeoutMs);
      };
      socket.on('message', (msg) => {
        if (!authentic(request, msg, target.secret)) return;
        if (msg[0] !== CODE_ACK && msg[0] !== CODE_NAK) return;
        clearTimeout(timer);
        if (msg[0] === CODE_ACK) return resolve({ result: 'ack' });
        const decoded = radius.decode({ packet: msg, secret: target.secret }) as { attributes: Record<string, unknown> };
        resolve({ result: 'nak', errorCause: String(decoded.attributes['Error-Cause'] ?? 'unknown') });
      });
      socket.on('error', () => {
        clearTimeout(timer);
        resolve({ result: 'timeout' });
      });
      send();
    });
  } finally {
    socket.close();
  }
}
