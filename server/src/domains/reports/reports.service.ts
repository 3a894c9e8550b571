import {
  DEFAULT_REPORT_SETTINGS,
  messageText,
  type ReportSettings,
  type ReportSettingsView,
  type ReportTestAnswer,
} from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, AppError, fieldError, notFound } from '../../platform/errors.ts';
import { requireAdmin, type Actor } from '../../platform/access.ts';
import type { SiteAccess, SiteRow } from '../../platform/site-access.ts';
import type { SitesRepo } from '../sites/sites.repo.ts';
import type { SystemTiles } from '../dashboard/index.ts';
import type { BrandingReader } from '../branding/index.ts';
import { renderReport } from './render/render-report.ts';
import type { ReportLang, ReportRenderInput } from './report-types.ts';
import { collectFigures, type ReportSite } from './collect.ts';
import type { ReportOwner, ReportScheduleRow, ReportsRepo } from './reports.repo.ts';
import { isTimeZone, nextRunAt, periodBefore, periodOfRun, type ReportPeriod } from './schedule.ts';

export type ReportsDeps = Pick<AppContext, 'accounts' | 'mailer' | 'rateLimiter' | 'config' | 'log'> & {
  sites: SiteAccess;
  sitesRepo: Pick<SitesRepo, 'allOfAccount' | 'byId'>;
  reports: ReportsRepo;
  tiles: SystemTiles;
  branding: Pick<BrandingReader, 'brand' | 'emailBrand'>;
};

/** 'Send a test now': so many a minute per site (or per account for the control panel's report). */
export const TEST_SENDS_PER_MINUTE = 5;
const DEFAULT_ACCENT = '#1976d2';
const PRODUCT_NAME = 'Splashboard';

type Suggested = ReportSettingsView['suggested_recipients'][number];

/** Who the report is for, as access decided it: the site (with its row) or the account's control panel. */
interface Target {
  owner: ReportOwner;
  site: SiteRow | null;
}

/**
 * Scheduled reports: each site's (permission `reports` at the site) and the control panel's across the
 * account's sites (account admins). Settings, 'Send a test now', and the composing of one run, which the
 * dispatch job and the test share.
 */
