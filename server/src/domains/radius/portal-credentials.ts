import { normalizeMac } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import { passwordFor, readUsername } from '../../adapters/controllers/ruckus/credentials.ts';
import type { AccessDecision, AccessRequest } from '../../adapters/radius/server.ts';
import type { ReplyAttribute } from '../../adapters/radius/codec.ts';
import { createControllerSettingsRepo } from '../routers/controller-settings.repo.ts';

/** Families whose controller asks RADIUS with the credentials the portal handed it (portalintf Login). */
const FAMILIES = new Set(['smartzone', 'ruckus_cloud']);

/**
 * The credentials the portal gave a Ruckus controller in UE-Username/UE-Password (ruckus/credentials.ts):
 * accepted when the password is the HMAC of the username under the key of the gateway's own site, the
 * session has not ended and the device is the one granted. Answers null for a username that is not one
 * of these, so the other checks run.
 */
export function createPortalCredentialCheck(db: Database, secrets: SecretBox) {
  const settings = createControllerSettingsRepo(db, secrets);
  return async (req: AccessRequest): Promise<AccessDecision | null> => {
    const grant = readUsername(req.userName);
    if (!grant) return null;
    const stored = await settings.read(req.client.siteId);
    const key = stored && FAMILIES.has(stored.family) ? (stored.secrets as { radiusKey?: string }).radiusKey : undefined;
    if (!key || !req.credentials.verify(passwordFor(key, req.userName)))
      return { accept: false, reason: 'portal credentials refused' };
    const left = grant.expires - Math.floor(Date.now() / 1000);
    if (left <= 0) return { accept: false, reason: 'portal session ended' };
    // Where the controller names the device (any MAC format), it must be the one granted.
    if (req.callingStationId && normalizeMac(req.callingStationId) !== grant.macHex)
      return { accept: false, reason: 'portal credentials of another device' };
    const wispr: [string, number][] = [];
    // WISPr rates are bit/s; the portal's are kbit/s.
    if (grant.upKbps) wispr.push(['WISPr-Bandwidth-Max-Up', grant.upKbps * 1000]);
    if (grant.downKbps) wispr.push(['WISPr-Bandwidth-Max-Down', grant.downKbps * 1000]);
    return {
      accept: true,
      reply: [
        ['Session-Timeout', left],
        ['Acct-Interim-Interval', 300],
        ...(wispr.length ? [['Vendor-Specific', 'WISPr', wispr] as ReplyAttribute] : []),
      ],
    };
  };
}
