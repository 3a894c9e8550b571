import { messagePage, type PortalAnswer } from '../views.ts';
import type { PackageRow } from '../../domains/payments/checkout/checkout.repo.ts';
import { durationMsOf } from '../../domains/payments/checkout/checkout-payments.ts';
import { startOfLocalDay, termsOf } from '../checkout/package-view.ts';
import type { Collected } from '../login-fields.ts';
import { grantPackage } from './payment-grant.ts';
import { valuesOf, type MethodContext } from './method.ts';

/**
 * Since when a device's earlier trials count against the daily trial limit: One Time, ever; Daily, since
 * midnight at the site; Always and No Limit, never (null).
 */
function trialsCountSince(limit: unknown, timeZone: string): Date | null {
  if (limit === 'One Time') return new Date(0);
  if (limit === 'Daily') return startOfLocalDay(timeZone);
  return null;
}

/** A free trial package: no payment, a `trial` transaction and the grant, within the site's daily trial limit. */
export async function startTrial(ctx: MethodContext, p: PackageRow, collected: Collected): Promise<PortalAnswer> {
  const { deps, snap, pass } = ctx;
  const limit = valuesOf(ctx, 'payment').daily_trial_limit;
  const since = trialsCountSince(limit, snap.site.timezone);
  const mac = pass.arrival.clientMac;
  if (since && mac && (await deps.checkout.repo.trialsOfDevice(snap.site.id, mac, since)) > 0)
    return messagePage(
      snap,
      ctx.lang,
      (t) => ({
        tone: 'info',
        title: t.trialTitle,
        body: limit === 'Daily' ? t.trialUsedToday : t.trialUsedOnce,
        action: { label: t.back, href: 'payment' },
      }),
      403,
    );
  const terms = termsOf(p);
  const now = new Date();
  const endtime = new Date(now.getTime() + durationMsOf(terms));
  // Test mode records nothing: the login stops before the grant and says what it would have been.
  if (!pass.test)
    await deps.payments.ledger.insertTransaction({
      accountId: snap.site.accountId,
      siteId: snap.site.id,
      packageId: p.id,
      packageName: p.name,
      terms,
      kind: 'trial',
      status: 'succeeded',
      amount: 0,
      currency: p.currency,
      mac: mac?.toLowerCase() ?? null,
      numDevices: p.numDevices,
      endtime,
      paidAt: now,
      grantedAt: now,
    });
  return (await grantPackage(ctx, { terms, endtime, collected })).answer;
}
