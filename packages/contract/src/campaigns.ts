import { z } from 'zod';
import { emailField } from './common.ts';
import { MESSAGES } from './messages/common.ts';
import { CAMPAIGN_MESSAGES } from './messages/campaigns.ts';
import { fillMessage } from './messages/index.ts';
import { splashDesignChangesSchema } from './splash.ts';

/**
 * Marketing (permission `campaigns`; email campaigns `email_campaigns`, splash-page ads `splash_campaigns`):
 * emails to guests who gave marketing consent, fired by what guests do; ads on the splash page; and A/B
 * tests of splash designs with the login funnel. Site-scoped, under /s/{siteId}/api/v1/:
 *
 *   campaigns/templates                 GET the template gallery (?lang=en|es): id, name, description, preview html
 *   campaigns/templates/{templateId}    GET one template with its editor project (campaign_json) and html
 *   campaigns/email                     GET list with each campaign's state and figures, POST create
 *   campaigns/email/{id}                GET, PUT (any subset), DELETE
 *   campaigns/email/{id}/test           POST {email?}: the campaign to the operator (or the given address) now
 *   campaigns/email/{id}/recipients     GET page of recipients and their outcome (page, per_page, status)
 *   campaigns/settings                  GET, PUT the site's marketing settings (opt-in type)
 *   campaigns/splash-ads                GET list with impressions and clicks, POST create
 *   campaigns/splash-ads/{id}           GET, PUT (any subset), DELETE
 *   campaigns/ab-tests                  GET the tests of the site (running first) and the site's funnel
 *   campaigns/ab-tests                  POST start a test {name, variants: [{name, weight, design}]}
 *   campaigns/ab-tests/{id}             GET one test with its funnel per variant and the verdict
 *   campaigns/ab-tests/{id}/end         POST {keep_variant_id}: ends the test, that variant's design becomes the site's
 *   campaigns/funnel                    GET the site's funnel (?fromdate&todate) without a test
 *
 * Account-scoped, under /a/api/v1/: mail-settings GET, PUT, and mail-settings/test POST (the account's
 * own SMTP server; its password is sealed at rest and shown masked).
 *
 * Guests (no sign-in): /m/u/{token} GET a page and POST one-click unsubscribe (RFC 8058), /m/o/{token}
 * the open pixel, /m/c/{token} the click redirect, /m/confirm/{token} the double opt-in confirmation.
 *
 * Times are ISO 8601 instants; a campaign's days (birthday, "N days after") are the site's local days.
 */

