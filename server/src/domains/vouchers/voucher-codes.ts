import { randomBytes } from 'node:crypto';
import { VOUCHER_CODE_ALPHABET, VOUCHER_CODE_LENGTH } from '@splashboard/contract';

/**
 * New voucher codes: 12 characters of a 32-letter alphabet, each from 5 random bits (a byte's low 5 bits
 * are uniform since 256 is a multiple of 32), 60 bits per code. Guessing one of a million live codes
 * then takes about 10^12 tries, against per-device and per-address limits on the portal.
 */
export function newVoucherCodes(count: number): string[] {
  const bytes = randomBytes(count * VOUCHER_CODE_LENGTH);
  const codes: string[] = new Array(count);
  for (let i = 0; i < count; i++) {
    let code = '';
    for (let j = 0; j < VOUCHER_CODE_LENGTH; j++) code += VOUCHER_CODE_ALPHABET[bytes[i * VOUCHER_CODE_LENGTH + j]! & 31];
    codes[i] = code;
  }
  return codes;
}
