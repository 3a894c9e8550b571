import { randomBytes } from 'node:crypto';
import { sha256 } from '../../platform/crypto.ts';

export const RECOVERY_KIND = 'tf_recovery';
export const RECOVERY_CODE_COUNT = 10;
// Letters and digits that cannot be mistaken for one another when read off paper (no 0/o, 1/l/i).
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** One code as shown: `abcde-fghij` (10 characters of 31, about 50 bits). */
function newCode(): string {
  let out = '';
  while (out.length < 10) {
    for (const byte of randomBytes(16)) {
      // 248 = 8 * 31: bytes above it are dropped so every character is equally likely.
      if (byte < 248 && out.length < 10) out += ALPHABET[byte % 31];
    }
  }
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newCode);

/** As typed: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Stored as a hash bound to the user, so equal codes of two users cannot collide. */
export const recoveryCodeId = (userId: number, code: string) =>
  sha256(`${RECOVERY_KIND}:${userId}:${normalizeRecoveryCode(code)}`);

/** The rows one_time_tokens keeps for a user's new codes (they do not expire; they are spent or replaced). */
export const recoveryCodeRows = (userId: number, email: string, codes: string[]) =>
  codes.map((code) => ({
    id: recoveryCodeId(userId, code),
    kind: RECOVERY_KIND,
    userId,
    email,
    expiresAt: new Date('9999-12-31T00:00:00Z'),
  }));
