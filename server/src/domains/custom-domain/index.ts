import type { Area } from '../../platform/area.ts';
import { ACCOUNT_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import { createCustomDomainsRepo } from './custom-domains.repo.ts';
import { CUSTOM_DOMAIN_CHECK_JOB, CUSTOM_DOMAIN_SWEEP_JOB, createCustomDomainService } from './custom-domain.service.ts';
import { customDomainHostRoutes, customDomainRoutes } from './custom-domain.routes.ts';

type Deps = Pick<AppContext, 'db' | 'jobs' | 'log' | 'config'>;

/**
 * An account's white-label domain: /a/api/v1/branding/domain, its checks (queued on entry, on demand and
 * every minute while In Process), the token path it is checked at, and Caddy's on-demand TLS `ask`.
 */
export const customDomainArea: Area<Deps> = {
  name: 'custom-domain',
  register: async (app, deps) => {
    const service = createCustomDomainService({ ...deps, domains: createCustomDomainsRepo(deps.db) });
    deps.jobs.register(CUSTOM_DOMAIN_CHECK_JOB, ({ accountId }) => service.runCheck(accountId));
    deps.jobs.register(CUSTOM_DOMAIN_SWEEP_JOB, () => service.queueInProcess());
    deps.jobs.schedule(CUSTOM_DOMAIN_SWEEP_JOB, '* * * * *');
    await app.register(customDomainRoutes(service), { prefix: ACCOUNT_API });
    await app.register(customDomainHostRoutes(service, deps.config.customDomain.askFrom));
  },
};
