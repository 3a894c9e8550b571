import radius from 'radius';
import { createHash, hash, timingSafeEqual } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { normalizeMac } from '@splashboard/contract';

// The library's RFC dictionaries plus our vendor file; loaded once, before the first decode.
radius.add_dictionary(fileURLToPath(new URL('./dictionaries', import.meta.url)));

export const CODES = {
  AccessRequest: 1,
  AccessAccept: 2,
  AccessReject: 3,
  AccountingRequest: 4,
  AccountingResponse: 5,
} as const;

const HEADER = 20;
const MESSAGE_AUTHENTICATOR = 80;
const PROXY_STATE = 33;

export type ReplyAttribute = [string, unknown] | ['Vendor-Specific', string | number, [string, unknown][]];

/** Attribute types read from requests. */
export const ATTR = {
  UserName: 1,
  UserPassword: 2,
  ChapPassword: 3,
  NasIpAddress: 4,
  ServiceType: 6,
  State: 24,
  CalledStationId: 30,
  CallingStationId: 31,
  NasIdentifier: 32,
  FramedIpAddress: 8,
  ProxyState: PROXY_STATE,
  AcctStatusType: 40,
  AcctInputOctets: 42,
  AcctOutputOctets: 43,
  AcctSessionId: 44,
  AcctSessionTime: 46,
  AcctTerminateCause: 49,
  AcctInputGigawords: 52,
  AcctOutputGigawords: 53,
  ChapChallenge: 60,
  MessageAuthenticator: MESSAGE_AUTHENTICATOR,
} as const;
/** RFC 2865 5.6: Service-Type Call-Check, which gateways send for MAC authentication (Cisco MAB and others). */
export const SERVICE_TYPE_CALL_CHECK = 10;

/** The attribute types whose place a scan keeps (the others stay unread in the packet), by slot. */
const READ_TYPES = [1, 2, 3, 4, 6, 8, 24, 30, 31, 32, 40, 42, 43, 44, 46, 49, 52, 53, 60, 80];
const SLOT = new Int8Array(256).fill(-1);
READ_TYPES.forEach((type, slot) => (SLOT[type] = slot));

/**
 * A request's attributes after one pass over the packet: where the first one of each type read sits,
 * how many of that type there are, and every Proxy-State (copied back in replies). The arrays are small
 * enough to live on V8's heap: a scan per packet allocates next to nothing.
 */
export class Scanned {
  /** The packet's length field: bytes past it are padding and ignored (RFC 2865 3). */
  length = 0;
  /** Value offset of the first attribute of each slot's type; 0 when absent (no value starts there). */
  readonly at = new Uint16Array(READ_TYPES.length);
  readonly size = new Uint8Array(READ_TYPES.length);
  readonly count = new Uint8Array(READ_TYPES.length);
  proxyState: Buffer[] | null = null;

  constructor(readonly packet: Buffer) {}

  /** How many attributes of a type the packet has (saturating at 255); only for the types read. */
  many(type: number) {
    return this.count[SLOT[type]!]!;
  }
  has(type: number) {
    return this.at[SLOT[type]!]! > 0;
  }
  /** The value's length of the first attribute of a type, -1 when absent. */
  sizeOf(type: number) {
    const slot = SLOT[type]!;
    return this.at[slot]! > 0 ? this.size[slot]! : -1;
  }
  offsetOf(type: number) {
    return this.at[SLOT[type]!]!;
  }
  /** The value of the first attribute of a type, as bytes (a view into the packet). */
  bytes(type: number): Buffer | undefined {
    const slot = SLOT[type]!;
    const at = this.at[slot]!;
    return at === 0 ? undefined : this.packet.subarray(at, at + this.size[slot]!);
  }
  /** A text attribute (RFC 2865 "text": UTF-8), '' when absent. */
  text(type: number): string {
    const slot = SLOT[type]!;
    const at = this.at[slot]!;
    return at === 0 ? '' : this.packet.toString('utf8', at, at + this.size[slot]!);
  }
  /** A 32-bit integer attribute, undefined when absent or not 4 bytes long. */
  integer(type: number): number | undefined {
    const slot = SLOT[type]!;
    const at = this.at[slot]!;
    return at === 0 || this.size[slot] !== 4 ? undefined : this.packet.readUInt32BE(at);
  }
  /** An IPv4 address attribute, '' when absent or not 4 bytes long. */
  address(type: number): string {
    const slot = SLOT[type]!;
    const at = this.at[slot]!;
    if (at === 0 || this.size[slot] !== 4) return '';
    const p = this.packet;
    return `${p[at]}.${p[at + 1]}.${p[at + 2]}.${p[at + 3]}`;
  }
}

