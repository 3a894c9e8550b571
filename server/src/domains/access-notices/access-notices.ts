import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LOGIN_METHOD_VALUES, type PackageTerms } from '@splashboard/contract';
import type { AccountsRepo } from '../../platform/accounts.repo.ts';
import { defineScheduledJob } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { GuestAccountsRepo } from '../guest-accounts/guest-accounts.repo.ts';
import { dataLimitMbOf, identityOfAccount } from '../guest-accounts/guest-accounts.rules.ts';
import type { GuestSessionsRepo } from '../guests/guest-sessions.repo.ts';
import { identityOfPaymentAccount } from '../payments/accounts/account-network.ts';
import type { PaymentAccountsRepo } from '../payments/accounts/payment-accounts.repo.ts';
import type { SitesRepo, SiteRow } from '../sites/sites.repo.ts';
import { SmsSetupError, type SmsSender } from '../sms/sms-sender.ts';
import type { SplashRepo } from '../splash/splash.repo.ts';
import type { VouchersRepo } from '../vouchers/vouchers.repo.ts';
import type { AccessNoticesRepo, NoticeKind, NoticeSubject } from './access-notices.repo.ts';
import { guestEmail, guestSms, langOf, operatorEmail, type Lang, type Left, type NoticeFacts } from './words.ts';

/** Every 5 minutes; `at` in the payload scans as of that instant (tests move the clock with it). */
export const ACCESS_NOTICES_JOB = defineScheduledJob('access-notices.scan');
export const ACCESS_NOTICES_CRON = '*/5 * * * *';

/** Usage is told once 80 % of the time or the data of the allowance is used. */
export const USAGE_THRESHOLD = 0.8;
/** Expiry is told within min(24 h, 20 % of the validity) of the end. */
export const EXPIRY_SHARE = 0.2;
export const EXPIRY_MAX_MS = 24 * 3_600_000;
/** At most this many subjects in use per site and method are looked at per scan (soonest to end first). */
const BATCH = 1000;

const METHODS = {
  guestuserloginconfig: 'guest_account',
  voucherloginconfig: 'voucher',
  multisite_voucherloginconfig: 'voucher',
  paymentloginconfig: 'payment_account',
} as const satisfies Record<string, NoticeSubject>;
type Method = keyof typeof METHODS;

/** The switches of a login method's advanced settings (splash notificationShape), off unless stored. */
interface Switches {
  on: boolean;
  toSelf: boolean;
  emails: string[];
}
function switchesOf(values: Record<string, unknown>, kind: NoticeKind): Switches {
  const emails = values[`${kind}_notification_emails`];
  return {
    on: values[`${kind}_notification`] === true,
    toSelf: values[`${kind}_notification_to_self`] === true,
    emails: Array.isArray(emails) ? emails.filter((e): e is string => typeof e === 'string' && e.length > 0) : [],
  };
}

/** A guest account, voucher or payment account in use, as a notice sees it. */
interface Subject {
  type: NoticeSubject;
  id: number;
  label: string;
  guestName: string;
  packageName: string;
  /** When the allowance started (first login, activation, the package's start). */
  start: Date;
  endsAt: Date;
  /** Data allowance and use in MB; limit 0 is unlimited. */
  dataLimitMb: number;
  dataUsedMb: () => Promise<number>;
  /** Where the guest can be told, and in which language (null: the site's). */
  guest: () => Promise<{ email: string; phone: string; lang: string | null }>;
  /** The channels the guest is told of this kind by here (where they have the address). */
  guestChannels: (kind: NoticeKind) => { email: boolean; sms: boolean };
}

export interface AccessNoticesDeps {
  log: FastifyBaseLogger;
  mailer: Mailer;
  sms: SmsSender;
  notices: AccessNoticesRepo;
  splash: Pick<SplashRepo, 'methodsNotifying'>;
  sitesRepo: Pick<SitesRepo, 'byId'>;
  users: Pick<AccountsRepo, 'ownerIdOf' | 'userById'>;
  guestAccounts: Pick<GuestAccountsRepo, 'inUseAt'>;
  vouchers: Pick<VouchersRepo, 'inUseAt'>;
  paymentAccounts: Pick<PaymentAccountsRepo, 'runningAt'>;
  guestSessions: Pick<GuestSessionsRepo, 'bytesOfIdentity' | 'usageOfIdentitySince' | 'contactOfIdentity' | 'contactOfVoucher'>;
}

const BOTH = { email: true, sms: true };
const NONE = { email: false, sms: false };
const dataMbOfTerms = (t: PackageTerms | null) => (t ? t.bytes_t * (t.bytes_type === 'GB' ? 1000 : 1) : 0);

