/**
 * The one interface the guest portal calls to let a guest onto the network, whatever the gateway.
 *
 * Flow: the gateway redirects the guest's browser to the portal with its own query parameters;
 * the portal calls `parseArrival` once and keeps the resulting GuestArrival (it is plain JSON) in
 * its own state; after the guest has logged in it calls `grantAccess`, and either the adapter has
 * already told the controller (`granted`) or the portal must send the browser to `url` (`redirect`),
 * because for some families only the guest's own browser can open the gate.
 */
import type { GrantLimit } from '@splashboard/contract';
import type { RadiusGatewayType } from '@splashboard/contract/radius-gateways';

export const CONTROLLER_STATUSES = [
  'Not configured',
  'Not Reachable',
  'Invalid Credentials',
  'Needs Super Admin',
  'Online',
] as const;
/** The controller status words of the specification, as the dashboard shows them. */
export type ControllerStatus = (typeof CONTROLLER_STATUSES)[number];

// The RADIUS gateway families are the contract's router types (their settings pages are the dashboard's).
export { RADIUS_GATEWAY_TYPES, isRadiusGatewayType, type RadiusGatewayType } from '@splashboard/contract/radius-gateways';

export type ControllerFamily =
  'unifi' | 'opennds' | 'omada' | 'meraki' | 'merakigo' | 'mist' | 'smartzone' | 'ruckus_cloud' | RadiusGatewayType;

/** What a guest may use. Units are the product's; each adapter converts to its vendor's units. */
export interface AccessLimits {
  /** Session length in minutes (at least 1). */
  minutes: number;
  /** Upload (client to internet) rate in kbit/s; absent or 0 means unlimited. */
  upKbps?: number;
  /** Download rate in kbit/s; absent or 0 means unlimited. */
  downKbps?: number;
  /** Data quota in megabytes (10^6 bytes); absent or 0 means unlimited. */
  quotaMB?: number;
}

/**
 * A guest as the gateway announced them, normalised. MACs are lower-case `aa:bb:cc:dd:ee:ff`;
 * a field the gateway did not send is null. `gateway` is the family-specific part an adapter
 * needs later to grant (for example openNDS's hid and gateway address); it is JSON-serialisable
 * so the portal can keep it between pages.
 */
export interface GuestArrival<G extends GatewayData = GatewayData> {
  family: ControllerFamily;
  clientMac: string | null;
  apMac: string | null;
  clientIp: string | null;
  /** The page the guest first asked for, to send them on to after login when nothing else is set. */
  originalUrl: string | null;
  ssid: string | null;
  gateway: G;
}

export type GatewayData = { [key: string]: string | number | boolean | null };

export interface GrantRequest {
  /** The arrival parsed from the gateway's redirect (client MAC, AP MAC, client IP, gateway data). */
  arrival: GuestArrival;
  limits: AccessLimits;
  /** Where the guest should land after the gate opens; defaults to the arrival's originalUrl. */
  continueUrl?: string;
  /**
   * A portal address that records the grant as taken and forwards to continueUrl, for gateways that
   * send the browser on once they have let the device in and report nothing else.
   */
  returnUrl?: string;
  /** One-time credentials the gateway will ask our RADIUS server about (families with `radiusLogin`). */
  radius?: { username: string; password: string };
}

/**
 * What a grant says of the login's limits: `limitsApplied` when the gateway enforces all of them; else
 * `unenforced` names those it leaves to itself (of the ones the request set: see limitsSet); without it,
 * every limit set is taken as unenforced.
 */
interface LimitsAnswer {
  limitsApplied: boolean;
  unenforced?: GrantLimit[];
}

export type GrantResult =
  /** The controller has authorised the client; the portal shows its success page. */
  | ({ kind: 'granted' } & LimitsAnswer)
  /**
   * Only the guest's browser can complete the grant: the portal must answer with a redirect
   * (302/303) to `url` (a plain link works too where a page must be shown first).
   */
  | ({ kind: 'redirect'; url: string } & LimitsAnswer)
  /**
   * Only the guest's browser can complete the grant, by submitting this form to the gateway (which then
   * asks our RADIUS server about the credentials in it).
   */
  | ({ kind: 'form'; action: string; method: 'post' | 'get'; fields: Record<string, string> } & LimitsAnswer);

/** The limits a login sets: always its session length; a rate or quota of 0 is none. */
export function limitsSet(limits: AccessLimits): GrantLimit[] {
  const set: GrantLimit[] = ['session_length'];
  if (limits.upKbps) set.push('upload_rate');
  if (limits.downKbps) set.push('download_rate');
  if (limits.quotaMB) set.push('data_quota');
  return set;
}

/** Of a login's limits, those a gateway that enforces only the session length leaves to itself. */
export const beyondSessionLength = (limits: AccessLimits): GrantLimit[] =>
  limitsSet(limits).filter((l) => l !== 'session_length');

