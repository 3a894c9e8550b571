import { messageText, type RefundRequest, type Transaction } from '@splashboard/contract';
import { can, type AccessMode, type Actor } from '../../../platform/access.ts';
import { AppError, fieldError, notFound } from '../../../platform/errors.ts';
import type { SiteAccess } from '../../../platform/site-access.ts';
import type { BrandingReader } from '../../branding/branding.reader.ts';
import type { SiteRow } from '../../sites/sites.repo.ts';
import type { LedgerRepo, TransactionRow } from '../ledger.repo.ts';
import type { SiteStripeOf } from '../site-stripe.ts';
import { cutDevice, grantDevice, type NetworkDeps } from '../accounts/account-network.ts';
import type { AccountFilters } from '../accounts/payment-accounts.repo.ts';
import type { PaymentNotifications } from '../notifications/notify.ts';
import { WORDS, langOf, textToHtml } from '../notifications/guest-texts.ts';
import type { Mailer } from '../../../platform/mailer.ts';
import type { Storage } from '../../../platform/storage.ts';
import { invoiceNumberOf, invoiceOf } from './invoice-pdf.ts';
import { fileRefund } from './refunds.ts';
import { toTransaction } from './transaction-view.ts';
import type { TransactionsRepo } from './transactions.repo.ts';

type Deps = NetworkDeps & {
  sites: SiteAccess;
  ledger: LedgerRepo;
  transactions: TransactionsRepo;
  siteStripe: Pick<SiteStripeOf, 'forSite'>;
  notifications: Pick<PaymentNotifications, 'notifyRefund'>;
  branding: BrandingReader;
  storage: Storage;
  mailer: Mailer;
};

/** The invoice number of a paid transaction: the site and its place among the site's paid transactions. */
export { invoiceNumberOf };

/**
 * Transactions of a site (permission payment): the list with refunds, changing what a purchase gives,
 * invoices and refunds. Reading needs read access, every change write access; another account's site or
 * transaction is 404.
 */
