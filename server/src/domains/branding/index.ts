import type { Area } from '../../platform/area.ts';
import { ACCOUNT_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import { createCustomDomainsRepo } from '../custom-domain/custom-domains.repo.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { createBrandingRepo } from './branding.repo.ts';
import { createBrandingReader } from './branding.reader.ts';
import { brandingRoutes } from './branding.routes.ts';
import { createBrandingService } from './branding.service.ts';

export { createBrandingReader, type BrandingReader } from './branding.reader.ts';

type Deps = Pick<AppContext, 'db' | 'config' | 'storage' | 'siteChanges' | 'mailer'>;

/**
 * The account's branding (provider plan): /a/api/v1/branding/{section}, its images, and the public brand
 * the dashboard starts with (/a/api/v1/brand). Emails sent for an account take its email branding here.
 */
export const brandingArea: Area<Deps> = {
  name: 'branding',
  register: async (app, deps) => {
    const reader = createBrandingReader(deps.db, {
      publicUrl: deps.config.publicUrl,
      billingEnabled: deps.config.stripe.enabled,
    });
    deps.mailer.useBrand((accountId) => reader.emailBrand(accountId));
    const domains = createCustomDomainsRepo(deps.db);
    const service = createBrandingService({
      ...deps,
      branding: createBrandingRepo(deps.db),
      reader,
      sites: createSitesRepo(deps.db),
      accountIdForHost: (host) => domains.accountIdForHost(host),
    });
    await app.register(brandingRoutes(service), { prefix: ACCOUNT_API });
  },
};
