import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guestLangFrom } from '@splashboard/splash';
import type { DeliveryDeps } from './delivery-deps.ts';
import { optInTokenHash } from './campaign-triggers.ts';
import { GUEST_TEXTS, fillText, type GuestLang } from './guest-texts.ts';
import { PIXEL_GIF, guestPage, paragraph, unsubscribeForm } from './guest-pages.ts';

type Req = FastifyRequest<{
  Params: { token: string };
  Querystring: Record<string, string | undefined>;
  Body: Record<string, string> | undefined;
}>;
const options = { config: { public: true, csrf: false as const }, schema: { hide: true } };
/** Requests per minute and address: enough for a guest, not for walking tokens. */
const PER_IP_PER_MINUTE = 120;

const langOf = (r: FastifyRequest): GuestLang => (guestLangFrom(r.headers['accept-language']) === 'es-ES' ? 'es' : 'en');
const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/**
 * The guests' side of campaign emails, without sign-in: the open pixel, the click redirect, the
 * unsubscribe page and its one-click POST (RFC 8058), and the double opt-in confirmation.
 */
export function guestRoutes(deps: DeliveryDeps) {
  const limit = (r: FastifyRequest) => deps.rateLimiter.consume(`campaigns:guest:${r.ip}`, PER_IP_PER_MINUTE, 60);
  const recipientOf = async (token: string) => {
    const id = deps.tokens.recipientOf(token);
    return id === null ? undefined : deps.recipients.recipient(id);
  };

  return async (app: FastifyInstance) => {
    // RFC 8058's body (List-Unsubscribe=One-Click) and the page's button arrive as a form.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get('/m/o/:token', options, async (r: Req, reply) => {
      await limit(r);
      const recipient = await recipientOf(r.params.token);
      if (recipient) await deps.recipients.markOpened(recipient.id);
      return reply.header('content-type', 'image/gif').header('cache-control', 'no-store').send(PIXEL_GIF);
    });

    app.get('/m/c/:token', options, async (r: Req, reply) => {
      await limit(r);
      const id = deps.tokens.recipientOf(r.params.token);
      const url = r.query.u ?? '';
      if (id === null || !/^https?:\/\//.test(url) || !deps.tokens.linkSigned(id, url, r.query.s ?? ''))
        return html(reply, 404, guestPage(langOf(r), GUEST_TEXTS[langOf(r)].invalid, ''));
      if (await deps.recipients.recipient(id)) await deps.recipients.markClicked(id);
      return reply.redirect(url, 302);
    });

    app.get('/m/u/:token', options, async (r: Req, reply) => {
      await limit(r);
      const lang = langOf(r);
      const t = GUEST_TEXTS[lang];
      const recipient = await recipientOf(r.params.token);
      if (!recipient) return html(reply, 404, guestPage(lang, t.unsubscribeTitle, paragraph(t.invalid)));
      const site = (await deps.recipients.campaignWithSite(recipient.campaignId))?.siteName ?? '';
      return html(
        reply,
        200,
        guestPage(lang, t.unsubscribeTitle, unsubscribeForm(lang, fillText(t.unsubscribeAsk, { site, email: recipient.email }))),
      );
    });

    app.post('/m/u/:token', options, async (r: Req, reply) => {
      await limit(r);
      const lang = langOf(r);
      const t = GUEST_TEXTS[lang];
      const recipient = await recipientOf(r.params.token);
      if (!recipient) return html(reply, 404, guestPage(lang, t.unsubscribeTitle, paragraph(t.invalid)));
      const fromPage = r.body?.from === 'page';
      await deps.recipients.unsubscribe(recipient, fromPage ? 'page' : 'one_click', deps.guestChanges.consentWithdrawn);
      const site = (await deps.recipients.campaignWithSite(recipient.campaignId))?.siteName ?? '';
      return html(reply, 200, guestPage(lang, t.unsubscribeTitle, paragraph(fillText(t.unsubscribed, { site }))));
    });

    app.get('/m/confirm/:token', options, async (r: Req, reply) => {
      await limit(r);
      const lang = langOf(r);
      const t = GUEST_TEXTS[lang];
      const row = /^[A-Za-z0-9_-]{20,64}$/.test(r.params.token)
        ? await deps.siteSettings.confirm(optInTokenHash(r.params.token))
        : undefined;
      return row ? html(reply, 200, guestPage(lang, t.confirmed, '')) : html(reply, 404, guestPage(lang, t.confirmInvalid, ''));
    });
  };
}
