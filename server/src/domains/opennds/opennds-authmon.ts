import type { Database } from '../../db/client.ts';
import { ControllerError, type AuthmonGrant, type AuthmonQueue } from '../../adapters/controllers/index.ts';
import type { AuthmonStore } from '../../adapters/controllers/opennds/authmon.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { createGuestSessionsRepo } from '../guests/guest-sessions.repo.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import type { Controllers } from '../routers/controllers.ts';
import { createAuthmonRepo } from './opennds-authmon.repo.ts';

/** A grant the gateway has not taken by then is dropped, and the guest told. */
export const AUTHMON_WAIT_MINUTES = 5;
/** A grant delivered this many times without an acknowledgement is refused by the gateway (a stale client). */
export const AUTHMON_MAX_DELIVERIES = 10;
/**
 * authmon clears the queue when it starts, a few seconds after the gateway: grants made in the last
 * moments came through the gateway that is running now, so they are kept.
 */
export const AUTHMON_CLEAR_GRACE_MS = 15_000;
const KEEP_MS = 86_400_000;
/** Grants of a gateway looked at in one poll (more wait for the next). */
const DELIVER_AT_MOST = 32;

/** Why a grant was dropped, as its session's grant detail says. */
export const DROP_DETAIL = {
  cleared: 'unreachable: the gateway restarted before it took the grant',
  expired: `timeout: the gateway did not take the grant within ${AUTHMON_WAIT_MINUTES} minutes (is authmon polling this portal?)`,
  refused: 'rejected: the gateway did not accept the grant (the client was no longer known to it)',
};

/** The guest's waiting page while the gateway takes the grant (portal/opennds-wait.ts). */
export const waitPath = (portalKey: string, token: string) => `/guest/${portalKey}/wait/${token}`;

/** Each site's queue, for the openNDS adapter (wired through the controllers). */
export function createAuthmonQueues(db: Database): (siteId: number) => AuthmonQueue {
  const sites = createSitesRepo(db);
  const queue = createAuthmonRepo(db);
  const guestSessions = createGuestSessionsRepo(db);
  return (siteId) => ({
    async enqueue(grant: AuthmonGrant) {
      const site = await sites.accountAndPortalKeyOf(siteId);
      if (!site) throw new ControllerError('not_configured', 'The site no longer exists');
      // The adapter is not told the session: it is the one the portal just recorded (or is retrying) for this device.
      const sessionId = grant.clientMac ? await guestSessions.latestUngrantedOpenNdsOfDevice(siteId, grant.clientMac) : undefined;
      const token = randomToken(24);
      const fresh = {
        sessionId: sessionId ?? null,
        entry: grant.entry,
        clientMac: grant.clientMac,
        gatewayAddress: grant.gatewayAddress,
        waitTokenHash: sha256(token),
        continueUrl: grant.continueUrl.slice(0, 2000),
        deliveries: 0,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + AUTHMON_WAIT_MINUTES * 60_000),
        deliveredAt: null,
        confirmedAt: null,
        droppedAt: null,
        dropReason: null,
      };
      // The same client logging in again (a retry) has the same rhid: its grant starts over.
      await queue.enqueue({ accountId: site.accountId, siteId, gatewayHash: grant.gatewayHash, rhid: grant.rhid }, fresh);
      return { waitUrl: waitPath(site.portalKey, token) };
    },
  });
}

/** The queue as the gateway's polls see it (adapters/controllers/opennds/authmon.ts answers them). */
export function createAuthmonStore(db: Database, controllers: Pick<Controllers, 'openNdsSettings'>): AuthmonStore {
  const sites = createSitesRepo(db);
  const queue = createAuthmonRepo(db);
  return {
    async level3Site(portalKey) {
      const siteId = await sites.idOfPortalKey(portalKey);
      const settings = siteId === undefined ? null : await controllers.openNdsSettings(siteId);
      return siteId !== undefined && settings?.level === 3 ? siteId : null;
    },
    async deliverable(siteId, gatewayHash) {
      const now = new Date();
      await queue.removeQueuedBefore(siteId, gatewayHash, new Date(now.getTime() - KEEP_MS));
      await queue.drop(siteId, gatewayHash, { expiredBy: now }, 'expired', DROP_DETAIL.expired);
      await queue.drop(siteId, gatewayHash, { deliveriesAtLeast: AUTHMON_MAX_DELIVERIES }, 'refused', DROP_DETAIL.refused);
      return queue.pending(siteId, gatewayHash, DELIVER_AT_MOST);
    },
    markDelivered: (ids) => queue.markDelivered(ids),
    confirm: (siteId, gatewayHash, which) => queue.confirm(siteId, gatewayHash, which),
    clear: (siteId, gatewayHash) =>
      queue.drop(
        siteId,
        gatewayHash,
        { createdBefore: new Date(Date.now() - AUTHMON_CLEAR_GRACE_MS) },
        'cleared',
        DROP_DETAIL.cleared,
      ),
    endSession: (siteId, gatewayHash, mac, cause) => queue.endSession(siteId, gatewayHash, mac, cause),
    endAllSessions: (siteId, gatewayHash, cause) => queue.endAllSessions(siteId, gatewayHash, cause),
  };
}
