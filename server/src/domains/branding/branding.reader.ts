import {
  BRANDING_SCHEMAS,
  NO_BRAND,
  type Brand,
  type BrandingSection,
  type BrandingSettings,
  type BrandingSplashFooter,
} from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import { effectivePlan } from '../../platform/subscription-status.ts';
import { createAccountsRepo } from '../../platform/accounts.repo.ts';
import type { EmailBrand } from '../../platform/mailer.ts';
import { createBrandingRepo } from './branding.repo.ts';

/** A stored section as its schema reads it now (fields added since it was saved take their empty value). */
export function parseSection<S extends BrandingSection>(section: S, stored: Record<string, unknown> | null): BrandingSettings[S] {
  const schema = BRANDING_SCHEMAS[section];
  // Only the fields the section has now: one dropped since it was saved does not void the rest.
  const known = Object.fromEntries(Object.entries(stored ?? {}).filter(([k]) => k in schema.shape));
  const parsed = schema.safeParse(known);
  return (parsed.success ? parsed.data : schema.parse({})) as BrandingSettings[S];
}

const hasAny = (settings: Record<string, unknown>) => Object.values(settings).some((v) => v !== '' && v !== false);
/** An image link as an email needs it: ours are made absolute. */
const absolute = (link: string, publicUrl: string) => (link.startsWith('/') ? `${publicUrl}${link}` : link);

/**
 * What other areas read of an account's branding: the brand applies only while the account is on the
 * provider plan, so every answer is null (the product's own) otherwise.
 */
export function createBrandingReader(db: Database, opts: { publicUrl?: string; billingEnabled: boolean }) {
  const repo = createBrandingRepo(db);
  const accounts = createAccountsRepo(db);

  const isProviderAccount = async (accountId: number) => {
    const account = await accounts.planTypeOf(accountId);
    return !!account && effectivePlan(account, opts.billingEnabled) === 'provider';
  };

  /** The sections that are set, while the account is a provider's; null otherwise. */
  async function sectionsOf<S extends BrandingSection>(
    accountId: number,
    sections: readonly S[],
  ): Promise<Partial<{ [K in S]: BrandingSettings[K] }> | null> {
    if (!(await isProviderAccount(accountId))) return null;
    const stored = await repo.sections(accountId, sections);
    const out: Partial<{ [K in S]: BrandingSettings[K] }> = {};
    for (const s of sections) {
      const row = stored.get(s);
      if (!row) continue;
      const parsed = parseSection(s, row);
      if (hasAny(parsed)) out[s] = parsed;
    }
    return out;
  }

  return {
    isProviderAccount,

    /** The dashboard's brand; the sign-in page's part only where asked (on the account's own domain, signed out). */
    async brand(accountId: number, withLoginPage: boolean): Promise<Brand> {
      const wanted: BrandingSection[] = ['logo', 'header', 'footer', ...(withLoginPage ? ['login-page-branding' as const] : [])];
      const got = await sectionsOf(accountId, wanted);
      if (!got) return NO_BRAND;
      return {
        logo: got.logo ?? null,
        header: got.header ?? null,
        footer: got.footer ?? null,
        login_page: got['login-page-branding'] ?? null,
      };
    },

    /** The client invitation's subject and message as the account wrote them, or null for ours. */
    async inviteTexts(accountId: number): Promise<{ subject?: string; message?: string } | null> {
      const invite = (await sectionsOf(accountId, ['client-invite']))?.['client-invite'];
      if (!invite) return null;
      return { ...(invite.subject && { subject: invite.subject }), ...(invite.message && { message: invite.message }) };
    },

    /** The guest pages' powered-by line: null for ours (the site's design), else the account's (hidden or not). */
    async splashFooter(accountId: number): Promise<BrandingSplashFooter | null> {
      return (await sectionsOf(accountId, ['splash-footer']))?.['splash-footer'] ?? null;
    },

    /** What the mailer applies to an email sent for the account. */
    async emailBrand(accountId: number): Promise<EmailBrand | null> {
      const emails = (await sectionsOf(accountId, ['emails']))?.emails;
      if (!emails) return null;
      return {
        senderName: emails.sender_name,
        replyTo: emails.reply_to,
        logoUrl: emails.logo_image ? absolute(emails.logo_image, opts.publicUrl ?? '') : '',
        accentColor: emails.accent_color,
        footerText: emails.footer_text,
      };
    },

    /** A payment branding section (invoice, pay-account, pay-expiry) for the paid Wi-Fi emails and invoices. */
    async payment<S extends 'invoice' | 'pay-account' | 'pay-expiry'>(accountId: number, section: S) {
      return ((await sectionsOf(accountId, [section])) as Partial<Record<S, BrandingSettings[S]>> | null)?.[section] ?? null;
    },
  };
}
export type BrandingReader = ReturnType<typeof createBrandingReader>;
