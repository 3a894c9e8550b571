import { normalizeMac } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import type { SiteChanges } from '../../platform/site-changes.ts';
import { createRadiusCache } from './cache.ts';
import type { AccessDecision, AccessRequest, RadiusHandlers } from '../../adapters/radius/server.ts';
import { createPortalCredentialCheck } from './portal-credentials.ts';
import { createGuestLogins, isPortalUserName, type GuestLoginOptions } from './guest-logins.ts';
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

  /** normalizeMac of what gateways send, remembered: the same few devices ask again and again. */
  const normalized = new Map<string, string | null>();
  function macOf(value: string) {
    let mac = normalized.get(value);
    if (mac === undefined) {
      mac = normalizeMac(value);
      if (normalized.size >= MACS_KEPT) normalized.clear();
      normalized.set(value, mac);
    }
    return mac;
  }

  /**
   * MAC authentication: the gateway sends the device's MAC as User-Name (or names it only in
   * Calling-Station-Id), and as the password, an empty one, or none at all when the request says it is MAC
   * authentication (vendors differ); the shared secret is what vouches for the gateway. A User-Name that
   * is one device's MAC from another device's Calling-Station-Id is refused. Answers at once when the
   * site's whitelist is in memory.
   */
  function macAuthentication(req: AccessRequest): AccessDecision | Promise<AccessDecision> {
    const named = macOf(req.userName);
    const calling = macOf(req.callingStationId);
    if (named && calling && named !== calling) return OTHER_DEVICE;
    const mac = named ?? calling;
    const c = req.credentials;
    const vouched = c.method === 'none' ? req.macAuthentication : c.verify(req.userName) || c.verify('');
    if (!mac || !vouched) return UNKNOWN_USER;
    const listed = cache.whitelisted(req.client.siteId, mac);
    if (typeof listed === 'boolean') return listed ? WHITELISTED : UNKNOWN_USER;
    return listed.then((yes) => (yes ? WHITELISTED : UNKNOWN_USER));
  }

  /** One-time credentials the portal handed a gateway or a controller. */
  async function portalLogin(req: AccessRequest): Promise<AccessDecision> {
    const portal = await portalCredentials(req);
    if (portal) return portal;
    const guest = await guestLogins.authenticate(req);
    if (guest) return guest;
    return macAuthentication(req);
  }

  return {
    findClient: (address) => cache.client(address),

    authenticate: (req) => (isPortalUserName(req.userName) ? portalLogin(req) : macAuthentication(req)),

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

const MACS_KEPT = 10_000;
const WHITELISTED: AccessDecision = { accept: true, reply: [['Acct-Interim-Interval', 300]] };
const UNKNOWN_USER: AccessDecision = { accept: false, reason: 'unknown user' };
const OTHER_DEVICE: AccessDecision = { accept: false, reason: "User-Name is another device's MAC than Calling-Station-Id" };
