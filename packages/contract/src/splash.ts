import { z } from 'zod';
import { emailField } from './common.ts';
import { MESSAGES } from './messages/common.ts';
import type { AuthMethod } from './routers.ts';
import { LOGIN_FIELD_TITLES } from './login-field-titles.ts';

/**
 * Splash page settings: the site's design, and per login method its advanced values, screen styles and
 * the fields guests fill in. Shared by the server (validation, defaults) and the dashboard's editor.
 */

// ---------------------------------------------------------------------------------------------------
// Fonts the guest portal serves itself (from @fontsource packages; nothing is fetched from outside).

export const GUEST_FONTS = [
  { family: 'Roboto', slug: 'roboto', fallback: 'sans-serif' },
  { family: 'Open Sans', slug: 'open-sans', fallback: 'sans-serif' },
  { family: 'Lato', slug: 'lato', fallback: 'sans-serif' },
  { family: 'Montserrat', slug: 'montserrat', fallback: 'sans-serif' },
  { family: 'Poppins', slug: 'poppins', fallback: 'sans-serif' },
  { family: 'Raleway', slug: 'raleway', fallback: 'sans-serif' },
  { family: 'Source Sans 3', slug: 'source-sans-3', fallback: 'sans-serif' },
  { family: 'Merriweather', slug: 'merriweather', fallback: 'serif' },
] as const;
/**
 * The design's default: the phone's own font (nothing to download, which keeps a guest's first visit
 * under 40 KB). The families of GUEST_FONTS are webfonts, loaded only by a design that picks one.
 */
export const SYSTEM_FONT = 'System';
export const SYSTEM_FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const FONT_FAMILIES = [
  SYSTEM_FONT,
  'Roboto',
  'Open Sans',
  'Lato',
  'Montserrat',
  'Poppins',
  'Raleway',
  'Source Sans 3',
  'Merriweather',
] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
/** The weights served per family (regular and bold). */
export const FONT_WEIGHTS = [400, 700] as const;

export const fontsConfigSchema = z.object({
  fonts: z.array(
    z.object({
      family: z.string(),
      slug: z.string(),
      fallback: z.string(),
      /** CSS font-family value, with its fallback. */
      css_family: z.string(),
      /** Stylesheets to link, one per weight; each declares the family's @font-face rules. */
      stylesheets: z.array(z.string()),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------------
// Shared field types.

const MAX_BYTE = 255;
const rgbaPattern = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(0|1|0?\.\d{1,4}|1\.0{1,4})\s*)?\)$/i;

/** #rgb, #rrggbb, rgb(r, g, b) or rgba(r, g, b, a) with components in range. */
export function isColour(value: string): boolean {
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) return true;
  const m = rgbaPattern.exec(value);
  return !!m && [m[1], m[2], m[3]].every((c) => Number(c) <= MAX_BYTE);
}

export const COLOUR_MESSAGE = MESSAGES.colour;
export const colourField = z.string().trim().max(40).refine(isColour, COLOUR_MESSAGE);
/** An uploaded image's link ('' for none): one of our uploads, or an http(s) address. */
export const imageLinkField = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => v === '' || /^\/uploads\/[\w./-]+$/.test(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v),
    'Upload an image or enter its address',
  )
  .refine((v) => !v.includes('..'), 'Upload an image or enter its address');
/** An object that names each field it does not know, so the error lands on that field. */
export const NOT_ACCEPTED = 'This field is not accepted here';
const rejectUnknown = (shape: z.ZodRawShape) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const key of Object.keys(value)) if (!(key in shape)) ctx.addIssue({ code: 'custom', path: [key], message: NOT_ACCEPTED });
};
/** Strict in effect, but (unlike z.strictObject, which reports them together on the body) each unknown field is named. */
const closed = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape).superRefine(rejectUnknown(shape));
const closedPartial = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape).partial().superRefine(rejectUnknown(shape));
const text = (max: number) => z.string().trim().max(max);
const int = (min: number, max: number) =>
  z.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(min).max(max);

// ---------------------------------------------------------------------------------------------------
// Splash page design (one per site).

export const LOGO_ALIGNS = ['left', 'center', 'right'] as const;
/** How the background image (html_image) covers the page. */
export const BODY_CONFIGS = ['cover', 'contain', 'repeat', 'center'] as const;

const designShape = {
  logo_image: imageLinkField,
  html_image: imageLinkField,
  body_color: colourField,
  grid_color: colourField,
  partialtos1_text: text(200),
  partialtos1_color: colourField,
  tos_text: text(100),
  tos_color: colourField,
  partialtos2_text: text(200),
  partialtos2_color: colourField,
  privacy_text: text(100),
  privacy_color: colourField,
  tos_content: text(50_000),
  privacy_content: text(50_000),
  splash_page_powered_by_text: text(200),
  splash_page_powered_by_logo: imageLinkField,
  body_config: z.enum(BODY_CONFIGS),
  grid_border_radius: int(0, 64),
  logo_align: z.enum(LOGO_ALIGNS),
  logo_size: int(16, 512),
  body_fontfamily: z.enum(FONT_FAMILIES, 'Choose one of the fonts offered'),
  bottomtext_color: colourField,
  // Consent texts shown with the login fields.
  optional_h1: text(200),
  optional_h2: text(200),
  optional_desc: text(2000),
  gdpr_heading_text: text(200),
  gdpr_contact_h1: text(200),
  gdpr_contact_h2: text(200),
  gdpr_contact_desc: text(2000),
  gdpr_device_id_h1: text(200),
  gdpr_device_id_h2: text(200),
  gdpr_device_id_desc: text(2000),
};

