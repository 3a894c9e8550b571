import type { z } from 'zod';
import type { LoginMethodPath } from '@splashboard/contract';
import type { SiteRow } from '../../platform/site-access.ts';

/**
 * Read-only fields another area adds to a login method's values (GET and PUT answers), e.g. the payment
 * settings' Stripe connection in paymentloginconfig: their schema per method, and their values for a site
 * whose access the splash area already checked. They are not stored here and PUT does not take them.
 */
export interface ExtraValues {
  shapes: Partial<Record<LoginMethodPath, z.ZodRawShape>>;
  values(path: LoginMethodPath, site: SiteRow): Promise<Record<string, unknown>>;
}
