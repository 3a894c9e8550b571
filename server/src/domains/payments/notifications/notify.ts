import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { createHmac } from 'node:crypto';
import type { AccountsRepo } from '../../../platform/accounts.repo.ts';
import { defineJob, defineScheduledJob, type JobQueue } from '../../../platform/jobs.ts';
import type { SitesRepo } from '../../sites/sites.repo.ts';
import type { LedgerRepo, PaymentAccountRow, RefundRow, TransactionRow } from '../ledger.repo.ts';
import type { PaymentAccountsRepo } from '../accounts/payment-accounts.repo.ts';
import type { TransactionsRepo } from '../transactions/transactions.repo.ts';
import { toTransaction } from '../transactions/transaction-view.ts';
import { emailAccountDetails, paymentSettingsOf, remindExpiry, smsAccountDetails, type MessageDeps } from './account-messages.ts';
import { WORDS, escapeHtml, langOf, money, when } from './guest-texts.ts';

export const NOTIFY_PURCHASE_JOB = defineJob('payments.notify-purchase', z.object({ transactionId: z.number().int() }));
export const NOTIFY_REFUND_JOB = defineJob('payments.notify-refund', z.object({ refundId: z.number().int() }));
export const DELIVER_WEBHOOK_JOB = defineJob(
  'payments.deliver-webhook',
  z.object({ siteId: z.number().int(), url: z.string(), body: z.string() }),
);
export const EXPIRY_REMINDER_JOB = defineScheduledJob('payments.expiry-reminders');

/** The header a notify_webhook request is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'x-splashboard-signature';
const WEBHOOK_TIMEOUT_MS = 10_000;
const REMINDER_BATCH = 200;

/**
 * Tells of a succeeded purchase (the checkout calls it once the transaction succeeded): the payment settings'
 * notifications run as a job, once per transaction however often this is called.
 */
export const notifyPurchase = (jobs: Pick<JobQueue, 'enqueue'>, transactionId: number) =>
  jobs.enqueue(NOTIFY_PURCHASE_JOB, { transactionId });