/**
 * Structural checks and the one pass over the attributes, before anything is trusted: header and length
 * field, every attribute's length, and RFC 3579 3.2's rule for Message-Authenticator (at most one, of
 * exactly 18 bytes; a packet with a malformed one is invalid, not one without). Answers why a packet is
 * invalid as a string, to be dropped silently.
 */
export function scan(packet: Buffer): Scanned | string {
  if (packet.length < HEADER || packet.length > 4096) return 'malformed header';
  const length = packet.readUInt16BE(2);
  if (length < HEADER || length > packet.length) return 'malformed length';
  const s = new Scanned(packet);
  s.length = length;
  let offset = HEADER;
  while (offset < length) {
    if (offset + 2 > length) return 'malformed attribute';
    const type = packet[offset]!;
    const attrLength = packet[offset + 1]!;
    if (attrLength < 2 || offset + attrLength > length) return 'malformed attribute';
    if (type === PROXY_STATE) (s.proxyState ??= []).push(packet.subarray(offset + 2, offset + attrLength));
    const slot = SLOT[type]!;
    if (slot >= 0) {
      const n = s.count[slot]!;
      if (n === 0) {
        s.at[slot] = offset + 2;
        s.size[slot] = attrLength - 2;
      }
      if (n < 255) s.count[slot] = n + 1;
    }
    offset += attrLength;
  }
  if (s.many(MESSAGE_AUTHENTICATOR) > 1) return 'several Message-Authenticator attributes';
  if (s.has(MESSAGE_AUTHENTICATOR) && s.sizeOf(MESSAGE_AUTHENTICATOR) !== 16) return 'malformed Message-Authenticator';
  return s;
}

/** Attributes an Access-Request may carry at most once (RFC 2865 5.44, RFC 3579 3.3) that decide who gets in. */
const AT_MOST_ONCE = [
  ATTR.UserName,
  ATTR.UserPassword,
  ATTR.ChapPassword,
  ATTR.ServiceType,
  ATTR.State,
  ATTR.CallingStationId,
  ATTR.ChapChallenge,
];

/**
 * MAC authentication, recognised only when the request says so: Service-Type Call-Check (RFC 2865 5.6;
 * Cisco MAB, Aruba, Ruckus send it), or a User-Name that is the device's MAC, the same device as
 * Calling-Station-Id (in any of the vendors' formats: Aruba's and Meraki's dashes, Cisco's dots, none).
 */
export function isMacAuthentication(s: Scanned): boolean {
  if (s.integer(ATTR.ServiceType) === SERVICE_TYPE_CALL_CHECK) return true;
  const user = normalizeMac(s.text(ATTR.UserName));
  return user !== null && user === normalizeMac(s.text(ATTR.CallingStationId));
}

/**
 * RFC 2865 4.1 and 5.44's rules for an Access-Request, with the lengths of the attributes that carry
 * credentials: answers what makes it invalid (to be silently discarded), or null. At most one User-Name,
 * and not an empty one; User-Password, CHAP-Password or State, but not User-Password and CHAP-Password
 * together; without any of them only explicit MAC authentication (isMacAuthentication).
 */
