import { REPORT_PATHS, emailField, type ReportSettings, type ReportSettingsView } from '@splashboard/contract';

/** The report's API for a site, or the control panel's (site 0) across the account's sites. */
export function reportApi(siteId: number) {
  return siteId === 0
    ? { settings: REPORT_PATHS.account, test: REPORT_PATHS.accountTest }
    : {
        settings: REPORT_PATHS.site.replace(':siteId', String(siteId)),
        test: REPORT_PATHS.siteTest.replace(':siteId', String(siteId)),
      };
}

/** The settings of a GET answer, as the form edits them and PUT takes them. */
export function settingsOf(view: ReportSettingsView): ReportSettings {
  return {
    frequency: view.frequency,
    day_of_week: view.day_of_week,
    day_of_month: view.day_of_month,
    hour: view.hour,
    time_zone: view.time_zone,
    recipients: [...view.recipients],
    figures: [...view.figures],
    language: view.language,
  };
}

/** A typed address as the server keeps it (trimmed, lower case), or null when it is not an address. */
export function addressOf(typed: string): string | null {
  const checked = emailField.safeParse(typed);
  return checked.success ? checked.data : null;
}

/** The 24 hours of the day, 0–23. */
export const HOURS = Array.from({ length: 24 }, (_, h) => h);
/** Days 1–28. */
export const MONTH_DAYS = Array.from({ length: 28 }, (_, d) => d + 1);

/** The weekday names in `lang`, Sunday first (0 = Sunday, as the contract's day_of_week). */
export function weekdayNames(lang: string): string[] {
  const format = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
  // 7 January 2024 was a Sunday.
  return Array.from({ length: 7 }, (_, d) => format.format(new Date(Date.UTC(2024, 0, 7 + d))));
}

/** 08:00 */
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The IANA time zones the browser knows, with `current` among them. */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set(['UTC', ...known]);
  if (current) zones.add(current);
  return [...zones];
}

/** A schema_errors key's field: `recipients.2` is `recipients`, with the index. */
export function fieldOfKey(key: string): { field: string; index: number | null } {
  const [field = '', index] = key.split('.');
  return { field, index: index !== undefined && /^\d+$/.test(index) ? Number(index) : null };
}
