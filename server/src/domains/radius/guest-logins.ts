import type { FastifyBaseLogger } from 'fastify';
import { normalizeMac } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import { isRadiusGatewayType } from '../../adapters/controllers/controller.ts';
import { optionsFrom } from '../../adapters/controllers/radius-gateways/options.ts';
import { acceptAttributes, DISCONNECT_CAPABLE } from '../../adapters/controllers/radius-gateways/reply.ts';
import { readUsername } from '../../adapters/controllers/ruckus/credentials.ts';
import { sendDisconnect } from '../../adapters/radius/disconnect.ts';
import type { AccessDecision, AccessRequest, AccountingRecord } from '../../adapters/radius/server.ts';
import { createGuestSessionsRepo, type GuestSessionRow } from '../guests/guest-sessions.repo.ts';
import { createControllerSettingsRepo } from '../routers/controller-settings.repo.ts';
import { createNasClientsRepo } from '../routers/nas-clients.repo.ts';

export interface GuestLoginOptions {
  /** Where gateways take Disconnect-Messages (RFC 5176: 3799). */
  disconnectPort?: number;
  log?: FastifyBaseLogger;
  /**
   * Ends a spent session that only the gateway's controller can end (a Ruckus controller: northbound
   * Logout), where a Disconnect-Message is not the way.
   */
  endThroughController?: (session: { siteId: number; family: string; mac: string }) => Promise<void>;
}

type Session = GuestSessionRow;

/**
 * User names the portal hands out: a guest session's one-time `sb-...` credentials, or the credentials it
 * gave a Ruckus controller (ruckus/credentials.ts). Anything else is MAC authentication.
 */
export const isPortalUserName = (userName: string) => userName.startsWith('sb-') || readUsername(userName) !== null;
const RUCKUS_CONTROLLERS = new Set(['smartzone', 'ruckus_cloud']);
const MB = 1_000_000;

/**
 * Guests who logged in on the portal of a site whose gateway asks RADIUS: the gateway sends the one-time
 * credentials the portal gave the guest's browser. They are accepted once, from the site's own gateways,
 * before they expire; the reply carries what is left of the login's limits. Accounting then keeps the
 * guest session's usage and ends it when its time or data is spent.
 */
