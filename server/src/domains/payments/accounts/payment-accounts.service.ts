import {
  messageText,
  normalizeMac,
  type PackageTerms,
  type PaymentAccount,
  type PaymentAccountDetails,
} from '@splashboard/contract';
import { can, type AccessMode, type Actor } from '../../../platform/access.ts';
import { AppError, fieldError, notFound } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import type { SiteAccess } from '../../../platform/site-access.ts';
import { SmsError } from '../../sms/sms-sender.ts';
import type { LedgerRepo, PaymentAccountRow } from '../ledger.repo.ts';
import { emailAccountDetails, smsAccountDetails, type MessageDeps } from '../notifications/account-messages.ts';
import { toTransaction } from '../transactions/transaction-view.ts';
import { shownMac } from '../transactions/transaction-view.ts';
import { cutDevice, grantDevice, type NetworkDeps } from './account-network.ts';
import type { AccountFilters, PaymentAccountsRepo } from './payment-accounts.repo.ts';

type Deps = NetworkDeps &
  MessageDeps & {
    sites: SiteAccess;
    ledger: LedgerRepo;
    accounts: PaymentAccountsRepo;
  };

const TRANSACTIONS_SHOWN = 100;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** `aa:bb:cc:dd:ee:ff` (as the ledger keeps MACs), or null when not a MAC. */
export const macOf = (value: string) => {
  const hex = normalizeMac(value);
  return hex ? hex.match(/../g)!.join(':') : null;
};

export function statusOf(a: Pick<PaymentAccountRow, 'expiresAt'>, now = new Date()): PaymentAccount['status'] {
  if (!a.expiresAt) return 'unpaid';
  return a.expiresAt > now ? 'active' : 'expired';
}

/**
 * Payment accounts of a site (permission payment): the guests who bought packages. Reading needs read
 * access, every change write access; another account's site or payment account is 404.
 */
