/** What the portal and the dashboard import: one factory over the controller families. */
import {
  ControllerError,
  type ControllerAdapter,
  type ControllerFamily,
  type GuestArrival,
  type QueryInput,
} from './controller.ts';
import { OpenNdsGateway, parseOpenNdsArrival, type OpenNdsSettings } from './opennds/opennds.ts';
import { UnifiController, parseUnifiArrival, type UnifiSettings } from './unifi/unifi.ts';

export * from './controller.ts';
export type { UnifiSettings } from './unifi/unifi.ts';
export type { OpenNdsSettings, OpenNdsArrival, FasLevel } from './opennds/opennds.ts';

/** A site's controller settings, secrets already opened (SecretBox) by the caller. */
export type ControllerSettings = ({ family: 'unifi' } & UnifiSettings) | ({ family: 'opennds' } & OpenNdsSettings);

export function createControllerAdapter(settings: ControllerSettings): ControllerAdapter {
  switch (settings.family) {
    case 'unifi':
      return new UnifiController(settings);
    case 'opennds':
      return new OpenNdsGateway(settings);
  }
}

/** Reads a gateway's redirect without credentials; openNDS levels 2-3 need the faskey. */
export function parseArrival(family: ControllerFamily, query: QueryInput, opennds?: OpenNdsSettings): GuestArrival {
  if (family === 'unifi') return parseUnifiArrival(query);
  if (!opennds) throw new ControllerError('not_configured', 'The openNDS FAS level is not configured');
  return parseOpenNdsArrival(query, opennds);
}
