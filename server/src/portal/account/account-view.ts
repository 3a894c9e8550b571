import { formatPrice, stringsFor, type AccountScreen, type GuestLang } from '@splashboard/splash';
import { createCustomerPortalRepo } from '../../domains/payments/customer-portal/customer-portal.repo.ts';
import type { PaymentAccountRow, TransactionRow } from '../../domains/payments/ledger.repo.ts';
import { identityOf } from '../../domains/guests/login-records.ts';
import { packageView } from '../checkout/package-view.ts';
import type { PortalDeps } from '../deps.ts';
import type { SiteSnapshot } from '../site-snapshot.ts';
import { stylesOf } from '../views.ts';

const MB = 1_000_000;

export const whenOf = (date: Date, lang: GuestLang, timeZone: string) => {
  try {
    return date.toLocaleString(lang, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return date.toLocaleString(lang, { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });
  }
};

function dataOf(bytes: number, lang: GuestLang) {
  const gb = bytes >= 1000 * MB;
  const amount = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(gb ? bytes / (1000 * MB) : bytes / MB);
  return `${amount} ${gb ? 'GB' : 'MB'}`;
}

function statusOf(row: TransactionRow, lang: GuestLang) {
  const t = stringsFor(lang);
  if (row.refunded >= row.amount && row.amount > 0) return t.accountStatusRefunded;
  if (row.refunded > 0) return t.accountStatusPartlyRefunded;
  return t.accountStatusSucceeded;
}

/** The screen's styles (the payment login's) with nothing else: the sign-in form. */
export const signInScreen = (snap: SiteSnapshot, lang: GuestLang, over: Partial<AccountScreen> = {}): AccountScreen => ({
  kind: 'account',
  styles: stylesOf(snap, 'paymentloginconfig', lang),
  ...over,
});

/**
 * The signed-in guest's page: the package they have (from their latest payment), its start and end, the
 * data their logins used since it started, their devices, payments (with invoices when `invoiceHref` gives
 * one) and the packages on sale to renew with.
 */
export async function overviewScreen(
  deps: PortalDeps,
  snap: SiteSnapshot,
  lang: GuestLang,
  account: PaymentAccountRow,
  opts: { notice?: AccountScreen['notice']; invoiceHref?: (row: TransactionRow) => string | undefined } = {},
): Promise<AccountScreen> {
  const tz = snap.site.timezone || 'UTC';
  const [payments, devices, onSale] = await Promise.all([
    createCustomerPortalRepo(deps.db).paymentsOfAccount(account.id, snap.site.id),
    deps.payments.ledger.devicesOf(account.id),
    deps.checkout.repo.packagesOnSale(snap.site.id),
  ]);
  const used = account.startsAt
    ? (
        await deps.guestSessions.usageOfIdentitySince(
          snap.site.id,
          identityOf('payment', { custom: {}, email: account.email }, null),
          account.startsAt,
        )
      ).bytes
    : 0;
  const now = new Date();
  const site = await deps.payments.siteStripe.forSite(snap.site.id);
  return {
    ...signInScreen(snap, lang),
    notice: opts.notice,
    account: {
      email: account.email,
      packageName: payments[0]?.packageName ?? '',
      startsAt: account.startsAt ? whenOf(account.startsAt, lang, tz) : '',
      endsAt: account.expiresAt ? whenOf(account.expiresAt, lang, tz) : '',
      ended: !account.expiresAt || account.expiresAt <= now,
      dataUsed: dataOf(used, lang),
      devices: devices.map((d) => ({ mac: d.mac })),
      payments: payments.map((p) => ({
        date: whenOf(p.paidAt ?? p.createdAt, lang, tz),
        packageName: p.packageName,
        amount: formatPrice(lang, p.amount, p.currency),
        status: statusOf(p, lang),
        invoiceHref: opts.invoiceHref?.(p),
      })),
    },
    // Renewing needs the site to take payments; trials are not renewals.
    packages: site?.ready ? onSale.filter((p) => !p.isTrial && p.price > 0).map(packageView) : [],
  };
}
