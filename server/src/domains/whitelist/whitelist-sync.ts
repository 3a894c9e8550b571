import { z } from 'zod';
import type { MacAdmission } from '@splashboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ControllerError, type ControllerFamily } from '../../adapters/controllers/index.ts';
import { defineJob, defineScheduledJob, type JobQueue } from '../../platform/jobs.ts';
import type { Controllers } from '../routers/controllers.ts';
import type { SitesRepo } from '../sites/sites.repo.ts';
import type { MacEntriesRepo } from './mac-entries.repo.ts';

/** One MAC of one site to tell its controller about: twelve lowercase hex digits. */
export const WHITELIST_SYNC_JOB = defineJob(
  'whitelist.sync',
  z.object({ siteId: z.number().int().positive(), mac: z.string().regex(/^[0-9a-f]{12}$/) }),
);
export const WHITELIST_REFRESH_JOB = defineScheduledJob('whitelist.refresh');
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

/** Families whose gateway admits devices by a trusted-MAC list of its own (openNDS's trustedmac): not by RADIUS. */
const GATEWAY_LIST_FAMILIES: readonly string[] = ['opennds'];

/** How a site's gateway admits its whitelisted devices (macEntryListSchema's `admission`). */
export function admissionOf(routerType: string | null): MacAdmission {
  if (usesApiWhitelist(routerType)) return 'controller';
  return GATEWAY_LIST_FAMILIES.includes(routerType ?? '') ? 'gateway' : 'radius';
}

/**
 * Tells an API controller (UniFi) about a site's whitelisted devices. A job names a site and a MAC, not
 * what to do: it reads whether the MAC is whitelisted now, so jobs that run out of order (an entry added
 * and deleted at once) still leave the controller as the list is. Failures are recorded on the entry
 * for the operator and retried by the queue.
 */
export function createWhitelistSync({
  macEntries,
  sites,
  controllers,
  jobs,
  log,
}: {
  macEntries: MacEntriesRepo;
  sites: Pick<SitesRepo, 'byId' | 'idsWithRouterTypes'>;
  controllers: Pick<Controllers, 'adapterFor'>;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}) {
  const record = macEntries.recordNetworkStatus;

  async function sync(siteId: number, mac: string) {
    const site = await sites.byId(siteId);
    if (!site) return;
    const entry = (await macEntries.idOf(siteId, mac)) !== null;
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
    const siteIds = await sites.idsWithRouterTypes([...API_WHITELIST_FAMILIES]);
    if (!siteIds.length) return;
    const due = await macEntries.dueForRefresh(siteIds, halfway, REFRESH_BATCH);
    for (const d of due) await jobs.enqueue(WHITELIST_SYNC_JOB, d);
  }

  jobs.register(WHITELIST_SYNC_JOB, async ({ siteId, mac }) => sync(siteId, mac));
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