export function createGuestLogins(db: Database, secrets: SecretBox, opts: GuestLoginOptions = {}) {
  const sessions = createGuestSessionsRepo(db);
  const settings = createControllerSettingsRepo(db, secrets);
  const nasClients = createNasClientsRepo(db);

  const sessionOf = async (siteId: number, userName: string): Promise<Session | null> => {
    const ruckus = readUsername(userName);
    if (ruckus) return ruckusSessionOf(siteId, ruckus.macHex);
    if (!userName.startsWith('sb-')) return null;
    return sessions.byRadiusUsername(siteId, userName);
  };

  /**
   * A Ruckus controller accounts with the credentials the portal handed it, which name the device and not
   * the login: that device's latest login through a Ruckus controller at the site.
   */
  async function ruckusSessionOf(siteId: number, macHex: string): Promise<Session | null> {
    const mac = macHex.match(/../g)!.join(':');
    return sessions.latestOfDeviceThrough(siteId, mac, [...RUCKUS_CONTROLLERS]);
  }

  async function optionsOf(siteId: number, family: string) {
    if (!isRadiusGatewayType(family)) return null;
    const stored = await settings.read(siteId);
    return optionsFrom(family, stored?.family === family ? { ...stored.config, ...stored.secrets } : {});
  }

  const spentCause = (s: Session, upBytes: number, downBytes: number, now = Date.now()) => {
    if (s.expiresAt.getTime() <= now) return 'time';
    if (s.quotaMb > 0 && upBytes + downBytes >= s.quotaMb * MB) return 'data';
    return null;
  };

  async function disconnect(r: AccountingRecord) {
    const ip = await nasClients.ipAddressOf(r.client.id);
    if (ip === undefined) return;
    const result = await sendDisconnect(
      { host: ip, port: opts.disconnectPort, secret: r.client.secret },
      {
        userName: r.userName,
        acctSessionId: r.sessionId,
        callingStationId: r.callingStationId || undefined,
        framedIpAddress: r.framedIpAddress || undefined,
      },
    );
    opts.log?.info({ nas: ip, user: r.userName, result: result.result }, 'radius: disconnect sent for a spent guest session');
  }

  return {
    /**
     * The gateway no longer has these users' sessions (it restarted, stopped, or went quiet): the guest
     * sessions they were end with the cause, those still running. How many ended.
     */
    async endSessionsOf(siteId: number, userNames: string[], cause: string): Promise<number> {
      const ids: number[] = [];
      for (const userName of new Set(userNames)) {
        const session = await sessionOf(siteId, userName);
        if (session && !session.endedAt) ids.push(session.id);
      }
      return sessions.endRunning(ids, cause);
    },

    /** The Acct-Interim-Interval a site's gateways are told (seconds), when they ask RADIUS for guests. */
    async interimIntervalOf(siteId: number): Promise<number | null> {
      const stored = await settings.read(siteId);
      const options = stored ? await optionsOf(siteId, stored.family) : null;
      return options?.interimInterval ?? null;
    },

    /** The decision for one-time guest credentials, or null when the user name is not one of ours. */
    async authenticate(req: AccessRequest): Promise<AccessDecision | null> {
      const session = await sessionOf(req.client.siteId, req.userName);
      if (!session) return null;
      if (!session.radiusPasswordEnc) return { accept: false, reason: 'one-time credentials already used' };
      // Bound to the device that logged in, where the gateway names the device (any MAC format; a
      // Calling-Station-Id that is no MAC is not that device); refused before they are used up, so the
      // guest's own device still gets in.
      if (req.callingStationId && session.mac && normalizeMac(req.callingStationId) !== normalizeMac(session.mac))
        return { accept: false, reason: 'one-time credentials of another device' };
      const sealed = JSON.parse(secrets.open(session.radiusPasswordEnc)) as { p: string; exp: number };
      if (sealed.exp < Date.now()) return { accept: false, reason: 'one-time credentials expired' };
      if (!req.credentials.verify(sealed.p)) return { accept: false, reason: 'wrong password' };
      if (session.endedAt || spentCause(session, session.bytesUp, session.bytesDown))
        return { accept: false, reason: 'the guest session is over' };
      if (!(await sessions.useRadiusCredentials(session, session.radiusPasswordEnc)))
        return { accept: false, reason: 'one-time credentials already used' };
      const options = await optionsOf(session.siteId, session.family);
      if (!options) return { accept: false, reason: `${session.family} does not log guests in through RADIUS` };
      const quotaBytes = session.quotaMb > 0 ? Math.max(1, session.quotaMb * MB - session.bytesUp - session.bytesDown) : 0;
      return {
        accept: true,
        reply: acceptAttributes(
          options.family,
          {
            seconds: (session.expiresAt.getTime() - Date.now()) / 1000,
            upKbps: session.upKbps,
            downKbps: session.downKbps,
            quotaBytes,
          },
          options,
        ),
      };
    },

    /** Usage into the guest session; a session whose time or data is spent is ended (and disconnected). */
    async account(r: AccountingRecord): Promise<void> {
      const session = await sessionOf(r.client.siteId, r.userName);
      if (!session) return;
      const stopped = r.statusType === 'Stop';
      const up = Math.max(session.bytesUp, r.inputOctets);
      const down = Math.max(session.bytesDown, r.outputOctets);
      const spent = !stopped && !session.endedAt ? spentCause(session, up, down) : null;
      const ending = !session.endedAt && (stopped || spent);
      await sessions.recordUsage(
        session,
        { input: r.inputOctets, output: r.outputOctets },
        { confirm: session.grantStatus === 'granted', end: ending ? { cause: spent ?? (r.terminateCause || 'Stop') } : null },
      );
      // Not awaited: the gateway is waiting for its Accounting-Response, and retries on its own schedule.
      if (spent && isRadiusGatewayType(session.family) && DISCONNECT_CAPABLE.has(session.family)) {
        void disconnect(r).catch((err: unknown) => opts.log?.warn({ err }, 'radius: disconnect failed'));
      } else if (spent && RUCKUS_CONTROLLERS.has(session.family) && session.mac && opts.endThroughController) {
        const ended = { siteId: session.siteId, family: session.family, mac: session.mac };
        void opts.endThroughController(ended).then(
          () => opts.log?.info({ ...ended, cause: spent }, 'radius: controller told to log out a spent guest session'),
          (err: unknown) => opts.log?.warn({ err, ...ended }, 'radius: the controller did not log out a spent guest session'),
        );
      }
    },
  };
}
