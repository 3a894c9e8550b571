/** Router (controller) families a site can use; each has a settings page under /app/settings-view/. */
export const ROUTER_TYPES = [
  'unifi',
  'opennds',
  'mikrotik',
  'arubainstanton',
  'cnmaestro',
  'omada',
  'openmesh',
  'ignitenet',
  'arubacentral',
  'zyxelnebula',
  'ruckusunleashed',
  'meraki',
  'draytek',
  'merakigo',
  'aruba',
  'arubaiap',
  'ciscowlc',
  'ruckus_cloud',
  'mist',
  'ruckus',
  'smartzone',
] as const;
export type RouterType = (typeof ROUTER_TYPES)[number];

export const ROUTER_LABELS: Record<RouterType, string> = {
  unifi: 'UniFi',
  opennds: 'openNDS',
  mikrotik: 'MikroTik',
  arubainstanton: 'Aruba Instant On',
  cnmaestro: 'Cambium cnMaestro',
  omada: 'TP-Link Omada',
  openmesh: 'OpenMesh',
  ignitenet: 'IgniteNet',
  arubacentral: 'Aruba Central',
  zyxelnebula: 'Zyxel Nebula',
  ruckusunleashed: 'Ruckus Unleashed',
  meraki: 'Cisco Meraki',
  draytek: 'DrayTek',
  merakigo: 'Meraki Go',
  aruba: 'Aruba Controller',
  arubaiap: 'Aruba Instant AP',
  ciscowlc: 'Cisco WLC',
  ruckus_cloud: 'RUCKUS One',
  mist: 'Juniper Mist',
  ruckus: 'Ruckus',
  smartzone: 'Ruckus SmartZone',
};

/** Guest login methods a site can enable; the permission flag each one sets on the site. */
/** Who makes each router (or the project behind it): the router choice is grouped by it. */
export const ROUTER_VENDORS: Record<RouterType, string> = {
  unifi: 'Ubiquiti',
  opennds: 'openNDS',
  mikrotik: 'MikroTik',
  arubainstanton: 'Aruba',
  cnmaestro: 'Cambium Networks',
  omada: 'TP-Link',
  openmesh: 'Open Mesh',
  ignitenet: 'IgniteNet',
  arubacentral: 'Aruba',
  zyxelnebula: 'Zyxel',
  ruckusunleashed: 'Ruckus',
  meraki: 'Cisco',
  draytek: 'DrayTek',
  merakigo: 'Cisco',
  aruba: 'Aruba',
  arubaiap: 'Aruba',
  ciscowlc: 'Cisco',
  ruckus_cloud: 'Ruckus',
  mist: 'Juniper',
  ruckus: 'Ruckus',
  smartzone: 'Ruckus',
};

export const AUTH_METHODS = [
  'clickthrough',
  'email',
  'phone',
  'facebook',
  'password',
  'voucher',
  'multisitevoucher',
  'guestuser',
  'payment',
  'ageconsent',
  'atos',
  'multilanding',
  'wifi4eu',
] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/**
 * The login methods the guest portal offers (every login method now that it sells packages). Were a site to
 * enable one it does not, its pages would leave it off, and the designer's preview would do the same.
 */
export const PORTAL_LOGIN_METHODS = [
  'clickthrough',
  'email',
  'phone',
  'facebook',
  'password',
  'voucher',
  'multisitevoucher',
  'guestuser',
  'ageconsent',
  'wifi4eu',
  'payment',
] as const satisfies readonly AuthMethod[];
export type PortalLoginMethod = (typeof PORTAL_LOGIN_METHODS)[number];
export const isPortalLoginMethod = (m: string): m is PortalLoginMethod => (PORTAL_LOGIN_METHODS as readonly string[]).includes(m);

// Plain constants, no zod: the dashboard's shell reads this without loading the settings schemas.
/** Router types whose settings page this dashboard has, and its path under /app/settings-view/. */
export const ROUTER_SETTINGS_PAGES = {
  unifi: 'unifi',
  opennds: 'opennds',
  omada: 'omada',
  meraki: 'meraki',
  merakigo: 'merakigo',
  mist: 'mist',
  smartzone: 'smartzone',
  ruckus_cloud: 'ruckus_cloud',
  mikrotik: 'mikrotik',
  ciscowlc: 'ciscowlc',
  arubaiap: 'arubaiap',
  arubacentral: 'arubacentral',
  arubainstanton: 'arubainstanton',
  aruba: 'aruba',
  ruckusunleashed: 'ruckusunleashed',
  ruckus: 'ruckus',
  zyxelnebula: 'zyxelnebula',
  draytek: 'draytek',
  cnmaestro: 'cnmaestro',
  ignitenet: 'ignitenet',
  openmesh: 'openmesh',
} as const;
