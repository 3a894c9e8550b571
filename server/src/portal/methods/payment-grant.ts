import type { PackageTerms } from '@splashboard/contract';
import { login, type LoginOutcome } from '../grant.ts';
import type { Collected } from '../login-fields.ts';
import { dataMbOf } from '../checkout/package-view.ts';
import type { MethodContext } from './method.ts';

/**
 * Lets the guest's device in with what the package gives: time until the purchase ends, its data, speeds
 * and devices online at once, through the site's controller like every login.
 */
export function grantPackage(
  ctx: MethodContext,
  purchase: { terms: PackageTerms; endtime: Date; collected: Collected },
): Promise<LoginOutcome> {
  const { terms } = purchase;
  return login(ctx.deps, {
    snap: ctx.snap,
    pass: ctx.pass,
    method: 'payment',
    collected: purchase.collected,
    request: ctx.request,
    limits: {
      minutes: Math.max(1, Math.ceil((purchase.endtime.getTime() - Date.now()) / 60_000)),
      quotaMB: dataMbOf(terms),
      upKbps: terms.speed_ul,
      downKbps: terms.speed_dl,
    },
    maxDevices: terms.num_devices,
  });
}
