import { ControllerError } from '../../adapters/controllers/index.ts';
import type { Database } from '../../db/client.ts';
import type { SiteRemovalStep } from '../../platform/site-access.ts';
import type { Controllers } from '../routers/controllers.ts';
import { createGuestSessionsRepo } from './guest-sessions.repo.ts';

/**
 * When a site is deleted, its controller is told to take the guests still online off the network (their
 * sessions go with the site). Where the gateway cannot (openNDS, RADIUS gateways) or fails, the devices
 * keep access until their session ends on the gateway: that is logged, and the delete goes on. After
 * one failure the controller is not asked again for the other devices.
 */
export function guestsSiteRemoval(db: Database, controllers: Controllers): SiteRemovalStep {
  const sessions = createGuestSessionsRepo(db);
  return {
    async beforeRemove(site, log) {
      const macs = await sessions.onlineMacsOfSite(site.id, new Date());
      if (!macs.length) return;
      const adapter = await controllers.adapterFor(site.id, site.routerType);
      if (!adapter) {
        log.info({ siteId: site.id, devices: macs.length }, 'deleted site has no controller to end its online guests');
        return;
      }
      let ended = 0;
      for (const mac of macs) {
        try {
          await adapter.revokeAccess(mac);
          ended++;
        } catch (err) {
          if (err instanceof ControllerError && err.code === 'unsupported') {
            log.info({ siteId: site.id, devices: macs.length }, "deleted site's gateway cannot end guest sessions from here");
            return;
          }
          // A controller that fails once (unreachable, refused login) would likely fail for every device,
          // each after its timeout: stop asking.
          log.warn(
            { err, siteId: site.id, mac, notEnded: macs.length - ended },
            "ending a deleted site's guest sessions on its controller failed",
          );
          return;
        }
      }
      log.info({ siteId: site.id, devices: macs.length, ended }, "deleted site's controller told to end its online guests");
    },
  };
}
