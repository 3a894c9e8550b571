/**
 * Cisco Meraki MR click-through splash and Meraki Go: grant by URL.
 *
 * The access point redirects guests with `base_grant_url, user_continue_url, node_id, node_mac,
 * gateway_id, client_ip, client_mac`. The portal grants by sending the guest's browser to
 * `{base_grant_url}?continue_url=..&duration=<seconds>`; Meraki's cloud then lets the device in for that
 * long. Rates and quotas are the network's own group policy: the grant URL carries only the duration.
 * There is no controller API the portal calls, so there is no status to ask.
 */
import {
  ControllerError,
  checkLimits,
  normalizeMac,
  queryToMap,
  requireMac,
  type ControllerAdapter,
  type ControllerStatus,
  type GrantRequest,
  type GrantResult,
  type GuestArrival,
  type QueryInput,
  type StatusReport,
} from '../controller.ts';

export type MerakiFamily = 'meraki' | 'merakigo';

/** Nothing to configure: the grant URL comes with each guest. */
export type MerakiSettings = Record<string, never>;

export interface MerakiGatewayData {
  [key: string]: string | number | boolean | null;
  baseGrantUrl: string;
  nodeId: string | null;
  gatewayId: string | null;
}

/**
 * The grant URL comes from the guest's own redirect, so it must be one a browser may be sent to:
 * http(s), no credentials, and Meraki's grant path (`/splash/grant` on network-auth.com hosts).
 */
function grantUrlOf(value: string | undefined): string {
  let url: URL;
  try {
    url = new URL(value ?? '');
  } catch {
    throw new ControllerError('bad_arrival', 'The grant URL (base_grant_url) is missing or not a URL');
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || !/\/grant$/.test(url.pathname)) {
    throw new ControllerError('bad_arrival', 'The grant URL (base_grant_url) is not a Meraki grant address');
  }
  url.search = '';
  url.hash = '';
  return url.toString();
}

export function parseMerakiArrival(query: QueryInput, family: MerakiFamily = 'meraki'): GuestArrival<MerakiGatewayData> {
  const q = queryToMap(query);
  return {
    family,
    clientMac: requireMac(q.get('client_mac'), 'The client MAC (client_mac)'),
    apMac: normalizeMac(q.get('node_mac')),
    clientIp: q.get('client_ip') || null,
    originalUrl: q.get('user_continue_url') || null,
    ssid: null,
    gateway: {
      baseGrantUrl: grantUrlOf(q.get('base_grant_url')),
      nodeId: q.get('node_id') || null,
      gatewayId: q.get('gateway_id') || null,
    },
  };
}

export class MerakiSplash implements ControllerAdapter {
  constructor(readonly family: MerakiFamily) {}

  parseArrival(query: QueryInput): GuestArrival {
    return parseMerakiArrival(query, this.family);
  }

  async grantAccess(request: GrantRequest): Promise<GrantResult> {
    const limits = checkLimits(request.limits);
    const g = request.arrival.gateway as Partial<MerakiGatewayData>;
    const url = new URL(grantUrlOf(g.baseGrantUrl));
    const continueUrl = request.returnUrl ?? request.continueUrl ?? request.arrival.originalUrl;
    if (continueUrl) url.searchParams.set('continue_url', continueUrl);
    url.searchParams.set('duration', String(limits.minutes * 60));
    return { kind: 'redirect', url: url.toString(), limitsApplied: !limits.upKbps && !limits.downKbps && !limits.quotaMB };
  }

  async revokeAccess(): Promise<void> {
    throw new ControllerError('unsupported', 'A click-through splash grant cannot be ended from the portal');
  }

  async status(): Promise<ControllerStatus> {
    return (await this.checkStatus()).status;
  }

  async checkStatus(): Promise<StatusReport> {
    // Nothing to configure and nothing to ask: every guest's redirect carries what the grant needs.
    return { status: 'Online' };
  }
}
