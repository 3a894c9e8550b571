import type { SplashAdPlacement } from '@splashboard/contract';
import type { SplashAdRow } from '../../domains/campaigns/splash-ads/splash-ads.repo.ts';
import type { PortalDeps } from '../deps.ts';
import type { MethodContext } from '../methods/method.ts';
import type { PortalPass } from '../pass.ts';
import type { SiteSnapshot } from '../site-snapshot.ts';
import type { PortalAnswer } from '../views.ts';
import { AD_CONTINUE_SCRIPT, adPage, type GatewayForm } from './ad-page.ts';
import { gatewayFormCspFor } from '../answer.ts';

interface Shown {
  deps: PortalDeps;
  snap: SiteSnapshot;
  pass: PortalPass;
  userAgent: string;
  /**
   * Where the ad moves on to when not the portal's own next page: a gateway's address, or its form to post,
   * that finishes the login in the guest's browser.
   */
  next?: string | GatewayForm;
}

/**
 * The ad a guest sees at a placement, drawn with its links, and counted (not in test mode). An ad must
 * never keep a guest offline: a failure to read the ads is logged and the guest gets the page without one.
 */
async function shownAd({ deps, snap, pass, userAgent, next }: Shown, placement: SplashAdPlacement): Promise<PortalAnswer | null> {
  let ad: SplashAdRow | undefined;
  try {
    ad = await deps.ads.adFor(
      {
        siteId: snap.site.id,
        placement,
        mac: pass.arrival.clientMac,
        // The pass keeps whole seconds: a login in the second of the arrival came before it.
        arrivedAt: new Date((pass.iat + 1) * 1000),
        language: pass.lang,
        userAgent,
        timeZone: snap.site.timezone,
      },
      snap,
    );
    if (!ad) return null;
    if (!pass.test) await deps.ads.count(ad.id, 'impressions');
  } catch (err) {
    deps.log.warn(
      { err, siteId: snap.site.id, placement },
      'splash-page ads: reading the ads failed, the page goes on without one',
    );
    return null;
  }
  // The pass's own address (arrival.ts's portalPath, which this module cannot import: it leads back here).
  const base = `/guest/${snap.site.portalKey}/p/${deps.signer.sign(pass)}/ad/${ad.id}`;
  const html = adPage(ad, pass.lang, { skip: next ?? `${base}/skip`, click: `${base}/click` }, snap.site.name);
  // Posting to the gateway: its form may go anywhere the gateway said, and one known script posts it.
  return typeof next === 'object' ? { html, csp: gatewayFormCspFor(AD_CONTINUE_SCRIPT) } : { html };
}

/** Before the login form: the ad once per pass (its Skip link marks the pass as past it). */
export function beforeLoginAd(ctx: MethodContext): Promise<PortalAnswer | null> | null {
  if (ctx.pass.ad) return null;
  return shownAd({ deps: ctx.deps, snap: ctx.snap, pass: ctx.pass, userAgent: ctx.request.userAgent }, 'before_login');
}

/**
 * After a grant, before the guest is sent on: to the connected page, or (`next`) to the gateway's address or
 * login form that finishes the login in the guest's browser (openNDS, Mist, Meraki, the RADIUS gateways).
 */
export const afterLoginAd = (
  deps: PortalDeps,
  snap: SiteSnapshot,
  pass: PortalPass,
  userAgent: string,
  next?: string | GatewayForm,
) => shownAd({ deps, snap, pass, userAgent, next }, 'after_login');