export function createPaymentAccountsService(deps: Deps) {
  const { sites, ledger, accounts, db } = deps;

  async function access(actor: Actor | null, siteId: number, mode: AccessMode) {
    const found = await sites.siteFor(actor, siteId, 'payment', mode);
    return { ...found, canWrite: can(found.actor, siteId, 'payment', 'write', found.access) };
  }

  async function accountIn(siteId: number, id: number): Promise<PaymentAccountRow> {
    const row = await ledger.accountById(id, siteId);
    if (!row) throw notFound('payments.accountNotFound');
    return row;
  }

  async function views(rows: PaymentAccountRow[], currency: string): Promise<PaymentAccount[]> {
    const ids = rows.map((r) => r.id);
    const packageIds = [...new Set(rows.map((r) => r.packageId).filter((p): p is number => p !== null))];
    const [devices, paid, packages] = await Promise.all([
      accounts.deviceCounts(ids),
      accounts.totalsPaid(ids),
      accounts.packageNames(packageIds),
    ]);
    const now = new Date();
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      first_name: r.firstName,
      last_name: r.lastName,
      phone: r.phone,
      fields: r.fields,
      package_id: r.packageId,
      package_name: (r.packageId !== null && packages.get(r.packageId)?.name) || '',
      terms: r.terms,
      status: statusOf(r, now),
      starts_at: iso(r.startsAt),
      expires_at: iso(r.expiresAt),
      recurring: r.recurring,
      next_payment_on: iso(r.nextPaymentOn),
      has_card: !!(r.stripeCustomerId && r.stripePaymentMethodId),
      devices_count: devices.get(r.id) ?? 0,
      total_paid: paid.get(r.id) ?? 0,
      currency,
      created_at: r.createdAt.toISOString(),
    }));
  }

  async function view(row: PaymentAccountRow, currency: string) {
    return (await views([row], currency))[0]!;
  }

  async function details(row: PaymentAccountRow, currency: string, canWrite: boolean): Promise<PaymentAccountDetails> {
    const [base, devices, online, transactions] = await Promise.all([
      view(row, currency),
      ledger.devicesOf(row.id),
      deps.guestSessions.onlineMacsOfSite(row.siteId, new Date()),
      accounts.transactionsOf(row.id, TRANSACTIONS_SHOWN),
    ]);
    const refunds = await ledger.refundsOf(transactions.map((t) => t.id));
    const onlineSet = new Set(online);
    return {
      ...base,
      devices: devices.map((d) => ({
        mac: shownMac(d.mac),
        source: d.source as 'login' | 'operator',
        bound_at: d.boundAt.toISOString(),
        last_login_at: iso(d.lastLoginAt),
        online: onlineSet.has(d.mac),
      })),
      transactions: transactions.map((t) => toTransaction(t, refunds, row.email)),
      can_write: canWrite,
    };
  }

  const packageNameOf = async (row: PaymentAccountRow) =>
    row.packageId !== null ? ((await accounts.packageById(row.packageId))?.name ?? '') : '';

  async function answer(row: PaymentAccountRow, currency: string, message: string) {
    return { status: 200 as const, message, account: await view(await accountIn(row.siteId, row.id), currency) };
  }

  return {
    async list(actor: Actor | null, siteId: number, q: AccountFilters & { page: number; per_page: number }) {
      const { row: site, canWrite } = await access(actor, siteId, 'read');
      const { rows, total } = await accounts.page(siteId, site.timezone, q);
      return {
        items: await views(rows, site.currency),
        metadata: { page: q.page, per_page: q.per_page, total },
        can_write: canWrite,
      };
    },

    async get(actor: Actor | null, siteId: number, id: number) {
      const { row: site, canWrite } = await access(actor, siteId, 'read');
      return details(await accountIn(siteId, id), site.currency, canWrite);
    },

    async update(
      actor: Actor | null,
      siteId: number,
      id: number,
      input: { email?: string; first_name?: string; last_name?: string; phone?: string },
    ) {
      const { row: site } = await access(actor, siteId, 'write');
      const row = await accountIn(siteId, id);
      const email = input.email?.toLowerCase();
      if (email && email !== row.email && (await ledger.accountByEmail(siteId, email)))
        throw fieldError('email', 'payments.accountEmailTaken');
      await ledger
        .updateAccount(id, { email, firstName: input.first_name, lastName: input.last_name, phone: input.phone })
        .catch((err: unknown) => {
          // Two renames to one email at once: the unique index decides.
          if ((err as { code?: string }).code === '23505' || /unique/i.test(String(err)))
            throw fieldError('email', 'payments.accountEmailTaken');
          throw err;
        });
      return details(await accountIn(siteId, id), site.currency, true);
    },

    async setPassword(actor: Actor | null, siteId: number, id: number, password: string) {
      await access(actor, siteId, 'write');
      await accountIn(siteId, id);
      await ledger.updateAccount(id, { passwordHash: await hashPassword(password) });
      return { status: 200 as const, message: messageText('payments.passwordChanged') };
    },

    async connect(actor: Actor | null, siteId: number, id: number, guestmac: string) {
      const { row: site } = await access(actor, siteId, 'write');
      const row = await accountIn(siteId, id);
      const mac = macOf(guestmac);
      if (!mac) throw fieldError('guestmac', 'guestAccounts.macFormat');
      if (!row.terms || !row.expiresAt || row.expiresAt <= new Date()) throw fieldError('guestmac', 'payments.accountExpired');
      const terms: PackageTerms = row.terms;
      const bound = await db.transaction(async (tx) => {
        const locked = await ledger.lockAccount(row.id, tx);
        return ledger.bindDevice(locked!, mac, terms.num_devices, 'operator', tx);
      });
      if (bound === 'full') throw fieldError('guestmac', 'payments.deviceLimit');
      if (bound === 'other') throw fieldError('guestmac', 'payments.macOtherAccount');
      const outcome = await grantDevice(deps, site, row, mac, terms, row.expiresAt);
      const shown = (await details(row, site.currency, true)).devices.find((d) => macOf(d.mac) === mac)!;
      return { device: shown, ...outcome };
    },

    async disconnect(actor: Actor | null, siteId: number, id: number, macParam: string) {
      const { row: site } = await access(actor, siteId, 'write');
      const row = await accountIn(siteId, id);
      const mac = macOf(macParam);
      if (!mac) throw fieldError('mac', 'guestAccounts.macFormat');
      if (!(await ledger.unbindDevice(row.id, mac))) throw notFound('payments.deviceNotConnected');
      const revoked = await cutDevice(deps, site, mac, 'operator');
      return { status: 200 as const, message: messageText('payments.deviceDisconnected'), ...revoked };
    },

    async stopRecurring(actor: Actor | null, siteId: number, id: number) {
      const { row: site } = await access(actor, siteId, 'write');
      const row = await accountIn(siteId, id);
      await ledger.updateAccount(id, { recurring: false });
      return answer(row, site.currency, messageText('payments.recurringStopped'));
    },

    async startRecurring(actor: Actor | null, siteId: number, id: number) {
      const { row: site } = await access(actor, siteId, 'write');
      const row = await accountIn(siteId, id);
      const pkg = row.packageId !== null ? await accounts.packageById(row.packageId) : undefined;
      if (!pkg?.recurring) throw new AppError(422, 'payments.recurringNotRecurring');
      if (!row.stripeCustomerId || !row.stripePaymentMethodId) throw new AppError(422, 'payments.recurringNoCard');
      const now = new Date();
      // The next charge is when the package ends (or now, when it already has).
      const next =
        row.nextPaymentOn && row.nextPaymentOn > now
          ? row.nextPaymentOn
          : row.expiresAt && row.expiresAt > now
            ? row.expiresAt
            : now;
      await ledger.updateAccount(id, { recurring: true, nextPaymentOn: next });
      return answer(row, site.currency, messageText('payments.recurringStarted'));
    },

    async changeRecurring(actor: Actor | null, siteId: number, id: number, nextPaymentOn: string) {
      const { row: site } = await access(actor, siteId, 'write');
      const row = await accountIn(siteId, id);
      // A bare day is that day's start in the site's time zone.
      const at = /^\d{4}-\d{2}-\d{2}$/.test(nextPaymentOn) ? startOfDayIn(nextPaymentOn, site.timezone) : new Date(nextPaymentOn);
      if (!(at > new Date())) throw fieldError('next_payment_on', 'payments.nextPaymentPast');
      await ledger.updateAccount(id, { nextPaymentOn: at });
      return answer(row, site.currency, messageText('payments.recurringChanged'));
    },

    async sendEmail(actor: Actor | null, siteId: number, id: number) {
      const { row: site } = await access(actor, siteId, 'write');
      const row = await accountIn(siteId, id);
      if (!row.email) throw new AppError(422, 'payments.noEmail');
      await emailAccountDetails(deps, site, row, await packageNameOf(row));
      return answer(row, site.currency, messageText('payments.detailsSent'));
    },

    async sendSms(actor: Actor | null, siteId: number, id: number) {
      const { row: site } = await access(actor, siteId, 'write');
      const row = await accountIn(siteId, id);
      if (!row.phone) throw new AppError(422, 'payments.noPhone');
      try {
        await smsAccountDetails(deps, site, row, await packageNameOf(row));
      } catch (err) {
        if (err instanceof SmsError) throw new AppError(422, 'payments.smsFailed', { params: { detail: err.message } });
        throw err;
      }
      return answer(row, site.currency, messageText('payments.detailsSent'));
    },
  };
}
export type PaymentAccountsService = ReturnType<typeof createPaymentAccountsService>;

/** The first moment of a day (YYYY-MM-DD) in a time zone. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const utc = new Date(`${day}T00:00:00Z`);
  const local = new Date(utc.toLocaleString('en-US', { timeZone }));
  const asUtc = new Date(utc.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(utc.getTime() - (local.getTime() - asUtc.getTime()));
}
