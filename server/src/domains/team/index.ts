import type { Area } from '../../platform/area.ts';
import { ACCOUNT_API, SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { createBrandingReader } from '../branding/index.ts';
import { createDashboardAddress } from '../custom-domain/dashboard-address.ts';
import { profilesOf } from '../profile/index.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { createTeamRepo } from './team.repo.ts';
import { teamAccountRoutes, teamSiteRoutes } from './team.routes.ts';
import { createTeamService } from './team.service.ts';

type Deps = Pick<AppContext, 'db' | 'accounts' | 'config' | 'sessions' | 'rateLimiter' | 'mailer'> & { sites: SiteAccess };

/**
 * The account's admins and clients, their emailed invitations and the record of changes to them:
 * /a/api/v1/admins/, /a/api/v1/clients/, /a/api/v1/invitation/{token}, /s/{siteId}/api/v1/clientaccess/.
 */
export const teamArea: Area<Deps> = {
  name: 'team',
  register: async (app, deps) => {
    const branding = createBrandingReader(deps.db, {
      publicUrl: deps.config.publicUrl,
      billingEnabled: deps.config.stripe.enabled,
    });
    const dashboardUrlOf = createDashboardAddress(deps.db, deps.config.publicUrl);
    const team = createTeamService({
      ...deps,
      team: createTeamRepo(deps.db),
      sitesRepo: createSitesRepo(deps.db),
      profiles: profilesOf(deps),
      invitationBrand: async (accountId) => {
        const [texts, brand, linkBase] = await Promise.all([
          branding.inviteTexts(accountId),
          branding.brand(accountId, false),
          dashboardUrlOf(accountId),
        ]);
        return {
          texts: texts ?? undefined,
          productName: brand.logo?.app_name || undefined,
          linkBase,
        };
      },
    });
    await app.register(teamAccountRoutes(deps, team), { prefix: ACCOUNT_API });
    await app.register(teamSiteRoutes(team), { prefix: SITE_API });
  },
};
