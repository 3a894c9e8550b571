import type { FastifyInstance } from 'fastify';
import { SITE_API } from '../../../platform/area.ts';
import type { CampaignDeps } from '../deps.ts';
import { abTestsRoutes } from './ab-tests.routes.ts';
import { createAbTestsService } from './ab-tests.service.ts';

/** Splash A/B tests and the login funnel (the portal counts the funnel: portal/funnel/). */
export async function registerAbTests(app: FastifyInstance, deps: CampaignDeps): Promise<void> {
  await app.register(abTestsRoutes(createAbTestsService(deps)), { prefix: SITE_API });
}
