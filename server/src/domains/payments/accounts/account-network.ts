import { BILLING_MESSAGES, DEFAULT_SPLASH_DESIGN, fillMessage, type PackageTerms } from '@splashboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ControllerError, type AccessLimits } from '../../../adapters/controllers/index.ts';
import type { Database } from '../../../db/client.ts';
import type { LimitCount } from '../../../platform/plan-usage.ts';
import { recordLogin } from '../../guests/login-records.ts';
import type { GuestSessionsRepo } from '../../guests/guest-sessions.repo.ts';
import type { GuestsRepo } from '../../guests/guests.repo.ts';
import { SERVER_SIDE_GRANT, revokeMac, type DevicePlanLimits } from '../../guest-accounts/network-access.ts';
import { DeviceLimitReached } from '../../plan-limits/index.ts';
import type { Controllers } from '../../routers/controllers.ts';
import type { SiteRow } from '../../sites/sites.repo.ts';
import type { PaymentAccountRow } from '../ledger.repo.ts';

export { revokeMac };

/** The guest identity a payment account's logins are recorded under. */
export const identityOfPaymentAccount = (id: number) => `payment:${id}`;

export type NetworkDeps = {
  db: Database;
  guests: GuestsRepo;
  guestSessions: GuestSessionsRepo;
  controllers: Controllers;
  log: FastifyBaseLogger;
  planLimits: DevicePlanLimits;
};

/** What the package gives, for the time left until the account expires. */
export function limitsOf(terms: PackageTerms, expiresAt: Date, now = new Date()): Required<AccessLimits> {
  return {
    minutes: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 60_000)),
    upKbps: terms.speed_ul,
    downKbps: terms.speed_dl,
    quotaMB: terms.bytes_t * (terms.bytes_type === 'GB' ? 1000 : 1),
  };
}

export type GrantOutcome = { access: 'granted_now' | 'on_next_arrival' | 'grant_failed'; detail: string };

/**
 * A device the dashboard connected to a payment account: on a controller that lets a device in by its MAC
 * (as guest accounts' connect does), a session is recorded as the account's guest with the package's limits
 * until the account expires and the controller is asked at once; elsewhere the device gets in the next time
 * it arrives at the splash page.
 */
export async function grantDevice(
  deps: NetworkDeps,
  site: SiteRow,
  account: PaymentAccountRow,
  mac: string,
  terms: PackageTerms,
  expiresAt: Date,
): Promise<GrantOutcome> {
  const adapter = await deps.controllers.adapterFor(site.id, site.routerType);
  if (!adapter || !SERVER_SIDE_GRANT.includes(adapter.family)) return { access: 'on_next_arrival', detail: '' };
  const limits = limitsOf(terms, expiresAt);
  let counted: LimitCount | null = null;
  const recorded = await recordLogin(deps, {
    accountId: site.accountId,
    siteId: site.id,
    method: 'payment',
    family: adapter.family,
    identity: identityOfPaymentAccount(account.id),
    collected: {
      custom: {},
      email: account.email,
      firstName: account.firstName || undefined,
      lastName: account.lastName || undefined,
    },
    arrival: { clientMac: mac, clientIp: null, apMac: null, ssid: null },
    request: { ip: '', userAgent: '' },
    limits,
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
    await deps.guestSessions.markConfirmed(recorded.sessionId!);
    return { access: 'granted_now', detail: '' };
  } catch (err) {
    const detail = err instanceof ControllerError ? err.message : 'The controller did not answer';
    deps.log.warn({ err, siteId: site.id }, 'the controller did not let a payment account device in');
    deps.controllers.invalidate(site.id);
    await deps.guestSessions.markFailed(recorded.sessionId!, detail.slice(0, 500));
    return { access: 'grant_failed', detail };
  }
}

/** Ends a device's sessions here and its access at the controller (a disconnect, a refund that disconnects). */
export async function cutDevice(deps: NetworkDeps, site: SiteRow, mac: string, cause: string) {
  await deps.guestSessions.endOpenOfDevice(site.id, mac, cause);
  return revokeMac(deps, site, mac);
}
