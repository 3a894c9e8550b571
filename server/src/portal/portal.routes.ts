import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GUEST_LANGS, guestLangFrom, type GuestLang } from '@splashboard/splash';
import { startPageMethods, type AuthMethod } from '@splashboard/contract';
import { arrive, portalPath } from './arrival.ts';
import type { PortalDeps } from './deps.ts';
import { grantSession } from './grant.ts';
import { verifyEmailLink } from './email-link.ts';
import { contextFor, type MethodContext } from './methods/method.ts';
import { PORTAL_METHODS } from './methods/index.ts';
import { resendLink } from './methods/email.ts';
import { resendCode, showCode, verifyCode } from './methods/phone.ts';
import { facebookCallback, startFacebook } from './methods/facebook.ts';
import { bareMessage, cachedPage, messagePage, viewOf, stylesOf, page, type PortalAnswer } from './views.ts';
import { AUTO_SUBMIT_SCRIPT, renderScreen } from '@splashboard/splash';
import { createHash } from 'node:crypto';
import type { SiteSnapshot } from './site-snapshot.ts';
import type { PortalPass } from './pass.ts';
import { guestSessions } from '../db/schema/index.ts';
import { authmonHandler, waitPage } from './opennds-authmon.ts';
import { gatewayReturn } from './gateway-return.ts';
import { and, eq, inArray } from 'drizzle-orm';

type Req = FastifyRequest<{ Params: Record<string, string>; Body: Record<string, string> | undefined }>;
const options = { config: { public: true, csrf: false as const }, schema: { hide: true } };

const BASE_CSP =
  "default-src 'none'; img-src * data:; style-src 'self' 'unsafe-inline'; font-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Sends a portal answer with the headers every guest page carries. */
const scriptCsp = new Map<string, string>();
/** The policy that also lets a page run a script from this origin (WiFi4EU's snippet), made once per origin. */
function scriptCspOf(origin: string) {
  let csp = scriptCsp.get(origin);
  if (!csp) {
    csp = BASE_CSP.replace("default-src 'none';", `default-src 'none'; script-src 'unsafe-inline' ${origin};`);
    scriptCsp.set(origin, csp);
  }
  return csp;
}

/**
 * A gateway login page posts to the gateway (any address the gateway named) and runs one known script.
 * form-action is left open: a gateway answers the login with a redirect to anywhere.
 */
const GATEWAY_FORM_CSP = BASE_CSP.replace(" form-action 'self';", '').replace(
  "default-src 'none';",
  `default-src 'none'; script-src 'sha256-${createHash('sha256').update(AUTO_SUBMIT_SCRIPT).digest('base64')}';`,
);

function send(reply: FastifyReply, answer: PortalAnswer, scriptOrigin?: string) {
  reply.header('cache-control', 'no-store');
  // The pass is in the address: it must not travel to other sites in a Referer header.
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-content-type-options', 'nosniff');
  if ('redirect' in answer) return reply.redirect(answer.redirect, 303);
  const csp = answer.gatewayForm ? GATEWAY_FORM_CSP : scriptOrigin ? scriptCspOf(scriptOrigin) : BASE_CSP;
  reply.header('content-security-policy', csp);
  return reply
    .status(answer.status ?? 200)
    .type('text/html; charset=utf-8')
    .send(answer.html);
}

const requestOf = (r: FastifyRequest) => ({ ip: r.ip, userAgent: String(r.headers['user-agent'] ?? '').slice(0, 500) });
const rawQueryOf = (r: FastifyRequest) => {
  const url = r.raw.url ?? '';
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
};

/**
 * The guest portal: server-rendered pages for captive-portal browsers. A gateway sends guests to
 * `/guest/{portalKey}/` (UniFi: `/guest/s/{unifiSite}/`); from there every page lives under
 * `/guest/{portalKey}/p/{pass}/`, with relative links, so the pages themselves are the same for every
 * guest and are drawn once per settings version.
 */
