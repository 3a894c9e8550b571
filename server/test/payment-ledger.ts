import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { feeOf, type PackageTerms } from '@splashboard/contract';
import { outboxEmails, paymentConnections, paymentPackages, sites } from '../src/db/schema/index.ts';
import { createStripeClient } from '../src/domains/billing/stripe-client.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { randomMac, unifiPortalSite, type PortalSite } from './portal.ts';
import type { TestServer } from './harness.ts';

/**
 * Ledger rows for the payment accounts' and transactions' tests, written as the checkout writes them (not
 * through its API): a UniFi site connected to a Stripe Connect account of the test's Stripe fake, a package,
 * and payment accounts with a succeeded transaction whose PaymentIntent was really made (and paid) on the fake.
 */
export interface PaymentSite extends PortalSite {
  accountId: number;
  stripeAccount: string;
  /** The platform's client; pass `{ stripeAccount }` to act on the site's account. */
  stripe: Stripe;
  packageId: number;
  terms: PackageTerms;
}

export const TERMS: PackageTerms = {
  duration_type: 'days',
  duration_val: 1,
  bytes_t: 0,
  bytes_type: 'MB',
  speed_ul: 1024,
  speed_dl: 4096,
  num_devices: 2,
};

export async function paymentSite(server: TestServer, opts: { price?: number; recurring?: boolean } = {}): Promise<PaymentSite> {
  const s = await unifiPortalSite(server, ['payment']);
  const db = server.handle.db;
  const [site] = await db.select().from(sites).where(eq(sites.id, s.siteId));
  const stripe = createStripeClient(server.config.stripe);
  const account = await stripe.accounts.create({ type: 'express', country: 'US', email: 'cafe@example.test' });
  await server.stripe!.completeOnboarding(account.id);
  await db.insert(paymentConnections).values({
    accountId: site!.accountId,
    siteId: s.siteId,
    mode: 'connect',
    stripeAccountId: account.id,
    chargesEnabled: true,
  });
  const [pkg] = await db
    .insert(paymentPackages)
    .values({
      accountId: site!.accountId,
      siteId: s.siteId,
      name: 'Day pass',
      price: opts.price ?? 1500,
      currency: site!.currency,
      durationType: TERMS.duration_type,
      durationVal: TERMS.duration_val,
      speedUl: TERMS.speed_ul,
      speedDl: TERMS.speed_dl,
      numDevices: TERMS.num_devices,
      recurring: opts.recurring ?? false,
    })
    .returning();
  return { ...s, accountId: site!.accountId, stripeAccount: account.id, stripe, packageId: pkg!.id, terms: TERMS };
}

export interface PaidAccount {
  id: number;
  transactionId: number;
  paymentIntentId: string;
  mac: string;
  amount: number;
  fee: number;
}

/** A guest who bought the site's package: their account (card saved), device and succeeded transaction. */
export async function paidAccount(
  server: TestServer,
  s: PaymentSite,
  opts: {
    email?: string;
    phone?: string;
    lang?: string;
    card?: string;
    expiresAt?: Date;
    recurring?: boolean;
    nextPaymentOn?: Date;
  } = {},
): Promise<PaidAccount> {
  const { ledger, siteStripe } = server.built.ctx.payments;
  const db = server.handle.db;
  const [pkg] = await db.select().from(paymentPackages).where(eq(paymentPackages.id, s.packageId));
  const onAccount = { stripeAccount: s.stripeAccount };
  const email = opts.email ?? `guest-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const customer = await s.stripe.customers.create({ email }, onAccount);
  const fee = feeOf(pkg!.price, (await siteStripe.forSite(s.siteId))!.feePercent);
  const intent = await s.stripe.paymentIntents.create(
    {
      amount: pkg!.price,
      currency: pkg!.currency.toLowerCase(),
      customer: customer.id,
      payment_method: 'pm_card_visa',
      setup_future_usage: 'off_session',
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      ...(fee > 0 && { application_fee_amount: fee }),
    },
    onAccount,
  );
  if (intent.status !== 'succeeded') throw new Error(`the test payment is ${intent.status}`);
  // A card that refuses later charges (a renewal's) is the one saved when asked.
  const paymentMethod = opts.card
    ? (await s.stripe.paymentMethods.attach(opts.card, { customer: customer.id }, onAccount)).id
    : String(intent.payment_method);
  const now = new Date();
  const expiresAt = opts.expiresAt ?? new Date(now.getTime() + 86_400_000);
  const mac = randomMac();
  const account = await ledger.insertAccount({
    accountId: s.accountId,
    siteId: s.siteId,
    email,
    passwordHash: await hashPassword('guest-pass-1'),
    firstName: 'Ana',
    lastName: 'López',
    phone: opts.phone ?? '',
    packageId: s.packageId,
    terms: s.terms,
    startsAt: now,
    expiresAt,
    recurring: opts.recurring ?? false,
    nextPaymentOn: opts.nextPaymentOn ?? (opts.recurring ? expiresAt : null),
    stripeCustomerId: customer.id,
    stripePaymentMethodId: paymentMethod,
    lang: opts.lang ?? 'en-US',
  });
  await db.transaction((tx) => ledger.bindDevice(account, mac, s.terms.num_devices, 'login', tx));
  const t = await ledger.insertTransaction({
    accountId: s.accountId,
    siteId: s.siteId,
    paymentAccountId: account.id,
    packageId: s.packageId,
    packageName: pkg!.name,
    terms: s.terms,
    kind: 'purchase',
    status: 'succeeded',
    amount: pkg!.price,
    currency: pkg!.currency,
    feeAmount: fee,
    stripeAccountId: s.stripeAccount,
    stripePaymentIntentId: intent.id,
    stripeChargeId: String(intent.latest_charge),
    mac,
    numDevices: s.terms.num_devices,
    endtime: expiresAt,
    paidAt: now,
  });
  return { id: account.id, transactionId: t.id, paymentIntentId: intent.id, mac, amount: pkg!.price, fee };
}

/** The emails written to the outbox for an address, oldest first. */
export const emailsTo = (server: TestServer, to: string) =>
  server.handle.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(outboxEmails.id);

/** Waits until `check` holds (jobs run on their own). */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const got = await check();
    if (got) return got;
    if (Date.now() - start > timeoutMs) throw new Error('the expected outcome did not happen in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
