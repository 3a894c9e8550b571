import type { ReplyAttribute } from '../../radius/codec.ts';
import type { RadiusGatewayType } from '../controller.ts';
import type { RadiusGatewayOptions } from './options.ts';

/** What is left of a login when the gateway asks: our units (seconds, kbit/s, bytes; 0 = unlimited). */
export interface GrantAllowance {
  seconds: number;
  upKbps: number;
  downKbps: number;
  /** Bytes left of the data quota, 0 when there is no quota. */
  quotaBytes: number;
}

const GIGA = 2 ** 32;
const MAX_32 = GIGA - 1;

type Vendor = 'Mikrotik' | 'WISPr' | 'ChilliSpot' | 'Aruba' | 'Airespace' | 'Ruckus' | 'Cambium';
type Flavour = 'mikrotik' | 'airespace' | 'aruba' | 'ruckus' | 'cambium' | 'chilli' | 'wispr';

/** Which vendor attributes each family honours (controllers.md); WISPr where nothing else is documented. */
const FLAVOUR: Record<RadiusGatewayType, Flavour> = {
  mikrotik: 'mikrotik',
  ciscowlc: 'airespace',
  arubaiap: 'aruba',
  arubacentral: 'aruba',
  arubainstanton: 'aruba',
  aruba: 'aruba',
  ruckusunleashed: 'ruckus',
  ruckus: 'ruckus',
  zyxelnebula: 'wispr',
  draytek: 'wispr',
  cnmaestro: 'cambium',
  ignitenet: 'chilli',
  openmesh: 'chilli',
};

const vsa = (vendor: Vendor, attrs: [string, unknown][]): ReplyAttribute => ['Vendor-Specific', vendor, attrs];

function wispr(a: GrantAllowance): ReplyAttribute[] {
  const attrs: [string, unknown][] = [];
  if (a.upKbps) attrs.push(['WISPr-Bandwidth-Max-Up', Math.min(MAX_32, a.upKbps * 1000)]);
  if (a.downKbps) attrs.push(['WISPr-Bandwidth-Max-Down', Math.min(MAX_32, a.downKbps * 1000)]);
  return attrs.length ? [vsa('WISPr', attrs)] : [];
}

function vendorAttributes(flavour: Flavour, a: GrantAllowance, o: RadiusGatewayOptions): ReplyAttribute[] {
  const quotaLow = a.quotaBytes % GIGA;
  const quotaGiga = Math.floor(a.quotaBytes / GIGA);
  switch (flavour) {
    case 'mikrotik': {
      const attrs: [string, unknown][] = [];
      // rx/tx from the router's side: what it receives from the client is the client's upload.
      if (a.upKbps || a.downKbps) attrs.push(['Mikrotik-Rate-Limit', `${a.upKbps}k/${a.downKbps}k`]);
      if (a.quotaBytes) {
        attrs.push(['Mikrotik-Total-Limit', quotaLow]);
        if (quotaGiga) attrs.push(['Mikrotik-Total-Limit-Gigawords', quotaGiga]);
      }
      return attrs.length ? [vsa('Mikrotik', attrs)] : [];
    }
    case 'airespace': {
      const attrs: [string, unknown][] = [];
      if (a.downKbps) attrs.push(['Airespace-Data-Bandwidth-Average-Contract', a.downKbps]);
      if (a.upKbps) attrs.push(['Airespace-Data-Bandwidth-Average-Contract-Upstream', a.upKbps]);
      if (o.roleName) attrs.push(['Airespace-Guest-Role-Name', o.roleName]);
      return attrs.length ? [vsa('Airespace', attrs)] : [];
    }
    case 'aruba':
      // Aruba applies bandwidth through the role's contracts; WISPr is sent too for firmware that reads it.
      return [...(o.roleName ? [vsa('Aruba', [['Aruba-User-Role', o.roleName]])] : []), ...wispr(a)];
    case 'ruckus':
      return [...(o.roleName ? [vsa('Ruckus', [['Ruckus-User-Groups', o.roleName]])] : []), ...wispr(a)];
    case 'cambium': {
      const quota: [string, unknown][] = a.quotaBytes
        ? [
            ['Cambium-Traffic-Quota-Limit-Total', quotaLow],
            ...(quotaGiga ? [['Cambium-Traffic-Quota-Limit-Total-Gigwords', quotaGiga] as [string, unknown]] : []),
          ]
        : [];
      return [...wispr(a), ...(quota.length ? [vsa('Cambium', quota)] : [])];
    }
    case 'chilli':
      return [
        ...wispr(a),
        ...(a.quotaBytes ? [vsa('ChilliSpot', [['ChilliSpot-Max-Total-Octets', Math.min(MAX_32, a.quotaBytes)]])] : []),
      ];
    case 'wispr':
      return wispr(a);
  }
}

/** The Access-Accept attributes for a guest's login, as the family's gateway wants them. */
export function acceptAttributes(family: RadiusGatewayType, a: GrantAllowance, o: RadiusGatewayOptions): ReplyAttribute[] {
  return [
    ['Session-Timeout', Math.max(1, Math.floor(a.seconds))],
    ['Idle-Timeout', o.idleTimeout],
    ['Acct-Interim-Interval', o.interimInterval],
    ...vendorAttributes(FLAVOUR[family], a, o),
  ];
}

/** Families whose gateways take a Disconnect-Message (RFC 5176) when a guest's allowance runs out. */
export const DISCONNECT_CAPABLE: ReadonlySet<RadiusGatewayType> = new Set([
  'mikrotik',
  'ciscowlc',
  'arubaiap',
  'arubacentral',
  'aruba',
  'ruckusunleashed',
  'ruckus',
  'cnmaestro',
  'openmesh',
]);
