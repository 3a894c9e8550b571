import { GUEST_LANGS, renderScreen, type GuestLang } from '@splashboard/splash';
import { startPageMethods, type AuthMethod } from '@splashboard/contract';
import { portalPath } from './arrival.ts';
import type { PortalDeps } from './deps.ts';
import { grantSession } from './grant.ts';
import type { MethodContext } from './methods/method.ts';
import { PORTAL_METHODS } from './methods/index.ts';
import type { PortalPass } from './pass.ts';
import { beforeLoginAd } from './ads/ad-shown.ts';
import { cachedPage, messagePage, page, stylesOf, viewOf, type PortalAnswer } from './views.ts';

/** The site's login methods the portal offers. */
function available(ctx: MethodContext): AuthMethod[] {
  return ctx.snap.loginMethods.filter((m) => PORTAL_METHODS[m]);
}

/** The site's one login method, when it has only one (its start page is that method's page). */
export function onlyMethod(ctx: MethodContext): AuthMethod | undefined {
  const methods = available(ctx);
  return methods.length === 1 ? methods[0] : undefined;
}

const needsTerms = (ctx: MethodContext) => ctx.snap.hasTerms && !ctx.pass.tos;
const toStart = (ctx: MethodContext): PortalAnswer => ({ redirect: portalPath(ctx.snap, ctx.passToken) });

/** The first page: the terms screen when they are still to accept, else the methods to choose from (or the only one). */
export async function startPage(ctx: MethodContext): Promise<PortalAnswer> {
  const { snap, lang } = ctx;
  const ad = await beforeLoginAd(ctx);
  if (ad) return ad;
  if (needsTerms(ctx))
    return {
      html: cachedPage(snap, `terms:${lang}`, () =>
        renderScreen(viewOf(snap, lang), { kind: 'terms', styles: stylesOf(snap, 'atos', lang) }),
      ),
    };
  const methods = startPageMethods(available(ctx));
  if (!methods.length)
    return messagePage(snap, lang, (t) => ({ tone: 'error', title: t.siteNotReadyTitle, body: t.siteNotReadyBody }), 503);
  if (methods.length === 1) return methodPage(ctx, methods[0]!);
  return {
    html: cachedPage(snap, `start:${lang}`, () =>
      renderScreen(viewOf(snap, lang), {
        kind: 'start',
        styles: stylesOf(snap, 'multilanding', lang),
        methods: methods.map((method) => ({ method, href: method })),
      }),
    ),
  };
}

/** A login method's page (drawn once per settings version unless it is personal). */
export function methodPage(ctx: MethodContext, name: string): PortalAnswer | Promise<PortalAnswer> {
  const method = PORTAL_METHODS[name as AuthMethod];
  if (!method || !available(ctx).includes(method.method))
    return messagePage(
      ctx.snap,
      ctx.lang,
      (t) => ({ tone: 'error', title: t.notAvailableTitle, body: t.notAvailableBody, action: { label: t.back, href: './' } }),
      404,
    );
  if (needsTerms(ctx)) return toStart(ctx);
  if (method.page) return method.page(ctx);
  if (method.personal) return page(ctx.snap, ctx.lang, method.screen(ctx));
  return {
    html: cachedPage(ctx.snap, `m:${method.method}:${ctx.lang}`, () =>
      renderScreen(viewOf(ctx.snap, ctx.lang), method.screen(ctx)),
    ),
  };
}

/** A login method's form posted. */
export async function submitMethod(ctx: MethodContext, name: string, form: Record<string, string>): Promise<PortalAnswer> {
  const method = PORTAL_METHODS[name as AuthMethod];
  if (!method || !available(ctx).includes(method.method)) return methodPage(ctx, name);
  if (needsTerms(ctx)) return toStart(ctx);
  return method.submit(ctx, form);
}

/** The terms or the privacy policy in full. */
export function legal(ctx: MethodContext, which: 'terms' | 'privacy'): PortalAnswer {
  return {
    html: cachedPage(ctx.snap, `${which}:legal:${ctx.lang}`, () =>
      renderScreen(viewOf(ctx.snap, ctx.lang), { kind: 'legal', which, backHref: './' }),
    ),
  };
}

/** The terms screen agreed to: the pass says when. */
export function acceptTerms(deps: PortalDeps, ctx: MethodContext): PortalAnswer {
  const pass: PortalPass = { ...ctx.pass, tos: Math.floor(Date.now() / 1000) };
  return { redirect: portalPath(ctx.snap, deps.signer.sign(pass)) };
}

export function switchLanguage(deps: PortalDeps, ctx: MethodContext, lang: string): PortalAnswer {
  if (!GUEST_LANGS.includes(lang as GuestLang)) return toStart(ctx);
  return { redirect: portalPath(ctx.snap, deps.signer.sign({ ...ctx.pass, lang: lang as GuestLang })) };
}

/** "Try again" after a controller failed: the same recorded session, asked again. */
export async function retry(deps: PortalDeps, ctx: MethodContext, tagged: string | undefined): Promise<PortalAnswer> {
  const id = Number(tagged ? deps.signer.untag(tagged) : NaN);
  const session = Number.isFinite(id) ? await deps.guestSessions.retryable(id, ctx.snap.site.id) : undefined;
  if (!session || session.expiresAt.getTime() < Date.now() || session.mac !== ctx.pass.arrival.clientMac) return toStart(ctx);
  return grantSession(deps, ctx.snap, ctx.pass, session.id);
}