export function createReportsService(deps: ReportsDeps) {
  const { reports } = deps;

  async function siteTarget(actor: Actor | null, siteId: number, mode: 'read' | 'write'): Promise<Target> {
    const { row } = await deps.sites.siteFor(actor, siteId, 'reports', mode);
    return { owner: { accountId: row.accountId, siteId: row.id }, site: row };
  }

  function accountTarget(actorIn: Actor | null, mode: 'read' | 'write'): Target {
    const actor = requireAdmin(actorIn);
    if (mode === 'write' && !actor.subscriptionActive) throw forbidden('common.subscriptionExpired');
    return { owner: { accountId: actor.accountId, siteId: null }, site: null };
  }

  /** The zone a schedule's hours are in: the site's, or the control panel's own setting. */
  const zoneOf = (site: SiteRow | null, settings: ReportSettings) =>
    site ? site.timezone : isTimeZone(settings.time_zone) ? settings.time_zone : 'UTC';

  const defaultsFor = (site: SiteRow | null): ReportSettings => ({
    ...DEFAULT_REPORT_SETTINGS,
    time_zone: site?.timezone ?? DEFAULT_REPORT_SETTINGS.time_zone,
  });

  /** The account's owner and admins, and (for a site) the clients who may see it. */
  async function suggested(target: Target): Promise<Suggested[]> {
    const { accountId } = target.owner;
    const ownerId = await deps.accounts.ownerIdOf(accountId);
    const admins = await deps.accounts.membersOf(accountId, 'admin');
    const out: Suggested[] = admins.map((u) => ({ email: u.email, name: u.name, role: u.id === ownerId ? 'owner' : 'admin' }));
    if (target.site) {
      const seeing = new Set(
        (await deps.accounts.clientAccessAtSite(target.site.id)).filter((r) => r.level !== 'none').map((r) => r.userId),
      );
      for (const c of await deps.accounts.membersOf(accountId, 'client'))
        if (seeing.has(c.id)) out.push({ email: c.email, name: c.name, role: 'client' });
    }
    return out;
  }

  async function view(target: Target): Promise<ReportSettingsView> {
    const row = await reports.scheduleOf(target.owner);
    const settings = row ? { ...defaultsFor(target.site), ...row.settings } : defaultsFor(target.site);
    if (target.site) settings.time_zone = target.site.timezone;
    const outcome = row ? await reports.lastOutcome(row.id) : { lastSentAt: null, lastError: null };
    return {
      ...settings,
      next_run_at: row?.nextRunAt?.toISOString() ?? null,
      last_sent_at: outcome.lastSentAt?.toISOString() ?? null,
      last_error: outcome.lastError,
      suggested_recipients: await suggested(target),
    };
  }

  async function save(target: Target, input: ReportSettings): Promise<ReportSettingsView> {
    const settings: ReportSettings = { ...input, recipients: [...new Set(input.recipients)] };
    if (target.site) settings.time_zone = target.site.timezone;
    else if (!settings.time_zone) settings.time_zone = DEFAULT_REPORT_SETTINGS.time_zone;
    else if (!isTimeZone(settings.time_zone))
      throw new AppError(422, 'reports.updateFailed', { schemaErrors: { time_zone: [messageText('common.unknownTimeZone')] } });
    await reports.save(target.owner, settings, nextRunAt(settings, zoneOf(target.site, settings), new Date()));
    return view(target);
  }

  async function testNow(target: Target, given: string[] | undefined): Promise<ReportTestAnswer> {
    const key = target.site ? `reports.test:site:${target.site.id}` : `reports.test:account:${target.owner.accountId}`;
    await deps.rateLimiter.consume(key, TEST_SENDS_PER_MINUTE, 60);
    let row = await reports.scheduleOf(target.owner);
    const settings = row?.settings ?? defaultsFor(target.site);
    const recipients = [...new Set(given ?? settings.recipients)];
    if (recipients.length === 0) throw fieldError('recipients', 'reports.recipientsRequired');
    // A run belongs to a schedule: one that was never saved is kept with the defaults (never sent on its own).
    row ??= await reports.save(target.owner, settings, null);
    const frequency = settings.frequency === 'never' ? 'weekly' : settings.frequency;
    const period = periodBefore(frequency, new Date(), zoneOf(target.site, settings));
    const runId = await reports.insertTest({ scheduleId: row.id, periodStart: period.start, periodEnd: period.end, recipients });
    // A failure is kept on the run (sendRun records it); the operator is told below.
    await sendRun(runId).catch(() => undefined);
    const run = await reports.runById(runId);
    if (run?.status !== 'sent') throw new AppError(502, 'reports.testFailed', { params: { detail: run?.error ?? '' } });
    return { message: messageText('reports.testSent', { n: recipients.length }), sent_to: recipients };
  }

  /** The sites a schedule covers, as the dashboard reads them, and the site's row for a site's report. */
  async function sitesOf(schedule: ReportScheduleRow): Promise<{ site: SiteRow | null; sites: SiteRow[] }> {
    if (schedule.siteId === null) return { site: null, sites: await deps.sitesRepo.allOfAccount(schedule.accountId) };
    const site = await deps.sitesRepo.byId(schedule.siteId);
    if (!site) throw notFound('common.siteNotFound');
    return { site, sites: [site] };
  }

  async function brandOf(accountId: number): Promise<ReportRenderInput['brand']> {
    const [brand, email] = await Promise.all([deps.branding.brand(accountId, false), deps.branding.emailBrand(accountId)]);
    const logo = email?.logoUrl || brand.logo?.logo_image || '';
    return {
      productName: brand.logo?.app_name || email?.senderName || PRODUCT_NAME,
      logoUrl: logo ? (logo.startsWith('/') ? `${deps.config.publicUrl}${logo}` : logo) : null,
      accentColor: email?.accentColor || brand.header?.background_color || DEFAULT_ACCENT,
    };
  }

  /** Each recipient's language: a user of the account reads their own, anyone else the report's. */
  async function languagesOf(accountId: number, recipients: string[], fallback: ReportLang) {
    const users = [
      ...(await deps.accounts.membersOf(accountId, 'admin')),
      ...(await deps.accounts.membersOf(accountId, 'client')),
    ];
    const byEmail = new Map(users.map((u) => [u.email.toLowerCase(), u.language]));
    const groups = new Map<ReportLang, string[]>();
    for (const to of recipients) {
      const lang = asLang(byEmail.get(to.toLowerCase())) ?? fallback;
      groups.set(lang, [...(groups.get(lang) ?? []), to]);
    }
    return groups;
  }

  /**
   * Composes a run's report (one render per language) and sends it to each recipient on their own, through
   * the mailer (its outbox and delivery retries). The run ends sent, or failed with the error (and the
   * error is thrown, so that the job is tried again).
   */
  async function sendRun(runId: number): Promise<void> {
    const run = await reports.runById(runId);
    if (!run || run.status === 'sent') return;
    try {
      const schedule = await reports.scheduleById(run.scheduleId);
      if (!schedule) return;
      const settings = { ...DEFAULT_REPORT_SETTINGS, ...schedule.settings };
      const { site, sites } = await sitesOf(schedule);
      const zone = zoneOf(site, settings);
      const period = periodOfRun(run.periodStart, run.periodEnd, zone);
      const account = await deps.accounts.accountById(schedule.accountId);
      const input = await renderInput(schedule, settings, site, sites, period, account?.name ?? '');
      const groups = await languagesOf(schedule.accountId, run.recipients, asLang(settings.language) ?? 'en-US');
      // Every language is drawn before any email is queued, so a render that fails (and is retried) has sent nothing.
      const rendered = await Promise.all(
        [...groups].map(async ([lang, recipients]) => ({ recipients, report: await renderReport({ ...input, lang }) })),
      );
      for (const { recipients, report } of rendered)
        for (const to of recipients)
          await deps.mailer.send({
            to,
            accountId: schedule.accountId,
            ownLayout: true,
            subject: report.subject,
            text: report.text,
            html: report.html,
            attachments: report.attachments,
          });
      await reports.finishRun(runId, { status: 'sent' });
    } catch (err) {
      await reports.finishRun(runId, { status: 'failed', error: err instanceof Error ? err.message : String(err) });
      throw err;
    }
  }

  async function renderInput(
    schedule: ReportScheduleRow,
    settings: ReportSettings,
    site: SiteRow | null,
    sites: SiteRow[],
    period: ReportPeriod,
    accountName: string,
  ): Promise<Omit<ReportRenderInput, 'lang'>> {
    const reportSites: ReportSite[] = sites.map((s) => ({
      id: s.id,
      name: s.name,
      timezone: s.timezone,
      currency: s.currency,
      paid: s.authMethods.includes('payment'),
    }));
    const figures = await collectFigures(deps.tiles, reportSites, site ? site.timezone : null, period, settings.figures);
    const path = site ? `/newapp/app/site/${site.id}` : '/newapp/app/reports/dashboard';
    return {
      siteName: site?.name ?? null,
      siteCount: sites.length,
      accountName,
      frequency: settings.frequency === 'never' ? 'weekly' : settings.frequency,
      period: {
        from: period.from,
        to: period.to,
        previousFrom: period.previousFrom,
        previousTo: period.previousTo,
        timeZone: period.timeZone,
      },
      figures,
      chosen: settings.figures,
      brand: await brandOf(schedule.accountId),
      dashboardUrl: `${deps.config.publicUrl}${path}`,
    };
  }

  return {
    getSite: async (actor: Actor | null, siteId: number) => view(await siteTarget(actor, siteId, 'read')),
    saveSite: async (actor: Actor | null, siteId: number, input: ReportSettings) =>
      save(await siteTarget(actor, siteId, 'write'), input),
    testSite: async (actor: Actor | null, siteId: number, recipients: string[] | undefined) =>
      testNow(await siteTarget(actor, siteId, 'write'), recipients),
    getAccount: async (actor: Actor | null) => view(accountTarget(actor, 'read')),
    saveAccount: async (actor: Actor | null, input: ReportSettings) => save(accountTarget(actor, 'write'), input),
    testAccount: async (actor: Actor | null, recipients: string[] | undefined) =>
      testNow(accountTarget(actor, 'write'), recipients),
    sendRun,
    zoneOfSchedule: async (schedule: ReportScheduleRow) => zoneOf((await sitesOf(schedule)).site, schedule.settings),
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;

const asLang = (v: string | undefined): ReportLang | undefined => (v === 'en-US' || v === 'es-ES' ? v : undefined);
