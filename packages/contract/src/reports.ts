import { z } from 'zod';
import { emailField } from './common.ts';
import { REPORT_MESSAGES } from './messages/reports.ts';

/**
 * Scheduled reports: a site's client report (site settings → Client reports) and the control panel's
 * report across the account's sites (`/app/settings-view/configure-reports`, permission `reports`).
 * Both have the same settings; the control panel's is kept with `site_id` null.
 */
export const REPORT_FREQUENCIES = ['never', 'daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** The figures a report can hold, in the order it shows them. */
export const REPORT_FIGURES = [
  'guests',
  'new_guests',
  'logins',
  'dwell_time',
  'bounce_rate',
  'busiest_hours',
  'vouchers',
  'revenue',
] as const;
export type ReportFigure = (typeof REPORT_FIGURES)[number];

export const REPORT_LANGUAGES = ['en-US', 'es-ES'] as const;
export const REPORT_MAX_RECIPIENTS = 20;

/** 0 = Sunday … 6 = Saturday, as `Date.getDay()`. */
const dayOfWeek = z.number().int().min(0).max(6);
/** Days 29–31 do not exist in every month: a monthly report is sent on day 1–28. */
const dayOfMonth = z.number().int().min(1).max(28);

export const reportSettingsSchema = z
  .strictObject({
    frequency: z.enum(REPORT_FREQUENCIES, { error: REPORT_MESSAGES.unknownFrequency }),
    /** For weekly reports. */
    day_of_week: dayOfWeek,
    /** For monthly reports. */
    day_of_month: dayOfMonth,
    /** The local hour (0–23) in the site's time zone (the control panel's: `time_zone`). */
    hour: z.number().int().min(0).max(23),
    /** IANA zone of the control panel's report; a site's report uses the site's zone and ignores it. */
    time_zone: z.string().trim().max(64),
    recipients: z.array(emailField).max(REPORT_MAX_RECIPIENTS),
    figures: z
      .array(z.enum(REPORT_FIGURES, { error: REPORT_MESSAGES.unknownFigure }))
      .min(1)
      .max(REPORT_FIGURES.length),
    /** The language of the email for recipients who are not users of the account (users get their own). */
    language: z.enum(REPORT_LANGUAGES),
  })
  .superRefine((v, ctx) => {
    if (v.frequency !== 'never' && v.recipients.length === 0)
      ctx.addIssue({ code: 'custom', path: ['recipients'], message: REPORT_MESSAGES.recipientsRequired });
  });
export type ReportSettings = z.output<typeof reportSettingsSchema>;

export const DEFAULT_REPORT_SETTINGS: ReportSettings = {
  frequency: 'never',
  day_of_week: 1,
  day_of_month: 1,
  hour: 8,
  time_zone: 'UTC',
  recipients: [],
  figures: [...REPORT_FIGURES],
  language: 'en-US',
};

/** What GET answers: the settings plus when the next one goes and how the last went. */
export interface ReportSettingsView extends ReportSettings {
  /** ISO instant of the next scheduled send, null when the frequency is never. */
  next_run_at: string | null;
  last_sent_at: string | null;
  last_error: string | null;
  /** Emails of the site's clients and the account's admins, offered as recipients. */
  suggested_recipients: { email: string; name: string; role: 'owner' | 'admin' | 'client' }[];
}

/** `POST …/reports/test`: send the report of the last full period now, to these addresses or the saved ones. */
export const reportTestSchema = z.strictObject({ recipients: z.array(emailField).max(REPORT_MAX_RECIPIENTS).optional() });
export interface ReportTestAnswer {
  message: string;
  sent_to: string[];
}

export const REPORT_PATHS = {
  /** GET / PUT the site's client report. */
  site: '/s/:siteId/api/v1/reports/settings',
  siteTest: '/s/:siteId/api/v1/reports/test',
  /** GET / PUT the control panel's report across sites. */
  account: '/a/api/v1/reports/settings',
  accountTest: '/a/api/v1/reports/test',
} as const;
