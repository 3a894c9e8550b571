import type { FastifyInstance } from 'fastify';
import { ACCOUNT_API, SITE_API } from '../../../platform/area.ts';
import type { IntegrationDeps } from '../deps.ts';
import { createOAuthRepo } from './oauth.repo.ts';
import { oauthCallbackRoutes, oauthStartRoutes } from './oauth.routes.ts';
import { createOAuthService } from './oauth.service.ts';

/** Connecting HubSpot and Mailchimp by their OAuth: the start (site-scoped) and the vendor's callback (account-scoped). */
export async function registerIntegrationOAuth(app: FastifyInstance, deps: IntegrationDeps): Promise<void> {
  const service = createOAuthService({
    config: deps.config,
    secrets: deps.secrets,
    sites: deps.sites,
    repo: createOAuthRepo(deps.db),
    stateKey: deps.deriveKey('integrations.oauth'),
  });
  await app.register(oauthStartRoutes(service), { prefix: SITE_API });
  await app.register(oauthCallbackRoutes(service), { prefix: ACCOUNT_API });
}
