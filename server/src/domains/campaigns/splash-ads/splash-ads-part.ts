import type { FastifyInstance } from 'fastify';
import { SITE_API } from '../../../platform/area.ts';
import type { CampaignDeps } from '../deps.ts';
import { splashAdsRoutes } from './splash-ads.routes.ts';
import { createSplashAdsService } from './splash-ads.service.ts';

/** Splash-page ads: the dashboard's API (the portal shows them through portal/ads/). */
export async function registerSplashAds(app: FastifyInstance, deps: CampaignDeps): Promise<void> {
  await app.register(splashAdsRoutes(createSplashAdsService(deps)), { prefix: SITE_API });
}
