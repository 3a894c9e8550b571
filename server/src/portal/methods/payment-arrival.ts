import type { PortalDeps } from '../deps.ts';
import { RELOGIN_DAYS } from '../limits.ts';
import type { PortalPass } from '../pass.ts';
import type { SiteSnapshot } from '../site-snapshot.ts';
import type { PortalAnswer } from '../views.ts';
import { contextFor, type MethodContext } from './method.ts';
import { grantPackage } from './payment-grant.ts';

const DAY_MS = 86_400_000;

/**
 * A device of a payment account arriving again: let back in without the splash page, as the payment
 * settings' relogin policy allows, only while the account's package runs (and for what is left of it).
 * Paid logins are never let back in with the method's generic limits.
 */
export async function paymentArrival(
  deps: PortalDeps,
  snap: SiteSnapshot,
  pass: PortalPass,
  request: MethodContext['request'],
): Promise<PortalAnswer | null> {
  const mac = pass.arrival.clientMac;
  if (!mac || pass.test || !snap.loginMethods.includes('payment')) return null;
  const days = RELOGIN_DAYS[String(snap.methods.paymentloginconfig.values.relogin_policy)] ?? 0;
  if (!days || (snap.hasTerms && !pass.tos)) return null;
  const device = await deps.payments.ledger.deviceAt(snap.site.id, mac);
  if (!device) return null;
  const last = device.lastLoginAt ?? device.boundAt;
  if (Number.isFinite(days) && Date.now() - last.getTime() > days * DAY_MS) return null;
  const account = await deps.payments.ledger.accountById(device.paymentAccountId, snap.site.id);
  if (!account?.terms || !account.expiresAt || account.expiresAt.getTime() <= Date.now()) return null;
  const ctx = contextFor(deps, snap, pass, '', request);
  const outcome = await grantPackage(ctx, {
    terms: account.terms,
    endtime: account.expiresAt,
    collected: { custom: {}, email: account.email },
  });
  return outcome.ok ? outcome.answer : null;
}