export interface StatusReport {
  status: ControllerStatus;
  /** A sentence for the settings page explaining a status other than Online. */
  detail?: string;
}

export interface ControllerAdapter {
  readonly family: ControllerFamily;
  /** The gateway asks our RADIUS server: the portal issues one-time credentials for each grant. */
  readonly radiusLogin?: boolean;
  /** Reads the gateway's redirect query; throws ControllerError('bad_arrival') when it is unusable. */
  parseArrival(query: QueryInput): GuestArrival;
  grantAccess(request: GrantRequest): Promise<GrantResult>;
  /** Ends a guest's access by client MAC; throws ControllerError('unsupported') where the family cannot. */
  revokeAccess(clientMac: string): Promise<void>;
  /** The status word for the dashboard. Never throws. */
  status(): Promise<ControllerStatus>;
  /** The status with a detail sentence for the settings page. Never throws. */
  checkStatus(): Promise<StatusReport>;
  /** Families whose redirect needs the controller to be read whole (Ruckus's encrypted MACs) finish it here. */
  completeArrival?(arrival: GuestArrival): Promise<GuestArrival>;
}

/** A query as Fastify gives it (`request.query`), as URLSearchParams, or as the raw query string. */
export type QueryInput = URLSearchParams | string | Record<string, unknown>;

export type ControllerErrorCode =
  | 'not_configured'
  | 'unreachable'
  | 'timeout'
  | 'tls'
  | 'invalid_credentials'
  | 'needs_super_admin'
  | 'rejected'
  | 'bad_response'
  | 'bad_arrival'
  | 'unsupported';

/** A failure talking to a controller or reading a gateway's redirect. Messages are fit for an operator. */
export class ControllerError extends Error {
  override readonly name = 'ControllerError';
  constructor(
    readonly code: ControllerErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The status word a failure means, for status checks. */
export function statusForError(error: unknown): StatusReport {
  if (!(error instanceof ControllerError))
    return { status: 'Not Reachable', detail: 'Unexpected error talking to the controller' };
  switch (error.code) {
    case 'not_configured':
      return { status: 'Not configured', detail: error.message };
    case 'invalid_credentials':
      return { status: 'Invalid Credentials', detail: error.message };
    case 'needs_super_admin':
      return { status: 'Needs Super Admin', detail: error.message };
    default:
      return { status: 'Not Reachable', detail: error.message };
  }
}

const MAC = /^([0-9a-f]{2})[:-]?([0-9a-f]{2})[:-]?([0-9a-f]{2})[:-]?([0-9a-f]{2})[:-]?([0-9a-f]{2})[:-]?([0-9a-f]{2})$/i;
const DOTTED_MAC = /^([0-9a-f]{4})\.([0-9a-f]{4})\.([0-9a-f]{4})$/i;

/** `AA-BB-CC-DD-EE-FF`, `aabb.ccdd.eeff`, `aabbccddeeff` ... to `aa:bb:cc:dd:ee:ff`; null when not a MAC. */
export function normalizeMac(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  const dotted = DOTTED_MAC.exec(v);
  const hex = dotted ? dotted.slice(1).join('') : v;
  const m = MAC.exec(hex);
  return m ? m.slice(1).join(':').toLowerCase() : null;
}

export function requireMac(value: unknown, what: string): string {
  const mac = normalizeMac(value);
  if (!mac) throw new ControllerError('bad_arrival', `${what} is not a MAC address`);
  return mac;
}

/** A flat string map of the first value of each parameter. */
export function queryToMap(query: QueryInput): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof query === 'string' || query instanceof URLSearchParams) {
    const params = typeof query === 'string' ? new URLSearchParams(query.replace(/^\?/, '')) : query;
    for (const [k, v] of params) if (!out.has(k)) out.set(k, v);
    return out;
  }
  for (const [k, v] of Object.entries(query)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string') out.set(k, first);
    else if (typeof first === 'number') out.set(k, String(first));
  }
  return out;
}

/** Limits checked once for every family: whole, non-negative numbers, at least one minute. */
export function checkLimits(limits: AccessLimits): Required<AccessLimits> {
  const whole = (n: number | undefined, name: string, min = 0) => {
    const v = n ?? 0;
    if (!Number.isFinite(v) || v < min || Math.floor(v) !== v) {
      throw new ControllerError('rejected', `${name} must be a whole number of at least ${min}`);
    }
    return v;
  };
  return {
    minutes: whole(limits.minutes, 'Session minutes', 1),
    upKbps: whole(limits.upKbps, 'Upload rate'),
    downKbps: whole(limits.downKbps, 'Download rate'),
    quotaMB: whole(limits.quotaMB, 'Data quota'),
  };
}
