import { guestLangFrom } from '@splashboard/splash';
import type { PortalDeps } from './deps.ts';
import { portalBaseUrl, type PortalPass } from './pass.ts';
import type { SiteSnapshot } from './site-snapshot.ts';
import { bareMessage, messagePage, type PortalAnswer } from './views.ts';

/**
 * Gateways granted through the guest's browser that tell the portal nothing afterwards (openNDS levels
 * 0-2, Meraki, Mist) do send that browser on to an address of our choosing once the device is let in,
 * and only then. Giving them this portal address instead of the guest's next page lets the portal
 * record the grant as confirmed; it then forwards the guest to where they were going.
 */
export function gatewayReturnUrl(
  deps: PortalDeps,
  snap: SiteSnapshot,
  pass: Pick<PortalPass, 'o'>,
  sessionId: number,
  next: string,
): string {
  const value = Buffer.from(JSON.stringify({ s: sessionId, n: next })).toString('base64url');
  return `${portalBaseUrl(deps, pass)}/guest/${snap.site.portalKey}/through/${deps.signer.tag(value)}`;
}

/** The browser is back from the gateway: the grant took. */
export async function gatewayReturn(
  deps: PortalDeps,
  portalKey: string,
  token: string,
  acceptLanguage: string | undefined,
): Promise<PortalAnswer> {
  const lang = guestLangFrom(acceptLanguage);
  const snap = await deps.snapshots.byPortalKey(portalKey);
  if (!snap) return bareMessage(lang, (t) => ({ tone: 'error', title: t.siteNotReadyTitle, body: t.siteNotReadyBody }), 404);
  const back = readToken(deps, token);
  if (!back) return messagePage(snap, lang, (t) => ({ tone: 'info', title: t.expiredTitle, body: t.expiredBody }), 404, false);
  const confirmed = await deps.guestSessions.confirmUnsettled(back.sessionId, snap.site.id);
  if (confirmed) deps.log.info({ siteId: snap.site.id, sessionId: back.sessionId }, 'the gateway let a guest through');
  if (back.next) return { redirect: back.next };
  return messagePage(snap, lang, (t) => ({ tone: 'success', title: t.connectedTitle, body: t.connectedBody }), 200, false);
}

function readToken(deps: PortalDeps, token: string): { sessionId: number; next: string } | null {
  const value = token.length <= 4096 ? deps.signer.untag(token) : null;
  if (!value) return null;
  try {
    const { s, n } = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { s: unknown; n: unknown };
    return Number.isSafeInteger(s) && typeof n === 'string' ? { sessionId: s as number, next: n } : null;
  } catch {
    return null;
  }
}