export const EMAIL_CAMPAIGN_TRIGGERS = ['connect', 'disconnect', 'inactive', 'birthday'] as const;
export type EmailCampaignTrigger = (typeof EMAIL_CAMPAIGN_TRIGGERS)[number];
/** The spec's ad display: first visit, repeat visit or always. */
export const SPLASH_AD_TRIGGERS = ['first_visit', 'repeat_visit', 'always'] as const;
export type SplashAdTrigger = (typeof SPLASH_AD_TRIGGERS)[number];
/** Where an ad shows: before the login form, or after login before the guest is sent on. */
export const SPLASH_AD_PLACEMENTS = ['before_login', 'after_login'] as const;
export type SplashAdPlacement = (typeof SPLASH_AD_PLACEMENTS)[number];
/** The spec's campaign states, and `ended` once its end time has passed. */
export const CAMPAIGN_STATES = ['draft', 'not_yet_started', 'active', 'ended'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
/** The spec's sending frequency: Only Once, Maximum once per period. */
export const SENDING_FREQUENCIES = ['only_once', 'once_per_period'] as const;
export type SendingFrequency = (typeof SENDING_FREQUENCIES)[number];
/** The spec's opt-in types: Unknown, Single, Double, Verified Double. */
export const OPT_IN_TYPES = ['unknown', 'single', 'double', 'verified_double'] as const;
export type OptInType = (typeof OPT_IN_TYPES)[number];
/** The spec's email types. */
export const EMAIL_TYPES = ['Html', 'PlainText'] as const;
export const CAMPAIGN_TEMPLATE_IDS = ['welcome', 'come_back', 'birthday', 'event', 'offer', 'newsletter'] as const;
export type CampaignTemplateId = (typeof CAMPAIGN_TEMPLATE_IDS)[number];
/** The languages the template gallery is written in: English (US) and Spanish (Spain). */
export const CAMPAIGN_TEMPLATE_LANGUAGES = ['en', 'es'] as const;
export type CampaignTemplateLanguage = (typeof CAMPAIGN_TEMPLATE_LANGUAGES)[number];
/** Merge fields an email may hold as {{name}}; each is filled per recipient (empty when unknown). */
export const MERGE_FIELDS = ['first_name', 'last_name', 'email', 'site_name', 'visits', 'last_visit'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export const RECIPIENT_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** Trigger values: the spec's "greater than one and less than 31". */
export const TRIGGER_PARAM_MIN = 2;
export const TRIGGER_PARAM_MAX = 30;
export const AUTOSKIP_MAX_SECONDS = 60;
export const CAMPAIGN_HTML_MAX = 500_000;
/**
 * An ad's HTML, gzip-compressed, at most: the ad is a page of the captive portal, whose mini browsers
 * get every page within the portal's budget (40 KB with styles and fonts).
 */
export const SPLASH_AD_COMPRESSED_MAX_KB = 24;
export const CAMPAIGN_JSON_MAX = 1_000_000;

const instant = z.iso.datetime({ offset: true }).nullable();
const campaignName = z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(120);
const editorProject = z
  .record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= CAMPAIGN_JSON_MAX, fillMessage(MESSAGES.atMost, { n: CAMPAIGN_JSON_MAX }));
/** Its range is checked where the trigger is known (triggerValueInRange): a birthday has no value. */
const triggerParam = z.number({ error: CAMPAIGN_MESSAGES.triggerValue }).int(CAMPAIGN_MESSAGES.triggerValue);
export const triggerValueInRange = (trigger: EmailCampaignTrigger, value: number) =>
  trigger === 'birthday' || (value >= TRIGGER_PARAM_MIN && value <= TRIGGER_PARAM_MAX);

/** start_time after end_time is refused on end_time (the spec's rule), on create and on update alike. */
function datesInOrder(v: { start_time?: string | null; end_time?: string | null }, ctx: z.RefinementCtx) {
  if (v.start_time && v.end_time && Date.parse(v.start_time) > Date.parse(v.end_time))
    ctx.addIssue({ code: 'custom', path: ['end_time'], message: CAMPAIGN_MESSAGES.dateOrder });
}

// ---------------------------------------------------------------------------------------------------
// Email campaigns

/** The trigger value in range for its trigger, when the body names both (a PUT's merged campaign is checked by the server). */
function triggerValueFits(v: { trigger_type?: EmailCampaignTrigger; trigger_param?: number }, ctx: z.RefinementCtx) {
  if (v.trigger_type !== undefined && v.trigger_param !== undefined && !triggerValueInRange(v.trigger_type, v.trigger_param))
    ctx.addIssue({ code: 'custom', path: ['trigger_param'], message: CAMPAIGN_MESSAGES.triggerValue });
}

const emailCampaignShape = {
  /** The gallery template it was made from (null: from scratch); must exist. */
  templateId: z
    .enum(CAMPAIGN_TEMPLATE_IDS, {
      error: (issue) => fillMessage(CAMPAIGN_MESSAGES.unknownTemplate, { templateId: String(issue.input) }),
    })
    .nullable(),
  name: campaignName,
  subject: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(200),
  /** Off: a draft that never sends. */
  active: z.boolean(),
  campaign_type: z.literal('email'),
  trigger_type: z.enum(EMAIL_CAMPAIGN_TRIGGERS),
  /** Days: after a login (connect), after a session ended (disconnect), not seen (inactive); unused for birthday. */
  trigger_param: triggerParam,
  trigger_param_type: z.literal('days'),
  email_type: z.enum(EMAIL_TYPES),
  campaign_html: z.string().max(CAMPAIGN_HTML_MAX),
  /** The editor's project (GrapesJS project data with its MJML), stored as sent. */
  campaign_json: editorProject,
  /** The plain-text part; empty: made from the HTML when sent. */
  plain_text: z.string().max(100_000),
  /** Start now (start_time is set to the moment it is activated) or at start_time. */
  run_now: z.boolean(),
  start_time: instant,
  end_time: instant,
  sending_frequency: z.enum(SENDING_FREQUENCIES),
  /** The period of once_per_period, in days. */
  sending_period_days: z.number().int().min(1).max(365),
  track_opens: z.boolean(),
  track_clicks: z.boolean(),
};

/** The spec's draft defaults (trigger connect, value 1 day, run now) and ours. */
export const EMAIL_CAMPAIGN_DEFAULTS = {
  templateId: null,
  subject: '',
  active: false,
  campaign_type: 'email',
  trigger_type: 'connect',
  trigger_param: 1,
  trigger_param_type: 'days',
  email_type: 'Html',
  campaign_html: '',
  campaign_json: {},
  plain_text: '',
  run_now: true,
  start_time: null,
  end_time: null,
  sending_frequency: 'only_once',
  sending_period_days: 30,
  track_opens: true,
  track_clicks: true,
} as const;

export const emailCampaignCreateSchema = z
  .object({
    ...emailCampaignShape,
    templateId: emailCampaignShape.templateId.default(EMAIL_CAMPAIGN_DEFAULTS.templateId),
    active: emailCampaignShape.active.default(EMAIL_CAMPAIGN_DEFAULTS.active),
    campaign_type: emailCampaignShape.campaign_type.default('email'),
    trigger_type: emailCampaignShape.trigger_type.default('connect'),
    trigger_param: emailCampaignShape.trigger_param.default(EMAIL_CAMPAIGN_DEFAULTS.trigger_param),
    trigger_param_type: emailCampaignShape.trigger_param_type.default('days'),
    email_type: emailCampaignShape.email_type.default('Html'),
    campaign_html: emailCampaignShape.campaign_html.default(''),
    campaign_json: emailCampaignShape.campaign_json.default({}),
    plain_text: emailCampaignShape.plain_text.default(''),
    run_now: emailCampaignShape.run_now.default(true),
    start_time: emailCampaignShape.start_time.default(null),
    end_time: emailCampaignShape.end_time.default(null),
    sending_frequency: emailCampaignShape.sending_frequency.default('only_once'),
    sending_period_days: emailCampaignShape.sending_period_days.default(30),
    track_opens: emailCampaignShape.track_opens.default(true),
    track_clicks: emailCampaignShape.track_clicks.default(true),
  })
  .superRefine(datesInOrder)
  .superRefine(triggerValueFits);
export type EmailCampaignCreate = z.infer<typeof emailCampaignCreateSchema>;

/** PUT: any subset; the service checks the merged campaign (dates, trigger value) before it stores it. */
export const emailCampaignUpdateSchema = z
  .object(emailCampaignShape)
  .partial()
  .strict()
  .superRefine(datesInOrder)
  .superRefine(triggerValueFits);
export type EmailCampaignUpdate = z.infer<typeof emailCampaignUpdateSchema>;

export const campaignFiguresSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  unsubscribed: z.number().int(),
});
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;

