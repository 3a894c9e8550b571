import type { SplashAdPlacement, SplashAdRule } from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import { adFor, type AdAudience } from './ad-rules.ts';
import { createAdAudienceRepo } from './ad-audience.repo.ts';
import { createSplashAdsRepo, type SplashAdRow } from './splash-ads.repo.ts';

export interface AdRequest {
  siteId: number;
  placement: SplashAdPlacement;
  /** The device's MAC (null: unknown, a first visit). */
  mac: string | null;
  /** When the guest arrived: logins before it are earlier visits. */
  arrivedAt: Date;
  language: string;
  userAgent: string;
  timeZone: string;
}

/** The portal's side of splash-page ads: the ad a guest sees now, and its impressions and clicks. */
export function createPortalAds(db: Database) {
  const ads = createSplashAdsRepo(db);
  const audience = createAdAudienceRepo(db);
  const asTargeting = (r: SplashAdRow) => ({
    row: r,
    trigger_type: r.triggerType,
    enable_rules: r.enableRules,
    rules_chaining: r.rulesChaining,
    rules: r.rules as SplashAdRule[],
  });

  return {
    /** The ad the guest sees at this placement, or undefined. */
    async adFor(req: AdRequest, now = new Date()): Promise<SplashAdRow | undefined> {
      const live = await ads.live(req.siteId, req.placement, now);
      if (!live.length) return undefined;
      const device = req.mac ? await audience.ofDevice(req.siteId, req.mac, req.arrivedAt) : null;
      const guest: AdAudience = {
        visits: device?.visits ?? 0,
        gender: device?.gender ?? null,
        birthday: device?.birthday ?? null,
        language: req.language,
        userAgent: req.userAgent,
        now,
        timeZone: req.timeZone,
      };
      return adFor(live.map(asTargeting), guest)?.row;
    },
    /** A live-or-not ad of the site (its skip and click links). */
    byId: (siteId: number, id: number) => ads.ofSite(siteId, id),
    count: (adId: number, what: 'impressions' | 'clicks') => ads.count(adId, what, new Date()),
  };
}
export type PortalAds = ReturnType<typeof createPortalAds>;
