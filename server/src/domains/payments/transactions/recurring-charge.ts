import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { feeOf, voucherMinutes, type PackageTerms } from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import { defineScheduledJob, type JobQueue } from '../../../platform/jobs.ts';
import type { Mailer } from '../../../platform/mailer.ts';
import type { SitesRepo } from '../../sites/sites.repo.ts';
import type { LedgerRepo, PaymentAccountRow } from '../ledger.repo.ts';
import type { SiteStripeOf } from '../site-stripe.ts';
import type { PaymentAccountsRepo } from '../accounts/payment-accounts.repo.ts';
import type { PaymentNotifications } from '../notifications/notify.ts';
import { WORDS, langOf, textToHtml } from '../notifications/guest-texts.ts';

export const RECURRING_CHARGE_JOB = defineScheduledJob('payments.recurring-charges');
const BATCH = 100;

/** The package's duration after `from`. */
export const afterDuration = (terms: Pick<PackageTerms, 'duration_val' | 'duration_type'>, from: Date) =>
  new Date(from.getTime() + voucherMinutes(terms.duration_val, terms.duration_type) * 60_000);

/** The start of the UTC day of `at`: a renewal is tried at most once per account and day. */
const dayOf = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

type Deps = {
  db: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  mailer: Mailer;
  ledger: LedgerRepo;
  accounts: PaymentAccountsRepo;
  sitesRepo: Pick<SitesRepo, 'byId'>;
  siteStripe: Pick<SiteStripeOf, 'forSite'>;
  notifications: Pick<PaymentNotifications, 'notifyPurchase'>;
};

/**
 * Recurring payments: every hour, accounts whose next_payment_on has come are charged off-session on their
 * saved card (a PaymentIntent with `off_session` and `confirm`, the plan's application fee as at checkout).
 * Paid: a `renewal` transaction, the expiry and next_payment_on moved one duration on. Refused (declined,
 * authentication_required): a failed `renewal` transaction, recurring kept, the guest emailed, and the next
 * try the next day. One try per account and day: the idempotency key and the day's renewal row say so.
 */
export function createRecurringCharges(deps: Deps) {
  const { db, ledger, log } = deps;

  async function charge(account: PaymentAccountRow, now: Date) {
    const site = await deps.sitesRepo.byId(account.siteId);
    const stripe = await deps.siteStripe.forSite(account.siteId);
    if (!site || !stripe?.ready) return;
    if (await deps.accounts.renewalTriedSince(account.id, dayOf(now))) return;
    const last = await deps.accounts.lastPaid(account.id);
    const pkg = account.packageId !== null ? await deps.accounts.packageById(account.packageId) : undefined;
    const amount = last?.amount ?? pkg?.price;
    const terms = account.terms ?? last?.terms;
    if (!amount || !terms) return;
    const currency = last?.currency ?? pkg!.currency;
    const fee = stripe.mode === 'connect' ? feeOf(amount, stripe.feePercent) : 0;
    const day = dayOf(now).toISOString().slice(0, 10);
    let intent: Stripe.PaymentIntent | null = null;
    let failure = '';
    try {
      intent = await stripe.stripe.paymentIntents.create(
        {
          amount,
          currency: currency.toLowerCase(),
          customer: account.stripeCustomerId!,
          payment_method: account.stripePaymentMethodId!,
          off_session: true,
          confirm: true,
          // Nobody is there to follow a redirect: only payment methods that need none.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          ...(fee > 0 && { application_fee_amount: fee }),
          description: `${pkg?.name ?? last?.packageName ?? ''} (renewal)`,
          metadata: { payment_account_id: String(account.id), kind: 'renewal', renewal_day: day },
        },
        { ...stripe.requestOptions, idempotencyKey: `payment-renewal-${account.id}-${day}` },
      );
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeCardError) && !(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      failure = err.message;
      const raw = (err.raw as { payment_intent?: Stripe.PaymentIntent } | undefined)?.payment_intent;
      intent = raw ?? null;
    }
    const paid = intent?.status === 'succeeded';
    const created = await db.transaction(async (tx) => {
      const locked = await ledger.lockAccount(account.id, tx);
      // Another worker's run, or a change meanwhile (recurring stopped, the date moved on).
      if (!locked?.recurring || !locked.nextPaymentOn || locked.nextPaymentOn > now) return null;
      if (await deps.accounts.renewalTriedSince(account.id, dayOf(now), tx)) return null;
      const start = locked.expiresAt && locked.expiresAt > now ? locked.expiresAt : now;
      const endtime = paid ? afterDuration(terms, start) : null;
      const t = await ledger.insertTransaction(
        {
          accountId: locked.accountId,
          siteId: locked.siteId,
          paymentAccountId: locked.id,
          packageId: locked.packageId,
          packageName: pkg?.name ?? last?.packageName ?? '',
          terms,
          kind: 'renewal',
          status: paid ? 'succeeded' : 'failed',
          amount,
          currency,
          feeAmount: fee,
          feePercent: String(stripe.mode === 'connect' ? stripe.feePercent : 0),
          stripeAccountId: stripe.stripeAccountId,
          stripePaymentIntentId: intent?.id ?? null,
          stripeChargeId: typeof intent?.latest_charge === 'string' ? intent.latest_charge : (intent?.latest_charge?.id ?? null),
          numDevices: terms.num_devices,
          endtime,
          failureMessage: paid ? '' : (failure || `The payment is ${intent?.status ?? 'not made'}`).slice(0, 500),
          paidAt: paid ? now : null,
        },
        tx,
      );
      if (paid)
        await ledger.updateAccount(
          locked.id,
          { expiresAt: endtime, nextPaymentOn: afterDuration(terms, locked.nextPaymentOn) },
          tx,
        );
      return t;
    });
    if (!created) return;
    if (paid) await deps.notifications.notifyPurchase(created.id);
    else if (account.email) {
      const w = WORDS[langOf(account.lang)];
      const text = w.renewalFailedText(account.firstName || account.email, created.packageName, created.failureMessage);
      await deps.mailer.send({
        to: account.email,
        subject: w.renewalFailedSubject(site.name),
        text,
        html: textToHtml(text),
        accountId: site.accountId,
      });
    }
  }

  async function run(now = new Date()) {
    for (const account of await deps.accounts.dueForRenewal(now, BATCH)) {
      await charge(account, now).catch((err: unknown) =>
        log.error(
          { err, paymentAccount: account.id },
          'a recurring payment could not be made; it is tried again on the next run',
        ),
      );
    }
  }

  deps.jobs.register(RECURRING_CHARGE_JOB, () => run());
  deps.jobs.schedule(RECURRING_CHARGE_JOB, '13 * * * *');
  return { run };
}
export type RecurringCharges = ReturnType<typeof createRecurringCharges>;
