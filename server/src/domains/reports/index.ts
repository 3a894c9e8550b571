import type { Area } from '../../platform/area.ts';
import { ACCOUNT_API, SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { createBrandingReader } from '../branding/index.ts';
import { createSystemTiles } from '../dashboard/index.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { registerReportJobs } from './reports.jobs.ts';
import { createReportsRepo } from './reports.repo.ts';
import { reportsAccountRoutes, reportsSiteRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';

export { REPORTS_DISPATCH_JOB, REPORT_SEND_JOB } from './reports.jobs.ts';

type Deps = Pick<AppContext, 'db' | 'reads' | 'accounts' | 'mailer' | 'rateLimiter' | 'config' | 'log' | 'jobs'> & {
  sites: SiteAccess;
};

/**
 * Scheduled reports: a site's client report and the control panel's across the account's sites, their
 * settings and 'Send a test now' (/s/{siteId}/api/v1/reports/…, /a/api/v1/reports/…), and the dispatch job
 * that sends them on schedule through the mailer.
 */
export const reportsArea: Area<Deps> = {
  name: 'reports',
  register: async (app, deps) => {
    const reports = createReportsRepo(deps.db);
    const service = createReportsService({
      ...deps,
      sitesRepo: createSitesRepo(deps.db),
      reports,
      // A report's figures are the dashboard's tiles of a past period: the read replica's reads.
      tiles: createSystemTiles(deps.reads),
      branding: createBrandingReader(deps.db, { publicUrl: deps.config.publicUrl, billingEnabled: deps.config.stripe.enabled }),
    });
    registerReportJobs({ jobs: deps.jobs, log: deps.log, reports, service });
    await app.register(reportsSiteRoutes(service), { prefix: SITE_API });
    await app.register(reportsAccountRoutes(service), { prefix: ACCOUNT_API });
  },
};
