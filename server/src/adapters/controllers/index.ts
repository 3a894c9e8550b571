/** What the portal and the dashboard import: one factory over the controller families. */
import {
  ControllerError,
  type ControllerAdapter,
  type ControllerFamily,
  type GuestArrival,
  type QueryInput,
} from './controller.ts';
import { OpenNdsGateway, parseOpenNdsArrival, type AuthmonQueue, type OpenNdsSettings } from './opennds/opennds.ts';
import { UnifiController, parseUnifiArrival, type UnifiSettings } from './unifi/unifi.ts';
import { OmadaController, parseOmadaArrival, type OmadaSettings } from './omada/omada.ts';
import { MerakiSplash, parseMerakiArrival, type MerakiSettings } from './meraki/meraki.ts';
import { MistPortal, parseMistArrival, type MistSettings } from './mist/mist.ts';
import { RuckusPortalInterface, parseRuckusArrival, type RuckusSettings } from './ruckus/ruckus.ts';
import { RadiusGatewayAdapter } from './radius-gateways/adapter.ts';
import type { RadiusGatewayOptions } from './radius-gateways/options.ts';

export * from './controller.ts';
export type { UnifiSettings } from './unifi/unifi.ts';
export type { OmadaSettings, OmadaTimeUnit } from './omada/omada.ts';
export { MERAKI_API_URL } from './meraki/meraki.ts';
export type { OpenNdsSettings, OpenNdsArrival, FasLevel, AuthmonGrant, AuthmonQueue } from './opennds/opennds.ts';
export type { RadiusGatewayOptions } from './radius-gateways/options.ts';
export { optionsFrom as radiusGatewayOptionsFrom } from './radius-gateways/options.ts';
export { gatewayLoginOutcome, parseGatewayArrival, withoutLoginOutcome } from './radius-gateways/families.ts';

/** A site's controller settings, secrets already opened (SecretBox) by the caller. */
export type ControllerSettings =
  | ({ family: 'unifi' } & UnifiSettings)
  | ({ family: 'opennds' } & OpenNdsSettings)
  | ({ family: 'omada' } & OmadaSettings)
  | ({ family: 'meraki' | 'merakigo' } & MerakiSettings)
  | ({ family: 'mist' } & MistSettings)
  | ({ family: 'smartzone' | 'ruckus_cloud' } & RuckusSettings)
  | RadiusGatewayOptions;

/** What some families need from the portal besides their settings: openNDS level 3 keeps grants for authmon. */
export interface AdapterDeps {
  authmon?: AuthmonQueue;
}

export function createControllerAdapter(settings: ControllerSettings, deps: AdapterDeps = {}): ControllerAdapter {
  switch (settings.family) {
    case 'unifi':
      return new UnifiController(settings);
    case 'opennds':
      return new OpenNdsGateway(settings, deps.authmon);
    case 'omada':
      return new OmadaController(settings);
    case 'meraki':
    case 'merakigo':
      return new MerakiSplash(settings.family, settings);
    case 'mist':
      return new MistPortal(settings);
    case 'smartzone':
    case 'ruckus_cloud':
      return new RuckusPortalInterface(settings.family, settings);
    default:
      return new RadiusGatewayAdapter(settings);
  }
}

/** Reads a gateway's redirect without credentials; openNDS levels 2-3 need the faskey. */
export function parseArrival(family: ControllerFamily, query: QueryInput, opennds?: OpenNdsSettings): GuestArrival {
  if (family === 'unifi') return parseUnifiArrival(query);
  if (family === 'omada') return parseOmadaArrival(query);
  if (family === 'meraki' || family === 'merakigo') return parseMerakiArrival(query, family);
  if (family === 'mist') return parseMistArrival(query);
  if (family === 'smartzone' || family === 'ruckus_cloud') return parseRuckusArrival(query, family);
  if (!opennds) throw new ControllerError('not_configured', 'The openNDS FAS level is not configured');
  return parseOpenNdsArrival(query, opennds);
}

/** Families that work without settings (the grant URL comes with each guest): their adapter when none are saved. */
export function settingsFreeAdapter(routerType: string | null): ControllerAdapter | null {
  if (routerType === 'meraki' || routerType === 'merakigo') return new MerakiSplash(routerType);
  return null;
}