export function createTransactionsService(deps: Deps) {
  const { sites, ledger, transactions } = deps;

  async function access(actor: Actor | null, siteId: number, mode: AccessMode) {
    const found = await sites.siteFor(actor, siteId, 'payment', mode);
    return { ...found, canWrite: can(found.actor, siteId, 'payment', 'write', found.access) };
  }

  async function transactionIn(siteId: number, id: number): Promise<TransactionRow> {
    const row = await ledger.transactionById(id, siteId);
    if (!row) throw notFound('payments.transactionNotFound');
    return row;
  }

  async function view(t: TransactionRow): Promise<Transaction> {
    const [refunds, account] = await Promise.all([
      ledger.refundsOf([t.id]),
      t.paymentAccountId !== null ? ledger.accountById(t.paymentAccountId, t.siteId) : undefined,
    ]);
    return toTransaction(t, refunds, account?.email ?? '');
  }

  /** Ends the account's devices' sessions here and at the controller, and the account now. */
  async function disconnectAccount(site: SiteRow, paymentAccountId: number) {
    const devices = await ledger.devicesOf(paymentAccountId);
    for (const d of devices) await cutDevice(deps, site, d.mac, 'refund');
    await ledger.updateAccount(paymentAccountId, { expiresAt: new Date(), recurring: false });
  }

  return {
    async list(actor: Actor | null, siteId: number, q: AccountFilters & { page: number; per_page: number }) {
      const { row: site, canWrite } = await access(actor, siteId, 'read');
      const { rows, total } = await transactions.page(siteId, site.timezone, q);
      const refunds = await ledger.refundsOf(rows.map((r) => r.t.id));
      return {
        items: rows.map((r) => toTransaction(r.t, refunds, r.email ?? '')),
        metadata: { page: q.page, per_page: q.per_page, total },
        can_write: canWrite,
      };
    },

    async get(actor: Actor | null, siteId: number, id: number) {
      await access(actor, siteId, 'read');
      return view(await transactionIn(siteId, id));
    },

    /** More (or fewer) devices and another end: the transaction, its payment account and its live sessions. */
    async update(actor: Actor | null, siteId: number, id: number, input: { num_devices?: number; endtime?: string }) {
      const { row: site } = await access(actor, siteId, 'write');
      const t = await transactionIn(siteId, id);
      if (t.status !== 'succeeded') throw new AppError(422, 'payments.transactionNotPaid');
      const endtime = input.endtime ? new Date(input.endtime) : undefined;
      if (endtime && endtime <= new Date()) throw fieldError('endtime', 'payments.endtimePast');
      const numDevices = input.num_devices ?? t.numDevices;
      const terms = { ...t.terms, num_devices: numDevices };
      await ledger.updateTransaction(t.id, { numDevices, terms, ...(endtime && { endtime }) });
      const account = t.paymentAccountId !== null ? await ledger.accountById(t.paymentAccountId, siteId) : undefined;
      if (account) {
        const expiresAt = endtime ?? account.expiresAt;
        await ledger.updateAccount(account.id, {
          terms: { ...(account.terms ?? t.terms), num_devices: numDevices },
          ...(endtime && { expiresAt: endtime }),
        });
        if (endtime && expiresAt) {
          // Devices online now get the new end where the controller lets a device in by its MAC.
          const online = new Set(await deps.guestSessions.onlineMacsOfSite(siteId, new Date()));
          const updated = (await ledger.accountById(account.id, siteId))!;
          for (const d of await ledger.devicesOf(account.id)) {
            if (!online.has(d.mac)) continue;
            await deps.guestSessions.endOpenOfDevice(siteId, d.mac, 'operator_change');
            await grantDevice(deps, site, updated, d.mac, updated.terms!, expiresAt);
          }
        }
      }
      return view(await transactionIn(siteId, id));
    },

    async resendInvoice(actor: Actor | null, siteId: number, id: number) {
      const { row: site } = await access(actor, siteId, 'write');
      const t = await transactionIn(siteId, id);
      if (t.status !== 'succeeded') throw new AppError(422, 'payments.transactionNotPaid');
      const account = t.paymentAccountId !== null ? await ledger.accountById(t.paymentAccountId, siteId) : undefined;
      if (!account?.email) throw new AppError(422, 'payments.noEmail');
      const lang = langOf(account.lang);
      const w = WORDS[lang].invoice;
      const name = [account.firstName, account.lastName].filter(Boolean).join(' ');
      const { number, pdf } = await invoiceOf({ ...deps, transactions, ledger }, site, account, t, lang);
      const text = w.text(name || account.email, number);
      await deps.mailer.send({
        to: account.email,
        subject: w.subject(site.name, number),
        text,
        html: textToHtml(text),
        accountId: site.accountId,
        attachments: [
          { filename: `invoice-${number}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
        ],
      });
      return { status: 200 as const, message: messageText('payments.invoiceSent', { email: account.email }) };
    },

    async refund(actor: Actor | null, siteId: number, id: number, input: RefundRequest) {
      const { row: site, actor: a } = await access(actor, siteId, 'write');
      const t = await transactionIn(siteId, id);
      if (t.status !== 'succeeded') throw new AppError(422, 'payments.refundNotPaid');
      const stripe = await deps.siteStripe.forSite(siteId);
      if (!stripe) throw new AppError(422, 'payments.notConnected');
      const refund = await fileRefund(deps, site, stripe, t, input, a.userId ?? null);
      if (input.disconnect_devices && t.paymentAccountId !== null) await disconnectAccount(site, t.paymentAccountId);
      await deps.notifications.notifyRefund(refund.id);
      return {
        status: 200 as const,
        message: messageText('payments.refundFiled'),
        transaction: await view(await transactionIn(siteId, id)),
      };
    },
  };
}
export type TransactionsService = ReturnType<typeof createTransactionsService>;
