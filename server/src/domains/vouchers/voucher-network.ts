import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { ControllerError } from '../../adapters/controllers/index.ts';
import { z } from 'zod';
import { defineJob, type JobQueue } from '../../platform/jobs.ts';
import type { Controllers } from '../routers/controllers.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';

/** The devices of a site to let go of (MACs as the sessions kept them), in groups of MACS_PER_JOB. */
export const VOUCHER_REVOKE_JOB = defineJob(
  'vouchers.revoke',
  z.object({ siteId: z.number().int().positive(), macs: z.array(z.string().max(64)).max(200) }),
);
const MACS_PER_JOB = 200;

export interface OpenDevice {
  siteId: number;
  mac: string | null;
}

/**
 * Ends devices' access at their controller. An operator disconnecting one device waits for the answer;
 * deleting vouchers can end many at once, so those go through the job queue (retried, and harmless to
 * repeat: the controller forgets a device it no longer lets in).
 */
export function createVoucherNetwork({
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
  const sites = createSitesRepo(db);

  async function adapterOf(siteId: number) {
    const site = await sites.routerTypeOf(siteId);
    return site ? controllers.adapterFor(siteId, site.routerType) : null;
  }

  jobs.register(VOUCHER_REVOKE_JOB, async ({ siteId, macs }) => {
    const adapter = await adapterOf(siteId);
    if (!adapter) return;
    for (const mac of macs) {
      try {
        await adapter.revokeAccess(mac);
      } catch (err) {
        // A gateway that cannot end sessions lets them run out; anything else is retried.
        if (err instanceof ControllerError && err.code === 'unsupported') return;
        throw err;
      }
    }
  });

  return {
    async revokeNow(siteId: number, mac: string): Promise<{ revoked: boolean; detail: string }> {
      const adapter = await adapterOf(siteId);
      if (!adapter) return { revoked: false, detail: 'The site has no working controller settings' };
      try {
        await adapter.revokeAccess(mac);
        return { revoked: true, detail: '' };
      } catch (err) {
        log.warn({ err, siteId }, 'the controller did not end a voucher device’s access');
        return { revoked: false, detail: err instanceof ControllerError ? err.message : 'The controller did not answer' };
      }
    },

    /** Call after the sessions were ended and committed. */
    async revokeLater(devices: OpenDevice[]) {
      const bySite = new Map<number, Set<string>>();
      for (const d of devices) if (d.mac) bySite.set(d.siteId, (bySite.get(d.siteId) ?? new Set()).add(d.mac));
      for (const [siteId, macs] of bySite) {
        const list = [...macs];
        for (let i = 0; i < list.length; i += MACS_PER_JOB)
          await jobs.enqueue(VOUCHER_REVOKE_JOB, { siteId, macs: list.slice(i, i + MACS_PER_JOB) });
      }
    },
  };
}
export type VoucherNetwork = ReturnType<typeof createVoucherNetwork>;