export const emailCampaignSchema = z.object({
  id: z.number().int(),
  ...emailCampaignShape,
  state: z.enum(CAMPAIGN_STATES),
  figures: campaignFiguresSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type EmailCampaign = z.infer<typeof emailCampaignSchema>;
/** The list leaves out the heavy fields (campaign_html, campaign_json, plain_text). */
export const emailCampaignSummarySchema = emailCampaignSchema.omit({
  campaign_html: true,
  campaign_json: true,
  plain_text: true,
});
export const emailCampaignListSchema = z.object({
  campaigns: z.array(emailCampaignSummarySchema),
  can_write: z.boolean(),
});
export type EmailCampaignList = z.infer<typeof emailCampaignListSchema>;

export const campaignTestSendSchema = z.object({ email: emailField.optional() });

export const campaignTemplateSummarySchema = z.object({
  id: z.enum(CAMPAIGN_TEMPLATE_IDS),
  name: z.string(),
  description: z.string(),
  subject: z.string(),
  /** The template drawn as an email (sample merge values), for the gallery's thumbnails. */
  preview_html: z.string(),
});
export const campaignTemplateQuerySchema = z.object({ lang: z.enum(CAMPAIGN_TEMPLATE_LANGUAGES).default('en') });
export const campaignTemplateListSchema = z.object({ templates: z.array(campaignTemplateSummarySchema) });
export const campaignTemplateSchema = campaignTemplateSummarySchema.extend({
  campaign_html: z.string(),
  campaign_json: z.record(z.string(), z.unknown()),
  /** The template's MJML source (what the editor opens). */
  mjml: z.string(),
  plain_text: z.string(),
});
export type CampaignTemplate = z.infer<typeof campaignTemplateSchema>;

export const campaignRecipientSchema = z.object({
  id: z.number().int(),
  guest_id: z.number().int().nullable(),
  email: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  attempts: z.number().int(),
  last_error: z.string(),
  sent_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  clicked_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  created_at: z.string(),
});
export const campaignRecipientListSchema = z.object({
  recipients: z.array(campaignRecipientSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** The site's marketing settings: how guests' marketing consent is confirmed. */
export const campaignSettingsSchema = z.object({
  /** unknown/single: consent at login suffices; double: a confirmation email first; verified_double: and a verified email. */
  opt_in_type: z.enum(OPT_IN_TYPES),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

/** The account's own mail server for campaigns (null host: the server's SMTP_URL). */
export const mailSettingsUpdateSchema = z.object({
  smtp_host: z.string().trim().max(253),
  smtp_port: z.number().int().min(1).max(65535),
  /** tls: implicit TLS (465); starttls: upgrade (587); none: plain (tests, local relays). */
  smtp_security: z.enum(['tls', 'starttls', 'none']),
  smtp_username: z.string().trim().max(254),
  /** Omitted or empty keeps the stored password. */
  smtp_password: z.string().max(500).optional(),
  from_name: z.string().trim().max(120),
  from_email: z.union([emailField, z.literal('')]),
  /** Emails per minute at most (the mail server's pace). */
  send_rate_per_minute: z.number().int().min(1).max(10_000),
});
export const mailSettingsSchema = mailSettingsUpdateSchema.omit({ smtp_password: true }).extend({
  /** Masked: the last two characters, or '' when none is stored. */
  smtp_password_hint: z.string(),
  configured: z.boolean(),
  /** Whether the server has SMTP_URL to fall back on. */
  server_smtp: z.boolean(),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

// ---------------------------------------------------------------------------------------------------
// Splash-page ads

export const SPLASH_AD_RULE_FIELDS = ['visits', 'gender', 'age', 'day_of_week', 'hour', 'device_type', 'language'] as const;
export const SPLASH_AD_RULE_OPERATORS = ['eq', 'neq', 'gt', 'lt', 'gte', 'lte', 'in'] as const;
/**
 * One targeting rule. Values: visits, age, hour (0-23, the site's time), day_of_week (0 Sunday - 6) as
 * numbers; gender (female, male, other), device_type (phone, tablet, desktop, other), language (en, es...)
 * as strings; `in` takes a comma-separated list.
 */
export const splashAdRuleSchema = z.object({
  field: z.enum(SPLASH_AD_RULE_FIELDS),
  operator: z.enum(SPLASH_AD_RULE_OPERATORS),
  value: z.string().trim().min(1, MESSAGES.required).max(200),
});
export type SplashAdRule = z.infer<typeof splashAdRuleSchema>;

const splashAdShape = {
  templateId: z.string().max(60).nullable(),
  name: campaignName,
  splashad_html: z.string().max(CAMPAIGN_HTML_MAX),
  splashad_json: editorProject,
  /** Where a click on the ad leads (empty: no link). */
  link_url: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: MESSAGES.redirectUrl }).max(2000)]),
  placement: z.enum(SPLASH_AD_PLACEMENTS),
  autoskip: z.boolean(),
  /** Seconds before the ad skips itself (when autoskip), and before the skip button shows otherwise. */
  autoskiptime: z.number().int().min(1).max(AUTOSKIP_MAX_SECONDS),
  run_now: z.boolean(),
  start_time: instant,
  end_time: instant,
  /** The spec's 1/0. */
  active: z.union([z.literal(0), z.literal(1)]),
  trigger_type: z.enum(SPLASH_AD_TRIGGERS),
  trigger_param: z.number().int().min(0).max(1000).nullable(),
  rules_chaining: z.enum(['and', 'or']),
  enable_rules: z.boolean(),
  rules: z.array(splashAdRuleSchema).max(20),
};
export const SPLASH_AD_DEFAULTS = {
  templateId: null,
  name: 'Untitled Campaign',
  splashad_html: '',
  splashad_json: {},
  link_url: '',
  placement: 'before_login',
  autoskip: true,
  autoskiptime: 5,
  run_now: true,
  start_time: null,
  end_time: null,
  active: 1,
  trigger_type: 'always',
  trigger_param: null,
  rules_chaining: 'and',
  enable_rules: false,
  rules: [],
} as const;

export const splashAdCreateSchema = z
  .object({
    ...splashAdShape,
    templateId: splashAdShape.templateId.default(null),
    name: splashAdShape.name.default(SPLASH_AD_DEFAULTS.name),
    splashad_html: splashAdShape.splashad_html.default(''),
    splashad_json: splashAdShape.splashad_json.default({}),
    link_url: splashAdShape.link_url.default(''),
    placement: splashAdShape.placement.default('before_login'),
    autoskip: splashAdShape.autoskip.default(true),
    autoskiptime: splashAdShape.autoskiptime.default(5),
    run_now: splashAdShape.run_now.default(true),
    start_time: splashAdShape.start_time.default(null),
    end_time: splashAdShape.end_time.default(null),
    active: splashAdShape.active.default(1),
    trigger_type: splashAdShape.trigger_type.default('always'),
    trigger_param: splashAdShape.trigger_param.default(null),
    rules_chaining: splashAdShape.rules_chaining.default('and'),
    enable_rules: splashAdShape.enable_rules.default(false),
    rules: splashAdShape.rules.default([]),
  })
  .superRefine(datesInOrder);
export type SplashAdCreate = z.infer<typeof splashAdCreateSchema>;
export const splashAdUpdateSchema = z.object(splashAdShape).partial().strict().superRefine(datesInOrder);
export type SplashAdUpdate = z.infer<typeof splashAdUpdateSchema>;

export const splashAdSchema = z.object({
  id: z.number().int(),
  ...splashAdShape,
  state: z.enum(CAMPAIGN_STATES),
  impressions: z.number().int(),
  clicks: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SplashAd = z.infer<typeof splashAdSchema>;
export const splashAdListSchema = z.object({
  ads: z.array(splashAdSchema.omit({ splashad_html: true, splashad_json: true })),
  can_write: z.boolean(),
});

// ---------------------------------------------------------------------------------------------------
// Splash A/B tests and the login funnel

/** The funnel's stages, in order: the splash page shown, a login method chosen, a login sent, the controller's grant. */
export const FUNNEL_STAGES = ['impressions', 'method_chosen', 'submitted', 'granted'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export const funnelSchema = z.object(
  Object.fromEntries(FUNNEL_STAGES.map((s) => [s, z.number().int()])) as Record<FunnelStage, z.ZodNumber>,
);
export type Funnel = z.infer<typeof funnelSchema>;

export const abVariantInputSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.required).max(60),
  /** Percent of the site's guests shown this variant. */
  weight: z.number().int().min(1).max(99),
  /** The splash design's fields that differ from the site's design (empty: the site's design as it is). */
  design: splashDesignChangesSchema,
});
export const abTestCreateSchema = z
  .object({
    name: campaignName,
    variants: z.array(abVariantInputSchema).min(2, CAMPAIGN_MESSAGES.variantsNeeded).max(4, CAMPAIGN_MESSAGES.variantsNeeded),
  })
  .superRefine((v, ctx) => {
    if (v.variants.reduce((sum, x) => sum + x.weight, 0) !== 100)
      ctx.addIssue({ code: 'custom', path: ['variants'], message: CAMPAIGN_MESSAGES.weightsSum });
  });
export type AbTestCreate = z.infer<typeof abTestCreateSchema>;
export const abTestEndSchema = z.object({ keep_variant_id: z.number().int().positive() });

export const abVariantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  weight: z.number().int(),
  design: z.record(z.string(), z.unknown()),
  funnel: funnelSchema,
  /** granted / impressions, 0-1. */
  conversion: z.number(),
  /** The chance this variant converts best of all, 0-1 (Bayesian, from the funnel so far). */
  chance_to_win: z.number(),
});
export const abTestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['running', 'ended']),
  variants: z.array(abVariantSchema),
  /** The leading variant and how sure that is, in plain words the page shows (null: too early to say). */
  verdict: z.object({ variant_id: z.number().int(), chance_to_win: z.number(), sure: z.boolean() }).nullable(),
  kept_variant_id: z.number().int().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
});
export type AbTest = z.infer<typeof abTestSchema>;
export const abTestListSchema = z.object({ tests: z.array(abTestSchema), funnel: funnelSchema, can_write: z.boolean() });
export type AbTestList = z.infer<typeof abTestListSchema>;
/** The site's funnel over local days (YYYY-MM-DD, both included; default the last 30 days). */
export const funnelQuerySchema = z.object({ fromdate: z.iso.date().optional(), todate: z.iso.date().optional() });
export const funnelAnswerSchema = z.object({ fromdate: z.string(), todate: z.string(), funnel: funnelSchema });
export type FunnelAnswer = z.infer<typeof funnelAnswerSchema>;