/**
 * Usage and expiry notices (issue 23): each scan finds, at every site whose guest account, voucher or payment
 * settings switch a notice on, the accounts and vouchers in use that reached 80 % of their time or data, or
 * end within min(24 h, 20 % of their validity); claims each notice in access_notices (once per subject, kind
 * and period, across workers and re-runs) and tells the guest (email where they have one, SMS where the site
 * has a gateway and they a phone), the owner (`*_to_self`) and the extra addresses (`*_emails`).
 *
 * Usage counts the time of the allowance gone since it started (guest accounts and vouchers run from first
 * use, payment packages from their start) and the data its sessions used; the first to reach 80 % tells.
 * A payment account's guest is told of the end only by a channel its payment reminder does not use (see
 * guestChannels), so nobody gets two expiry emails. Guests whose language is unknown (guest accounts,
 * vouchers) read the site owner's language, as sites keep none of their own; operators read theirs.
 */
export function createAccessNotices(deps: AccessNoticesDeps) {
  const { log } = deps;

  async function subjectsOf(method: Method, values: Record<string, unknown>, site: SiteRow, now: Date): Promise<Subject[]> {
    if (method === 'guestuserloginconfig') {
      return (await deps.guestAccounts.inUseAt(site.id, now, BATCH)).flatMap((a) =>
        a.firstLoginAt && a.expiresAt
          ? [
              {
                type: 'guest_account' as const,
                id: a.id,
                label: a.username,
                guestName: a.name,
                packageName: '',
                start: a.firstLoginAt,
                endsAt: a.expiresAt,
                dataLimitMb: dataLimitMbOf(a),
                dataUsedMb: async () => (await deps.guestSessions.bytesOfIdentity(site.id, identityOfAccount(a.id))) / 1_000_000,
                guest: async () => {
                  const known = await deps.guestSessions.contactOfIdentity(site.id, identityOfAccount(a.id));
                  return { email: a.email || known.email, phone: known.phone, lang: null };
                },
                guestChannels: () => BOTH,
              },
            ]
          : [],
      );
    }
    if (method === 'paymentloginconfig') {
      return (await deps.paymentAccounts.runningAt(site.id, now, BATCH)).map(({ account: a, packageName }) => ({
        type: 'payment_account' as const,
        id: a.id,
        label: a.email,
        guestName: [a.firstName, a.lastName].filter(Boolean).join(' '),
        packageName: packageName ?? '',
        start: a.startsAt!,
        endsAt: a.expiresAt!,
        dataLimitMb: dataMbOfTerms(a.terms),
        // Its logins are kept under the account (devices the dashboard connected) or its email (the portal's sign-in).
        dataUsedMb: async () => {
          const [own, signedIn] = await Promise.all([
            deps.guestSessions.usageOfIdentitySince(site.id, identityOfPaymentAccount(a.id), a.startsAt!),
            deps.guestSessions.usageOfIdentitySince(site.id, `email:${a.email}`, a.startsAt!),
          ]);
          return (own.bytes + signedIn.bytes) / 1_000_000;
        },
        guest: async () => ({ email: a.email, phone: a.phone, lang: a.lang }),
        // The payment settings have their own expiry reminder to the guest (emailexpiryreminder, smsexpiryreminder:
        // payments/notifications/notify.ts, a day before, not for recurring accounts, which are charged instead).
        // So the guest never gets two: expiry_notification tells the guest only by a channel whose reminder is
        // off, never of a recurring account's end, and always adds the operator's copies.
        guestChannels: (kind) =>
          kind === 'usage'
            ? BOTH
            : a.recurring
              ? NONE
              : { email: values.emailexpiryreminder !== true, sms: values.smsexpiryreminder !== true },
      }));
    }
    const kind = method === 'voucherloginconfig' ? 'voucher' : 'multisite_voucher';
    return (await deps.vouchers.inUseAt(site.id, kind, now, BATCH)).map(({ voucher: v, batch, bytesUsed }) => ({
      type: 'voucher' as const,
      id: v.id,
      label: v.code,
      guestName: '',
      packageName: '',
      start: v.activatedAt!,
      endsAt: batch.validUntil && batch.validUntil < v.expiresAt! ? batch.validUntil : v.expiresAt!,
      dataLimitMb: batch.dataLimitMb,
      dataUsedMb: async () => Number(bytesUsed) / 1_000_000,
      guest: async () => ({ ...(await deps.guestSessions.contactOfVoucher(v.id)), lang: null }),
      guestChannels: () => BOTH,
    }));
  }

  /** Whether a notice of `kind` is due for the subject at `now`, and what is left then. */
  async function due(kind: NoticeKind, s: Subject, now: Date): Promise<Left | null> {
    const validity = s.endsAt.getTime() - s.start.getTime();
    const leftMs = s.endsAt.getTime() - now.getTime();
    if (leftMs <= 0 || validity <= 0) return null;
    const minutes = Math.floor(leftMs / 60_000);
    const usedMb = s.dataLimitMb > 0 ? await s.dataUsedMb() : 0;
    const left: Left = { minutes, dataMb: s.dataLimitMb > 0 ? Math.max(0, s.dataLimitMb - usedMb) : null };
    if (kind === 'expiry') return leftMs <= Math.min(EXPIRY_MAX_MS, EXPIRY_SHARE * validity) ? left : null;
    const timeShare = (now.getTime() - s.start.getTime()) / validity;
    const dataShare = s.dataLimitMb > 0 ? usedMb / s.dataLimitMb : 0;
    return Math.max(timeShare, dataShare) >= USAGE_THRESHOLD ? left : null;
  }

  async function ownerOf(site: SiteRow) {
    const ownerId = await deps.users.ownerIdOf(site.accountId);
    const owner = ownerId ? await deps.users.userById(ownerId) : null;
    return owner ? { email: owner.email, lang: langOf(owner.language) } : null;
  }

  /** Sends one claimed notice; answers who was told. */
  async function tell(kind: NoticeKind, s: Subject, left: Left, site: SiteRow, switches: Switches): Promise<string[]> {
    const told: string[] = [];
    const owner = await ownerOf(site);
    // The site's language for guests whose own is not known: its owner's (sites keep no language of their own).
    const siteLang: Lang = owner?.lang ?? 'en-US';
    const facts: NoticeFacts = {
      kind,
      subjectType: s.type,
      label: s.label,
      guestName: s.guestName,
      packageName: s.packageName,
      siteName: site.name,
      timeZone: site.timezone,
      endsAt: s.endsAt,
      left,
    };
    const channels = s.guestChannels(kind);
    if (channels.email || channels.sms) {
      const guest = await s.guest();
      const lang = guest.lang ? langOf(guest.lang) : siteLang;
      if (channels.email && guest.email) {
        await deps.mailer.send({ to: guest.email, ...guestEmail(facts, lang), accountId: site.accountId });
        told.push('guest-email');
      }
      if (channels.sms && guest.phone) {
        try {
          await deps.sms.send(site.id, guest.phone, guestSms(facts, lang));
          told.push('guest-sms');
        } catch (err) {
          // No gateway (or one switched off) is no channel; a gateway that fails is the operator's to fix.
          if (!(err instanceof SmsSetupError)) log.warn({ err, siteId: site.id }, 'an access notice SMS was not sent');
        }
      }
    }
    const operatorLang = owner?.lang ?? 'en-US';
    const addresses = [...(switches.toSelf && owner ? [owner.email] : []), ...switches.emails];
    for (const to of [...new Set(addresses.map((a) => a.toLowerCase()))]) {
      await deps.mailer.send({ to, ...operatorEmail(facts, operatorLang), accountId: site.accountId });
      told.push(to);
    }
    return told;
  }

  return {
    /** One scan as of `now`: claims and tells every notice due. */
    async scan(now = new Date()) {
      const rows = await deps.splash.methodsNotifying(Object.keys(METHODS));
      for (const row of rows) {
        const method = row.method as Method;
        // What is stored over the defaults (as the splash settings read them).
        const values: Record<string, unknown> = { ...DEFAULT_LOGIN_METHOD_VALUES[method], ...row.values };
        const switches = { usage: switchesOf(values, 'usage'), expiry: switchesOf(values, 'expiry') };
        const site = await deps.sitesRepo.byId(row.siteId);
        if (!site) continue;
        for (const s of await subjectsOf(method, values, site, now)) {
          for (const kind of ['usage', 'expiry'] as const) {
            if (!switches[kind].on) continue;
            const left = await due(kind, s, now);
            if (!left) continue;
            const periodKey = (kind === 'expiry' ? s.endsAt : s.start).toISOString();
            const id = await deps.notices.claim({ siteId: site.id, kind, subjectType: s.type, subjectId: s.id, periodKey });
            if (id === null) continue;
            try {
              await deps.notices.recordTold(id, await tell(kind, s, left, site, switches[kind]));
            } catch (err) {
              // Emails go through the outbox (retried there); anything else is logged, the notice stays told.
              log.warn({ err, siteId: site.id, kind, subject: s.type, id: s.id }, 'an access notice was not told');
            }
          }
        }
      }
    },
  };
}
export type AccessNotices = ReturnType<typeof createAccessNotices>;
