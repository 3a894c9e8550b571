import type { Area } from '../../platform/area.ts';
import type { CampaignDeps } from './deps.ts';
import { registerEmailCampaigns } from './email/email-part.ts';
import { registerCampaignDelivery } from './delivery/delivery-part.ts';
import { registerSplashAds } from './splash-ads/splash-ads-part.ts';
import { registerAbTests } from './ab-tests/ab-tests-part.ts';

/**
 * Marketing (permission campaigns): email campaigns and the account's mail settings (email/), their
 * delivery, triggers, tracking and unsubscribes (delivery/), splash-page ads (splash-ads/) and splash
 * A/B tests with the login funnel (ab-tests/). Paths in packages/contract/src/campaigns.ts.
 */
export const campaignsArea: Area<CampaignDeps> = {
  name: 'campaigns',
  register: async (app, deps) => {
    await registerEmailCampaigns(app, deps);
    await registerCampaignDelivery(app, deps);
    await registerSplashAds(app, deps);
    await registerAbTests(app, deps);
  },
};
