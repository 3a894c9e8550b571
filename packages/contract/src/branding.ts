import { z } from 'zod';
import { MESSAGES } from './messages/common.ts';
import { BRANDING_MESSAGES as M } from './messages/branding.ts';

/**
 * An account's branding (provider plan only), one set of settings per section:
 *
 * Permission branding:          GET, PUT /a/api/v1/branding/{logo|header|login-page-branding|footer|
 *                                         splash-footer|emails|client-invite}
 * Permission payment_branding:  GET, PUT /a/api/v1/branding/{invoice|pay-account|pay-expiry}
 * Either permission:            POST /a/api/v1/branding/image (multipart `file`, images only) -> {filelink}
 * Public (no sign-in):          GET /a/api/v1/brand -> the brand the dashboard shows: the signed-in user's
 *                               account's, else that of the account whose enabled white-label domain is
 *                               the request's host, else nulls (the product's own look).
 *
 * Every field is a string ('' for not set) or a boolean; a PUT replaces the section (left-out fields are ''),
 * and a field the section does not have is refused.
 */

export const BRANDING_SECTIONS = [
  'logo',
  'header',
  'login-page-branding',
  'footer',
  'splash-footer',
  'emails',
  'client-invite',
  'invoice',
  'pay-account',
  'pay-expiry',
] as const;
export type BrandingSection = (typeof BRANDING_SECTIONS)[number];

/** The sections of payment branding (the paid Wi-Fi emails and invoices); the others need `branding`. */
export const PAYMENT_BRANDING_SECTIONS: readonly BrandingSection[] = ['invoice', 'pay-account', 'pay-expiry'];
export const permissionOfSection = (s: BrandingSection) =>
  PAYMENT_BRANDING_SECTIONS.includes(s) ? ('payment_branding' as const) : ('branding' as const);

const LIMIT_MESSAGES = { 60: M.max60, 200: M.max200, 500: M.max500, 2000: M.max2000, 5000: M.max5000 } as const;
const text = (max: keyof typeof LIMIT_MESSAGES) => z.string().trim().max(max, LIMIT_MESSAGES[max]).default('');

/** #rrggbb, or '' for the product's own. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const colour = z
  .string()
  .trim()
  .max(7, M.colour)
  .refine((v) => v === '' || HEX_COLOUR.test(v), M.colour)
  .default('');

const isHttpUrl = (v: string) => {
  if (!/^https?:\/\//i.test(v) || /[\s"'<>]/.test(v)) return false;
  try {
    return !!new URL(v).hostname;
  } catch {
    return false;
  }
};
const url = z
  .string()
  .trim()
  .max(500, M.max500)
  .refine((v) => v === '' || isHttpUrl(v), M.url)
  .default('');

/** An image: one of the account's uploads (POST /branding/image), an http(s) address, or '' for none. */
const image = z
  .string()
  .trim()
  .max(500, M.max500)
  .refine((v) => v === '' || (/^\/uploads\/[\w./-]+$/.test(v) && !v.includes('..')) || isHttpUrl(v), M.image)
  .default('');

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, MESSAGES.invalidEmail)
  .refine((v) => v === '' || z.email().safeParse(v).success, MESSAGES.invalidEmail)
  .default('');

export const brandingLogoSchema = z.strictObject({
  /** On the light top bar and everywhere a logo shows. */
  logo_image: image,
  /** In the dark theme; the light one when empty. */
  logo_dark_image: image,
  /** The product's name in the top bar and the browser tab, instead of "Splashboard". */
  app_name: text(60),
  favicon: image,
});

export const brandingHeaderSchema = z.strictObject({
  background_color: colour,
  text_color: colour,
});

export const brandingLoginPageSchema = z.strictObject({
  logo_image: image,
  background_image: image,
  background_color: colour,
  heading: text(200),
  subheading: text(500),
  button_color: colour,
});

export const brandingFooterSchema = z.strictObject({
  text: text(500),
  support_email: email,
  support_url: url,
  /** Hides "Powered by Splashboard" under the dashboard. */
  hide_powered_by: z.boolean().default(false),
});