export const splashDesignSchema = z.object(designShape);
export type SplashDesign = z.infer<typeof splashDesignSchema>;

// ---------------------------------------------------------------------------------------------------
// Texts per language. The contract's fields hold the English (en-US) text; each other guest language
// has its version of every text an operator types, under `translations`, e.g.
// `translations: { 'es-ES': { tos_text: 'Condiciones' } }`. An empty version means "the English one".
// Stored beside the English fields under `<lang>:<field>` keys, so that rows from before read as they were.

/** The guest languages besides English that an operator writes texts for. */
export const TRANSLATED_LANGS = ['es-ES'] as const;
export type TranslatedLang = (typeof TRANSLATED_LANGS)[number];
/** A text's version per language, by field name ('' where there is none). */
export type Translations = Record<TranslatedLang, Record<string, string>>;

/** The design's texts an operator types (the rest are colours, images and choices). */
export const DESIGN_TEXT_KEYS = [
  'partialtos1_text',
  'tos_text',
  'partialtos2_text',
  'privacy_text',
  'tos_content',
  'privacy_content',
  'splash_page_powered_by_text',
  'optional_h1',
  'optional_h2',
  'optional_desc',
  'gdpr_heading_text',
  'gdpr_contact_h1',
  'gdpr_contact_h2',
  'gdpr_contact_desc',
  'gdpr_device_id_h1',
  'gdpr_device_id_h2',
  'gdpr_device_id_desc',
] as const satisfies readonly (keyof SplashDesign)[];
export type DesignTextKey = (typeof DESIGN_TEXT_KEYS)[number];

/** Where a text's version in a language is kept in the stored settings. */
export const storedTextKey = (lang: TranslatedLang, field: string) => `${lang}:${field}`;

const translationsAnswer = (fields: readonly string[]) =>
  z.object(
    Object.fromEntries(TRANSLATED_LANGS.map((l) => [l, z.object(Object.fromEntries(fields.map((f) => [f, z.string()])))])),
  );
/** An update names the languages and fields it changes; each is checked like its English field. */
const translationsUpdate = (shape: z.ZodRawShape) =>
  closedPartial(Object.fromEntries(TRANSLATED_LANGS.map((l) => [l, closedPartial(shape)])));

/** Each language's versions as stored (invalid or missing ones read as ''). */
export function readTranslations(stored: Record<string, unknown>, shape: Record<string, z.ZodType>): Translations {
  const out = {} as Translations;
  for (const lang of TRANSLATED_LANGS) {
    out[lang] = {};
    for (const [field, schema] of Object.entries(shape)) {
      const parsed = schema.safeParse(stored[storedTextKey(lang, field)]);
      out[lang][field] = parsed.success && typeof parsed.data === 'string' ? parsed.data : '';
    }
  }
  return out;
}

/** An update's versions as the stored keys they change. */
export function storedTranslations(input: Partial<Record<TranslatedLang, Record<string, string | undefined>>> | undefined) {
  const out: Record<string, string> = {};
  for (const lang of TRANSLATED_LANGS)
    for (const [field, value] of Object.entries(input?.[lang] ?? {}))
      if (value !== undefined) out[storedTextKey(lang, field)] = value;
  return out;
}

/** The values a guest of `lang` reads: each field's version in that language where there is one. */
export function inLanguage<T extends Record<string, unknown>>(
  values: T,
  stored: Record<string, unknown>,
  lang: string,
  shape: Record<string, z.ZodType>,
): T {
  if (!(TRANSLATED_LANGS as readonly string[]).includes(lang)) return values;
  const own = readTranslations(stored, shape)[lang as TranslatedLang];
  const out: Record<string, unknown> = { ...values };
  for (const [field, text] of Object.entries(own)) if (text !== '' && field in out) out[field] = text;
  return out as T;
}

export const designTextShape = Object.fromEntries(DESIGN_TEXT_KEYS.map((k) => [k, designShape[k]])) as unknown as Record<
  DesignTextKey,
  z.ZodType
>;

/** What GET and PUT answer: the design, its texts in the other languages, and whether the caller may change it (a Read Only client may not). */
export const splashDesignAnswerSchema = splashDesignSchema.extend({
  translations: translationsAnswer(DESIGN_TEXT_KEYS),
  can_write: z.boolean(),
});
/** An update carries any subset of the design and of its translations; fields left out keep their value. */
export const splashDesignUpdateSchema = closedPartial({ ...designShape, translations: translationsUpdate(designTextShape) });
export type SplashDesignUpdate = Partial<SplashDesign> & {
  translations?: Partial<Record<TranslatedLang, Partial<Record<DesignTextKey, string>>>>;
};

/** Some of the design's fields, each checked as the designer checks it (a splash A/B test's variant). */
export const splashDesignChangesSchema = closedPartial(designShape);

