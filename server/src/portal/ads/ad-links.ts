import { portalPath } from '../arrival.ts';
import { continueUrlOf } from '../grant.ts';
import type { MethodContext } from '../methods/method.ts';
import { connectedPage, type PortalAnswer } from '../views.ts';

async function adOf(ctx: MethodContext, adId: string) {
  const id = Number(adId);
  return Number.isSafeInteger(id) && id > 0 ? ctx.deps.ads.byId(ctx.snap.site.id, id) : undefined;
}

/** Past the ad: the login form (before login) or the page after login. */
export async function skipAd(ctx: MethodContext, adId: string): Promise<PortalAnswer> {
  const ad = await adOf(ctx, adId);
  if (ad?.placement === 'after_login') return connectedPage(ctx.snap, ctx.lang, continueUrlOf(ctx.snap, ctx.pass));
  return { redirect: portalPath(ctx.snap, ctx.deps.signer.sign({ ...ctx.pass, ad: 1 })) };
}

/** A click on the ad: counted, then on to the ad's link (or past the ad when it has none). */
export async function clickAd(ctx: MethodContext, adId: string): Promise<PortalAnswer> {
  const ad = await adOf(ctx, adId);
  if (!ad?.linkUrl) return skipAd(ctx, adId);
  if (!ctx.pass.test) await ctx.deps.ads.count(ad.id, 'clicks');
  return { redirect: ad.linkUrl };
}
