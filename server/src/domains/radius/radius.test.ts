import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { normalizeMac } from '@splashboard/contract';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { radiusGatewaySite, type GatewaySite } from '../../../test/radius-gateway.ts';
import { craftRequest, exchangeRaw, radclient, type CraftedAttribute } from '../../../test/radius-nas.ts';
import type { RadiusServer } from '../../adapters/radius/server.ts';

/**
 * The RADIUS server with the database behind it (whitelisted devices of a site with a gateway that need
 * not send Message-Authenticator), asked with packets laid out byte by byte on its UDP socket.
 */
let server: TestServer;
let radius: RadiusServer;
let site: GatewaySite;
const WHITELISTED = ['02:00:5e:10:00:01', '02:00:5e:10:00:02', '02:00:5e:10:00:03'];

beforeAll(async () => {
  server = await startServer({ RADIUS_HOST: '127.0.0.1', RADIUS_AUTH_PORT: '0', RADIUS_ACCT_PORT: '0' });
  radius = await server.built.startRadius();
  site = await radiusGatewaySite(server, 'mikrotik', { requireMessageAuthenticator: false });
  for (const mac of WHITELISTED) {
    const res = await site.owner.post(`${site.api}/macentry/`, { mac, external_ip: '203.0.113.5' });
    expect(res.status).toBe(200);
  }
});
afterAll(() => server?.close());

/** A small seeded generator (mulberry32): the same packets on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  return { next, int, pick, bytes };
}

/** A MAC in one of the gateways' formats: colons, dashes, Cisco's dots, none; either case. */
function formatted(mac: string, style: number) {
  const hex = mac.replace(/:/g, '');
  const pairs = hex.match(/../g)!;
  const s = [pairs.join(':'), pairs.join('-'), hex.match(/..../g)!.join('.'), hex][style % 4]!;
  return style >= 4 ? s.toUpperCase() : s;
}

/**
 * What RFC 2865 (4.1, 5.44) and RFC 3579 (3.2) make of a packet, read from its bytes alone (written from
 * the RFCs, not from the server's code): whether it is a valid Access-Request the server may accept.
 */
function validAccessRequest(packet: Buffer, secret: string): boolean {
  if (packet.length < 20 || packet[0] !== 1) return false;
  const length = packet.readUInt16BE(2);
  if (length < 20 || length > packet.length) return false;
  const attrs: [number, Buffer, number][] = [];
  for (let at = 20; at < length;) {
    if (at + 2 > length || packet[at + 1]! < 2 || at + packet[at + 1]! > length) return false;
    attrs.push([packet[at]!, packet.subarray(at + 2, at + packet[at + 1]!), at + 2]);
    at += packet[at + 1]!;
  }
  const all = (type: number) => attrs.filter(([t]) => t === type);
  // RFC 3579 3.2 and 3.3: at most one Message-Authenticator, 16 bytes, and right.
  const ma = all(80);
  if (ma.length > 1) return false;
  if (ma.length === 1) {
    if (ma[0]![1].length !== 16) return false;
    const zeroed = Buffer.from(packet.subarray(0, length));
    zeroed.fill(0, ma[0]![2], ma[0]![2] + 16);
    if (!createHmac('md5', secret).update(zeroed).digest().equals(ma[0]![1])) return false;
  }
  // RFC 2865 5.44: these at most once.
  for (const type of [1, 2, 3, 6, 24, 31, 60]) if (all(type).length > 1) return false;
  const [userName] = all(1);
  if (userName && userName[1].length === 0) return false; // RFC 2865 5.1: at least one octet
  const pap = all(2)[0];
  const chap = all(3)[0];
  if (pap && chap) return false;
  if (pap && (pap[1].length < 16 || pap[1].length > 128 || pap[1].length % 16)) return false;
  if (chap && chap[1].length !== 17) return false;
  const serviceType = all(6)[0];
  if (serviceType && serviceType[1].length !== 4) return false;
  if (pap || chap || all(24).length) return true;
  // Without credentials or State, only MAC authentication said out loud.
  if (serviceType?.[1].readUInt32BE(0) === 10) return true;
  const named = userName ? normalizeMac(userName[1].toString('utf8')) : null;
  const calling = all(31)[0];
  return named !== null && named === (calling ? normalizeMac(calling[1].toString('utf8')) : null);
}