export const DEFAULT_SPLASH_DESIGN: SplashDesign = {
  logo_image: '',
  html_image: '',
  body_color: '#eef2f6',
  grid_color: '#ffffff',
  partialtos1_text: 'By connecting, you agree to our',
  partialtos1_color: '#5f6b7a',
  tos_text: 'Terms of Service',
  tos_color: '#1565c0',
  partialtos2_text: 'and',
  partialtos2_color: '#5f6b7a',
  privacy_text: 'Privacy Policy',
  privacy_color: '#1565c0',
  tos_content:
    'This free Wi-Fi service is provided for lawful use only. Do not use it to break the law, to send spam or to harm ' +
    'other users or the network. Access may be limited in time, speed or data, and may be withdrawn at any time. The ' +
    'service is provided as it is, without any guarantee of availability or security: protect your own device and data.',
  privacy_content:
    'When you connect we record the details you enter and your device identifier (MAC address) so that we can give you ' +
    'access, keep the network secure and meet our legal obligations. We keep them only as long as needed for these ' +
    'purposes. You may ask to see, correct or delete your data at any time by contacting us.',
  splash_page_powered_by_text: 'Powered by Splashboard',
  splash_page_powered_by_logo: '',
  body_config: 'cover',
  grid_border_radius: 12,
  logo_align: 'center',
  logo_size: 120,
  body_fontfamily: SYSTEM_FONT,
  bottomtext_color: '#5f6b7a',
  optional_h1: 'Stay in touch',
  optional_h2: 'Marketing (optional)',
  optional_desc: 'We would like to send you news and offers. You can unsubscribe at any time.',
  gdpr_heading_text: 'Your privacy',
  gdpr_contact_h1: 'Contact details',
  gdpr_contact_h2: 'Needed to connect',
  gdpr_contact_desc: 'We use the details you enter to give you Wi-Fi access and to contact you about your visit.',
  gdpr_device_id_h1: 'Device identifier',
  gdpr_device_id_h2: 'Needed to connect',
  gdpr_device_id_desc: 'We record your device’s MAC address to connect it to the network and to recognise it next time.',
};

const IMAGE_KEYS: ReadonlySet<string> = new Set(['logo_image', 'html_image', 'splash_page_powered_by_logo']);

/** An image link as stored, read as none ('') when it is not one the design accepts (a row from before the rule). */
export const readImageLink = (value: unknown): string => {
  const parsed = imageLinkField.safeParse(value);
  return parsed.success ? parsed.data : '';
};

/**
 * A stored design as it is read: each value the design's schema refuses (written before a rule existed,
 * or straight into the row) reads as its default, and an image as none, so that no stored value can make
 * a read fail.
 */
export function readDesign(stored: Record<string, unknown>, defaults: SplashDesign): SplashDesign {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(designShape) as [keyof SplashDesign, z.ZodType][]) {
    const given = stored[key];
    const parsed = given === undefined ? null : field.safeParse(given);
    if (parsed?.success) out[key] = parsed.data;
    else if (IMAGE_KEYS.has(key)) out[key] = readImageLink(given === undefined ? defaults[key] : '');
    else out[key] = field.safeParse(defaults[key]).success ? defaults[key] : DEFAULT_SPLASH_DESIGN[key];
  }
  return out as SplashDesign;
}

// ---------------------------------------------------------------------------------------------------
// Login methods: the settings paths of the dashboard (misspellings included) and what each one is.

export const LOGIN_METHOD_PATHS = [
  'emailconfig',
  'ageconsent',
  'phoneconfig',
  'passwordloginconfig',
  'paymentloginconfig',
  'facebookloginconfig',
  'clickthrpughloginconfig',
  'wifi4euconfig',
  'guestuserloginconfig',
  'voucherloginconfig',
  'multisite_voucherloginconfig',
  'multilanding',
  'atos',
] as const;
export type LoginMethodPath = (typeof LOGIN_METHOD_PATHS)[number];

/** The site auth method each settings path configures; it is also the prefix of its style fields. */
export const LOGIN_METHOD_OF_PATH: Record<LoginMethodPath, AuthMethod> = {
  emailconfig: 'email',
  ageconsent: 'ageconsent',
  phoneconfig: 'phone',
  passwordloginconfig: 'password',
  paymentloginconfig: 'payment',
  facebookloginconfig: 'facebook',
  clickthrpughloginconfig: 'clickthrough',
  wifi4euconfig: 'wifi4eu',
  guestuserloginconfig: 'guestuser',
  voucherloginconfig: 'voucher',
  multisite_voucherloginconfig: 'multisitevoucher',
  multilanding: 'multilanding',
  atos: 'atos',
};

// ---------------------------------------------------------------------------------------------------
// Advanced values per method.

export const RELOGIN_POLICIES = ['always', 'daily', 'weekly', 'monthly', 'never'] as const;
export const DAILY_TRIAL_LIMITS = ['Always', 'One Time', 'No Limit', 'Daily'] as const;
export const DURATION_TYPES = ['minutes', 'hours', 'days'] as const;
export const BYTES_TYPES = ['MB', 'GB'] as const;
export const BIRTHDAY_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY/MM/DD'] as const;
/** How often a returning guest sees the page again (terms, age consent). */
export const PAGE_FREQUENCIES = ['always', 'once', 'daily', 'weekly', 'monthly'] as const;
/** The official EU languages a WiFi4EU portal can show. */
export const WIFI4EU_LANGUAGES = [
  'bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'ga', 'hr', 'hu', 'it', 'lt', 'lv', 'mt', 'nl', 'pl', 'pt', 'ro', 'sk', 'sl', 'sv',
] as const; // prettier-ignore
export const SMS_CODE_PLACEHOLDER = '{code}';

