import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { accounts, paymentConnections, paymentPackages, sites } from '../src/db/schema/index.ts';
import type { TestServer } from './harness.ts';
import { unifiPortalSite, type PortalSite } from './portal.ts';

export interface PaymentSite extends PortalSite {
  accountId: number;
  /** The site's connected account on the Stripe fake (acct_…). */
  stripeAccount: string;
  /** The platform's client on the fake (pass `{ stripeAccount }` to act on the site's account). */
  stripe: Stripe;
}

/**
 * A UniFi site with the payment login whose Stripe account is connected to the platform (Connect,
 * onboarding finished on the fake) and whose account is on the collect plan (5 % fee), as the dashboard's
 * connection would leave it: the rows are written directly, not through the payments API.
 */
export async function connectedPaymentSite(
  server: TestServer,
  opts: { authMethods?: string[]; currency?: string; plan?: string; connected?: boolean } = {},
): Promise<PaymentSite> {
  const site = await unifiPortalSite(server, opts.authMethods ?? ['payment']);
  const db = server.handle.db;
  const [row] = await db
    .update(sites)
    .set({ currency: opts.currency ?? 'USD' })
    .where(eq(sites.id, site.siteId))
    .returning({ accountId: sites.accountId });
  const accountId = row!.accountId;
  await db
    .update(accounts)
    .set({ planType: opts.plan ?? 'collect' })
    .where(eq(accounts.id, accountId));
  const fake = server.stripe!;
  const stripe = new Stripe(fake.secretKey, { ...fake.sdkOptions, maxNetworkRetries: 0 });
  const account = await stripe.accounts.create({ type: 'express', country: 'US' });
  await fake.completeOnboarding(account.id);
  if (opts.connected !== false)
    await db.insert(paymentConnections).values({
      accountId,
      siteId: site.siteId,
      mode: 'connect',
      stripeAccountId: account.id,
      chargesEnabled: true,
      publishableKey: '',
    });
  return { ...site, accountId, stripeAccount: account.id, stripe };
}

type PackageValues = Partial<typeof paymentPackages.$inferInsert>;

/** A package on sale at the site (the dashboard's packages API writes the same row). */
export async function insertPackage(server: TestServer, site: PaymentSite, values: PackageValues = {}) {
  const [row] = await server.handle.db
    .insert(paymentPackages)
    .values({
      accountId: site.accountId,
      siteId: site.siteId,
      name: 'Day pass',
      description: 'Browse all day',
      price: 499,
      currency: 'USD',
      durationType: 'hours',
      durationVal: 24,
      bytesT: 2,
      bytesType: 'GB',
      speedUl: 2000,
      speedDl: 10000,
      numDevices: 2,
      ...values,
    })
    .returning();
  return row!;
}
