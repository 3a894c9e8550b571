import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { createSmsGatewaysRepo } from './sms-gateways.repo.ts';
import { createSmsSender, type SmsSender } from './sms-sender.ts';
import { smsRoutes } from './sms.routes.ts';
import { createSmsService } from './sms.service.ts';

type Deps = Pick<AppContext, 'db' | 'secrets' | 'log' | 'rateLimiter'> & { sites: SiteAccess };

/** Sends a text through a site's SMS gateway (guests' codes, the operator's test). */
export const smsSenderOf = (deps: Pick<Deps, 'db' | 'secrets' | 'log'>): SmsSender =>
  createSmsSender({ gateways: createSmsGatewaysRepo(deps.db, deps.secrets), log: deps.log });

/** A site's SMS gateway settings and its test send: /s/{siteId}/api/v1/smsgateway/. */
export const smsArea: Area<Deps> = {
  name: 'sms',
  register: async (app, deps) => {
    const gateways = createSmsGatewaysRepo(deps.db, deps.secrets);
    const service = createSmsService({ ...deps, gateways, sender: smsSenderOf(deps) });
    await app.register(smsRoutes(service), { prefix: SITE_API });
  },
};
