import { randomToken, sha256 } from '../../platform/crypto.ts';
import { FacebookError, type FacebookExtra } from '../../adapters/facebook/facebook-client.ts';
import type { PortalDeps } from '../deps.ts';
import { login } from '../grant.ts';
import { isCaptiveMiniBrowser } from '../../domains/guests/user-agent.ts';
import { bareMessage, messagePage, page, type PortalAnswer } from '../views.ts';
import { baseScreen, contextFor, valuesOf, type MethodContext, type PortalMethod } from './method.ts';
import type { GuestLang } from '@splashboard/splash';

const STATE_MINUTES = 15;
const CALLBACK_PATH = '/guest/facebook/callback';

const callbackUrl = (deps: PortalDeps) => `${deps.config.publicUrl}${CALLBACK_PATH}`;
const pageUrl = (ctx: MethodContext) =>
  `${ctx.deps.config.publicUrl}/guest/${ctx.snap.site.portalKey}/p/${ctx.passToken}/facebook`;

/** What the site asks Facebook for beyond the name and email. */
function extrasOf(values: Record<string, unknown>): FacebookExtra[] {
  const extras: FacebookExtra[] = [];
  if (values.collect_birthday === true) extras.push('birthday');
  if (values.collect_gender === true) extras.push('gender');
  if (values.collect_location === true) extras.push('location');
  return extras;
}

/**
 * Facebook: a link to Facebook's login dialog, which comes back to the portal's callback. A captive
 * portal's mini browser cannot sign in to Facebook reliably, so there the page says so and gives the
 * address to open in the phone's own browser, next to the site's other methods.
 */
export const facebook: PortalMethod = {
  method: 'facebook',
  personal: true,
  screen(ctx) {
    if (!ctx.deps.facebook.configured) return baseScreen(ctx, 'facebook', { fields: [], blocked: ctx.t.facebookNotConfigured });
    if (isCaptiveMiniBrowser(ctx.request.userAgent))
      return baseScreen(ctx, 'facebook', { fields: [], miniBrowser: { note: ctx.t.facebookMiniBrowser, copyUrl: pageUrl(ctx) } });
    return baseScreen(ctx, 'facebook', { fields: [], linkButton: { href: 'facebook/start' } });
  },
  async submit(ctx) {
    return page(ctx.snap, ctx.lang, this.screen(ctx));
  },
};

/** The guest pressed "Continue with Facebook": remember their pass under a one-time state, then go to Facebook. */
export async function startFacebook(ctx: MethodContext): Promise<PortalAnswer> {
  if (!ctx.deps.facebook.configured) return page(ctx.snap, ctx.lang, facebook.screen(ctx));
  const state = randomToken(24);
  await ctx.deps.challenges.add({
    id: sha256(state),
    accountId: ctx.snap.site.accountId,
    siteId: ctx.snap.site.id,
    kind: 'facebook',
    data: { pass: ctx.passToken },
    expiresAt: new Date(Date.now() + STATE_MINUTES * 60_000),
  });
  const scopes = extrasOf(valuesOf(ctx, 'facebook'));
  return { redirect: ctx.deps.facebook.loginUrl({ redirectUri: callbackUrl(ctx.deps), state, scopes }) };
}

/** Facebook sends the guest back here with a code (or a refusal) and our state. */
export async function facebookCallback(
  deps: PortalDeps,
  query: URLSearchParams,
  request: { ip: string; userAgent: string },
  lang: GuestLang,
): Promise<PortalAnswer> {
  const callback = deps.facebook.readCallback(query);
  const challenge = callback.state ? await deps.challenges.take(sha256(callback.state), 'facebook') : undefined;
  const passToken = (challenge?.data as { pass?: string } | undefined)?.pass;
  const pass = passToken ? deps.signer.verify(passToken) : null;
  const snap = challenge ? await deps.snapshots.byId(challenge.siteId) : null;
  if (!challenge || !pass || !snap || !passToken)
    return bareMessage(lang, (t) => ({ tone: 'error', title: t.expiredTitle, body: t.expiredBody }), 410);
  const ctx = contextFor(deps, snap, pass, passToken, request);
  const back = { label: ctx.t.back, href: `/guest/${snap.site.portalKey}/p/${passToken}/` };
  if ('error' in callback) {
    if (callback.error === 'failed')
      deps.log.warn({ siteId: snap.site.id, detail: callback.detail }, 'Facebook refused a guest sign-in');
    return messagePage(
      snap,
      ctx.lang,
      (t) => ({
        tone: 'info',
        title: t.notAvailableTitle,
        body: callback.error === 'cancelled' ? t.facebookCancelled : t.facebookFailed,
        action: back,
      }),
      400,
      false,
    );
  }
  try {
    const values = valuesOf(ctx, 'facebook');
    const token = await deps.facebook.exchangeCode({ code: callback.code, redirectUri: callbackUrl(deps) });
    const profile = await deps.facebook.profile(token, extrasOf(values));
    const gender =
      profile.gender === 'female' || profile.gender === 'male' ? profile.gender : profile.gender ? 'other' : undefined;
    const outcome = await login(deps, {
      snap,
      pass,
      method: 'facebook',
      socialId: profile.id,
      collected: {
        email: profile.email?.toLowerCase() ?? undefined,
        firstName: profile.firstName || undefined,
        lastName: profile.lastName || undefined,
        gender,
        birthday: profile.birthday ?? undefined,
        custom: profile.location ? { 'Facebook location': profile.location } : {},
      },
      request,
    });
    return outcome.answer;
  } catch (err) {
    if (!(err instanceof FacebookError)) throw err;
    deps.log.error({ err, siteId: snap.site.id }, 'Facebook sign-in failed');
    return messagePage(
      snap,
      ctx.lang,
      (t) => ({ tone: 'error', title: t.notAvailableTitle, body: t.facebookFailed, action: back }),
      502,
      false,
    );
  }
}
