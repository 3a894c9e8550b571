import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import { createHash, randomBytes } from 'node:crypto';
import pino from 'pino';
import radius from 'radius';
import { RadiusServer, type AccountingRecord, type NasClient } from './server.ts';
import { craftRequest, exchangeRaw, type CraftedAttribute } from '../../../test/radius-nas.ts';

/**
 * The packet layer against a real RADIUS client: radclient from Debian's freeradius-utils. The
 * handlers here stand where the database-backed guest checks go, so each rule of the wire protocol
 * is tested on its own.
 */
const SECRET = 'gateway-secret-1';
const clients: Record<string, NasClient> = {
  '127.0.0.1': { id: 1, siteId: 1, secret: SECRET, requireMessageAuthenticator: true },
  '127.0.0.2': { id: 2, siteId: 1, secret: SECRET, requireMessageAuthenticator: false },
};
const LONG_PASSWORD = 'a-password-of-three-blocks-of-sixteen-bytes';
const passwords: Record<string, string> = {
  guest1: 'pw-guest-1',
  'aa-bb-cc-dd-ee-ff': 'aa-bb-cc-dd-ee-ff',
  guest2: LONG_PASSWORD,
};
let asked = 0;
const accounting: AccountingRecord[] = [];
let failAccounting = false;

const server = new RadiusServer({
  host: '127.0.0.1',
  authPort: 0,
  acctPort: 0,
  log: pino({ level: 'silent' }),
  handlers: {
    findClient: async (address) => clients[address] ?? null,
    authenticate: async (req) => {
      asked++;
      // MAC authentication without a password: the device's MAC is what counts.
      if (req.credentials.method === 'none' && req.macAuthentication && passwords[req.userName] === req.userName)
        return { accept: true, reply: [['Acct-Interim-Interval', 300]] };
      const expected = passwords[req.userName];
      if (!expected || !req.credentials.verify(expected)) return { accept: false, reason: 'bad credentials' };
      return {
        accept: true,
        reply: [
          ['Session-Timeout', 3600],
          ['Idle-Timeout', 600],
          ['Acct-Interim-Interval', 300],
          ['Vendor-Specific', 'Mikrotik', [['Mikrotik-Rate-Limit', '2048k/4096k']]],
          ['Vendor-Specific', 'WISPr', [['WISPr-Bandwidth-Max-Down', 4096000]]],
        ],
      };
    },
    account: async (record) => {
      if (failAccounting) throw new Error('database unavailable');
      accounting.push(record);
    },
  },
});

beforeAll(() => server.start());
afterAll(() => server.stop());

