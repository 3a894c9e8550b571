import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const ISSUER = 'Splashboard';

export function newTotpSecret() {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label = '') {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretBase32) });
}

/** The time step a code belongs to (one step of drift either way), or null when it is wrong. */
export function matchTotp(secretBase32: string, code: string): number | null {
  const delta = totp(secretBase32).validate({ token: code, window: 1 });
  if (delta === null) return null;
  return Math.floor(Date.now() / 30_000) + delta;
}

export async function totpEnrollment(secretBase32: string, email: string) {
  const url = totp(secretBase32, email).toString();
  return { otpauth_url: url, qr_code: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
}
