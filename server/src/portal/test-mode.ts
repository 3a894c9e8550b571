import { escapeHtml, guestLangFrom, stringsFor, type GuestLang } from '@splashboard/splash';
import type { ControllerFamily, GuestArrival } from '../adapters/controllers/index.ts';
import { arrivalDomain, portalPath } from './arrival.ts';
import type { PortalDeps } from './deps.ts';
import type { PortalPass } from './pass.ts';
import { TEST_CLIENT_MAC } from './test-grant.ts';
import type { SiteSnapshot } from './site-snapshot.ts';
import { bareMessage, messagePage, type PortalAnswer } from './views.ts';

/**
 * An operator opens the site's portal in test mode with a token the site API gave them (setup area):
 * the visit is recorded for the set-up checklist, and the operator gets a pass marked `test`, signed
 * like every pass, so no guest can make one. From there the pages and login methods are the real
 * ones; only the grant is replaced (test-grant.ts). No gateway sent the operator, so the arrival is
 * made up: a test device, and the page first asked for left empty.
 */
export async function openTestMode(
  deps: PortalDeps,
  snap: SiteSnapshot | null,
  token: string,
  request: { ip: string; acceptLanguage: string | undefined; host: string },
): Promise<PortalAnswer> {
  const lang = guestLangFrom(request.acceptLanguage);
  if (!snap) return bareMessage(lang, (t) => ({ tone: 'error', title: t.siteNotReadyTitle, body: t.siteNotReadyBody }), 404);
  if (!deps.testTokens.verify(token, snap.site.id))
    return messagePage(snap, lang, (t) => ({ tone: 'info', title: t.testExpiredTitle, body: t.testExpiredBody }), 410, false);
  await deps.sites.markPortalTested(snap.site.id);
  const arrival: GuestArrival = {
    family: (snap.site.routerType ?? '') as ControllerFamily,
    clientMac: TEST_CLIENT_MAC,
    apMac: null,
    clientIp: request.ip,
    originalUrl: null,
    ssid: null,
    gateway: {},
  };
  const pass: PortalPass = { s: snap.site.id, arrival, lang, iat: Math.floor(Date.now() / 1000), test: true };
  const domain = await arrivalDomain(deps, snap, request.host);
  if (domain) pass.o = domain;
  return { redirect: portalPath(snap, deps.signer.sign(pass)) };
}

const CARD = '<main class="card">';

/**
 * Every page of a test says so at its top, from the first: the operator is never left wondering whether a
 * guest would be let in. Added to the page as it goes out, so the pages drawn once for every guest stay as
 * they are.
 */
export function withTestNotice(answer: PortalAnswer, lang: GuestLang): PortalAnswer {
  if (!('html' in answer)) return answer;
  const html = answer.html.toString();
  if (!html.includes(CARD)) return answer;
  const notice = `<p class="note test-mode" role="note">${escapeHtml(stringsFor(lang).testModeNotice)}</p>`;
  return { ...answer, html: html.replace(CARD, CARD + notice) };
}
