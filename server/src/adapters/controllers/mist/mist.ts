/**
 * Juniper Mist guest portal, "Forward to external portal".
 *
 * The access point redirects guests with `wlan_id, ap_mac, client_mac, url, ap_name, site_name`. The
 * portal grants by sending the browser to Mist's authorize address (`https://portal.mist.com/authorize`,
 * regional clouds have their own host) with
 *   token = base64("wlan_id/ap_mac/client_mac/minutes/down_kbps/up_kbps/quota_MB"),
 *   expires = when that link stops working (unix seconds), optional forward = where to go next,
 *   signature = base64(HMAC-SHA1(portal API secret, "expires=..&token=..[&forward=..]")),
 * signed over the values themselves, before URL encoding. The AP and client MACs go back as Mist sent
 * them. Mist has no call for the portal to ask, so there is no status beyond "the secret is set".
 */
import { createHmac } from 'node:crypto';
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

export interface MistSettings {
  /** The Mist portal of the organisation's cloud, `https://portal.mist.com` by default. */
  portalUrl?: string;
  /** The WLAN's portal API secret. */
  secret: string;
}

export interface MistGatewayData {
  [key: string]: string | number | boolean | null;
  wlanId: string;
  apMacRaw: string;
  clientMacRaw: string;
}

/** How long the signed link stays usable: the guest's browser follows it at once. */
const LINK_SECONDS = 300;

export function parseMistArrival(query: QueryInput): GuestArrival<MistGatewayData> {
  const q = queryToMap(query);
  const clientMacRaw = q.get('client_mac') ?? '';
  const clientMac = requireMac(clientMacRaw, 'The client MAC (client_mac)');
  const wlanId = q.get('wlan_id');
  const apMacRaw = q.get('ap_mac');
  if (!wlanId || !apMacRaw) throw new ControllerError('bad_arrival', 'The WLAN (wlan_id) or access point (ap_mac) is missing');
  return {
    family: 'mist',
    clientMac,
    apMac: normalizeMac(apMacRaw),
    clientIp: null,
    originalUrl: q.get('url') || null,
    ssid: null,
    gateway: { wlanId, apMacRaw, clientMacRaw },
  };
}

/** The signed authorize link for a grant; `now` in unix seconds. */
export function mistAuthorizeUrl(
  settings: MistSettings,
  g: MistGatewayData,
  limits: { minutes: number; downKbps: number; upKbps: number; quotaMB: number },
  forward: string | undefined,
  now = Math.floor(Date.now() / 1000),
): string {
  const fields = [g.wlanId, g.apMacRaw, g.clientMacRaw, limits.minutes, limits.downKbps, limits.upKbps, limits.quotaMB];
  const token = Buffer.from(fields.join('/')).toString('base64');
  const expires = String(now + LINK_SECONDS);
  let context = `expires=${expires}&token=${token}`;
  if (forward) context += `&forward=${forward}`;
  const signature = createHmac('sha1', settings.secret).update(context).digest('base64');
  const url = new URL('/authorize', settings.portalUrl || 'https://portal.mist.com');
  url.searchParams.set('signature', signature);
  url.searchParams.set('expires', expires);
  url.searchParams.set('token', token);
  if (forward) url.searchParams.set('forward', forward);
  return url.toString();
}

export class MistPortal implements ControllerAdapter {
  readonly family = 'mist' as const;
  constructor(private readonly settings: MistSettings) {}

  parseArrival(query: QueryInput): GuestArrival {
    return parseMistArrival(query);
  }

  async grantAccess(request: GrantRequest): Promise<GrantResult> {
    if (!this.settings.secret) throw new ControllerError('not_configured', 'The Mist portal API secret is not set');
    const limits = checkLimits(request.limits);
    const g = request.arrival.gateway as Partial<MistGatewayData>;
    if (!g.wlanId || !g.apMacRaw || !g.clientMacRaw)
      throw new ControllerError('bad_arrival', 'The arrival did not come from a Mist access point');
    const forward = request.returnUrl ?? request.continueUrl ?? request.arrival.originalUrl ?? undefined;
    const url = mistAuthorizeUrl(this.settings, g as MistGatewayData, limits, forward);
    return { kind: 'redirect', url, limitsApplied: true };
  }

  async revokeAccess(): Promise<void> {
    throw new ControllerError('unsupported', 'The Mist external portal has no call to end a guest session');
  }

  async status(): Promise<ControllerStatus> {
    return (await this.checkStatus()).status;
  }

  async checkStatus(): Promise<StatusReport> {
    if (!this.settings.secret) return { status: 'Not configured', detail: 'Enter the portal API secret of the WLAN' };
    return { status: 'Online' };
  }
}
