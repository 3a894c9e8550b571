import type { PackageTerms } from '@splashboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessLimits } from '../../../adapters/controllers/index.ts';
import type { Database } from '../../../db/client.ts';
import type { GuestSessionsRepo } from '../../guests/guest-sessions.repo.ts';
import type { GuestsRepo } from '../../guests/guests.repo.ts';
import { letDeviceIn, revokeMac, type DevicePlanLimits, type ServerGrantOutcome } from '../../guest-accounts/network-access.ts';
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

export type GrantOutcome = ServerGrantOutcome;

/**
 * A device the dashboard connected to a payment account: let in by its MAC where the controller can (as
 * guest accounts' connect does), as the account's guest with the package's limits until the account expires;
 * elsewhere the device gets in the next time it arrives at the splash page.
 */
export function grantDevice(
  deps: NetworkDeps,
  site: SiteRow,
  account: PaymentAccountRow,
  mac: string,
  terms: PackageTerms,
  expiresAt: Date,
): Promise<GrantOutcome> {
  const collected = {
    custom: {},
    email: account.email,
    firstName: account.firstName || undefined,
    lastName: account.lastName || undefined,
  };
  const owner = { method: 'payment' as const, identity: identityOfPaymentAccount(account.id), collected };
  return letDeviceIn(deps, site, owner, mac, limitsOf(terms, expiresAt));
}

/** Ends a device's sessions here and its access at the controller (a disconnect, a refund that disconnects). */
export async function cutDevice(deps: NetworkDeps, site: SiteRow, mac: string, cause: string) {
  await deps.guestSessions.endOpenOfDevice(site.id, mac, cause);
  return revokeMac(deps, site, mac);
}
