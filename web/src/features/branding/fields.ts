import {
  CLIENT_INVITE_MERGE_FIELDS,
  PAYMENT_MERGE_FIELDS,
  PAYMENT_BRANDING_SECTIONS,
  type BrandingSection,
} from '@splashboard/contract';

export type FieldKind = 'text' | 'multiline' | 'colour' | 'image' | 'url' | 'email' | 'switch';
export interface FieldDef {
  key: string;
  kind: FieldKind;
  max?: number;
  /** Has a help text under `branding.fields.<key>Help`. */
  help?: boolean;
}

/** The fields of each section's form, in the order they show (the contract's schemas check them). */
export const SECTION_FIELDS: Record<BrandingSection, FieldDef[]> = {
  logo: [
    { key: 'app_name', kind: 'text', max: 60, help: true },
    { key: 'logo_image', kind: 'image' },
    { key: 'logo_dark_image', kind: 'image' },
    { key: 'favicon', kind: 'image' },
  ],
  header: [
    { key: 'background_color', kind: 'colour' },
    { key: 'text_color', kind: 'colour' },
  ],
  'login-page-branding': [
    { key: 'heading', kind: 'text', max: 200 },
    { key: 'subheading', kind: 'multiline', max: 500 },
    { key: 'logo_image', kind: 'image' },
    { key: 'background_image', kind: 'image' },
    { key: 'background_color', kind: 'colour' },
    { key: 'button_color', kind: 'colour' },
  ],
  footer: [
    { key: 'text', kind: 'text', max: 500 },
    { key: 'support_email', kind: 'email', max: 254 },
    { key: 'support_url', kind: 'url', max: 500 },
    { key: 'hide_powered_by', kind: 'switch' },
  ],
  'splash-footer': [
    { key: 'hidden', kind: 'switch' },
    { key: 'text', kind: 'text', max: 200 },
    { key: 'logo_image', kind: 'image' },
    { key: 'link_url', kind: 'url', max: 500 },
  ],
  emails: [
    { key: 'sender_name', kind: 'text', max: 60, help: true },
    { key: 'reply_to', kind: 'email', max: 254 },
    { key: 'logo_image', kind: 'image' },
    { key: 'accent_color', kind: 'colour' },
    { key: 'footer_text', kind: 'multiline', max: 500 },
  ],
  'client-invite': [
    { key: 'subject', kind: 'text', max: 200 },
    { key: 'message', kind: 'multiline', max: 5000 },
  ],
  invoice: [
    { key: 'company_name', kind: 'text', max: 200 },
    { key: 'address', kind: 'multiline', max: 500 },
    { key: 'tax_id', kind: 'text', max: 60 },
    { key: 'logo_image', kind: 'image' },
    { key: 'footer_note', kind: 'multiline', max: 500 },
  ],
  'pay-account': [
    { key: 'subject', kind: 'text', max: 200 },
    { key: 'text', kind: 'multiline', max: 2000 },
  ],
  'pay-expiry': [
    { key: 'subject', kind: 'text', max: 200 },
    { key: 'text', kind: 'multiline', max: 2000 },
  ],
};

export const MERGE_FIELDS: Partial<Record<BrandingSection, readonly string[]>> = {
  'client-invite': CLIENT_INVITE_MERGE_FIELDS,
  'pay-account': PAYMENT_MERGE_FIELDS,
  'pay-expiry': PAYMENT_MERGE_FIELDS,
};

export const isPaymentSection = (s: BrandingSection) => PAYMENT_BRANDING_SECTIONS.includes(s);

/** The sections the dashboard's own brand (GET /a/api/v1/brand) is made of: saving one refreshes it. */
export const SHELL_SECTIONS: readonly BrandingSection[] = ['logo', 'header', 'footer'];

/** A text with its merge fields (`{name}`) filled from `values`. */
export const fillMerge = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
