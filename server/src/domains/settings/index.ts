import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { Controllers } from '../routers/controllers.ts';
import { routerStatusOf } from '../routers/index.ts';
import { createSmsGatewaysRepo } from '../sms/sms-gateways.repo.ts';
import { createMacEntriesRepo } from '../whitelist/mac-entries.repo.ts';
import { settingsSummaryRoutes } from './settings-summary.routes.ts';
import { createSettingsSummaryService } from './settings-summary.service.ts';

type Deps = Pick<AppContext, 'db' | 'secrets' | 'config' | 'siteChanges'> & { sites: SiteAccess; controllers: Controllers };

/** The settings list's summary of a site: /s/{siteId}/api/v1/settings/summary. */
export const settingsArea: Area<Deps> = {
  name: 'settings',
  register: async (app, deps) => {
    const service = createSettingsSummaryService({
      sites: deps.sites,
      routerStatus: routerStatusOf(deps),
      smsGateways: createSmsGatewaysRepo(deps.db, deps.secrets),
      macEntries: createMacEntriesRepo(deps.db),
    });
    await app.register(settingsSummaryRoutes(service), { prefix: SITE_API });
  },
};