const MB_MAX = 10_000_000;
const KBPS_MAX = 10_000_000;
const emailList = z.array(emailField).max(10, 'At most 10 addresses');

/** Session limits of the methods that let a guest in on their own (minutes, MB, Kbps; 0 = no limit). */
const sessionShape = {
  relogin_policy: z.enum(RELOGIN_POLICIES),
  session_limit_control: z.boolean(),
  session_override_password: text(100),
  time_limit: int(1, 525_600),
  data_limit: int(0, MB_MAX),
  speed_ul: int(0, KBPS_MAX),
  speed_dl: int(0, KBPS_MAX),
  unlimited_speed: z.boolean(),
  unlimited_data: z.boolean(),
  /** Devices one guest may have online at once; 0 means no limit. */
  num_devices: int(0, 100),
};
/** Usage and expiry emails of the methods whose guests hold an account, voucher or paid plan. */
const notificationShape = {
  usage_notification: z.boolean(),
  usage_notification_to_self: z.boolean(),
  usage_notification_emails: emailList,
  expiry_notification: z.boolean(),
  expiry_notification_to_self: z.boolean(),
  expiry_notification_emails: emailList,
};

const VALUE_SHAPES = {
  emailconfig: {
    ...sessionShape,
    enable_verification: z.boolean(),
    enable_validation: z.boolean(),
    enable_grace_period: z.boolean(),
    grace_period_duration: int(1, 60),
  },
  phoneconfig: {
    ...sessionShape,
    enable_verification: z.boolean(),
    sms_text: z
      .string()
      .trim()
      .min(1, 'This field is required')
      .max(300)
      .refine((t) => t.includes(SMS_CODE_PLACEHOLDER), `Include ${SMS_CODE_PLACEHOLDER} where the code goes`),
  },
  passwordloginconfig: { ...sessionShape, password: text(100) },
  facebookloginconfig: {
    ...sessionShape,
    collect_birthday: z.boolean(),
    collect_gender: z.boolean(),
    collect_location: z.boolean(),
    fb_page: text(500).refine(
      (v) => v === '' || /^https:\/\/[^\s"'<>]+$/i.test(v),
      'Enter the page address starting with https://',
    ),
    auth_fb_post: z.boolean(),
  },
  clickthrpughloginconfig: { ...sessionShape },
  ageconsent: {
    ...sessionShape,
    min_allowed_age: int(1, 120),
    birthday_format: z.enum(BIRTHDAY_FORMATS),
    frequency: z.enum(PAGE_FREQUENCIES),
  },
  atos: { ...sessionShape, frequency: z.enum(PAGE_FREQUENCIES) },
  wifi4euconfig: {
    ...sessionShape,
    selftest: z.boolean(),
    lang: z.enum(WIFI4EU_LANGUAGES),
    network_id: text(64).refine(
      (v) => v === '' || z.uuid().safeParse(v).success,
      'Enter the WiFi4EU network identifier (a UUID)',
    ),
  },
  guestuserloginconfig: {
    relogin_policy: z.enum(RELOGIN_POLICIES),
    self_signup: z.boolean(),
    duration_type: z.enum(DURATION_TYPES),
    duration_val: int(1, 100_000),
    bytes_t: int(0, MB_MAX),
    bytes_type: z.enum(BYTES_TYPES),
    num_devices: int(1, 100),
    speed_ul: int(0, KBPS_MAX),
    speed_dl: int(0, KBPS_MAX),
    unlimited_speed: z.boolean(),
    unlimited_data: z.boolean(),
    ...notificationShape,
  },
  voucherloginconfig: { relogin_policy: z.enum(RELOGIN_POLICIES), ...notificationShape },
  multisite_voucherloginconfig: { relogin_policy: z.enum(RELOGIN_POLICIES), ...notificationShape },
  paymentloginconfig: {
    relogin_policy: z.enum(RELOGIN_POLICIES),
    daily_trial_limit: z.enum(DAILY_TRIAL_LIMITS),
    ...notificationShape,
    // The payment settings (the Stripe connection's fields are merged in by the payments area: payments.ts).
    /** Text the guest their account's details after a purchase (the site's SMS gateway), with accountsmstext. */
    smsnotification: z.boolean(),
    /** Merge fields: {first_name}, {site}, {email}, {package}, {expires_at}, {portal_url}. */
    accountsmstext: z.string().max(480),
    /** Email the guest their account's details after a purchase (branded as Branding → Payment account). */
    email_accnt_notify: z.boolean(),
    /** Addresses told of each purchase and refund. */
    notify_email: emailList,
    /** POST each purchase and refund as signed JSON to notify_webhook. */
    webhook_accnt_notify: z.boolean(),
    notify_webhook: z.union([z.literal(''), z.url().max(500)]),
    /** Remind the guest a day before their package ends, by SMS and by email (Branding → Payment expiry). */
    smsexpiryreminder: z.boolean(),
    emailexpiryreminder: z.boolean(),
  },
  multilanding: {},
} satisfies Record<LoginMethodPath, z.ZodRawShape>;

/** What GET answers for a method's values: every field. */
export const loginMethodValuesSchemas = Object.fromEntries(LOGIN_METHOD_PATHS.map((p) => [p, z.object(VALUE_SHAPES[p])])) as {
  [P in LoginMethodPath]: z.ZodObject<(typeof VALUE_SHAPES)[P]>;
};
/** What PUT takes: any subset of the method's fields (left-out fields keep their value); no others. */
export const loginMethodValuesUpdateSchemas = Object.fromEntries(
  LOGIN_METHOD_PATHS.map((p) => [p, closedPartial(VALUE_SHAPES[p])]),
) as { [P in LoginMethodPath]: ReturnType<typeof closedPartial<(typeof VALUE_SHAPES)[P]>> };
export type LoginMethodValues<P extends LoginMethodPath = LoginMethodPath> = z.infer<(typeof loginMethodValuesSchemas)[P]>;

const sessionDefaults = {
  relogin_policy: 'always',
  session_limit_control: false,
  session_override_password: '',
  time_limit: 60,
  data_limit: 0,
  speed_ul: 0,
  speed_dl: 0,
  unlimited_speed: true,
  unlimited_data: true,
  num_devices: 0,
} as const;
const notificationDefaults = {
  usage_notification: false,
  usage_notification_to_self: false,
  usage_notification_emails: [],
  expiry_notification: false,
  expiry_notification_to_self: false,
  expiry_notification_emails: [],
};

export const DEFAULT_LOGIN_METHOD_VALUES: { [P in LoginMethodPath]: LoginMethodValues<P> } = {
  emailconfig: {
    ...sessionDefaults,
    enable_verification: false,
    enable_validation: false,
    enable_grace_period: false,
    grace_period_duration: 5,
  },
  phoneconfig: { ...sessionDefaults, enable_verification: true, sms_text: 'Your Wi-Fi access code is {code}' },
  passwordloginconfig: { ...sessionDefaults, password: '' },
  facebookloginconfig: {
    ...sessionDefaults,
    collect_birthday: false,
    collect_gender: false,
    collect_location: false,
    fb_page: '',
    auth_fb_post: false,
  },
  clickthrpughloginconfig: { ...sessionDefaults },
  ageconsent: { ...sessionDefaults, min_allowed_age: 18, birthday_format: 'DD/MM/YYYY', frequency: 'always' },
  atos: { ...sessionDefaults, frequency: 'always' },
  wifi4euconfig: { ...sessionDefaults, selftest: false, lang: 'en', network_id: '' },
  guestuserloginconfig: {
    relogin_policy: 'always',
    self_signup: false,
    duration_type: 'days',
    duration_val: 1,
    bytes_t: 0,
    bytes_type: 'MB',
    num_devices: 1,
    speed_ul: 0,
    speed_dl: 0,
    unlimited_speed: true,
    unlimited_data: true,
    ...notificationDefaults,
  },
  voucherloginconfig: { relogin_policy: 'always', ...notificationDefaults },
  multisite_voucherloginconfig: { relogin_policy: 'always', ...notificationDefaults },
  paymentloginconfig: {
    relogin_policy: 'always',
    daily_trial_limit: 'One Time',
    ...notificationDefaults,
    smsnotification: false,
    accountsmstext: 'Your Wi-Fi account at {site}: {email}. Package {package} until {expires_at}. Manage it at {portal_url}',
    email_accnt_notify: true,
    notify_email: [],
    webhook_accnt_notify: false,
    notify_webhook: '',
    smsexpiryreminder: false,
    emailexpiryreminder: true,
  },
  multilanding: {},
};

// ---------------------------------------------------------------------------------------------------
// Screen styles per method. Every method's screen has fields, a login button, a back button and a
// heading; some have extras. Names are `<prefix>_<part>`.

const BASE_STYLE_PARTS = [
  'fields_color',
  'fields_backgroundcolor',
  'fields_bordercolor',
  'fields_placeholdercolor',
  'loginbtn_text',
  'loginbtn_color',
  'loginbtn_backgroundcolor',
  'loginbtn_bordercolor',
  'backbtn_text',
  'backbtn_color',
  'backbtn_backgroundcolor',
  'backbtn_bordercolor',
  'heading_htmltext',
] as const;
const button = (name: string) => [`${name}_text`, `${name}_color`, `${name}_backgroundcolor`, `${name}_bordercolor`];

const STYLE_EXTRAS: Partial<Record<AuthMethod, string[]>> = {
  email: ['email_checkbox_color'],
  phone: [
    'phone_otpbtn_color',
    'phone_otpbtn_bordercolor',
    'phone_otpbtn_backgroundcolor',
    'phone_otpbtn_text',
    'phone_otpbtn_resendtext',
  ],
  guestuser: [...button('guestuser_signupbtn'), 'guestuser_signup_heading_htmltext'],
  payment: [
    'payment_card_heading_htmltext',
    'payment_alreadypaid_heading_htmltext',
    ...button('payment_makepaymentbtn'),
    ...button('payment_gotoaccountbtn'),
  ],
  atos: ['atos_subheading_color', 'atos_mainheading_color', 'atos_description_color', ...button('atos_agreebtn')],
};

/** The style field names of a method's screen. Multi-landing is a start page: its buttons and heading only. */
export function styleFieldsOf(path: LoginMethodPath): string[] {
  const method = LOGIN_METHOD_OF_PATH[path];
  if (method === 'multilanding')
    return ['multi_btns_color', 'multi_btns_backgroundcolor', 'multi_btns_bordercolor', 'multilanding_heading_htmltext'];
  return [...BASE_STYLE_PARTS.map((p) => `${method}_${p}`), ...(STYLE_EXTRAS[method] ?? [])];
}

export type StyleKind = 'colour' | 'text' | 'html';
export const styleKindOf = (name: string): StyleKind =>
  name.endsWith('_htmltext') ? 'html' : name.endsWith('color') ? 'colour' : 'text';

/** Updates send only the values that are set: an empty value (or null) means "leave as it is". */
const styleInputField = (name: string) => {
  const kind = styleKindOf(name);
  const empty = z.union([z.literal(''), z.null()]);
  if (kind === 'colour') return z.union([empty, colourField]).optional();
  return z.union([empty, text(kind === 'html' ? 5000 : 100)]).optional();
};

/** A screen's texts an operator types (button labels, headings), which have a version per language. */
export const styleTextFieldsOf = (path: LoginMethodPath) => styleFieldsOf(path).filter((f) => styleKindOf(f) !== 'colour');
/** Each style text's rule: a label up to 100 characters, a heading's HTML up to 5,000. */
export const styleTextShapeOf = (path: LoginMethodPath): Record<string, z.ZodType> =>
  Object.fromEntries(styleTextFieldsOf(path).map((f) => [f, text(styleKindOf(f) === 'html' ? 5000 : 100)]));

export const loginMethodStylesSchemas = Object.fromEntries(
  LOGIN_METHOD_PATHS.map((p) => [
    p,
    z.object({
      ...Object.fromEntries(styleFieldsOf(p).map((f) => [f, z.string()])),
      translations: translationsAnswer(styleTextFieldsOf(p)),
    }),
  ]),
) as unknown as Record<LoginMethodPath, z.ZodObject<Record<string, z.ZodType>>>;
/** An update sets styles (an empty one keeps what is stored) and texts per language (an empty one clears it). */
export const loginMethodStylesUpdateSchemas = Object.fromEntries(
  LOGIN_METHOD_PATHS.map((p) => [
    p,
    closed({
      ...Object.fromEntries(styleFieldsOf(p).map((f) => [f, styleInputField(f)])),
      translations: translationsUpdate(styleTextShapeOf(p)).optional(),
    }),
  ]),
) as unknown as Record<LoginMethodPath, z.ZodType<LoginMethodStylesUpdate>>;
export type LoginMethodStyles = Record<string, string>;
export type LoginMethodStylesUpdate = Record<string, unknown> & {
  translations?: Partial<Record<TranslatedLang, Record<string, string | undefined>>>;
};

const LOGIN_LABELS: Partial<Record<AuthMethod, { heading: string; login: string }>> = {
  email: { heading: 'Connect with your email', login: 'Connect' },
  phone: { heading: 'Connect with your phone number', login: 'Send code' },
  password: { heading: 'Enter the Wi-Fi password', login: 'Connect' },
  facebook: { heading: 'Connect with Facebook', login: 'Continue with Facebook' },
  clickthrough: { heading: 'Welcome! Enjoy free Wi-Fi', login: 'Connect' },
  voucher: { heading: 'Enter your voucher code', login: 'Connect' },
  multisitevoucher: { heading: 'Enter your voucher code', login: 'Connect' },
  guestuser: { heading: 'Sign in with your account', login: 'Sign in' },
  ageconsent: { heading: 'Please confirm your age', login: 'Continue' },
  wifi4eu: { heading: 'WiFi4EU: free Wi-Fi for everyone', login: 'Connect' },
  payment: { heading: 'Choose a Wi-Fi package', login: 'Continue' },
  atos: { heading: 'Terms and conditions', login: 'Continue' },
};

/** Good-looking defaults for a new site: a blue primary button on a white card, a quiet back button. */
export function defaultStylesOf(path: LoginMethodPath): LoginMethodStyles {
  const method = LOGIN_METHOD_OF_PATH[path];
  const labels = LOGIN_LABELS[method] ?? { heading: 'Welcome', login: 'Connect' };
  const out: LoginMethodStyles = {};
  for (const name of styleFieldsOf(path)) {
    // Multi-landing's names have no method prefix; multisitevoucher's start with "multi" too but do.
    const part = method === 'multilanding' ? name : name.slice(method.length + 1);
    let value: string;
    if (name === 'multilanding_heading_htmltext') value = '<h2>Welcome! Choose how to connect</h2>';
    else if (name.startsWith('multi_btns'))
      value = part.endsWith('backgroundcolor') ? '#1565c0' : part.endsWith('bordercolor') ? '#1565c0' : '#ffffff';
    else if (part === 'heading_htmltext') value = `<h2>${labels.heading}</h2>`;
    else if (part === 'loginbtn_text') value = labels.login;
    else if (part === 'backbtn_text') value = 'Back';
    else if (part === 'fields_color') value = '#1f2933';
    else if (part === 'fields_backgroundcolor') value = '#ffffff';
    else if (part === 'fields_bordercolor') value = '#c5ced8';
    else if (part === 'fields_placeholdercolor') value = '#8a96a3';
    else if (part === 'backbtn_color') value = '#1565c0';
    else if (part === 'backbtn_backgroundcolor') value = '#ffffff';
    else if (part === 'backbtn_bordercolor') value = '#c5ced8';
    else if (part === 'checkbox_color') value = '#1565c0';
    else if (part === 'otpbtn_text') value = 'Verify';
    else if (part === 'otpbtn_resendtext') value = 'Send the code again';
    else if (part === 'signupbtn_text') value = 'Create an account';
    else if (part === 'signup_heading_htmltext') value = '<h2>Create your Wi-Fi account</h2>';
    else if (part === 'card_heading_htmltext') value = '<h3>Card details</h3>';
    else if (part === 'alreadypaid_heading_htmltext') value = '<h3>Already paid? Sign in to your account</h3>';
    else if (part === 'makepaymentbtn_text') value = 'Pay now';
    else if (part === 'gotoaccountbtn_text') value = 'Go to my account';
    else if (part === 'agreebtn_text') value = 'I agree';
    else if (part === 'mainheading_color' || part === 'subheading_color') value = '#1f2933';
    else if (part === 'description_color') value = '#5f6b7a';
    else if (part.endsWith('backgroundcolor') || part.endsWith('bordercolor')) value = '#1565c0';
    else if (part.endsWith('color')) value = '#ffffff';
    else value = '';
    out[name] = value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Login field definitions.

export const LOGIN_FIELD_TYPES = [
  'email',
  'voucher',
  'phonenumber',
  'firstname',
  'lastname',
  'gender',
  'birthday',
  'consent',
  'ukpostcode',
  'custom_text',
  'custom_number',
  'custom_checkbox',
  'custom_select',
  'otp',
  'country',
] as const;
export type LoginFieldType = (typeof LOGIN_FIELD_TYPES)[number];
export { LOGIN_FIELD_TITLES };
const CUSTOM_TYPES: LoginFieldType[] = ['custom_text', 'custom_number', 'custom_checkbox', 'custom_select'];

export const REGEX_MAX = 200;
const compiles = (source: string) => {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
};

const fieldTextShape = {
  title: text(100),
  female_option_text: text(50),
  male_option_text: text(50),
  options_list: z.array(text(100)).max(50, 'At most 50 options'),
};
export const OPTIONS_PER_LANGUAGE = 'Give one option for each option in English, in the same order';

const loginFieldShape = {
  field_type: z.enum(LOGIN_FIELD_TYPES),
  title: text(100),
  format: z.union([z.literal(''), z.enum(BIRTHDAY_FORMATS)]),
  mandatory: z.boolean(),
  default_checked: z.boolean(),
  female_option_text: text(50),
  male_option_text: text(50),
  regex: z.string().max(REGEX_MAX).refine(compiles, 'This is not a valid regular expression'),
  options_list: z.array(z.string().trim().min(1, 'This field is required').max(100)).max(50, 'At most 50 options'),
  /**
   * The texts guests read in other languages (`{ 'es-ES': { title, female_option_text, male_option_text,
   * options_list } }`); where there is none, guests read the English one. A list's options keep their
   * English value (what is stored for the guest): the translated list names each of them, in order.
   */
  translations: translationsUpdate(fieldTextShape),
};

export const loginFieldSchema = z.object({
  ...loginFieldShape,
  translations: z
    .partialRecord(
      z.enum(TRANSLATED_LANGS),
      z.object({
        title: z.string().optional(),
        female_option_text: z.string().optional(),
        male_option_text: z.string().optional(),
        options_list: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
export type LoginField = z.infer<typeof loginFieldSchema>;
/** A field as sent: only field_type is needed; the rest takes the kind's defaults. */
export const loginFieldInputSchema = z
  .looseObject(loginFieldShape)
  .partial()
  .required({ field_type: true })
  .superRefine(rejectUnknown(loginFieldShape))
  .superRefine((f, ctx) => {
    if (f.field_type === 'custom_select' && !(f.options_list ?? []).length)
      ctx.addIssue({ code: 'custom', path: ['options_list'], message: 'Add at least one option' });
    if (f.format && f.field_type !== 'birthday')
      ctx.addIssue({ code: 'custom', path: ['format'], message: 'Only a birthday has a format' });
    for (const lang of TRANSLATED_LANGS) {
      const given = f.translations as LoginFieldInput['translations'];
      const options = given?.[lang]?.options_list?.filter((o) => o !== '');
      if (options?.length && options.length !== (f.options_list ?? []).length)
        ctx.addIssue({ code: 'custom', path: ['translations', lang, 'options_list'], message: OPTIONS_PER_LANGUAGE });
    }
  });
export type LoginFieldInput = Partial<LoginField> & { field_type: LoginFieldType };

/** The full definition of a field, with the defaults of its kind. */
export function normalizeLoginField(f: LoginFieldInput): LoginField {
  return {
    field_type: f.field_type,
    title: f.title || LOGIN_FIELD_TITLES[f.field_type],
    format: f.field_type === 'birthday' ? f.format || 'DD/MM/YYYY' : '',
    mandatory: f.mandatory ?? f.field_type === 'otp',
    default_checked: f.default_checked ?? false,
    female_option_text: f.female_option_text || 'Female',
    male_option_text: f.male_option_text || 'Male',
    regex: f.regex ?? '',
    options_list: f.field_type === 'custom_select' ? (f.options_list ?? []) : [],
    // Only the versions there are: a field without any reads as it did before labels had them.
    ...fieldTranslationsOf(f),
  };
}

/** The texts a field's kind shows, in each language they are given in (empty ones are none). */
function fieldTranslationsOf(f: LoginFieldInput): Pick<LoginField, 'translations'> {
  const out: NonNullable<LoginField['translations']> = {};
  for (const lang of TRANSLATED_LANGS) {
    const given = f.translations?.[lang];
    const kept: NonNullable<LoginField['translations']>[TranslatedLang] = {};
    if (given?.title) kept.title = given.title;
    if (f.field_type === 'gender' && given?.female_option_text) kept.female_option_text = given.female_option_text;
    if (f.field_type === 'gender' && given?.male_option_text) kept.male_option_text = given.male_option_text;
    if (f.field_type === 'custom_select' && given?.options_list?.some(Boolean)) kept.options_list = given.options_list;
    if (Object.keys(kept).length) out[lang] = kept;
  }
  return Object.keys(out).length ? { translations: out } : {};
}

export const MAX_LOGIN_FIELDS = 30;
const fieldList = z.array(loginFieldInputSchema).max(MAX_LOGIN_FIELDS, `At most ${MAX_LOGIN_FIELDS} fields`);

/** The three lists a method can have, by the name the dashboard fetches them under. */
export const FIELD_LISTS = ['login_fields', 'registration_fields', 'account_login_fields'] as const;
export type FieldListName = (typeof FIELD_LISTS)[number];

export const loginFieldsSchema = z.object({ login_fields: z.array(loginFieldSchema) });
export const loginFieldsUpdateSchema = closed({ login_fields: fieldList });
export const registrationFieldsSchema = z.object({ registration_fields: z.array(loginFieldSchema) });
export const registrationFieldsUpdateSchema = closed({ registration_fields: fieldList });
export const accountLoginFieldsSchema = z.object({ account_login_fields: z.array(loginFieldSchema) });
export const accountLoginFieldsUpdateSchema = closed({ account_login_fields: fieldList });
export const availableFieldsSchema = z.object({ fields: z.array(loginFieldSchema) });

const GENERAL_FIELDS: LoginFieldType[] = [
  'email',
  'phonenumber',
  'firstname',
  'lastname',
  'gender',
  'birthday',
  'country',
  'ukpostcode',
  'consent',
  ...CUSTOM_TYPES,
];

/** The field kinds a method's screen can ask for. */
export function fieldTypesOf(path: LoginMethodPath): LoginFieldType[] {
  switch (LOGIN_METHOD_OF_PATH[path]) {
    case 'multilanding':
      return [];
    case 'phone':
      return [...GENERAL_FIELDS, 'otp'];
    case 'voucher':
    case 'multisitevoucher':
      return ['voucher', ...GENERAL_FIELDS];
    default:
      return GENERAL_FIELDS;
  }
}

/** The field a method cannot work without: it must be in its login list, and mandatory. */
export const REQUIRED_FIELD_OF: Partial<Record<LoginMethodPath, LoginFieldType>> = {
  emailconfig: 'email',
  phoneconfig: 'phonenumber',
  voucherloginconfig: 'voucher',
  multisite_voucherloginconfig: 'voucher',
  ageconsent: 'birthday',
};

const field = (field_type: LoginFieldType, over: Partial<LoginFieldInput> = {}) => normalizeLoginField({ field_type, ...over });

/** What a new site's methods ask for. */
export function defaultFieldListOf(path: LoginMethodPath, list: FieldListName): LoginField[] {
  if (list === 'registration_fields')
    return path === 'guestuserloginconfig'
      ? [field('firstname', { mandatory: true }), field('lastname', { mandatory: true }), field('email', { mandatory: true })]
      : [];
  if (list === 'account_login_fields') return path === 'paymentloginconfig' ? [field('email', { mandatory: true })] : [];
  switch (path) {
    case 'emailconfig':
      return [field('email', { mandatory: true })];
    case 'phoneconfig':
      return [field('phonenumber', { mandatory: true }), field('otp')];
    case 'voucherloginconfig':
    case 'multisite_voucherloginconfig':
      return [field('voucher', { mandatory: true })];
    case 'ageconsent':
      return [field('birthday', { mandatory: true })];
    case 'paymentloginconfig':
      return [field('email', { mandatory: true })];
    default:
      return [];
  }
}

/**
 * Checks a list against the method: only its kinds, one of each built-in kind, and its required field
 * present and mandatory. Answers schema errors keyed like the request body.
 */
export function fieldListErrors(path: LoginMethodPath, list: FieldListName, fields: LoginField[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  const allowed = fieldTypesOf(path);
  const seen = new Set<LoginFieldType>();
  fields.forEach((f, i) => {
    if (!allowed.includes(f.field_type)) add(`${list}.${i}.field_type`, 'This field is not available for this login method');
    if (!CUSTOM_TYPES.includes(f.field_type)) {
      if (seen.has(f.field_type)) add(`${list}.${i}.field_type`, 'This field is already in the list');
      seen.add(f.field_type);
    }
  });
  const required = list === 'login_fields' ? REQUIRED_FIELD_OF[path] : undefined;
  if (required && !fields.some((f) => f.field_type === required && f.mandatory))
    add(list, `This login method needs a mandatory ${LOGIN_FIELD_TITLES[required].toLowerCase()} field`);
  if (path === 'phoneconfig' && list === 'login_fields' && fields.some((f) => f.field_type === 'otp') && !seen.has('phonenumber'))
    add(list, 'A verification code needs a phone number field');
  return errors;
}

// ---------------------------------------------------------------------------------------------------
// Uploaded images of a site (the design's thumbnails).

export const splashThumbnailsSchema = z.object({
  items: z.array(z.object({ filelink: z.string(), created_at: z.string().nullable() })),
});