function radclient(kind: 'auth' | 'acct', lines: string[], opts: { source?: string; secret?: string } = {}) {
  const port = kind === 'auth' ? server.ports.auth : server.ports.acct;
  const args = ['-x', '-r', '1', '-t', '1'];
  if (opts.source) args.push('-S', '/dev/null');
  return new Promise<{ code: number; out: string }>((resolve) => {
    const child = execFile(
      'radclient',
      [...args.filter((a) => a !== '-S' && a !== '/dev/null'), `127.0.0.1:${port}`, kind, opts.secret ?? SECRET],
      { timeout: 10_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
    child.stdin!.end(lines.join('\n') + '\n');
  });
}

describe('RADIUS authentication with radclient', () => {
  it('accepts PAP with the right password and sends the reply attributes and a Message-Authenticator', async () => {
    const res = await radclient('auth', ['User-Name = "guest1"', 'User-Password = "pw-guest-1"', 'Message-Authenticator = 0x00']);
    expect(res.out).toContain('Received Access-Accept');
    expect(res.out).toMatch(/Session-Timeout = 3600/);
    expect(res.out).toMatch(/Mikrotik-Rate-Limit = "2048k\/4096k"/);
    expect(res.out).toMatch(/WISPr-Bandwidth-Max-Down = 4096000/);
    expect(res.out).toMatch(/Message-Authenticator = 0x[0-9a-f]{32}/);
  });

  it('rejects PAP with a wrong password', async () => {
    const res = await radclient('auth', ['User-Name = "guest1"', 'User-Password = "wrong"', 'Message-Authenticator = 0x00']);
    expect(res.out).toContain('Received Access-Reject');
  });

  it('accepts a PAP password longer than one 16-byte block and rejects one that differs in its last block', async () => {
    const ok = await radclient('auth', [
      'User-Name = "guest2"',
      `User-Password = "${LONG_PASSWORD}"`,
      'Message-Authenticator = 0x00',
    ]);
    expect(ok.out).toContain('Received Access-Accept');
    const bad = await radclient('auth', [
      'User-Name = "guest2"',
      `User-Password = "${LONG_PASSWORD.slice(0, -1)}X"`,
      'Message-Authenticator = 0x00',
    ]);
    expect(bad.out).toContain('Received Access-Reject');
  });

  it('answers a retransmitted request with the same reply without deciding again', async () => {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
    const replies: Buffer[] = [];
    socket.on('message', (msg) => replies.push(msg));
    const packet = radius.encode({
      code: 'Access-Request',
      secret: SECRET,
      identifier: 42,
      attributes: [
        ['User-Name', 'guest1'],
        ['User-Password', 'pw-guest-1'],
      ],
      add_message_authenticator: true,
    });
    const before = asked;
    socket.send(packet, server.ports.auth, '127.0.0.1');
    while (replies.length < 1) await new Promise((r) => setTimeout(r, 5));
    socket.send(packet, server.ports.auth, '127.0.0.1');
    while (replies.length < 2) await new Promise((r) => setTimeout(r, 5));
    socket.close();
    expect(replies[0]![0]).toBe(2);
    expect(replies[1]!.equals(replies[0]!)).toBe(true);
    expect(asked - before).toBe(1);
  });

  it('accepts CHAP with the right password and rejects a wrong one', async () => {
    const ok = await radclient('auth', ['User-Name = "guest1"', 'CHAP-Password = "pw-guest-1"', 'Message-Authenticator = 0x00']);
    expect(ok.out).toContain('Received Access-Accept');
    const bad = await radclient('auth', ['User-Name = "guest1"', 'CHAP-Password = "pw-guest-2"', 'Message-Authenticator = 0x00']);
    expect(bad.out).toContain('Received Access-Reject');
  });

  it('accepts MAC authentication (User-Name and password are the MAC)', async () => {
    const res = await radclient('auth', [
      'User-Name = "aa-bb-cc-dd-ee-ff"',
      'User-Password = "aa-bb-cc-dd-ee-ff"',
      'Calling-Station-Id = "AA-BB-CC-DD-EE-FF"',
      'Message-Authenticator = 0x00',
    ]);
    expect(res.out).toContain('Received Access-Accept');
  });

  it('drops a request without Message-Authenticator from a client that must send it (no answer)', async () => {
    const before = server.stats.dropped;
    const res = await radclient('auth', ['User-Name = "guest1"', 'User-Password = "pw-guest-1"']);
    expect(res.out).not.toContain('Received Access-Accept');
    expect(res.out).toMatch(/No reply from server/);
    expect(server.stats.dropped).toBeGreaterThan(before);
  });

  it('drops a request made with the wrong shared secret (no answer)', async () => {
    const res = await radclient(
      'auth',
      ['User-Name = "guest1"', 'User-Password = "pw-guest-1"', 'Message-Authenticator = 0x00'],
      { secret: 'wrong-secret' },
    );
    expect(res.out).toMatch(/No reply from server/);
  });
});

describe('RADIUS accounting with radclient', () => {
  it('records Start, Interim-Update and Stop with 64-bit octet counts from gigawords', async () => {
    const session = randomBytes(4).toString('hex');
    const base = [`Acct-Session-Id = "${session}"`, 'User-Name = "guest1"', 'Calling-Station-Id = "AA-BB-CC-DD-EE-FF"'];
    expect((await radclient('acct', [...base, 'Acct-Status-Type = Start'])).out).toContain('Received Accounting-Response');
    expect(
      (
        await radclient('acct', [
          ...base,
          'Acct-Status-Type = Interim-Update',
          'Acct-Input-Octets = 1000',
          'Acct-Output-Octets = 5',
          'Acct-Output-Gigawords = 2',
          'Acct-Session-Time = 300',
        ])
      ).out,
    ).toContain('Received Accounting-Response');
    expect(
      (
        await radclient('acct', [
          ...base,
          'Acct-Status-Type = Stop',
          'Acct-Input-Octets = 2000',
          'Acct-Output-Octets = 7',
          'Acct-Output-Gigawords = 3',
          'Acct-Session-Time = 600',
          'Acct-Terminate-Cause = User-Request',
        ])
      ).out,
    ).toContain('Received Accounting-Response');
    const mine = accounting.filter((r) => r.sessionId === session);
    expect(mine.map((r) => r.statusType)).toEqual(['Start', 'Interim-Update', 'Stop']);
    expect(mine[1]).toMatchObject({ inputOctets: 1000, outputOctets: 2 * 2 ** 32 + 5, sessionTime: 300 });
    expect(mine[2]).toMatchObject({
      inputOctets: 2000,
      outputOctets: 3 * 2 ** 32 + 7,
      sessionTime: 600,
      terminateCause: 'User-Request',
      callingStationId: 'AA-BB-CC-DD-EE-FF',
    });
  });

  it('does not acknowledge accounting it could not store, so the gateway retries', async () => {
    failAccounting = true;
    try {
      const res = await radclient('acct', ['Acct-Session-Id = "unstored"', 'User-Name = "guest1"', 'Acct-Status-Type = Start']);
      expect(res.out).toMatch(/No reply from server/);
    } finally {
      failAccounting = false;
    }
  });

  it('drops accounting with the wrong secret', async () => {
    const res = await radclient('acct', ['Acct-Session-Id = "x"', 'User-Name = "guest1"', 'Acct-Status-Type = Start'], {
      secret: 'nope',
    });
    expect(res.out).toMatch(/No reply from server/);
  });
});

describe('robustness', () => {
  it('survives 100,000 random and malformed packets without a crash or a single Accept, then still answers', async () => {
    const socket = dgram.createSocket('udp4');
    let accepts = 0;
    socket.on('message', (msg) => {
      if (msg[0] === 2) accepts++;
    });
    await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
    const before = { ...server.stats };
    const N = 100_000;
    for (let i = 0; i < N; i++) {
      let packet: Buffer;
      const kind = i % 4;
      if (kind === 0) packet = randomBytes(Math.floor(Math.random() * 200));
      else {
        packet = randomBytes(20 + Math.floor(Math.random() * 100));
        packet[0] = 1; // Access-Request
        // A plausible length field, sometimes lying.
        packet.writeUInt16BE(kind === 1 ? packet.length : Math.floor(Math.random() * 300), 2);
        if (kind === 3) {
          // Attributes that look valid, with a garbage Message-Authenticator.
          const attrs = Buffer.from([1, 8, ...Buffer.from('guest1'), 80, 18, ...randomBytes(16)]);
          packet = Buffer.concat([packet.subarray(0, 20), attrs]);
          packet.writeUInt16BE(packet.length, 2);
        }
      }
      socket.send(packet, server.ports.auth, '127.0.0.1');
      // Paced so the kernel's UDP buffer does not overflow: every packet should reach the server.
      if (i % 200 === 199) {
        const target = before.received + i + 1;
        const deadline = Date.now() + 2000;
        while (server.stats.received < target * 0.99 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    socket.close();
    expect(accepts).toBe(0);
    expect(server.stats.accepted).toBe(before.accepted);
    expect(server.stats.received - before.received).toBeGreaterThan(N * 0.9);
    const res = await radclient('auth', ['User-Name = "guest1"', 'User-Password = "pw-guest-1"', 'Message-Authenticator = 0x00']);
    expect(res.out).toContain('Received Access-Accept');
  }, 60_000);
});

describe('invalid requests are silently discarded (RFC 3579 3.2, RFC 2865 4.1)', () => {
  const MAC = 'aa-bb-cc-dd-ee-ff';
  let id = 0;
  /** The reply to one crafted request (null: none), and whether the server counted it as dropped. */
  async function ask(attributes: CraftedAttribute[], opts: { source?: string; code?: number } = {}) {
    const identifier = id++ & 0xff;
    const packet = craftRequest({ secret: SECRET, attributes, identifier, code: opts.code });
    const before = server.stats.dropped;
    const port = opts.code === 4 ? server.ports.acct : server.ports.auth;
    const reply = (await exchangeRaw(port, [packet], { source: opts.source })).get(identifier) ?? null;
    return { code: reply?.[0] ?? null, dropped: server.stats.dropped - before };
  }
  const pap: CraftedAttribute[] = [
    [1, 'guest1'],
    ['User-Password', 'pw-guest-1'],
  ];
  const ACCEPT = { code: 2, dropped: 0 };
  const DISCARDED = { code: null, dropped: 1 };

  it('drops a Message-Authenticator of the wrong length, even from a gateway that need not send one', async () => {
    // 127.0.0.2 may leave the attribute out: a malformed one is not the same as none.
    const from = { source: '127.0.0.2' };
    expect(await ask(pap, from)).toEqual(ACCEPT);
    expect(await ask([...pap, ['Message-Authenticator']], from)).toEqual(ACCEPT);
    expect(await ask([...pap, [80, Buffer.alloc(6)]], from)).toEqual(DISCARDED); // length 8
    expect(await ask([...pap, [80, Buffer.alloc(17)]], from)).toEqual(DISCARDED); // length 19
    expect(await ask([...pap, [80, Buffer.alloc(0)]], from)).toEqual(DISCARDED); // length 2
    // A short one before a well-formed, correctly signed one.
    expect(await ask([...pap, [80, Buffer.alloc(6)], ['Message-Authenticator']], from)).toEqual(DISCARDED);
    expect(await ask([[80, Buffer.alloc(6)], ...pap, ['Message-Authenticator']])).toEqual(DISCARDED);
  });

  it('drops a request with two Message-Authenticators, the first correctly signed', async () => {
    expect(await ask([...pap, ['Message-Authenticator'], ['Message-Authenticator']])).toEqual(DISCARDED);
    expect(await ask([...pap, ['Message-Authenticator'], ['Message-Authenticator']], { source: '127.0.0.2' })).toEqual(DISCARDED);
  });

  it('drops accounting whose Message-Authenticator is malformed, repeated or wrong, and answers a correct one', async () => {
    const acct: CraftedAttribute[] = [
      [44, 'ma-acct-1'],
      [1, 'guest1'],
      [40, Buffer.from([0, 0, 0, 1])],
    ];
    const accounting = { code: 4 };
    expect(await ask(acct, accounting)).toEqual({ code: 5, dropped: 0 });
    expect(await ask([...acct, ['Message-Authenticator']], accounting)).toEqual({ code: 5, dropped: 0 });
    expect(await ask([...acct, [80, Buffer.alloc(6)]], accounting)).toEqual(DISCARDED);
    expect(await ask([...acct, ['Message-Authenticator'], ['Message-Authenticator']], accounting)).toEqual(DISCARDED);
    expect(await ask([...acct, [80, randomBytes(16)]], accounting)).toEqual(DISCARDED);
  });

  it('drops Access-Requests RFC 2865 4.1 calls invalid', async () => {
    const ma: CraftedAttribute = ['Message-Authenticator'];
    // Several User-Names (the first of them right).
    expect(await ask([[1, 'guest1'], [1, 'guest1'], ['User-Password', 'pw-guest-1'], ma])).toEqual(DISCARDED);
    expect(await ask([[1, 'guest1'], [1, 'guest2'], ['User-Password', 'pw-guest-1'], ma])).toEqual(DISCARDED);
    // An empty User-Name.
    expect(await ask([[1, ''], ['User-Password', 'pw-guest-1'], ma])).toEqual(DISCARDED);
    // None of User-Password, CHAP-Password or State.
    expect(await ask([[1, 'guest1'], ma])).toEqual(DISCARDED);
    expect(await ask([[1, 'guest1'], [31, 'AA-BB-CC-DD-EE-FF'], ma])).toEqual(DISCARDED);
    // A MAC as User-Name that is not the device of Calling-Station-Id is no MAC authentication.
    expect(await ask([[1, MAC], [31, '11-22-33-44-55-66'], ma])).toEqual(DISCARDED);
    expect(await ask([[1, MAC], ma])).toEqual(DISCARDED);
    // User-Password and CHAP-Password together (the CHAP one right).
    const chapId = Buffer.from([7]);
    const authenticator = randomBytes(16);
    const chap = Buffer.concat([chapId, createHash('md5').update(chapId).update('pw-guest-1').update(authenticator).digest()]);
    const both = craftRequest({
      secret: SECRET,
      identifier: 201,
      authenticator,
      attributes: [[1, 'guest1'], ['User-Password', 'pw-guest-1'], [3, chap], ma],
    });
    const onlyChap = craftRequest({ secret: SECRET, identifier: 202, authenticator, attributes: [[1, 'guest1'], [3, chap], ma] });
    const before = server.stats.dropped;
    const replies = await exchangeRaw(server.ports.auth, [both, onlyChap]);
    expect(replies.get(201)).toBeUndefined();
    expect(replies.get(202)?.[0]).toBe(2);
    expect(server.stats.dropped - before).toBe(1);
  });

  it('still answers MAC authentication that says so, and a request with State', async () => {
    const ma: CraftedAttribute = ['Message-Authenticator'];
    // User-Name the MAC of Calling-Station-Id, in another format (Cisco's dots), without a password.
    expect(await ask([[1, MAC], [31, 'aabb.ccdd.eeff'], ma])).toEqual(ACCEPT);
    // Service-Type Call-Check.
    expect(await ask([[1, MAC], [6, Buffer.from([0, 0, 0, 10])], ma])).toEqual(ACCEPT);
    // State alone is a valid request (here refused: no password to check).
    expect(await ask([[1, 'guest1'], [24, 'some-state'], ma])).toEqual({ code: 3, dropped: 0 });
  });
});