export function accessRequestProblem(s: Scanned): string | null {
  for (const type of AT_MOST_ONCE) if (s.many(type) > 1) return `attribute ${type} more than once`;
  if (s.sizeOf(ATTR.UserName) === 0) return 'empty User-Name';
  const pap = s.sizeOf(ATTR.UserPassword);
  const chap = s.sizeOf(ATTR.ChapPassword);
  if (pap >= 0 && chap >= 0) return 'both User-Password and CHAP-Password';
  // RFC 2865 5.2: 16 to 128 bytes, a multiple of 16; 5.3: CHAP Ident and a 16-byte response.
  if (pap >= 0 && (pap < 16 || pap > 128 || pap % 16 !== 0)) return 'malformed User-Password';
  if (chap >= 0 && chap !== 17) return 'malformed CHAP-Password';
  if (s.has(ATTR.ServiceType) && s.sizeOf(ATTR.ServiceType) !== 4) return 'malformed Service-Type';
  if (pap < 0 && chap < 0 && !s.has(ATTR.State) && !isMacAuthentication(s))
    return 'no User-Password, CHAP-Password or State, and not MAC authentication';
  return null;
}

// Every request costs six MD5s over a hundred bytes or so. One-shot `hash` to a latin1 ('binary') string,
// written where the digest goes, takes half the time of `hash` to a Buffer (a new backing store per digest,
// for the garbage collector to sweep) and a third of createHash/createHmac objects (measured alone on Node
// 20); HMAC's keyed pads are made once a secret, and the bytes to hash are laid out in one work buffer that
// every call reuses (all synchronous).
const md5 = (data: Buffer) => hash('md5', data, 'binary');
const HMAC_BLOCK = 64;
const WORK = Buffer.allocUnsafe(HMAC_BLOCK + 4096 + 1024);
const OUTER = Buffer.allocUnsafe(HMAC_BLOCK + 16);
const DIGEST = Buffer.allocUnsafe(16);
/** The first `length` bytes of the work buffer (a buffer of its own if that is too small). */
const work = (length: number) => (length <= WORK.length ? WORK.subarray(0, length) : Buffer.allocUnsafe(length));

/** A shared secret's bytes and its HMAC-MD5 pads (RFC 2104), made once per secret. */
interface SecretKeys {
  bytes: Buffer;
  ipad: Buffer;
  opad: Buffer;
}
const keysBySecret = new Map<string, SecretKeys>();
const SECRETS_KEPT = 10_000;

function keysOf(secret: string): SecretKeys {
  const known = keysBySecret.get(secret);
  if (known) return known;
  const bytes = Buffer.from(secret, 'utf8');
  const k = bytes.length > HMAC_BLOCK ? Buffer.from(md5(bytes), 'latin1') : bytes;
  const ipad = Buffer.alloc(HMAC_BLOCK, 0x36);
  const opad = Buffer.alloc(HMAC_BLOCK, 0x5c);
  for (let i = 0; i < k.length; i++) {
    ipad[i]! ^= k[i]!;
    opad[i]! ^= k[i]!;
  }
  if (keysBySecret.size >= SECRETS_KEPT) keysBySecret.delete(keysBySecret.keys().next().value!);
  const keys = { bytes, ipad, opad };
  keysBySecret.set(secret, keys);
  return keys;
}

/**
 * RFC 2104 HMAC-MD5 of `message` (which starts HMAC_BLOCK bytes into `input`, the inner pad's room), its
 * digest written into `target` at `offset`.
 */
function hmacMd5(keys: SecretKeys, input: Buffer, target: Buffer, offset: number) {
  keys.ipad.copy(input);
  keys.opad.copy(OUTER);
  OUTER.write(md5(input), HMAC_BLOCK, 16, 'latin1');
  target.write(md5(OUTER), offset, 16, 'latin1');
}

/**
 * RFC 3579: HMAC-MD5 over the packet with the attribute's value zeroed, keyed by the shared secret. In an
 * Accounting-Request (RFC 5080 2.2.2, as FreeRADIUS checks it) the Request Authenticator counts as zeros:
 * it is computed after the Message-Authenticator.
 */
