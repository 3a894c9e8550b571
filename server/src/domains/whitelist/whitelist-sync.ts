import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { macEntries, sites } from '../../db/schema/index.ts';
import { ControllerError, type ControllerFamily } from '../../adapters/controllers/index.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Controllers } from '../routers/controllers.ts';

export const WHITELIST_SYNC_JOB = 'whitelist.sync';
export const WHITELIST_REFRESH_JOB = 'whitelist.refresh';
const REFRESH_BATCH = 5000;

/** Families whose gateway is told by API about a whitelisted device; the others ask our RADIUS server. */
export const API_WHITELIST_FAMILIES: readonly ControllerFamily[] = ['unifi'];

/**
 * How long a whitelisted device's UniFi authorization lasts. authorize-guest needs minutes and documents
 * no "forever"; a year is long enough for an operator to notice, and every change re-authorizes.
 * Unconfirmed: whether a controller caps the minutes it accepts.
 */
export const WHITELIST_MINUTES = 365 * 24 * 60;

export const usesApiWhitelist = (routerType: string | null) =>
  (API_WHITELIST_FAMILIES as readonly string[]).includes(routerType ?? '');

/**
 * Tells an API controller (UniFi) about a site's whitelisted devices. A job names a site and a MAC, not
 * what to do: it reads whether the MAC is whitelisted now, so jobs that run out of order (an entry added
 * and deleted at once) still leave the controller as the list is. Failures are recorded on the entry
 * for the operator and retried by the queue.
 */
export function createWhitelistSync({
  db,
  controllers,
  jobs,
  log,
}: {
  db: Database;
  controllers: Pick<Controllers, 'adapterFor'>;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}) {
  async function record(siteId: number, mac: string, status: 'authorized' | 'failed' | 'none', detail: string) {
    await db
      .update(macEntries)
      .set({ networkStatus: status, networkDetail: detail.slice(0, 500), networkCheckedAt: new Date() })
      .where(and(eq(macEntries.siteId, siteId), eq(macEntries.mac, mac)));
  }

  async function sync(siteId: number, mac: string) {
    const [site] = await db.select({ routerType: sites.routerType }).from(sites).where(eq(sites.id, siteId));
    if (!site) return;
    const [entry] = await db
      .select({ id: macEntries.id })
      .from(macEntries)
      .where(and(eq(macEntries.siteId, siteId), eq(macEntries.mac, mac)));
    if (!usesApiWhitelist(site.routerType)) {
      if (entry) await record(siteId, mac, 'none', '');
      return;
    }
    const adapter = await controllers.adapterFor(siteId, site.routerType);
    if (!adapter) {
      // Nothing to retry until the operator saves the controller settings.
      if (entry) await record(siteId, mac, 'failed', 'The controller settings of this location are missing or incomplete');
      return;
    }
    try {
      if (entry) {
        await adapter.grantAccess({
          arrival: {
            family: adapter.family,
            clientMac: mac,
            apMac: null,
            clientIp: null,
            originalUrl: null,
            ssid: null,
            gateway: {},
          },
          limits: { minutes: WHITELIST_MINUTES },
        });
        await record(siteId, mac, 'authorized', '');
      } else {
        await adapter.revokeAccess(mac);
      }
    } catch (err) {
      if (entry)
        await record(siteId, mac, 'failed', err instanceof ControllerError ? err.message : 'The controller did not answer');
      log.warn({ err, siteId }, 'the controller did not take a whitelist change; it will be retried');
      throw err;
    }
  }

  /**
   * Once a day: entries the controller refused (its settings may have been fixed since) and authorizations
   * half-way to their end are sent again, so a whitelisted device never runs out.
   */
  async function refresh() {
    const halfway = new Date(Date.now() - (WHITELIST_MINUTES / 2) * 60_000);
    const due = await db
      .select({ siteId: macEntries.siteId, mac: macEntries.mac })
      .from(macEntries)
      .innerJoin(sites, eq(sites.id, macEntries.siteId))
      .where(
        and(
          inArray(sites.routerType, [...API_WHITELIST_FAMILIES]),
          or(
            eq(macEntries.networkStatus, 'failed'),
            and(eq(macEntries.networkStatus, 'authorized'), lt(macEntries.networkCheckedAt, halfway)),
            and(eq(macEntries.networkStatus, 'pending'), lt(macEntries.createdAt, sql`now() - interval '1 hour'`)),
          ),
        ),
      )
      .limit(REFRESH_BATCH);
    for (const d of due) await jobs.enqueue(WHITELIST_SYNC_JOB, d);
  }

  jobs.register(WHITELIST_SYNC_JOB, async (data) => sync(Number(data.siteId), String(data.mac)));
  jobs.register(WHITELIST_REFRESH_JOB, refresh);
  jobs.schedule(WHITELIST_REFRESH_JOB, '41 4 * * *');

  return {
    /** Call after the change is committed; `macs` are twelve lowercase hex digits. */
    async later(siteId: number, macs: string[]) {
      for (const mac of new Set(macs)) await jobs.enqueue(WHITELIST_SYNC_JOB, { siteId, mac });
    },
  };
}
export type WhitelistSync = ReturnType<typeof createWhitelistSync>;
