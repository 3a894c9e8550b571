import { createHash } from 'node:crypto';

/**
 * MikroTik's login page variables $(chap-id) and $(chap-challenge) are strings with octal escapes
 * (`\315\042...`), written for a JavaScript string literal: these are the bytes they stand for.
 */
export function parseMikrotikOctal(value: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const octal = /^\\([0-7]{3})/.exec(value.slice(i, i + 4));
    if (octal) {
      bytes.push(parseInt(octal[1]!, 8) & 0xff);
      i += 3;
    } else bytes.push(value.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes);
}

/** What MikroTik's http-chap login sends as the password: hex MD5(chap-id + password + chap-challenge). */
export const chapResponseHex = (chapId: Buffer, password: string, challenge: Buffer) =>
  createHash('md5').update(chapId.subarray(0, 1)).update(password, 'utf8').update(challenge).digest('hex');

/**
 * CoovaChilli's UAM password: the password (NUL-padded to 16 bytes) XOR MD5(challenge bytes + uamsecret),
 * in hex; without a uamsecret the challenge itself is the key. Passwords must be at most 15 bytes.
 */
export function uamPassword(password: string, challengeHex: string, uamSecret: string): string {
  const challenge = Buffer.from(challengeHex, 'hex');
  const key = uamSecret ? createHash('md5').update(challenge).update(uamSecret, 'utf8').digest() : challenge;
  const plain = Buffer.alloc(16);
  Buffer.from(password, 'utf8').copy(plain, 0, 0, 15);
  const out = Buffer.alloc(16);
  for (let i = 0; i < 16; i++) out[i] = plain[i]! ^ key[i]!;
  return out.toString('hex');
}

/** The gateway's side of uamPassword (what CoovaChilli sends on as User-Password). */
export function uamPasswordDecode(hex: string, challengeHex: string, uamSecret: string): string {
  const challenge = Buffer.from(challengeHex, 'hex');
  const key = uamSecret ? createHash('md5').update(challenge).update(uamSecret, 'utf8').digest() : challenge;
  const given = Buffer.from(hex, 'hex');
  const out = Buffer.alloc(given.length);
  for (let i = 0; i < given.length; i++) out[i] = given[i]! ^ key[i % 16]!;
  const end = out.indexOf(0);
  return out.subarray(0, end === -1 ? out.length : end).toString('utf8');
}
