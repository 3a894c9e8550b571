import {
  BILLING_MESSAGES,
  DEFAULT_SPLASH_DESIGN,
  fillMessage,
  type AuthMethod,
  type GuestAccountConnectAnswer,
} from '@splashboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteRow } from '../sites/sites.repo.ts';
import { ControllerError, type AccessLimits, type ControllerFamily } from '../../adapters/controllers/index.ts';
import { recordLogin, type Collected, type LoginStore } from '../guests/login-records.ts';
import type { LimitCount } from '../../platform/plan-usage.ts';
import type { Controllers } from '../routers/controllers.ts';
import { DeviceLimitReached, type PlanLimits } from '../plan-limits/index.ts';
import {
  collectedOf,
  identityOfAccount,
  startClock,
  type GuestAccountRow,
  type GuestAccountStore,
} from './guest-accounts.rules.ts';

/**
 * Families whose controller can let a device in by its MAC alone, without the guest's browser. The
 * others (openNDS: the gate opens through the guest's browser or the gateway's own polling) let a
 * connected device in the next time it arrives at the portal.
 */
export const SERVER_SIDE_GRANT: ControllerFamily[] = ['unifi'];

/** The plan's active guest devices, claimed in the login's transaction (the plan-limits area). */
export type DevicePlanLimits = Pick<PlanLimits, 'countDevice' | 'counted'>;

/** Who a device let in from the dashboard belongs to: the login it is recorded as. */
export interface DeviceOwner {
  method: AuthMethod;
  identity: string;
  collected: Collected;
}

export type ServerGrantOutcome = Pick<GuestAccountConnectAnswer, 'access' | 'detail'>;

/**
 * A device the dashboard connected to an account (a guest account, a payment account): on a controller that
 * can grant by MAC, a session is recorded as the owner's login with the given limits (counted against the
 * plan like a guest's login: over the limit nothing is recorded or granted) and the controller asked at
 * once, after the rows are written; elsewhere nothing more happens until the device arrives.
 */
export async function letDeviceIn(
  deps: LoginStore & { controllers: Controllers; log: FastifyBaseLogger; planLimits: DevicePlanLimits },
  site: SiteRow,
  owner: DeviceOwner,
  mac: string,
  limits: Required<AccessLimits>,
): Promise<ServerGrantOutcome> {
  const adapter = await deps.controllers.adapterFor(site.id, site.routerType);
  if (!adapter || !SERVER_SIDE_GRANT.includes(adapter.family)) return { access: 'on_next_arrival', detail: '' };
  let counted: LimitCount | null = null;
  const recorded = await recordLogin(deps, {
    accountId: site.accountId,
    siteId: site.id,
    ...owner,
    family: adapter.family,
    arrival: { clientMac: mac, clientIp: null, apMac: null, ssid: null },
    request: { ip: '', userAgent: '' },
    limits,
    // The guest saw no page: no consent is recorded for them.
    consent: { design: DEFAULT_SPLASH_DESIGN, termsScreen: false, none: true },
    onRecorded: async (tx) => {
      counted = await deps.planLimits.countDevice(site.accountId, mac, tx);
    },
  }).catch((err: unknown) => {
    if (err instanceof DeviceLimitReached) return err;
    throw err;
  });
  if (recorded instanceof DeviceLimitReached) {
    const date = recorded.periodEnd.toISOString().slice(0, 10);
    return { access: 'grant_failed', detail: fillMessage(BILLING_MESSAGES.devicesLimitReached, { limit: recorded.limit, date }) };
  }
  await deps.planLimits.counted(counted);
  const { sessionId } = recorded;
  try {
    await adapter.grantAccess({
      arrival: {
        family: adapter.family,
        clientMac: mac,
        clientIp: null,
        apMac: null,
        ssid: null,
        originalUrl: null,
        gateway: {},
      },
      limits,
    });
    await deps.guestSessions.markConfirmed(sessionId!);
    return { access: 'granted_now', detail: '' };
  } catch (err) {
    const detail = err instanceof ControllerError ? err.message : 'The controller did not answer';
    deps.log.warn(
      { err, siteId: site.id, method: owner.method },
      'the controller did not let a device connected from the dashboard in',
    );
    // The next try reads the controller settings again: an operator may be fixing them.
    deps.controllers.invalidate(site.id);
    await deps.guestSessions.markFailed(sessionId!, detail.slice(0, 500));
    return { access: 'grant_failed', detail };
  }
}

/** A device the dashboard connected to a guest account, let in with the account's limits (see letDeviceIn). */
export async function grantByMac(
  deps: LoginStore & GuestAccountStore & { controllers: Controllers; log: FastifyBaseLogger; planLimits: DevicePlanLimits },
  site: SiteRow,
  account: GuestAccountRow,
  mac: string,
  limits: Required<AccessLimits>,
): Promise<ServerGrantOutcome> {
  const owner = { method: 'guestuser' as const, identity: identityOfAccount(account.id), collected: collectedOf(account) };
  const outcome = await letDeviceIn(deps, site, owner, mac, limits);
  // The duration starts when the device is let in, not when a controller failed to.
  if (outcome.access === 'granted_now') await startClock(deps, account);
  return outcome;
}

/** Asks the site's controller to end a device's access; says whether it did, and why not. */
export async function revokeMac(
  deps: { controllers: Controllers; log: FastifyBaseLogger },
  site: SiteRow,
  mac: string,
): Promise<{ revoked: boolean; detail: string }> {
  const adapter = await deps.controllers.adapterFor(site.id, site.routerType);
  if (!adapter) return { revoked: false, detail: 'The site has no working controller settings' };
  try {
    await adapter.revokeAccess(mac);
    return { revoked: true, detail: '' };
  } catch (err) {
    if (!(err instanceof ControllerError) || err.code !== 'unsupported')
      deps.log.warn({ err, siteId: site.id }, 'the controller did not end a guest account device');
    return { revoked: false, detail: err instanceof ControllerError ? err.message : 'The controller did not answer' };
  }
}
