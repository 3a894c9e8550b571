import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { positiveIdParam, REPORT_PATHS, reportSettingsSchema, reportTestSchema } from '@splashboard/contract';
import type { ReportsService } from './reports.service.ts';

const tags = ['Reports'];
const site = z.object({ siteId: positiveIdParam });
/** The paths below the scope's prefix (/s/{siteId}/api/v1 or /a/api/v1). */
const below = (path: string) => path.replace(/^\/(s\/:siteId|a)\/api\/v1/, '');

/** `/s/{siteId}/api/v1/reports/…`: the site's client report. */
export const reportsSiteRoutes =
  (reports: ReportsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      below(REPORT_PATHS.site),
      { schema: { tags, summary: "The site's scheduled report: settings, next send, last outcome", params: site } },
      async (r) => reports.getSite(r.actor, r.params.siteId),
    );
    app.put(
      below(REPORT_PATHS.site),
      {
        // A body the contract refuses answers the spec's message, with each field's problem.
        config: { validationCode: 'reports.updateFailed' },
        schema: { tags, summary: "Saves the site's scheduled report", params: site, body: reportSettingsSchema },
      },
      async (r) => reports.saveSite(r.actor, r.params.siteId, r.body),
    );
    app.post(
      below(REPORT_PATHS.siteTest),
      {
        schema: {
          tags,
          summary: "Sends the site's report of the last complete period now, to the given or the saved recipients",
          params: site,
          body: reportTestSchema,
        },
      },
      async (r) => reports.testSite(r.actor, r.params.siteId, r.body.recipients),
    );
  };

/** `/a/api/v1/reports/…`: the control panel's report across the account's sites. */
export const reportsAccountRoutes =
  (reports: ReportsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      below(REPORT_PATHS.account),
      { schema: { tags, summary: "The control panel's scheduled report across the account's sites" } },
      async (r) => reports.getAccount(r.actor),
    );
    app.put(
      below(REPORT_PATHS.account),
      {
        config: { validationCode: 'reports.updateFailed' },
        schema: { tags, summary: "Saves the control panel's scheduled report", body: reportSettingsSchema },
      },
      async (r) => reports.saveAccount(r.actor, r.body),
    );
    app.post(
      below(REPORT_PATHS.accountTest),
      {
        schema: {
          tags,
          summary: "Sends the control panel's report of the last complete period now",
          body: reportTestSchema,
        },
      },
      async (r) => reports.testAccount(r.actor, r.body.recipients),
    );
  };
