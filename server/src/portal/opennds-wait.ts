import type { FastifyReply, FastifyRequest } from 'fastify';
import { guestLangFrom, type GuestLang } from '@splashboard/splash';
import { answerAuthmon } from '../adapters/controllers/opennds/authmon.ts';
import { DROP_DETAIL, waitPath } from '../domains/opennds/opennds-authmon.ts';
import { sha256 } from '../platform/crypto.ts';
import type { PortalDeps } from './deps.ts';
import { bareMessage, connectedPage, messagePage, type PortalAnswer } from './views.ts';

/** How often the waiting page asks again. */
const WAIT_REFRESH_SECONDS = 2;

// Until these strings join the splash package's catalogues (they are the only level 3 ones).
const WAITING: Record<GuestLang, { title: string; body: string }> = {
  'en-US': {
    title: 'Connecting you…',
    body: 'The Wi-Fi is letting you in. This takes a few seconds; this page updates by itself.',
  },
  'es-ES': {
    title: 'Te estamos conectando…',
    body: 'La red Wi-Fi te está dando acceso. Tarda unos segundos; esta página se actualiza sola.',
  },
};

/** The route handler for openNDS authmon's POST to the site's FAS path (FAS level 3). */
export const authmonHandler =
  (deps: Pick<PortalDeps, 'authmon' | 'log'>) =>
  async (
    r: FastifyRequest<{ Params: Record<string, string>; Body: Record<string, string> | undefined }>,
    reply: FastifyReply,
  ) => {
    const { status, text } = await answerAuthmon(deps.authmon, deps.log, r.params.key!, r.body ?? {});
    return reply.status(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
  };

/**
 * Where the guest's browser waits while the gateway takes the grant (openNDS FAS level 3): it refreshes
 * itself until the gateway acknowledged (connected, then on to the continue URL) or the grant was
 * dropped (try again by opening a page through the gateway, which brings the guest back to the portal).
 */
export async function waitPage(
  deps: Pick<PortalDeps, 'authmonQueue' | 'snapshots'>,
  portalKey: string,
  token: string,
  acceptLanguage: string | undefined,
): Promise<PortalAnswer> {
  const lang = guestLangFrom(acceptLanguage);
  const snap = await deps.snapshots.byPortalKey(portalKey);
  const row = snap && token.length <= 100 ? await deps.authmonQueue.byWaitTokenHash(sha256(token)) : undefined;
  if (!snap) return bareMessage(lang, (t) => ({ tone: 'error', title: t.siteNotReadyTitle, body: t.siteNotReadyBody }), 404);
  if (!row || row.siteId !== snap.site.id)
    return messagePage(snap, lang, (t) => ({ tone: 'info', title: t.expiredTitle, body: t.expiredBody }), 404, false);

  if (row.confirmedAt) {
    // The acknowledgement may have come before the portal recorded the session as granted.
    await deps.authmonQueue.settleSessions([row.sessionId], 'confirmed');
    return connectedPage(snap, lang, row.continueUrl);
  }
  if (!row.droppedAt && row.expiresAt.getTime() < Date.now())
    await deps.authmonQueue.dropById(row.id, 'expired', DROP_DETAIL.expired);
  if (row.droppedAt || row.expiresAt.getTime() < Date.now())
    return messagePage(
      snap,
      lang,
      (t) => ({
        tone: 'error',
        title: t.grantFailedTitle,
        body: t.grantFailedBody,
        action: { label: t.tryAgain, href: `http://${row.gatewayAddress}/` },
      }),
      502,
    );
  const waiting = WAITING[lang] ?? WAITING['en-US'];
  const here = waitPath(portalKey, token);
  return messagePage(snap, lang, () => ({
    tone: 'info',
    title: waiting.title,
    body: waiting.body,
    refresh: { url: here, seconds: WAIT_REFRESH_SECONDS },
  }));
}