export function portalRoutes(deps: PortalDeps) {
  const wifi4euOrigin = new URL(deps.config.wifi4euSnippetUrl).origin;
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => {
        const out: Record<string, string> = {};
        for (const [k, v] of new URLSearchParams(body as string)) if (!(k in out)) out[k] = v;
        done(null, out);
      },
    );

    const arrival = async (r: Req, reply: FastifyReply, snap: SiteSnapshot | null) =>
      send(
        reply,
        await arrive(deps, snap, {
          rawQuery: rawQueryOf(r),
          acceptLanguage: r.headers['accept-language'],
          ip: r.ip,
          userAgent: String(r.headers['user-agent'] ?? ''),
        }),
      );

    for (const url of ['/guest/s/:unifiSite/', '/guest/s/:unifiSite']) {
      app.get(url, options, async (r: Req, reply) => {
        const q = new URLSearchParams(rawQueryOf(r));
        const apMac = (q.get('ap') ?? '').toLowerCase().replace(/-/g, ':') || null;
        const unifiSite = r.params.unifiSite!;
        const siteId = await deps.snapshots.siteIdByGatewayKey(`unifi\n${unifiSite}\n${apMac ?? ''}`, () =>
          deps.controllers.findByLookupKey('unifi', unifiSite, apMac),
        );
        return arrival(r, reply, siteId === null ? null : await deps.snapshots.byId(siteId));
      });
    }
    for (const url of ['/guest/:key/', '/guest/:key']) {
      app.get(url, options, async (r: Req, reply) => arrival(r, reply, await deps.snapshots.byPortalKey(r.params.key!)));
      // openNDS FAS level 3: the gateway's authmon polls the FAS path for grants.
      app.post(url, options, authmonHandler(deps));
    }
    app.get('/guest/:key/through/:token', options, async (r: Req, reply) =>
      send(reply, await gatewayReturn(deps, r.params.key!, r.params.token!, r.headers['accept-language'])),
    );
    app.get('/guest/:key/wait/:token', options, async (r: Req, reply) =>
      send(reply, await waitPage(deps, r.params.key!, r.params.token!, r.headers['accept-language'])),
    );

    /** The site and pass of a page under /guest/{key}/p/{pass}/, or the page to answer when they are not valid. */
    async function resolve(r: Req): Promise<{ ctx: MethodContext } | { answer: PortalAnswer }> {
      const snap = await deps.snapshots.byPortalKey(r.params.key!);
      // The guest's language is in the pass; the browser's is only for the pages without one.
      const lang = () => guestLangFrom(r.headers['accept-language']);
      if (!snap)
        return {
          answer: bareMessage(lang(), (t) => ({ tone: 'error', title: t.siteNotReadyTitle, body: t.siteNotReadyBody }), 404),
        };
      const pass = deps.signer.verify(r.params.pass!);
      if (!pass || pass.s !== snap.site.id)
        return {
          answer: messagePage(snap, lang(), (t) => ({ tone: 'info', title: t.expiredTitle, body: t.expiredBody }), 410, false),
        };
      return { ctx: contextFor(deps, snap, pass, r.params.pass!, requestOf(r)) };
    }

    const handle =
      (fn: (ctx: MethodContext, r: Req) => Promise<PortalAnswer> | PortalAnswer) => async (r: Req, reply: FastifyReply) => {
        const resolved = await resolve(r);
        if ('answer' in resolved) return send(reply, resolved.answer);
        const answer = await fn(resolved.ctx, r);
        const wifi4eu = r.params.method === 'wifi4eu' || (!r.params.method && onlyMethod(resolved.ctx) === 'wifi4eu');
        return send(reply, answer, wifi4eu ? wifi4euOrigin : undefined);
      };

    const P = '/guest/:key/p/:pass';
    app.get(`${P}/`, options, handle(startPage));
    app.get(`${P}`, options, handle(startPage));
    app.get(
      `${P}/terms`,
      options,
      handle((ctx) => legal(ctx, 'terms')),
    );
    app.get(
      `${P}/privacy`,
      options,
      handle((ctx) => legal(ctx, 'privacy')),
    );
    app.post(
      `${P}/terms`,
      options,
      handle((ctx) => acceptTerms(ctx)),
    );
    app.get(
      `${P}/lang/:lang`,
      options,
      handle((ctx, r) => switchLanguage(ctx, r.params.lang!)),
    );
    app.post(
      `${P}/retry`,
      options,
      handle((ctx, r) => retry(ctx, r.body?.s)),
    );
    app.post(
      `${P}/email/resend`,
      options,
      handle((ctx, r) => resendLink(ctx, r.body?.g)),
    );
    app.get(
      `${P}/phone/code/:challenge`,
      options,
      handle((ctx, r) => showCode(ctx, r.params.challenge!)),
    );
    app.post(
      `${P}/phone/code/:challenge`,
      options,
      handle((ctx, r) => verifyCode(ctx, r.params.challenge!, r.body?.code)),
    );
    app.post(
      `${P}/phone/code/:challenge/resend`,
      options,
      handle((ctx, r) => resendCode(ctx, r.params.challenge!)),
    );
    app.get(
      `${P}/facebook/start`,
      options,
      handle((ctx) => startFacebook(ctx)),
    );
    app.get(
      `${P}/:method`,
      options,
      handle((ctx, r) => methodPage(ctx, r.params.method!)),
    );
    app.post(
      `${P}/:method`,
      options,
      handle((ctx, r) => submitMethod(ctx, r.params.method!, r.body ?? {})),
    );

    app.get('/guest/facebook/callback', options, async (r: Req, reply) =>
      send(
        reply,
        await facebookCallback(
          deps,
          new URLSearchParams(rawQueryOf(r)),
          requestOf(r),
          guestLangFrom(r.headers['accept-language']),
        ),
      ),
    );
    app.get('/guest/verify/:token', options, async (r: Req, reply) =>
      send(reply, await verifyEmailLink(deps, r.params.token!, guestLangFrom(r.headers['accept-language']))),
    );
  };

  function available(ctx: MethodContext): AuthMethod[] {
    return ctx.snap.loginMethods.filter((m) => PORTAL_METHODS[m]);
  }
  function onlyMethod(ctx: MethodContext): AuthMethod | undefined {
    const methods = available(ctx);
    return methods.length === 1 ? methods[0] : undefined;
  }
  function needsTerms(ctx: MethodContext) {
    return ctx.snap.hasTerms && !ctx.pass.tos;
  }
  function toStart(ctx: MethodContext): PortalAnswer {
    return { redirect: portalPath(ctx.snap, ctx.passToken) };
  }

  function startPage(ctx: MethodContext): PortalAnswer {
    const { snap, lang } = ctx;
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

  function methodPage(ctx: MethodContext, name: string): PortalAnswer {
    const method = PORTAL_METHODS[name as AuthMethod];
    if (!method || !available(ctx).includes(method.method))
      return messagePage(
        ctx.snap,
        ctx.lang,
        (t) => ({ tone: 'error', title: t.notAvailableTitle, body: t.notAvailableBody, action: { label: t.back, href: './' } }),
        404,
      );
    if (needsTerms(ctx)) return toStart(ctx);
    if (method.personal) return page(ctx.snap, ctx.lang, method.screen(ctx));
    return {
      html: cachedPage(ctx.snap, `m:${method.method}:${ctx.lang}`, () =>
        renderScreen(viewOf(ctx.snap, ctx.lang), method.screen(ctx)),
      ),
    };
  }

  async function submitMethod(ctx: MethodContext, name: string, form: Record<string, string>): Promise<PortalAnswer> {
    const method = PORTAL_METHODS[name as AuthMethod];
    if (!method || !available(ctx).includes(method.method)) return methodPage(ctx, name);
    if (needsTerms(ctx)) return toStart(ctx);
    return method.submit(ctx, form);
  }

  function legal(ctx: MethodContext, which: 'terms' | 'privacy'): PortalAnswer {
    return {
      html: cachedPage(ctx.snap, `${which}:legal:${ctx.lang}`, () =>
        renderScreen(viewOf(ctx.snap, ctx.lang), { kind: 'legal', which, backHref: './' }),
      ),
    };
  }

  function acceptTerms(ctx: MethodContext): PortalAnswer {
    const pass: PortalPass = { ...ctx.pass, tos: Math.floor(Date.now() / 1000) };
    return { redirect: portalPath(ctx.snap, deps.signer.sign(pass)) };
  }

  function switchLanguage(ctx: MethodContext, lang: string): PortalAnswer {
    if (!GUEST_LANGS.includes(lang as GuestLang)) return toStart(ctx);
    return { redirect: portalPath(ctx.snap, deps.signer.sign({ ...ctx.pass, lang: lang as GuestLang })) };
  }

  /** "Try again" after a controller failed: the same recorded session, asked again. */
  async function retry(ctx: MethodContext, tagged: string | undefined): Promise<PortalAnswer> {
    const id = Number(tagged ? deps.signer.untag(tagged) : NaN);
    const [session] = Number.isFinite(id)
      ? await deps.db
          .select({ id: guestSessions.id, expiresAt: guestSessions.expiresAt, mac: guestSessions.mac })
          .from(guestSessions)
          .where(
            and(
              eq(guestSessions.id, id),
              eq(guestSessions.siteId, ctx.snap.site.id),
              inArray(guestSessions.grantStatus, ['failed', 'pending']),
            ),
          )
      : [];
    if (!session || session.expiresAt.getTime() < Date.now() || session.mac !== ctx.pass.arrival.clientMac) return toStart(ctx);
    return grantSession(deps, ctx.snap, ctx.pass, session.id);
  }
}
