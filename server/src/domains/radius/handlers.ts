import { sql } from 'drizzle-orm';
import { normalizeMac } from '@splashboard/contract';
import { radiusSessions } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import type { SiteChanges } from '../../platform/site-changes.ts';
import { createRadiusCache } from './cache.ts';
import type { RadiusHandlers } from '../../adapters/radius/server.ts';
import { createPortalCredentialCheck } from './portal-credentials.ts';
import { createGuestLogins, type GuestLoginOptions } from './guest-logins.ts';

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
      if (r.statusType === 'Accounting-On' || r.statusType === 'Accounting-Off') return;
      const stopped = r.statusType === 'Stop';
      const values = {
        nasClientId: r.client.id,
        siteId: r.client.siteId,
        acctSessionId: r.sessionId,
        userName: r.userName,
        callingStationId: r.callingStationId,
        status: r.statusType,
        inputOctets: r.inputOctets,
        outputOctets: r.outputOctets,
        sessionTime: r.sessionTime,
        terminateCause: r.terminateCause,
        stoppedAt: stopped ? new Date() : null,
      };
      await db
        .insert(radiusSessions)
        .values(values)
        .onConflictDoUpdate({
          target: [radiusSessions.nasClientId, radiusSessions.acctSessionId],
          // A late Interim after a Stop must not reopen the session; counters only move forward.
          set: {
            status: sql`case when ${radiusSessions.status} = 'Stop' then ${radiusSessions.status} else ${r.statusType} end`,
            inputOctets: sql`greatest(${radiusSessions.inputOctets}, ${r.inputOctets})`,
            outputOctets: sql`greatest(${radiusSessions.outputOctets}, ${r.outputOctets})`,
            sessionTime: sql`greatest(${radiusSessions.sessionTime}, ${r.sessionTime})`,
            terminateCause: stopped ? r.terminateCause : sql`${radiusSessions.terminateCause}`,
            stoppedAt: stopped ? new Date() : sql`${radiusSessions.stoppedAt}`,
            updatedAt: new Date(),
          },
        });
      await guestLogins.account(r);
    },
  };
}
