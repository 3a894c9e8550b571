import type { AuthMethod, LoginMethodPath, SplashDesign } from '@splashboard/contract';
import {
  renderScreen,
  resolveDesign,
  resolveStyles,
  stringsFor,
  type GuestLang,
  type GuestStrings,
  type MessageScreen,
  type Screen,
  type SplashView,
} from '@splashboard/splash';
import { PATH_OF_METHOD, type SiteSnapshot } from './site-snapshot.ts';

/** A page to send, or where to send the browser instead. */
export type PortalAnswer =
  | {
      status?: number;
      /** Bytes for the pages drawn once and sent to many guests (no conversion per request). */
      html: string | Buffer;
      /** The page submits a login form to the guest's gateway (another origin) by itself. */
      gatewayForm?: boolean;
      /** Seconds until a refused guest may try again: sent as Retry-After with a 429. */
      retryAfter?: number;
    }
  | { redirect: string };

const designs = new WeakMap<SiteSnapshot, Map<GuestLang, SplashDesign>>();
const pages = new WeakMap<SiteSnapshot, Map<string, Buffer>>();

export function designOf(snap: SiteSnapshot, lang: GuestLang): SplashDesign {
  let byLang = designs.get(snap);
  if (!byLang) designs.set(snap, (byLang = new Map()));
  let design = byLang.get(lang);
  if (!design) {
    design = resolveDesign(snap.design, { logoImage: snap.site.logoImage, htmlImage: snap.site.htmlImage }, lang);
    byLang.set(lang, design);
  }
  return design;
}

export const viewOf = (snap: SiteSnapshot, lang: GuestLang, linked = true): SplashView => ({
  lang,
  siteName: snap.site.name,
  design: designOf(snap, lang),
  linked,
});

export const stylesOf = (snap: SiteSnapshot, path: LoginMethodPath, lang: GuestLang) =>
  resolveStyles(path, snap.methods[path].styles, lang);

export const methodSettings = (snap: SiteSnapshot, method: AuthMethod) => snap.methods[PATH_OF_METHOD[method]];

/**
 * Pages that are the same for every guest of a site (the start page, each method's empty form) are
 * drawn once per settings version and language; a guest's own state lives in the URL, not the page.
 */
export function cachedPage(snap: SiteSnapshot, key: string, draw: () => string): Buffer {
  let byKey = pages.get(snap);
  if (!byKey) pages.set(snap, (byKey = new Map()));
  let html = byKey.get(key);
  if (html === undefined) {
    html = Buffer.from(draw());
    byKey.set(key, html);
  }
  return html;
}

export const page = (snap: SiteSnapshot, lang: GuestLang, screen: Screen, status = 200, linked = true): PortalAnswer => ({
  status,
  html: renderScreen(viewOf(snap, lang, linked), screen),
});

export function messagePage(
  snap: SiteSnapshot,
  lang: GuestLang,
  message: (t: GuestStrings) => Omit<MessageScreen, 'kind'>,
  status = 200,
  linked = true,
): PortalAnswer {
  return page(snap, lang, { kind: 'message', ...message(stringsFor(lang)) }, status, linked);
}

/** A page that asks the guest to wait (a 429): how long, in its text and in Retry-After. */
export const waitPage = (
  snap: SiteSnapshot,
  lang: GuestLang,
  seconds: number,
  message: (t: GuestStrings) => Omit<MessageScreen, 'kind'>,
): PortalAnswer => ({
  ...messagePage(snap, lang, message, 429),
  retryAfter: seconds,
});

/** The guest is online: on to where they were going (the continue URL), with a button for browsers that do not refresh. */
export const connectedPage = (snap: SiteSnapshot, lang: GuestLang, continueUrl: string): PortalAnswer =>
  messagePage(snap, lang, (t) => ({
    tone: 'success',
    title: t.connectedTitle,
    body: t.connectedBody,
    action: continueUrl ? { label: t.continue, href: continueUrl } : undefined,
    refresh: continueUrl ? { url: continueUrl, seconds: 3 } : undefined,
  }));

/** A message when no site is known (an unknown portal address): the default design, no links. */
export function bareMessage(
  lang: GuestLang,
  message: (t: GuestStrings) => Omit<MessageScreen, 'kind'>,
  status: number,
): PortalAnswer {
  const view: SplashView = {
    lang,
    siteName: 'Wi-Fi',
    design: resolveDesign({}, { logoImage: '', htmlImage: '' }, lang),
    linked: false,
  };
  return { status, html: renderScreen(view, { kind: 'message', ...message(stringsFor(lang)) }) };
}
