import { guestLangFrom } from '@splashboard/splash';
import type { AuthMethod } from '@splashboard/contract';
import {
  ControllerError,
  gatewayLoginOutcome,
  isRadiusGatewayType,
  parseArrival,
  parseGatewayArrival,
  withoutLoginOutcome,
  type GuestArrival,
} from '../adapters/controllers/index.ts';
import type { PortalDeps } from './deps.ts';
import { login } from './grant.ts';
import { PORTAL_METHODS } from './methods/index.ts';
import { RELOGIN_DAYS } from './limits.ts';
import type { PortalPass } from './pass.ts';
import type { SiteSnapshot } from './site-snapshot.ts';
import { bareMessage, messagePage, methodSettings, type PortalAnswer } from './views.ts';

const DAY_MS = 86_400_000;

export interface ArrivalRequest {
  /** The query exactly as the gateway sent it (openNDS's base64 is not URL-escaped). */
  rawQuery: string;
  acceptLanguage: string | undefined;
  ip: string;
  userAgent: string;
  /** The host the guest asked for (a white-label domain, or ours). */
  host: string;
}

export const portalPath = (snap: SiteSnapshot, passToken: string) => `/guest/${snap.site.portalKey}/p/${passToken}/`;

/** The host a guest arrived on when it is an enabled white-label domain of the site's account (kept in the pass). */
export async function arrivalDomain(deps: PortalDeps, snap: SiteSnapshot, host: string): Promise<string | undefined> {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!name || name === deps.config.publicHost) return undefined;
  return (await deps.customDomains.accountIdForHost(name)) === snap.site.accountId ? name : undefined;
}

/**
 * A guest sent by the gateway. Their arrival is read with the site's controller family, then either
 * a returning device is let straight back in (the relogin policy allows it), or the guest is sent to
 * the splash page with a signed pass in its address.
 */
export async function arrive(deps: PortalDeps, snap: SiteSnapshot | null, req: ArrivalRequest): Promise<PortalAnswer> {
  const lang = guestLangFrom(req.acceptLanguage);
  if (!snap) return bareMessage(lang, (t) => ({ tone: 'error', title: t.siteNotReadyTitle, body: t.siteNotReadyBody }), 404);
  const outcome = isRadiusGatewayType(snap.site.routerType) ? gatewayLoginOutcome(snap.site.routerType, req.rawQuery) : null;
  if (outcome) await recordGatewayOutcome(deps, snap, req.rawQuery, outcome);
  if (outcome === 'connected')
    return messagePage(snap, lang, (t) => ({ tone: 'success', title: t.connectedTitle, body: t.connectedBody }), 200, false);
  if (outcome === 'refused') {
    const again = `?${withoutLoginOutcome(req.rawQuery)}`;
    return messagePage(
      snap,
      lang,
      (t) => ({
        tone: 'error',
        title: t.gatewayRefusedTitle,
        body: t.gatewayRefusedBody,
        action: { label: t.tryAgain, href: again },
      }),
      200,
      false,
    );
  }
  let arrival: GuestArrival;
  try {
    arrival = await readArrival(deps, snap, req.rawQuery);
  } catch (err) {
    if (!(err instanceof ControllerError)) throw err;
    deps.log.info({ siteId: snap.site.id, reason: err.message }, 'guest portal opened without a usable gateway redirect');
    const notReady = err.code === 'not_configured' || err.code === 'unsupported';
    return messagePage(
      snap,
      lang,
      (t) =>
        notReady
          ? { tone: 'error', title: t.siteNotReadyTitle, body: t.siteNotReadyBody }
          : { tone: 'info', title: t.notFromGatewayTitle, body: t.notFromGatewayBody },
      notReady ? 503 : 400,
      false,
    );
  }
  const pass: PortalPass = { s: snap.site.id, arrival, lang, iat: Math.floor(Date.now() / 1000) };
  const domain = await arrivalDomain(deps, snap, req.host);
  if (domain) pass.o = domain;
  if (arrival.clientMac) {
    const tos = await termsStillAccepted(deps, snap, arrival.clientMac);
    if (tos) pass.tos = tos;
    const back = (await knownToMethod(deps, snap, pass, req)) ?? (await returningDevice(deps, snap, pass, req));
    if (back) return back;
  }
  return { redirect: portalPath(snap, deps.signer.sign(pass)) };
}

