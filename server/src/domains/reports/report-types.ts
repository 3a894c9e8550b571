import type { ReportFigure, ReportFrequency } from '@splashboard/contract';
import type { MailAttachment } from '../../platform/mailer.ts';

export type ReportLang = 'en-US' | 'es-ES';

/** A figure of the period beside the same figure of the period before. */
export interface Compared {
  current: number;
  previous: number;
}

/**
 * What a report shows, each figure as the dashboard's tile of the same name answers it for the same sites
 * and period (collect.ts reads them through the dashboard's tiles). A figure not chosen is absent.
 */
export interface ReportFigures {
  guests?: Compared;
  new_guests?: Compared;
  logins?: Compared;
  /** Minutes. */
  dwell_time?: Compared;
  /** Percent, 0–100. */
  bounce_rate?: Compared;
  /** Logins per local hour 0–23 over the period (the guest activity tile). */
  busiest_hours?: { current: number[]; previous: number[] };
  vouchers?: { activated: Compared; active: number; unused: number; expiring: number };
  /** Minor units of `currency`; absent where paid Wi-Fi is off. */
  revenue?: { currency: string; collected: Compared };
  /** Guests and logins per local day of the period, for the trend chart. */
  daily: { day: string; guests: number; logins: number }[];
}

export interface ReportRenderInput {
  lang: ReportLang;
  /** The site's name, or null for the control panel's report across `siteCount` sites. */
  siteName: string | null;
  siteCount: number;
  accountName: string;
  frequency: Exclude<ReportFrequency, 'never'>;
  /** Local days (YYYY-MM-DD), inclusive, of the period and of the one it is compared with. */
  period: { from: string; to: string; previousFrom: string; previousTo: string; timeZone: string };
  figures: ReportFigures;
  chosen: ReportFigure[];
  /** The operator's brand where branding is set (product name, logo, accent colour). */
  brand: { productName: string; logoUrl: string | null; accentColor: string };
  /** Where the dashboard of these sites opens. */
  dashboardUrl: string;
}

export interface RenderedReport {
  subject: string;
  html: string;
  text: string;
  /** The charts (inline, by cid) and the PDF. */
  attachments: MailAttachment[];
}
