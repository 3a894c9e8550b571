import type { SplashAdPlacement, SplashAdRule } from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import { adFor, type AdAudience } from './ad-rules.ts';
import { campaignState } from '../campaign-state.ts';
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

const isLive = (ad: SplashAdRow, now: Date) =>
  campaignState({ active: ad.active === 1, startTime: ad.startTime, endTime: ad.endTime }, now) === 'active';

/**
 * The portal's side of splash-page ads: the ad a guest sees now, and its impressions and clicks. A site's
 * showable ads are read once per site snapshot (`cacheKey`): a change of an ad publishes a site change,
 * which drops the snapshot in this process; other processes see it within the snapshot's few seconds,
 * as they see every other setting of the site. Logins stay as cheap as they were.
 */
export function createPortalAds(db: Database) {
  const ads = createSplashAdsRepo(db);
  const kept = new WeakMap<object, Map<SplashAdPlacement, Promise<SplashAdRow[]>>>();
  function showable(req: AdRequest, now: Date, cacheKey: object): Promise<SplashAdRow[]> {
    let byPlacement = kept.get(cacheKey);
    if (!byPlacement) kept.set(cacheKey, (byPlacement = new Map()));
    let rows = byPlacement.get(req.placement);
    if (!rows) {
      rows = ads.showable(req.siteId, req.placement, now);
      // A failed read is not kept: the next guest tries again.
      rows.catch(() => byPlacement.delete(req.placement));
      byPlacement.set(req.placement, rows);
    }
    return rows;
  }
  const audience = createAdAudienceRepo(db);
  const asTargeting = (r: SplashAdRow) => ({
    row: r,
    trigger_type: r.triggerType,
    enable_rules: r.enableRules,
    rules_chaining: r.rulesChaining,
    rules: r.rules as SplashAdRule[],
  });

  return {
    /** The ad the guest sees at this placement, or undefined; `cacheKey`: the site's snapshot. */
    async adFor(req: AdRequest, cacheKey: object, now = new Date()): Promise<SplashAdRow | undefined> {
      const live = (await showable(req, now, cacheKey)).filter((ad) => isLive(ad, now));
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