export function validMessageAuthenticator(request: Buffer | Scanned, secret: string, zeroAuthenticator = false): boolean {
  const s = Buffer.isBuffer(request) ? scan(request) : request;
  if (typeof s === 'string' || !s.has(MESSAGE_AUTHENTICATOR)) return false;
  const at = s.offsetOf(MESSAGE_AUTHENTICATOR);
  const input = work(HMAC_BLOCK + s.length);
  s.packet.copy(input, HMAC_BLOCK, 0, s.length);
  input.fill(0, HMAC_BLOCK + at, HMAC_BLOCK + at + 16);
  if (zeroAuthenticator) input.fill(0, HMAC_BLOCK + 4, HMAC_BLOCK + HEADER);
  hmacMd5(keysOf(secret), input, DIGEST, 0);
  return timingSafeEqual(s.packet.subarray(at, at + 16), DIGEST);
}

/** RFC 2866: an Accounting-Request's authenticator is MD5(packet with a zero authenticator + secret). */
export function validAccountingAuthenticator(packet: Buffer, secret: string): boolean {
  const length = packet.readUInt16BE(2);
  const s = keysOf(secret).bytes;
  const input = work(length + s.length);
  packet.copy(input, 0, 0, length);
  input.fill(0, 4, 20);
  s.copy(input, length);
  DIGEST.write(md5(input), 0, 16, 'latin1');
  return timingSafeEqual(packet.subarray(4, 20), DIGEST);
}

/** RFC 2866 5.1's Acct-Status-Type values the server takes (others are dropped). */
export const ACCT_STATUS_TYPES: Record<number, 'Start' | 'Stop' | 'Interim-Update' | 'Accounting-On' | 'Accounting-Off'> = {
  1: 'Start',
  2: 'Stop',
  3: 'Interim-Update',
  7: 'Accounting-On',
  8: 'Accounting-Off',
};

/** Acct-Terminate-Cause by value (RFC 2866 5.10, RFC 3580 3.32), as FreeRADIUS's dictionaries name them. */
export const TERMINATE_CAUSES = [
  '',
  'User-Request',
  'Lost-Carrier',
  'Lost-Service',
  'Idle-Timeout',
  'Session-Timeout',
  'Admin-Reset',
  'Admin-Reboot',
  'Port-Error',
  'NAS-Error',
  'NAS-Request',
  'NAS-Reboot',
  'Port-Unneeded',
  'Port-Preempted',
  'Port-Suspended',
  'Service-Unavailable',
  'Callback',
  'User-Error',
  'Host-Request',
  'Supplicant-Restart',
  'Reauthentication-Failure',
  'Port-Reinit',
  'Port-Disabled',
];

/** RFC 2865 5.2: each 16-byte block XOR MD5(secret + the previous block, the authenticator first); NUL padded. */
export function decryptPassword(field: Buffer, authenticator: Buffer, secret: string): string {
  if (field.length < 16 || field.length > 128 || field.length % 16 !== 0) throw new Error('malformed User-Password');
  const plain = Buffer.allocUnsafe(field.length);
  const s = keysOf(secret).bytes;
  const input = work(s.length + 16);
  s.copy(input);
  let previous = authenticator;
  for (let i = 0; i < field.length; i += 16) {
    previous.copy(input, s.length, 0, 16);
    const pad = md5(input);
    for (let j = 0; j < 16; j++) plain[i + j] = field[i + j]! ^ pad.charCodeAt(j);
    previous = field.subarray(i, i + 16);
  }
  const end = plain.indexOf(0);
  return plain.toString('utf8', 0, end === -1 ? plain.length : end);
}

/**
 * A reply to a request, with its Proxy-State copied back. Access replies always carry a
 * Message-Authenticator, whether or not the request had one (BlastRADIUS hardening).
 */
