import radius from 'radius';
import { createHash, hash, timingSafeEqual } from 'node:crypto';
import { fileURLToPath } from 'node:url';

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
const USER_PASSWORD = 2;

export type Attributes = Record<string, unknown>;
export interface DecodedPacket {
  code: string;
  identifier: number;
  attributes: Attributes;
  raw_attributes: [number, Buffer][];
  authenticator: Buffer;
}
export type ReplyAttribute = [string, unknown] | ['Vendor-Specific', string | number, [string, unknown][]];

/** Where the Message-Authenticator's value sits in a raw packet, if it has one. */
function messageAuthenticatorOffset(packet: Buffer): number | null {
  let offset = HEADER;
  const end = packet.readUInt16BE(2);
  while (offset + 2 <= end) {
    const type = packet[offset]!;
    const length = packet[offset + 1]!;
    if (length < 2 || offset + length > end) return null;
    if (type === MESSAGE_AUTHENTICATOR) return length === 18 ? offset + 2 : null;
    offset += length;
  }
  return null;
}

/** Structural checks before anything is parsed: code, length field, attribute lengths. */
export function wellFormed(packet: Buffer): boolean {
  if (packet.length < HEADER || packet.length > 4096) return false;
  const length = packet.readUInt16BE(2);
  if (length < HEADER || length > packet.length) return false;
  let offset = HEADER;
  while (offset < length) {
    if (offset + 2 > length) return false;
    const attrLength = packet[offset + 1]!;
    if (attrLength < 2 || offset + attrLength > length) return false;
    offset += attrLength;
  }
  return true;
}

export const hasMessageAuthenticator = (packet: Buffer) => messageAuthenticatorOffset(packet) !== null;

// Every request costs two or three MD5s over a hundred bytes or so: one-shot `hash` over the bytes laid out
// once is a third of the time of createHash/createHmac objects (the keyed pads of HMAC are built here).
const md5 = (data: Buffer) => hash('md5', data, 'buffer');
const HMAC_BLOCK = 64;

/**
 * RFC 2104 HMAC-MD5 of `length` bytes that the caller writes into the returned buffer at `dataOffset`:
 * the inner pad goes before them, so the message is not copied twice.
 */
function hmacMd5Input(secret: string, length: number) {
  const input = Buffer.allocUnsafe(HMAC_BLOCK + length);
  const key = Buffer.from(secret, 'utf8');
  const k = key.length > HMAC_BLOCK ? md5(key) : key;
  for (let i = 0; i < HMAC_BLOCK; i++) input[i] = (k[i] ?? 0) ^ 0x36;
  return {
    input,
    dataOffset: HMAC_BLOCK,
    digest() {
      const outer = Buffer.allocUnsafe(HMAC_BLOCK + 16);
      for (let i = 0; i < HMAC_BLOCK; i++) outer[i] = (k[i] ?? 0) ^ 0x5c;
      md5(input).copy(outer, HMAC_BLOCK);
      return md5(outer);
    },
  };
}

/** RFC 3579: HMAC-MD5 over the packet with the attribute's value zeroed, keyed by the shared secret. */
export function validMessageAuthenticator(packet: Buffer, secret: string): boolean {
  const at = messageAuthenticatorOffset(packet);
  if (at === null) return false;
  const length = packet.readUInt16BE(2);
  const h = hmacMd5Input(secret, length);
  packet.copy(h.input, h.dataOffset, 0, length);
  h.input.fill(0, h.dataOffset + at, h.dataOffset + at + 16);
  return timingSafeEqual(packet.subarray(at, at + 16), h.digest());
}

/** RFC 2866: an Accounting-Request's authenticator is MD5(packet with a zero authenticator + secret). */
export function validAccountingAuthenticator(packet: Buffer, secret: string): boolean {
  const length = packet.readUInt16BE(2);
  const s = Buffer.from(secret, 'utf8');
  const copy = Buffer.allocUnsafe(length + s.length);
  packet.copy(copy, 0, 0, length);
  copy.fill(0, 4, 20);
  s.copy(copy, length);
  return timingSafeEqual(packet.subarray(4, 20), md5(copy));
}

