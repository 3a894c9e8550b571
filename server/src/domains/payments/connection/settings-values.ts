import { stripeConnectionSchema, type LoginMethodPath } from '@splashboard/contract';
import type { AppContext } from '../../../platform/context.ts';
import type { SiteRow } from '../../../platform/site-access.ts';
import type { Payments } from '../payments.ts';
import { createConnectionView } from './connection-view.ts';

/**
 * The Stripe connection's fields in the payment settings (GET paymentloginconfig/ answers them beside the
 * stored ones), for the splash area's `extraValues`.
 */
export function paymentSettingsValues(
  deps: Pick<AppContext, 'config' | 'secrets' | 'accounts'> & { payments: Pick<Payments, 'connections'> },
) {
  const viewOf = createConnectionView(deps);
  return {
    shapes: { paymentloginconfig: stripeConnectionSchema.shape } as Partial<
      Record<LoginMethodPath, typeof stripeConnectionSchema.shape>
    >,
    async values(path: LoginMethodPath, site: SiteRow): Promise<Record<string, unknown>> {
      if (path !== 'paymentloginconfig') return {};
      return viewOf(site, await deps.payments.connections.bySite(site.id));
    },
  };
}
