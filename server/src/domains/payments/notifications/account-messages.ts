import { DEFAULT_LOGIN_METHOD_VALUES, type LoginMethodValues } from '@splashboard/contract';
import type { Config } from '../../../config.ts';
import type { Mailer } from '../../../platform/mailer.ts';
import type { BrandingReader } from '../../branding/branding.reader.ts';
import type { SmsSender } from '../../sms/sms-sender.ts';
import type { SplashRepo } from '../../splash/splash.repo.ts';
import type { SiteRow } from '../../sites/sites.repo.ts';
import type { PaymentAccountRow } from '../ledger.repo.ts';
import { WORDS, langOf, merge, textToHtml, when } from './guest-texts.ts';

export type PaymentSettings = LoginMethodValues<'paymentloginconfig'>;

export interface MessageDeps {
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  branding: BrandingReader;
  sms: SmsSender;
  splash: Pick<SplashRepo, 'methodValuesOf'>;
}

/** The site's payment settings (paymentloginconfig): what is stored over the defaults. */
export async function paymentSettingsOf(splash: MessageDeps['splash'], siteId: number): Promise<PaymentSettings> {
  const stored = (await splash.methodValuesOf(siteId, 'paymentloginconfig')) ?? {};
  return { ...DEFAULT_LOGIN_METHOD_VALUES.paymentloginconfig, ...stored } as PaymentSettings;
}

/** The guests' customer portal of a site, where they see their package and renew. */
export const customerPortalUrl = (publicUrl: string, site: Pick<SiteRow, 'portalKey'>) =>
  `${publicUrl}/guest/${site.portalKey}/account`;

const guestName = (a: PaymentAccountRow) => [a.firstName, a.lastName].filter(Boolean).join(' ') || a.email;

/** The merge fields of the Branding → Payment account / Payment expiry texts. */
function paymentMergeValues(account: PaymentAccountRow, site: SiteRow, packageName: string) {
  const lang = langOf(account.lang);
  return {
    guest_name: guestName(account),
    username: account.email,
    password: WORDS[lang].yourPassword,
    package: packageName,
    expires_at: when(account.expiresAt, lang, site.timezone),
    site_name: site.name,
  };
}

/** Emails the guest their account's details, in the Branding → Payment account texts when the operator wrote them. */
export async function emailAccountDetails(deps: MessageDeps, site: SiteRow, account: PaymentAccountRow, packageName: string) {
  const w = WORDS[langOf(account.lang)];
  const brand = await deps.branding.payment(site.accountId, 'pay-account');
  const values = paymentMergeValues(account, site, packageName);
  const text = merge(brand?.text || w.accountText, values);
  await deps.mailer.send({
    to: account.email,
    subject: merge(brand?.subject || w.accountSubject(site.name), values),
    text,
    html: textToHtml(text),
    accountId: site.accountId,
  });
}

/** Texts the guest their account's details through the site's SMS gateway (paymentloginconfig accountsmstext). */
export async function smsAccountDetails(
  deps: MessageDeps,
  site: SiteRow,
  account: PaymentAccountRow,
  packageName: string,
  settings?: PaymentSettings,
) {
  const s = settings ?? (await paymentSettingsOf(deps.splash, site.id));
  const text = merge(s.accountsmstext, {
    first_name: account.firstName || guestName(account),
    site: site.name,
    email: account.email,
    package: packageName,
    expires_at: when(account.expiresAt, langOf(account.lang), site.timezone),
    portal_url: customerPortalUrl(deps.config.publicUrl, site),
  });
  await deps.sms.send(site.id, account.phone, text);
}

/** The reminder a day before the package ends (Branding → Payment expiry), by email and/or SMS. */
export async function remindExpiry(
  deps: MessageDeps,
  site: SiteRow,
  account: PaymentAccountRow,
  packageName: string,
  how: { email: boolean; sms: boolean },
) {
  const w = WORDS[langOf(account.lang)];
  const values = paymentMergeValues(account, site, packageName);
  if (how.email) {
    const brand = await deps.branding.payment(site.accountId, 'pay-expiry');
    const text = merge(brand?.text || w.expiryText, values);
    await deps.mailer.send({
      to: account.email,
      subject: merge(brand?.subject || w.expirySubject(site.name), values),
      text,
      html: textToHtml(text),
      accountId: site.accountId,
    });
  }
  if (how.sms && account.phone) await deps.sms.send(site.id, account.phone, merge(w.expirySms, values));
}