async function readArrival(deps: PortalDeps, snap: SiteSnapshot, rawQuery: string): Promise<GuestArrival> {
  switch (snap.site.routerType) {
    case 'unifi':
      return parseArrival('unifi', rawQuery);
    case 'opennds': {
      const settings = await deps.controllers.openNdsSettings(snap.site.id);
      if (!settings) throw new ControllerError('not_configured', 'openNDS is not configured for this site');
      return parseArrival('opennds', rawQuery, settings);
    }
    case 'smartzone':
    case 'ruckus_cloud': {
      // An encrypted client MAC needs the controller to read it.
      const adapter = await deps.controllers.adapterFor(snap.site.id, snap.site.routerType);
      if (!adapter?.completeArrival) throw new ControllerError('not_configured', 'Ruckus is not configured for this site');
      return adapter.completeArrival(parseArrival(snap.site.routerType, rawQuery));
    }
    case 'omada':
    case 'meraki':
    case 'merakigo':
    case 'mist':
      return parseArrival(snap.site.routerType, rawQuery);
    default:
      if (isRadiusGatewayType(snap.site.routerType)) {
        const options = await deps.controllers.radiusGatewayOptions(snap.site.id);
        if (!options || options.family !== snap.site.routerType)
          throw new ControllerError('not_configured', `${snap.site.routerType} is not configured for this site`);
        return parseGatewayArrival(rawQuery, options);
      }
      throw new ControllerError('unsupported', `Guests cannot log in through ${snap.site.routerType ?? 'no router'} yet`);
  }
}

const OUTCOME_WINDOW_MS = 15 * 60_000;

/**
 * The gateway's answer to the login the guest's browser just posted to it, kept on that login (the
 * device's latest one still unconfirmed, from the last minutes), so access health shows refusals.
 */
async function recordGatewayOutcome(deps: PortalDeps, snap: SiteSnapshot, rawQuery: string, outcome: 'connected' | 'refused') {
  let mac: string | null;
  try {
    mac = (await readArrival(deps, snap, rawQuery)).clientMac;
  } catch {
    mac = null;
  }
  deps.log.info({ siteId: snap.site.id, outcome }, 'the gateway answered a guest login it was sent');
  if (!mac) return;
  const latest = await deps.guestSessions.latestUnsettledOfDevice(snap.site.id, mac, new Date(Date.now() - OUTCOME_WINDOW_MS));
  if (!latest) return;
  if (outcome === 'connected') await deps.guestSessions.markConfirmed(latest);
  else await deps.guestSessions.markFailed(latest, `The gateway refused the login (${gatewayAnswerOf(rawQuery)})`);
}

const gatewayAnswerOf = (rawQuery: string) => {
  const q = new URLSearchParams(rawQuery);
  const code = q.get('statusCode');
  return code ? `statusCode ${code}` : `res=${q.get('res') ?? ''}`;
};

/** With a terms screen shown less often than every time, a device that agreed recently skips it. */
async function termsStillAccepted(deps: PortalDeps, snap: SiteSnapshot, mac: string): Promise<number | null> {
  if (!snap.hasTerms) return null;
  const days = RELOGIN_DAYS[String(snap.methods.atos.values.frequency ?? 'always')] ?? 0;
  if (!days) return null;
  const since = Number.isFinite(days) ? new Date(Date.now() - days * DAY_MS) : new Date(0);
  const at = await deps.guests.lastConsentOfDevice(snap.site.id, mac, 'terms_screen', since);
  return at ? Math.floor(at.getTime() / 1000) : null;
}

/** A device one of the site's login methods knows itself (a guest account's device). */
async function knownToMethod(deps: PortalDeps, snap: SiteSnapshot, pass: PortalPass, req: ArrivalRequest) {
  for (const m of snap.loginMethods) {
    const answer = await PORTAL_METHODS[m]?.arrival?.(deps, snap, pass, { ip: req.ip, userAgent: req.userAgent });
    if (answer) return answer;
  }
  return null;
}

/**
 * The relogin policy: a device whose guest logged in recently enough with a method that does not ask
 * every time is let in again without the splash page, as the same guest and with the same method.
 */
async function returningDevice(
  deps: PortalDeps,
  snap: SiteSnapshot,
  pass: PortalPass,
  req: ArrivalRequest,
): Promise<PortalAnswer | null> {
  const lenient = snap.loginMethods.filter(
    (m) => !PORTAL_METHODS[m]?.arrival && (RELOGIN_DAYS[String(methodSettings(snap, m).values.relogin_policy)] ?? 0) > 0,
  );
  if (!lenient.length || (snap.hasTerms && !pass.tos)) return null;
  const last = await deps.guestSessions.lastLoginOfDevice(snap.site.id, pass.arrival.clientMac!, lenient);
  if (!last) return null;
  const method = last.method as AuthMethod;
  const days = RELOGIN_DAYS[String(methodSettings(snap, method).values.relogin_policy)] ?? 0;
  if (Number.isFinite(days) && Date.now() - last.startedAt.getTime() > days * DAY_MS) return null;
  const outcome = await login(deps, {
    snap,
    pass,
    method,
    collected: { custom: {} },
    identity: last.identity,
    request: { ip: req.ip, userAgent: req.userAgent },
  });
  // A returning guest who is over a limit sees the splash page like anyone else.
  return outcome.ok ? outcome.answer : null;
}
