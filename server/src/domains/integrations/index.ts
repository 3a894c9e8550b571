import type { Area } from '../../platform/area.ts';
import type { IntegrationDeps } from './deps.ts';
import { registerIntegrationDelivery } from './delivery/delivery-part.ts';
import { registerIntegrationSettings } from './settings/settings-part.ts';
import { registerIntegrationOAuth } from './oauth/oauth-part.ts';

/**
 * Integrations (permission integrations): each site's CRM and email-marketing tools, their settings and
 * connection (settings/), and the delivery of consenting guests to them through the job queue, with
 * erasure and withdrawn consent following (delivery/). Vendors' calls are in adapters/integrations/.
 * Paths in packages/contract/src/integrations.ts.
 */
export const integrationsArea: Area<IntegrationDeps> = {
  name: 'integrations',
  register: async (app, deps) => {
    await registerIntegrationDelivery(app, deps);
    await registerIntegrationSettings(app, deps);
    await registerIntegrationOAuth(app, deps);
  },
};
