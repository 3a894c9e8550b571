/**
 * Router types whose gateway takes the guest's login from the browser and asks our RADIUS server; each has
 * a settings page under /app/settings-view/{type}. Free of schemas, so the web app's first chunk can take it.
 */
export const RADIUS_GATEWAY_TYPES = [
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
] as const;
export type RadiusGatewayType = (typeof RADIUS_GATEWAY_TYPES)[number];

export const isRadiusGatewayType = (type: unknown): type is RadiusGatewayType =>
  RADIUS_GATEWAY_TYPES.includes(type as RadiusGatewayType);
