import { randomBytes, randomInt } from 'node:crypto';
import type { GuestSessionsRepo, SessionKey } from '../domains/guests/guest-sessions.repo.ts';
import type { SecretBox } from '../platform/crypto.ts';

/** How long the guest's browser has to hand the credentials to the gateway. */
export const RADIUS_CREDENTIAL_MINUTES = 10;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** CoovaChilli carries at most 15 bytes of password in its UAM encoding (about 87 bits here). */
const PASSWORD_LENGTH = 15;

/** The sealed form: CHAP needs the cleartext on our side, so it is sealed rather than hashed. */
export interface SealedRadiusPassword {
  p: string;
  /** Expiry, unix milliseconds. */
  exp: number;
}

/**
 * New one-time RADIUS credentials for a guest session (replacing any earlier ones, as on a retry): the
 * gateway gets them from the guest's browser and asks our RADIUS server, which accepts them once.
 */
export async function issueRadiusCredentials(
  { guestSessions, secrets }: { guestSessions: GuestSessionsRepo; secrets: SecretBox },
  session: SessionKey,
) {
  const username = `sb-${randomBytes(9).toString('hex')}`;
  let password = '';
  for (let i = 0; i < PASSWORD_LENGTH; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  const sealed: SealedRadiusPassword = { p: password, exp: Date.now() + RADIUS_CREDENTIAL_MINUTES * 60_000 };
  await guestSessions.setRadiusCredentials(session, username, secrets.seal(JSON.stringify(sealed)));
  return { username, password };
}
