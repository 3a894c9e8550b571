import { normalizeMac } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import type { SiteChanges } from '../../platform/site-changes.ts';
import { createRadiusCache } from './cache.ts';
import type { RadiusHandlers } from '../../adapters/radius/server.ts';
import { createPortalCredentialCheck } from './portal-credentials.ts';
import { createGuestLogins, type GuestLoginOptions } from './guest-logins.ts';
import { createRadiusSessionsRepo } from '../routers/radius-sessions.repo.ts';

/**
 * The database behind the RADIUS server: gateways by source address, whitelisted devices by MAC
 * (whatever format the gateway sends), accounting into radius_sessions. Guest logins from the portal
 * plug in here too. Gateways and whitelists are read through a short-lived cache (cache.ts) that
 * `siteChanges` empties for a site whenever its gateways or whitelist change in this process.
 */
export function createRadiusHandlers(
  db: Database,
  secrets: SecretBox,
  options: GuestLoginOptions & { siteChanges?: SiteChanges; cacheTtlMs?: number } = {},
): RadiusHandlers {
  const guestLogins = createGuestLogins(db, secrets, options);
  const cache = createRadiusCache(db, secrets, { siteChanges: options.siteChanges, ttlMs: options.cacheTtlMs });
  const portalCredentials = createPortalCredentialCheck(db, secrets);
  const radiusSessions = createRadiusSessionsRepo(db);

  return {
    findClient: (address) => cache.client(address),

    async authenticate(req) {
      const portal = await portalCredentials(req);
      if (portal) return portal;
      const guest = await guestLogins.authenticate(req);
      if (guest) return guest;
      // MAC authentication: the gateway sends the device's MAC as User-Name, and as the password, an
      // empty one, or none at all (vendors differ); the shared secret is what vouches for the gateway.
      const mac = normalizeMac(req.userName) ?? normalizeMac(req.callingStationId);
      const c = req.credentials;
      if (mac && (c.method === 'none' || c.verify(req.userName) || c.verify(''))) {
        if (await cache.whitelisted(req.client.siteId, mac)) return { accept: true, reply: [['Acct-Interim-Interval', 300]] };
      }
      return { accept: false, reason: 'unknown user' };
    },

    async account(r) {
      if (r.statusType === 'Accounting-On' || r.statusType === 'Accounting-Off') {
        // RFC 2866 5.1: the gateway (re)started or is stopping: none of its sessions goes on.
        const cause = r.statusType === 'Accounting-On' ? 'gateway_restarted' : 'gateway_stopped';
        const stopped = await radiusSessions.stopOpenOfNas(r.client.id, cause);
        const ended = await guestLogins.endSessionsOf(
          r.client.siteId,
          stopped.map((s) => s.userName),
          cause,
        );
        if (stopped.length)
          options.log?.info(
            { nas: r.client.id, stopped: stopped.length, ended },
            `radius: ${r.statusType} ended the gateway's sessions`,
          );
        return;
      }
      await radiusSessions.record(r);
      await guestLogins.account(r);
    },
  };
}
