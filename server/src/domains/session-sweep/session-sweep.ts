import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { UnifiController } from '../../adapters/controllers/unifi/unifi.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import { defineScheduledJob } from '../../platform/jobs.ts';
import { createGuestSessionsRepo } from '../guests/guest-sessions.repo.ts';
import { createGuestLogins } from '../radius/guest-logins.ts';
import type { Controllers } from '../routers/controllers.ts';
import { createRadiusSessionsRepo } from '../routers/radius-sessions.repo.ts';

/** Every SESSION_SWEEP_MINUTES (5): sessions that the gateways no longer hold are ended. */
export const SESSION_SWEEP_JOB = defineScheduledJob('sessions.sweep');

/**
 * Why a session ended, as the guest's sessions show it: the controller no longer lists the guest (logged
 * out there, or forgotten), or the gateway sent no accounting for this many of its interim intervals.
 */
export const END_CAUSES = { notOnGateway: 'not_on_gateway', noAccounting: 'no_accounting' } as const;
export const QUIET_INTERVALS = 3;

export interface SweepResult {
  /** UniFi sessions ended because the controller no longer lists their guest. */
  unifi: number;
  /** RADIUS sessions ended because their gateway stopped accounting for them. */
  radius: number;
}

/**
 * Ends the sessions the gateway no longer knows, where it can be asked or where its silence says so:
 * - UniFi: the controller's guest list (`stat/guest`): a running session whose device the controller
 *   no longer holds authorized was ended there (an operator's logout, a restore, an expiry of its own).
 * - RADIUS: a gateway that sends Interim-Updates and has said nothing of a session for QUIET_INTERVALS of
 *   its Acct-Interim-Interval has lost it (a crash without Accounting-On, a lost Stop).
 * Other families are not asked: openNDS at level 3 reports deauths itself (BinAuth through authmon), and
 * levels 0-2, Meraki, Mist and Omada have no list the server can read.
 */
export function createSessionSweep(deps: {
  db: Database;
  secrets: SecretBox;
  controllers: Pick<Controllers, 'adapterFor'>;
  log: FastifyBaseLogger;
}) {
  const sessions = createGuestSessionsRepo(deps.db);
  const radiusSessions = createRadiusSessionsRepo(deps.db);
  const guestLogins = createGuestLogins(deps.db, deps.secrets, { log: deps.log });

  async function unifiSite(siteId: number): Promise<number> {
    // The sessions first: any of them was authorized on the controller before the list is asked for.
    const running = await sessions.runningThrough(siteId, ['unifi'], new Date());
    if (!running.length) return 0;
    const adapter = await deps.controllers.adapterFor(siteId, 'unifi');
    if (!(adapter instanceof UnifiController)) return 0;
    let held: Set<string>;
    try {
      held = await adapter.authorizedGuests();
    } catch (err) {
      // An unreachable controller says nothing about its guests: the sessions stay as they are.
      deps.log.warn({ err, siteId }, 'session sweep: the UniFi controller did not list its guests');
      return 0;
    }
    const gone = running.filter((s) => s.mac && !held.has(s.mac)).map((s) => s.id);
    return sessions.endRunning(gone, END_CAUSES.notOnGateway);
  }

  async function radiusSite(siteId: number): Promise<number> {
    const interval = await guestLogins.interimIntervalOf(siteId);
    if (!interval) return 0;
    const before = new Date(Date.now() - QUIET_INTERVALS * interval * 1000);
    const stopped = await radiusSessions.stopQuietSince(siteId, before, END_CAUSES.noAccounting);
    return guestLogins.endSessionsOf(
      siteId,
      stopped.map((s) => s.userName),
      END_CAUSES.noAccounting,
    );
  }

  return {
    async run(): Promise<SweepResult> {
      const result: SweepResult = { unifi: 0, radius: 0 };
      for (const siteId of await sessions.sitesWithRunningThrough(['unifi'])) result.unifi += await unifiSite(siteId);
      for (const siteId of await radiusSessions.sitesWithOpen()) result.radius += await radiusSite(siteId);
      if (result.unifi || result.radius) deps.log.info(result, 'session sweep ended sessions the gateways no longer hold');
      return result;
    },
  };
}