/** One request made of what gateways send, with pieces left out, repeated, emptied or broken. */
function fuzzedRequest(r: ReturnType<typeof seeded>, secret: string, identifier: number): Buffer {
  const device = r.pick([...WHITELISTED, '02:00:5e:99:99:99']);
  const other = r.pick(WHITELISTED.filter((m) => m !== device));
  const attrs: CraftedAttribute[] = [];
  const times = () => r.pick([0, 1, 1, 1, 1, 2]);
  for (let i = times(); i > 0; i--)
    attrs.push([1, r.pick([formatted(device, r.int(8)), formatted(device, r.int(8)), '', 'guest', formatted(other, r.int(8))])]);
  for (let i = r.pick([0, 0, 1, 1, 2]); i > 0; i--)
    attrs.push(r.next() < 0.8 ? ['User-Password', r.pick([formatted(device, r.int(8)), '', 'x'])] : [2, r.bytes(r.int(40))]);
  if (r.next() < 0.15) attrs.push([3, r.bytes(r.next() < 0.8 ? 17 : r.int(30))]);
  if (r.next() < 0.1) attrs.push([24, r.bytes(1 + r.int(20))]);
  for (let i = r.pick([0, 0, 0, 1, 2]); i > 0; i--)
    attrs.push([6, r.next() < 0.9 ? Buffer.from([0, 0, 0, r.pick([10, 10, 1, 2, 8])]) : r.bytes(r.int(6))]);
  for (let i = r.pick([0, 1, 1, 1, 2]); i > 0; i--)
    attrs.push([31, r.pick([formatted(device, r.int(8)), formatted(other, r.int(8)), 'not-a-mac', ''])]);
  if (r.next() < 0.5) attrs.push([4, Buffer.from([127, 0, 0, 1])]);
  if (r.next() < 0.2) attrs.push([r.int(256), r.bytes(r.int(10))]);
  const ma = r.pick(['none', 'none', 'signed', 'signed', 'signed', 'short', 'long', 'twice', 'short-then-signed', 'wrong']);
  if (ma === 'signed' || ma === 'twice') attrs.push(['Message-Authenticator']);
  if (ma === 'twice') attrs.push(['Message-Authenticator']);
  if (ma === 'short') attrs.push([80, r.bytes(6)]);
  if (ma === 'long') attrs.push([80, r.bytes(17)]);
  if (ma === 'short-then-signed') attrs.push([80, r.bytes(6)], ['Message-Authenticator']);
  if (ma === 'wrong') attrs.push([80, r.bytes(16)]);
  // Shuffled, except that the signed Message-Authenticator is placed wherever it landed.
  for (let i = attrs.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [attrs[i], attrs[j]] = [attrs[j]!, attrs[i]!];
  }
  const packet = craftRequest({ secret, attributes: attrs, identifier, authenticator: r.bytes(16) });
  // Now and then a byte changed after signing (an attribute's length, a value, the authenticator).
  if (r.next() < 0.05 && packet.length > 20) {
    const at = 20 + r.int(packet.length - 20);
    packet[at] = packet[at]! ^ (1 << r.int(8));
  }
  return packet;
}

describe('RADIUS request validity with the database', () => {
  it('never accepts an invalid Access-Request: 3,000 seeded mutations of MAC authentication', async () => {
    const r = seeded(16);
    const counts = { valid: 0, invalid: 0, acceptedValid: 0, answeredInvalid: 0 };
    const acceptedInvalid: string[] = [];
    for (let batch = 0; batch < 15; batch++) {
      const packets = Array.from({ length: 200 }, (_, i) => fuzzedRequest(r, site.secret, i));
      const replies = await exchangeRaw(radius.ports.auth, packets, { quietMs: 250 });
      packets.forEach((packet, i) => {
        const valid = validAccessRequest(packet, site.secret);
        const reply = replies.get(i);
        if (valid) {
          counts.valid++;
          if (reply?.[0] === 2) counts.acceptedValid++;
        } else {
          counts.invalid++;
          if (reply) counts.answeredInvalid++;
          if (reply?.[0] === 2) acceptedInvalid.push(packet.toString('hex'));
        }
      });
    }
    expect(acceptedInvalid).toEqual([]);
    // Invalid requests are discarded, not refused; and the run did let valid ones in.
    expect(counts.answeredInvalid).toBe(0);
    expect(counts.invalid).toBeGreaterThan(1000);
    expect(counts.acceptedValid).toBeGreaterThan(40);
  }, 60_000);

  it("refuses a whitelisted device's MAC as User-Name from another device's Calling-Station-Id", async () => {
    const [mac, otherMac] = WHITELISTED;
    const ask = (calling: string) =>
      radclient(radius.ports.auth, 'auth', site.secret, [
        `User-Name = "${formatted(mac!, 1)}"`,
        `User-Password = "${formatted(mac!, 1)}"`,
        `Calling-Station-Id = "${calling}"`,
        'Message-Authenticator = 0x00',
      ]);
    expect((await ask(formatted(mac!, 5))).code).toBe('Access-Accept');
    expect((await ask(formatted(otherMac!, 5))).code).toBe('Access-Reject');
    expect((await ask('02-00-5E-77-77-77')).code).toBe('Access-Reject');
  });
});
