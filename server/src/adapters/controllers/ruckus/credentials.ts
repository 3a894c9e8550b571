/**
 * The one-session RADIUS credentials the portal hands a Ruckus controller in UE-Username/UE-Password.
 * The controller asks our RADIUS server with them; the server checks them without any stored row:
 * the username carries the grant (session end, rates, quota, client MAC) and the password is an HMAC
 * of it under the site's own key, sealed in its controller settings.
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'sbr1';

export interface RuckusGrant {
  /** Unix seconds at which the session ends. */
  expires: number;
  upKbps: number;
  downKbps: number;
  quotaMB: number;
  /** Twelve lower-case hex digits. */
  macHex: string;
}

/** A new site key, made when Ruckus settings are first saved. */
export const newRadiusKey = () => randomBytes(32).toString('base64url');

export const passwordFor = (key: string, username: string) =>
  createHmac('sha256', key).update(username).digest('base64url').slice(0, 32);

export function issueCredentials(key: string, grant: RuckusGrant): { username: string; password: string } {
  const username = [PREFIX, grant.expires, grant.upKbps, grant.downKbps, grant.quotaMB, grant.macHex].join('.');
  return { username, password: passwordFor(key, username) };
}

/** The grant a username carries, or null when it is not one of ours. */
export function readUsername(username: string): RuckusGrant | null {
  const m = /^sbr1\.(\d{1,12})\.(\d{1,9})\.(\d{1,9})\.(\d{1,12})\.([0-9a-f]{12})$/.exec(username);
  if (!m) return null;
  return { expires: Number(m[1]), upKbps: Number(m[2]), downKbps: Number(m[3]), quotaMB: Number(m[4]), macHex: m[5]! };
}
