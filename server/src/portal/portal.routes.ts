import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guestLangFrom } from '@splashboard/splash';
import { arrive } from './arrival.ts';
import { send } from './answer.ts';
import { portalDepsOf, type PortalDeps, type PortalSetup } from './deps.ts';
import { verifyEmailLink } from './email-link.ts';
import { gatewayReturn } from './gateway-return.ts';
import { contextFor, type MethodContext } from './methods/method.ts';
import { resendLink } from './methods/email.ts';
import { resendCode, showCode, verifyCode } from './methods/phone.ts';
import { facebookCallback, startFacebook } from './methods/facebook.ts';
import { authmonHandler, waitPage } from './opennds-wait.ts';
import { acceptTerms, legal, methodPage, onlyMethod, retry, startPage, submitMethod, switchLanguage } from './pages.ts';
import type { SiteSnapshot } from './site-snapshot.ts';
import { openTestMode, withTestNotice } from './test-mode.ts';
import { bareMessage, messagePage, type PortalAnswer } from './views.ts';
import { paymentReturn } from './methods/payment-return.ts';
import { checkoutScriptRoute } from './checkout/checkout-script.ts';
import { finishRoutes } from './checkout/pre-grant-finish.ts';
import { watchPreGrants } from './checkout/pre-grant-sweep.ts';
import { accountRoutes } from './account/account.routes.ts';
import { clickAd, skipAd } from './ads/ad-links.ts';

type Req = FastifyRequest<{ Params: Record<string, string>; Body: Record<string, string> | undefined }>;
const options = { config: { public: true, csrf: false as const }, schema: { hide: true } };

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
export function portalRoutes(setup: PortalSetup) {
  const deps = portalDepsOf(setup);
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
    gatewayRoutes(app, deps);
    checkoutScriptRoute(app);
    finishRoutes(app, deps);
    accountRoutes(app, deps);
    watchPreGrants(deps, deps.jobs, deps.payments.webhook);
    passRoutes(app, deps);
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
}

/** Where gateways send guests (and their authmon polls), and where they send them back. */
function gatewayRoutes(app: FastifyInstance, deps: PortalDeps) {
  const arrival = async (r: Req, reply: FastifyReply, snap: SiteSnapshot | null) =>
    send(
      reply,
      await arrive(deps, snap, {
        rawQuery: rawQueryOf(r),
        acceptLanguage: r.headers['accept-language'],
        ip: r.ip,
        userAgent: String(r.headers['user-agent'] ?? ''),
        host: r.hostname,
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
  // Test mode, opened by an operator with a token from the site API (setup area).
  app.get('/guest/:key/test/:token', options, async (r: Req, reply) =>
    send(
      reply,
      await openTestMode(deps, await deps.snapshots.byPortalKey(r.params.key!), r.params.token!, {
        ip: r.ip,
        acceptLanguage: r.headers['accept-language'],
        host: r.hostname,
      }),
    ),
  );
  app.get('/guest/:key/wait/:token', options, async (r: Req, reply) =>
    send(reply, await waitPage(deps, r.params.key!, r.params.token!, r.headers['accept-language'])),
  );
}

/** The site and pass of a page under /guest/{key}/p/{pass}/, or the page to answer when they are not valid. */
async function resolve(deps: PortalDeps, r: Req): Promise<{ ctx: MethodContext } | { answer: PortalAnswer }> {
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

/** The pages under a guest's pass: the start page, the methods and their steps. */
function passRoutes(app: FastifyInstance, deps: PortalDeps) {
  const wifi4euOrigin = new URL(deps.config.wifi4euSnippetUrl).origin;
  const handle =
    (fn: (ctx: MethodContext, r: Req) => Promise<PortalAnswer> | PortalAnswer, step?: 'start' | 'method' | 'submit') =>
    async (r: Req, reply: FastifyReply) => {
      const resolved = await resolve(deps, r);
      if ('answer' in resolved) return send(reply, resolved.answer);
      // The guest's A/B variant of the splash design, and the login funnel's steps (portal/funnel/).
      const ctx = await deps.funnel.enter(resolved.ctx, r, reply);
      if (step) deps.funnel.shown(ctx, step, r.params.method, step === 'start' && !!onlyMethod(ctx));
      const drawn = await fn(ctx, r);
      const answer = ctx.pass.test ? withTestNotice(drawn, ctx.lang) : drawn;
      const wifi4eu = r.params.method === 'wifi4eu' || (!r.params.method && onlyMethod(ctx) === 'wifi4eu');
      return send(reply, answer, wifi4eu ? wifi4euOrigin : undefined);
    };

  const P = '/guest/:key/p/:pass';
  app.get(`${P}/`, options, handle(startPage, 'start'));
  app.get(`${P}`, options, handle(startPage, 'start'));
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
    handle((ctx) => acceptTerms(deps, ctx)),
  );
  app.get(
    `${P}/lang/:lang`,
    options,
    handle((ctx, r) => switchLanguage(deps, ctx, r.params.lang!)),
  );
  app.post(
    `${P}/retry`,
    options,
    handle((ctx, r) => retry(deps, ctx, r.body?.s)),
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
    `${P}/payment-return`,
    options,
    handle((ctx, r) => paymentReturn(ctx, new URLSearchParams(rawQueryOf(r)).get('payment_intent'))),
  );
  app.get(
    `${P}/ad/:adId/skip`,
    options,
    handle((ctx, r) => skipAd(ctx, r.params.adId!)),
  );
  app.get(
    `${P}/ad/:adId/click`,
    options,
    handle((ctx, r) => clickAd(ctx, r.params.adId!)),
  );
  app.get(
    `${P}/:method`,
    options,
    handle((ctx, r) => methodPage(ctx, r.params.method!), 'method'),
  );
  app.post(
    `${P}/:method`,
    options,
    handle((ctx, r) => submitMethod(ctx, r.params.method!, r.body ?? {}), 'submit'),
  );
}
