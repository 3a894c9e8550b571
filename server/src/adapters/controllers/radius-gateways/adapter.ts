import {
  ControllerError,
  checkLimits,
  type ControllerAdapter,
  type ControllerStatus,
  type GrantRequest,
  type GrantResult,
  type GuestArrival,
  type QueryInput,
  type RadiusGatewayType,
  type StatusReport,
} from '../controller.ts';
import { FAMILIES, parseGatewayArrival, type GatewayLogin } from './families.ts';
import type { RadiusGatewayOptions } from './options.ts';

const UNCHECKABLE =
  'This gateway has no interface the server can ask: it asks our RADIUS server when guests log in, and the NAS clients below show where it may ask from';

/**
 * A gateway that takes the guest's credentials from their browser and asks our RADIUS server
 * (MikroTik hotspot, Cisco WLC, Aruba, Ruckus Unleashed/ZoneDirector, Zyxel Nebula, DrayTek, Cambium,
 * IgniteNet, OpenMesh). Granting is a form (or a URL) for the browser carrying one-time credentials;
 * the limits travel in the RADIUS Access-Accept, not here.
 */
export class RadiusGatewayAdapter implements ControllerAdapter {
  readonly radiusLogin = true;
  constructor(private readonly options: RadiusGatewayOptions) {}

  get family(): RadiusGatewayType {
    return this.options.family;
  }

  parseArrival(query: QueryInput): GuestArrival {
    return parseGatewayArrival(query, this.options);
  }

  async grantAccess(request: GrantRequest): Promise<GrantResult> {
    checkLimits(request.limits);
    if (!request.radius) throw new ControllerError('rejected', 'No one-time RADIUS credentials were issued for this login');
    if (request.arrival.family !== this.family)
      throw new ControllerError('bad_arrival', `The guest arrived from ${request.arrival.family}, not ${this.family}`);
    const login = request.arrival.gateway as unknown as GatewayLogin;
    if (!login.loginUrl) throw new ControllerError('bad_arrival', 'The gateway did not say where to log in');
    const continueUrl = request.continueUrl ?? request.arrival.originalUrl ?? '';
    const form = FAMILIES[this.family].form(login, request.radius, continueUrl, this.options);
    if (form.redirect) {
      const url = new URL(form.action);
      for (const [k, v] of Object.entries(form.fields)) url.searchParams.set(k, v);
      return { kind: 'redirect', url: url.toString(), limitsApplied: true };
    }
    return { kind: 'form', action: form.action, method: form.method, fields: form.fields, limitsApplied: true };
  }

  async revokeAccess(): Promise<void> {
    throw new ControllerError('unsupported', 'Sessions end through RADIUS (Session-Timeout or a Disconnect-Message)');
  }

  async status(): Promise<ControllerStatus> {
    return (await this.checkStatus()).status;
  }

  async checkStatus(): Promise<StatusReport> {
    return { status: 'Online', detail: UNCHECKABLE };
  }
}