export function signWebhook(secret: string, body: string, at = Math.floor(Date.now() / 1000)) {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

type Deps = MessageDeps & {
  jobs: JobQueue;
  log: FastifyBaseLogger;
  ledger: LedgerRepo;
  accounts: PaymentAccountsRepo;
  transactions: TransactionsRepo;
  sitesRepo: Pick<SitesRepo, 'byId'>;
  users: Pick<AccountsRepo, 'ownerIdOf' | 'userById'>;
  /** The signing secret of a site's notify_webhook (derived from the server's secret key). */
  webhookSecretOf: (siteId: number) => string;
};

/**
 * What paid Wi-Fi tells after a purchase or a refund, as the payment settings (paymentloginconfig) say:
 * notify_email addresses get an email, notify_webhook (with webhook_accnt_notify) a signed POST, and the
 * guest their account's details by email (email_accnt_notify) and SMS (smsnotification). Each runs as a
 * job, so the checkout does not wait; a purchase is told once however often it is asked.
 */
export function createPaymentNotifications(deps: Deps) {
  const { jobs, log, ledger } = deps;

  async function operatorLang(accountId: number) {
    const owner = await deps.users.ownerIdOf(accountId);
    return langOf(owner ? (await deps.users.userById(owner))?.language : null);
  }

  async function tell(
    event: 'payment.succeeded' | 'payment.refunded',
    t: TransactionRow,
    account: PaymentAccountRow | undefined,
    refund: RefundRow | null,
  ) {
    const site = await deps.sitesRepo.byId(t.siteId);
    if (!site) return;
    const settings = await paymentSettingsOf(deps.splash, site.id);
    const refunds = await ledger.refundsOf([t.id]);
    if (settings.notify_email.length) {
      const lang = await operatorLang(site.accountId);
      const w = WORDS[lang];
      const amount = money(refund ? refund.amount : t.amount, t.currency, lang);
      const rows: [string, string][] = [
        [w.notice.guest, account ? [account.firstName, account.lastName, account.email].filter(Boolean).join(' ') : ''],
        [w.notice.package, t.packageName],
        [w.notice.amount, money(t.amount, t.currency, lang)],
        ...(refund
          ? ([
              [w.notice.refunded, amount],
              [w.notice.reason, w.reasons[refund.reason as keyof typeof w.reasons] ?? refund.reason],
            ] as [string, string][])
          : []),
        [w.notice.date, when(refund ? refund.createdAt : (t.paidAt ?? t.createdAt), lang, site.timezone)],
        [w.notice.transaction, String(t.id)],
      ];
      const subject = refund ? w.refundSubject(site.name, amount) : w.purchaseSubject(site.name, amount);
      for (const to of settings.notify_email)
        await deps.mailer.send({
          to,
          subject,
          text: rows.map(([k, v]) => `${k}: ${v}`).join('\n') + '\n',
          html: `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
          accountId: site.accountId,
        });
    }
    if (settings.webhook_accnt_notify && settings.notify_webhook) {
      const body = JSON.stringify({
        type: event,
        created: Math.floor(Date.now() / 1000),
        site: { id: site.id, name: site.name },
        account: account
          ? {
              id: account.id,
              email: account.email,
              first_name: account.firstName,
              last_name: account.lastName,
              phone: account.phone,
            }
          : null,
        transaction: toTransaction(t, refunds, account?.email ?? ''),
        refund: refund ? { id: refund.id, amount: refund.amount, currency: refund.currency, reason: refund.reason } : null,
      });
      await jobs.enqueue(DELIVER_WEBHOOK_JOB, { siteId: site.id, url: settings.notify_webhook, body });
    }
    if (event !== 'payment.succeeded' || !account) return;
    const packageName = t.packageName;
    if (settings.email_accnt_notify && account.email) await emailAccountDetails(deps, site, account, packageName);
    if (settings.smsnotification && account.phone) {
      // A gateway that is off or refuses is the operator's to fix; the purchase stands.
      await smsAccountDetails(deps, site, account, packageName, settings).catch((err: unknown) =>
        log.warn({ err, siteId: site.id }, 'the account details SMS was not sent'),
      );
    }
  }

  jobs.register(NOTIFY_PURCHASE_JOB, async ({ transactionId }) => {
    const t = await deps.transactions.byId(transactionId);
    if (!t || t.status !== 'succeeded') return;
    if (!(await deps.transactions.claimNotification(t.id))) return;
    const account = t.paymentAccountId !== null ? await ledger.accountById(t.paymentAccountId, t.siteId) : undefined;
    await tell('payment.succeeded', t, account, null);
  });

  jobs.register(NOTIFY_REFUND_JOB, async ({ refundId }) => {
    const refund = await deps.transactions.refundById(refundId);
    if (!refund) return;
    const t = await ledger.transactionById(refund.transactionId, refund.siteId);
    if (!t) return;
    const account = t.paymentAccountId !== null ? await ledger.accountById(t.paymentAccountId, t.siteId) : undefined;
    await tell('payment.refunded', t, account, refund);
  });

  jobs.register(DELIVER_WEBHOOK_JOB, async ({ siteId, url, body }) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Splashboard-Webhooks/1',
        [SIGNATURE_HEADER]: signWebhook(deps.webhookSecretOf(siteId), body),
      },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    // Anything but 2xx is tried again later (the job's retries).
    if (!res.ok) throw new Error(`the notify webhook answered ${res.status}`);
  });

  jobs.register(EXPIRY_REMINDER_JOB, async () => {
    const now = new Date();
    const soon = new Date(now.getTime() + 24 * 3_600_000);
    const due = await deps.accounts.expiringUnreminded(now, soon, REMINDER_BATCH);
    for (const account of due) {
      const settings = await paymentSettingsOf(deps.splash, account.siteId);
      if (!settings.emailexpiryreminder && !settings.smsexpiryreminder) continue;
      const site = await deps.sitesRepo.byId(account.siteId);
      if (!site || !(await deps.accounts.claimReminder(account.id, account.expiresAt!))) continue;
      const pkg = account.packageId !== null ? await deps.accounts.packageById(account.packageId) : undefined;
      await remindExpiry(deps, site, account, pkg?.name ?? '', {
        email: settings.emailexpiryreminder && !!account.email,
        sms: settings.smsexpiryreminder,
      }).catch((err: unknown) => log.warn({ err, siteId: site.id }, 'an expiry reminder was not sent'));
    }
  });
  jobs.schedule(EXPIRY_REMINDER_JOB, '7 * * * *');

  return {
    /** Tells of a succeeded purchase (the checkout calls it); the work runs as a job, once per transaction. */
    notifyPurchase: (transactionId: number) => notifyPurchase(jobs, transactionId),
    async notifyRefund(refundId: number) {
      await jobs.enqueue(NOTIFY_REFUND_JOB, { refundId });
    },
  };
}
export type PaymentNotifications = ReturnType<typeof createPaymentNotifications>;