export function encodeReply(
  request: Pick<Scanned, 'packet' | 'proxyState'>,
  code: 'Access-Accept' | 'Access-Reject' | 'Accounting-Response',
  secret: string,
  attributes: ReplyAttribute[] = [],
) {
  const body = encodedAttributes(attributes);
  const proxyState = request.proxyState ?? [];
  const withMa = code !== 'Accounting-Response';
  const s = keysOf(secret).bytes;
  let length = HEADER + body.length + (withMa ? 18 : 0);
  for (const value of proxyState) length += 2 + value.length;
  if (length > 4096) throw new Error('reply too long');
  // Laid out with room for the secret at the end: the Response Authenticator is MD5(packet + secret). Every
  // byte is written below.
  const packet = Buffer.allocUnsafe(length + s.length);
  packet[0] = REPLY_CODES[code];
  packet[1] = request.packet[1]!;
  packet.writeUInt16BE(length, 2);
  request.packet.copy(packet, 4, 4, HEADER);
  let offset = HEADER + body.copy(packet, HEADER);
  for (const value of proxyState) {
    packet[offset] = PROXY_STATE;
    packet[offset + 1] = value.length + 2;
    offset += 2 + value.copy(packet, offset + 2);
  }
  if (withMa) {
    // RFC 3579: computed with the Request Authenticator in place, before the Response Authenticator.
    packet[offset] = MESSAGE_AUTHENTICATOR;
    packet[offset + 1] = 18;
    packet.fill(0, offset + 2, offset + 18);
    const input = work(HMAC_BLOCK + length);
    packet.copy(input, HMAC_BLOCK, 0, length);
    hmacMd5(keysOf(secret), input, packet, offset + 2);
  }
  s.copy(packet, length);
  packet.write(md5(packet), 4, 16, 'latin1');
  return packet.subarray(0, length);
}

const REPLY_CODES = {
  'Access-Accept': CODES.AccessAccept,
  'Access-Reject': CODES.AccessReject,
  'Accounting-Response': CODES.AccountingResponse,
};
const ZERO_AUTHENTICATOR = Buffer.alloc(16);
/** Attribute sections by their attributes: most replies are one of a few (a MAC accepted, any reject). */
const attributeBytes = new Map<string, Buffer>();
const ATTRIBUTE_SETS_KEPT = 1000;
const attributeBytesOf = new WeakMap<ReplyAttribute[], Buffer>();

/**
 * The attribute section of a reply, encoded by the library (dictionaries, vendor attributes); it
 * depends on nothing but the attributes, so the bytes of the common ones are kept.
 */
function encodedAttributes(attributes: ReplyAttribute[]): Buffer {
  // The same array again (a handler's constant reply) is found without serialising it.
  const same = attributeBytesOf.get(attributes);
  if (same) return same;
  const key = JSON.stringify(attributes);
  const known = attributeBytes.get(key);
  if (known) {
    attributeBytesOf.set(attributes, known);
    return known;
  }
  // The only attribute the library encrypts (with the secret and authenticator), and no reply's.
  if (attributes.some(([name]) => name === 'User-Password')) throw new Error('User-Password in a reply');
  const bytes = radius
    .encode({
      code: 'Access-Accept',
      secret: '',
      identifier: 0,
      authenticator: ZERO_AUTHENTICATOR,
      attributes,
      add_message_authenticator: false,
    })
    .subarray(HEADER);
  const copy = Buffer.from(bytes);
  if (attributeBytes.size >= ATTRIBUTE_SETS_KEPT) attributeBytes.delete(attributeBytes.keys().next().value!);
  attributeBytes.set(key, copy);
  attributeBytesOf.set(attributes, copy);
  return copy;
}

/** CHAP (RFC 1994 / 2865): MD5(id + password + challenge); the challenge is the attribute, or the authenticator. */
export function validChap(chap: Buffer, challenge: Buffer, password: string): boolean {
  if (chap.length !== 17) return false;
  const expected = createHash('md5').update(chap.subarray(0, 1)).update(password, 'utf8').update(challenge).digest();
  return timingSafeEqual(chap.subarray(1), expected);
}

/** A 64-bit counter from its low 32 bits and its Gigawords attribute. */
export const octets = (low: number | undefined, gigawords: number | undefined) => (gigawords ?? 0) * 2 ** 32 + (low ?? 0);