export const brandingSplashFooterSchema = z.strictObject({
  /** No powered-by line at all on the guest pages. */
  hidden: z.boolean().default(false),
  text: text(200),
  logo_image: image,
  link_url: url,
});

export const brandingEmailsSchema = z.strictObject({
  /** The From's display name; the address stays the server's (MAIL_FROM), so the email still passes SPF/DKIM. */
  sender_name: text(60),
  reply_to: email,
  logo_image: image,
  accent_color: colour,
  footer_text: text(500),
});

/** Merge fields of the client invitation: {account_name}, {inviter_name}, {client_name}, {link}. */
export const CLIENT_INVITE_MERGE_FIELDS = ['{account_name}', '{inviter_name}', '{client_name}', '{link}'] as const;
export const brandingClientInviteSchema = z.strictObject({
  subject: text(200),
  message: text(5000),
});

export const brandingInvoiceSchema = z.strictObject({
  company_name: text(200),
  address: text(500),
  tax_id: text(60),
  logo_image: image,
  footer_note: text(500),
});

/** Merge fields of the paid Wi-Fi emails: {guest_name}, {username}, {password}, {package}, {expires_at}, {site_name}. */
export const PAYMENT_MERGE_FIELDS = [
  '{guest_name}',
  '{username}',
  '{password}',
  '{package}',
  '{expires_at}',
  '{site_name}',
] as const;
export const brandingPayAccountSchema = z.strictObject({
  subject: text(200),
  text: text(2000),
});
export const brandingPayExpirySchema = z.strictObject({
  subject: text(200),
  text: text(2000),
});

export const BRANDING_SCHEMAS = {
  logo: brandingLogoSchema,
  header: brandingHeaderSchema,
  'login-page-branding': brandingLoginPageSchema,
  footer: brandingFooterSchema,
  'splash-footer': brandingSplashFooterSchema,
  emails: brandingEmailsSchema,
  'client-invite': brandingClientInviteSchema,
  invoice: brandingInvoiceSchema,
  'pay-account': brandingPayAccountSchema,
  'pay-expiry': brandingPayExpirySchema,
} as const satisfies Record<BrandingSection, z.ZodObject>;

export type BrandingSettings = { [S in BrandingSection]: z.output<(typeof BRANDING_SCHEMAS)[S]> };
export type BrandingLogo = BrandingSettings['logo'];
export type BrandingHeader = BrandingSettings['header'];
export type BrandingLoginPage = BrandingSettings['login-page-branding'];
export type BrandingFooter = BrandingSettings['footer'];
export type BrandingSplashFooter = BrandingSettings['splash-footer'];
export type BrandingEmails = BrandingSettings['emails'];

/** The image fields of each section: checked to be the account's own uploads when they are ours. */
export const BRANDING_IMAGE_FIELDS: Record<BrandingSection, readonly string[]> = {
  logo: ['logo_image', 'logo_dark_image', 'favicon'],
  header: [],
  'login-page-branding': ['logo_image', 'background_image'],
  footer: [],
  'splash-footer': ['logo_image'],
  emails: ['logo_image'],
  'client-invite': [],
  invoice: ['logo_image'],
  'pay-account': [],
  'pay-expiry': [],
};

/** A section's settings with every field at its empty value. */
export const emptyBranding = <S extends BrandingSection>(section: S): BrandingSettings[S] =>
  BRANDING_SCHEMAS[section].parse({}) as BrandingSettings[S];

export const brandingImageAnswerSchema = z.object({ filelink: z.string() });

/**
 * The brand the dashboard shows (GET /a/api/v1/brand). Each part is null when the account has not set it,
 * is not on the provider plan, or nobody's brand applies (the product's own look). `login_page` is given
 * only on an account's white-label domain, to signed-out visitors (its sign-in page).
 */
export const brandSchema = z.object({
  logo: brandingLogoSchema.nullable(),
  header: brandingHeaderSchema.nullable(),
  footer: brandingFooterSchema.nullable(),
  login_page: brandingLoginPageSchema.nullable(),
});
export type Brand = z.output<typeof brandSchema>;
export const NO_BRAND: Brand = { logo: null, header: null, footer: null, login_page: null };
