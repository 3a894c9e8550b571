import radius from 'radius';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
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

/** RFC 3579: HMAC-MD5 over the packet with the attribute's value zeroed, keyed by the shared secret. */
export function validMessageAuthenticator(packet: Buffer, secret: string): boolean {
  const at = messageAuthenticatorOffset(packet);
  if (at === null) return false;
  const copy = Buffer.from(packet.subarray(0, packet.readUInt16BE(2)));
  const given = Buffer.from(copy.subarray(at, at + 16));
  copy.fill(0, at, at + 16);
  const expected = createHmac('md5', secret).update(copy).digest();
  return timingSafeEqual(given, expected);
}

/** RFC 2866: an Accounting-Request's authenticator is MD5(packet with a zero authenticator + secret). */
export function validAccountingAuthenticator(packet: Buffer, secret: string): boolean {
  const copy = Buffer.from(packet.subarray(0, packet.readUInt16BE(2)));
  const given = Buffer.from(copy.subarray(4, 20));
  copy.fill(0, 4, 20);
  const expected = createHash('md5').update(copy).update(secret).digest();
  return timingSafeEqual(given, expected);
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
  let previous = authenticator;
  for (let i = 0; i < field.length; i += 16) {
    const hash = createHash('md5').update(secret).update(previous).digest();
    for (let j = 0; j < 16; j++) plain[i + j] = field[i + j]! ^ hash[j]!;
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
  const proxyState = request.raw_attributes.filter(([type]) => type === PROXY_STATE);
  return radius.encode({
    code,
    secret,
    identifier: request.identifier,
    authenticator: request.authenticator,
    attributes: [...attributes, ...proxyState],
    add_message_authenticator: code !== 'Accounting-Response',
  });
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
