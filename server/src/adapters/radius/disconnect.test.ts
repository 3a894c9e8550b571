import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dgram from 'node:dgram';
import { createHash, createHmac } from 'node:crypto';
import radius from 'radius';
import { sendDisconnect } from './disconnect.ts';

/**
 * A gateway's RFC 5176 listener on loopback: it checks the request with its secret like a NAS does,
 * ends known sessions (ACK) and answers NAK with Session-Context-Not-Found otherwise.
 */
const SECRET = 'dm-secret';
const sessions = new Set(['sess-1']);
const received: Record<string, unknown>[] = [];
let nas: dgram.Socket;
let port = 0;

/** The NAS side of RFC 5176 section 3.5, written from the RFC: authenticator and Message-Authenticator. */
function signedWith(msg: Buffer, secret: string) {
  const zeroed = Buffer.from(msg);
  zeroed.fill(0, 4, 20);
  if (!createHash('md5').update(zeroed).update(secret).digest().equals(msg.subarray(4, 20))) return false;
  const ma = zeroed.indexOf(Buffer.from([80, 18]), 20);
  if (ma < 0) return false;
  const given = Buffer.from(zeroed.subarray(ma + 2, ma + 18));
  zeroed.fill(0, ma + 2, ma + 18);
  return createHmac('md5', secret).update(zeroed).digest().equals(given);
}

beforeAll(async () => {
  nas = dgram.createSocket('udp4');
  nas.on('message', (msg, rinfo) => {
    if (!signedWith(msg, SECRET)) return; // wrong secret: a NAS stays silent
    const packet = radius.decode_without_secret({ packet: msg }) as { attributes: Record<string, unknown> };
    received.push(packet.attributes);
    const known = sessions.delete(String(packet.attributes['Acct-Session-Id']));
    const reply = radius.encode({
      code: known ? 'Disconnect-ACK' : 'Disconnect-NAK',
      secret: SECRET,
      identifier: msg[1],
      authenticator: msg.subarray(4, 20),
      attributes: known ? [] : [['Error-Cause', 'Session-Context-Not-Found']],
    });
    // The response authenticator is computed over the request's authenticator.
    nas.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((r) => nas.bind(0, '127.0.0.1', () => r()));
  port = nas.address().port;
});
afterAll(() => nas.close());

describe('Disconnect-Message', () => {
  it('ends a known session (ACK) and sends the selectors a gateway matches on', async () => {
    const res = await sendDisconnect(
      { host: '127.0.0.1', port, secret: SECRET },
      { acctSessionId: 'sess-1', userName: 'guest1', callingStationId: 'AA-BB-CC-DD-EE-FF' },
    );
    expect(res).toEqual({ result: 'ack' });
    expect(received.at(-1)).toMatchObject({
      'Acct-Session-Id': 'sess-1',
      'User-Name': 'guest1',
      'Calling-Station-Id': 'AA-BB-CC-DD-EE-FF',
    });
  });

  it('reports NAK with its Error-Cause for an unknown session', async () => {
    const res = await sendDisconnect({ host: '127.0.0.1', port, secret: SECRET }, { acctSessionId: 'sess-unknown' });
    expect(res).toEqual({ result: 'nak', errorCause: 'Session-Context-Not-Found' });
  });

  it('times out after its retries when the gateway does not accept our secret', async () => {
    const started = Date.now();
    const res = await sendDisconnect(
      { host: '127.0.0.1', port, secret: 'wrong' },
      { acctSessionId: 'sess-1' },
      { timeoutMs: 200, attempts: 3 },
    );
    expect(res).toEqual({ result: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  });
});

describe('Disconnect-ACK with a Message-Authenticator (RFC 3579 3.2, RFC 5176 3.5)', () => {
  /** A NAS that acknowledges every signed request with the given Message-Authenticator attributes. */
  async function nasAnswering(ma: 'right' | 'short' | 'twice' | 'wrong') {
    const socket = dgram.createSocket('udp4');
    socket.on('message', (msg, rinfo) => {
      if (!signedWith(msg, SECRET)) return;
      const value = ma === 'short' ? Buffer.alloc(6) : Buffer.alloc(16);
      const attrs = Buffer.concat(
        ma === 'twice'
          ? [Buffer.from([80, 18]), value, Buffer.from([80, 18]), value]
          : [Buffer.from([80, value.length + 2]), value],
      );
      const reply = Buffer.concat([Buffer.from([41, msg[1]!, 0, 0]), msg.subarray(4, 20), attrs]);
      reply.writeUInt16BE(reply.length, 2);
      // Signed with the Request Authenticator in place, then the Response Authenticator over it all.
      if (ma === 'right' || ma === 'twice') createHmac('md5', SECRET).update(reply).digest().copy(reply, 22);
      if (ma === 'wrong') reply[22] = 1;
      createHash('md5').update(reply).update(SECRET).digest().copy(reply, 4);
      socket.send(reply, rinfo.port, rinfo.address);
    });
    await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
    return socket;
  }

  it('takes an ACK whose Message-Authenticator is right and ignores one with a malformed, repeated or wrong one', async () => {
    for (const [ma, result] of [
      ['right', 'ack'],
      ['short', 'timeout'],
      ['twice', 'timeout'],
      ['wrong', 'timeout'],
    ] as const) {
      const nas = await nasAnswering(ma);
      try {
        const res = await sendDisconnect(
          { host: '127.0.0.1', port: nas.address().port, secret: SECRET },
          { acctSessionId: 'sess-ma' },
          { timeoutMs: 200, attempts: 2 },
        );
        expect(res.result, ma).toBe(result);
      } finally {
        nas.close();
      }
    }
  });
});
