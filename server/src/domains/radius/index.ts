import type { AppContext } from '../../platform/context.ts';
import { RadiusServer } from '../../adapters/radius/server.ts';
import type { Controllers } from '../routers/controllers.ts';
import { createRadiusHandlers } from './handlers.ts';

/**
 * The RADIUS server of the `radius` role: the protocol is adapters/radius's, who is let in is decided
 * here. A spent Ruckus guest session is ended through its controller (northbound Logout).
 */
export function createRadiusServerOf(
  deps: Pick<AppContext, 'db' | 'secrets' | 'config' | 'log' | 'siteChanges'> & { controllers: Controllers },
) {
  const { config, log, controllers } = deps;
  return new RadiusServer({
    ...config.radius,
    handlers: createRadiusHandlers(deps.db, deps.secrets, {
      disconnectPort: config.radius.disconnectPort,
      log,
      endThroughController: async ({ siteId, family, mac }) => {
        const adapter = await controllers.adapterFor(siteId, family);
        if (!adapter) throw new Error(`The ${family} controller of site ${siteId} is no longer configured`);
        await adapter.revokeAccess(mac);
      },
      siteChanges: deps.siteChanges,
      cacheTtlMs: config.radius.cacheTtlMs,
    }),
    log,
  });
}