/**
 * A request whose authenticators the server has already checked (validMessageAuthenticator,
 * validAccountingAuthenticator). The library would check them again, re-encoding the whole packet for the
 * Message-Authenticator; without the secret it leaves User-Password encrypted, so that is opened here.
 */
export function decode(packet: Buffer, secret: string): DecodedPacket {
  const decoded = radius.decode_without_secret({ packet }) as DecodedPacket;
  const password = rawAttribute(decoded, USER_PASSWORD);
  if (password) decoded.attributes['User-Password'] = decryptPassword(password, decoded.authenticator, secret);
  return decoded;
}

/** RFC 2865 5.2: each 16-byte block XOR MD5(secret + the previous block, the authenticator first); NUL padded. */
export function decryptPassword(field: Buffer, authenticator: Buffer, secret: string): string {
  if (field.length < 16 || field.length > 128 || field.length % 16 !== 0) throw new Error('malformed User-Password');
  const plain = Buffer.alloc(field.length);
  const s = Buffer.from(secret, 'utf8');
  const input = Buffer.allocUnsafe(s.length + 16);
  s.copy(input);
  let previous = authenticator;
  for (let i = 0; i < field.length; i += 16) {
    previous.copy(input, s.length, 0, 16);
    const pad = md5(input);
    for (let j = 0; j < 16; j++) plain[i + j] = field[i + j]! ^ pad[j]!;
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
  request: DecodedPacket,
  code: 'Access-Accept' | 'Access-Reject' | 'Accounting-Response',
  secret: string,
  attributes: ReplyAttribute[] = [],
) {
  const body = encodedAttributes(attributes);
  const proxyState = request.raw_attributes.filter(([type]) => type === PROXY_STATE);
  const withMa = code !== 'Accounting-Response';
  const s = Buffer.from(secret, 'utf8');
  const length = HEADER + body.length + proxyState.reduce((n, [, v]) => n + 2 + v.length, 0) + (withMa ? 18 : 0);
  if (length > 4096) throw new Error('reply too long');
  // Laid out with room for the secret at the end: the Response Authenticator is MD5(packet + secret).
  const packet = Buffer.alloc(length + s.length);
  packet[0] = REPLY_CODES[code];
  packet[1] = request.identifier;
  packet.writeUInt16BE(length, 2);
  request.authenticator.copy(packet, 4);
  let offset = HEADER + body.copy(packet, HEADER);
  for (const [type, value] of proxyState) {
    packet[offset] = type;
    packet[offset + 1] = value.length + 2;
    offset += 2 + value.copy(packet, offset + 2);
  }
  if (withMa) {
    // RFC 3579: computed with the Request Authenticator in place, before the Response Authenticator.
    packet[offset] = MESSAGE_AUTHENTICATOR;
    packet[offset + 1] = 18;
    const h = hmacMd5Input(secret, length);
    packet.copy(h.input, h.dataOffset, 0, length);
    h.digest().copy(packet, offset + 2);
  }
  s.copy(packet, length);
  md5(packet).copy(packet, 4);
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

/**
 * The attribute section of a reply, encoded by the library (dictionaries, vendor attributes); it
 * depends on nothing but the attributes, so the bytes of the common ones are kept.
 */
function encodedAttributes(attributes: ReplyAttribute[]): Buffer {
  const key = JSON.stringify(attributes);
  const known = attributeBytes.get(key);
  if (known) return known;
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
  return copy;
}

/** CHAP (RFC 1994 / 2865): MD5(id + password + challenge); the challenge is the attribute, or the authenticator. */
export function validChap(packet: DecodedPacket, password: string): boolean {
  const chap = rawAttribute(packet, 3);
  if (!chap || chap.length !== 17) return false;
  const challenge = rawAttribute(packet, 60) ?? packet.authenticator;
  const expected = createHash('md5').update(chap.subarray(0, 1)).update(password, 'utf8').update(challenge).digest();
  return timingSafeEqual(chap.subarray(1), expected);
}

export function rawAttribute(packet: DecodedPacket, type: number): Buffer | undefined {
  return packet.raw_attributes.find(([t]) => t === type)?.[1];
}

/** A 64-bit counter from its low 32 bits and its Gigawords attribute. */
export const octets = (low: unknown, gigawords: unknown) => Number(gigawords ?? 0) * 2 ** 32 + Number(low ?? 0);
