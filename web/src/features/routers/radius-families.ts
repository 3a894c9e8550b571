import type { RadiusGatewayType } from '@splashboard/contract';

/** The router types with a RADIUS gateway settings page (kept free of the contract's schemas for the main chunk). */
export const RADIUS_GATEWAY_PAGES = [
  'mikrotik',
  'ciscowlc',
  'arubaiap',
  'arubacentral',
  'arubainstanton',
  'aruba',
  'ruckusunleashed',
  'ruckus',
  'zyxelnebula',
  'draytek',
  'cnmaestro',
  'ignitenet',
  'openmesh',
] as const satisfies readonly RadiusGatewayType[];
