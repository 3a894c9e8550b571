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
import { randomUUID } from 'node:crypto';
import { PATH_OF_METHOD, type SiteSnapshot } from './site-snapshot.ts';
import { keepCompressedCopies } from './compressed-pages.ts';

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
      /** The page's own content security policy (the pay page: Stripe.js and our checkout script). */
      csp?: string;
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
    const own = snap.poweredBy;
    // The account's powered-by line replaces the design's (or, hidden, removes it).
    if (own)
      design = {
        ...design,
        splash_page_powered_by_text: own.hidden ? '' : own.text,
        splash_page_powered_by_logo: own.hidden ? '' : own.logo_image,
      };
    byLang.set(lang, design);
  }
  return design;
}

export const viewOf = (snap: SiteSnapshot, lang: GuestLang, linked = true): SplashView => ({
  lang,
  siteName: snap.site.name,
  design: designOf(snap, lang),
  linked,
  ...(snap.poweredBy?.link_url && !snap.poweredBy.hidden && { poweredByLink: snap.poweredBy.link_url }),
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
    keepCompressedCopies(html);
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

const drawMessage = (snap: SiteSnapshot, lang: GuestLang, message: (t: GuestStrings) => Omit<MessageScreen, 'kind'>) =>
  renderScreen(viewOf(snap, lang), { kind: 'message', ...message(stringsFor(lang)) });

const connectedMessage = (continueUrl: string) => (t: GuestStrings) => ({
  tone: 'success' as const,
  title: t.connectedTitle,
  body: t.connectedBody,
  action: continueUrl ? { label: t.continue, href: continueUrl } : undefined,
  refresh: continueUrl ? { url: continueUrl, seconds: 3 } : undefined,
});

/** Stands for the continue URL in the connected page drawn once; no design text can hold it. */
const CONTINUE_MARK = `https://continue.invalid/${randomUUID()}`;
/** What React's renderer turns these characters into, in attributes and text alike. */
const ESCAPED: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const connectedParts = new WeakMap<SiteSnapshot, Map<GuestLang, string[]>>();

/**
 * The guest is online: on to where they were going (the continue URL), with a button for browsers that
 * do not refresh. Every login ends here, so the page is drawn once per settings version and language,
 * around a mark where the URL goes, and a guest's URL (http or https: anything else React's renderer
 * may rewrite, so it is drawn for that guest) is escaped into it as the renderer would.
 */
export function connectedPage(snap: SiteSnapshot, lang: GuestLang, continueUrl: string): PortalAnswer {
  if (!continueUrl)
    return { status: 200, html: cachedPage(snap, `connected:${lang}`, () => drawMessage(snap, lang, connectedMessage(''))) };
  if (!/^https?:\/\//i.test(continueUrl)) return messagePage(snap, lang, connectedMessage(continueUrl));
  let byLang = connectedParts.get(snap);
  if (!byLang) connectedParts.set(snap, (byLang = new Map()));
  let parts = byLang.get(lang);
  if (!parts) {
    parts = drawMessage(snap, lang, connectedMessage(CONTINUE_MARK)).split(CONTINUE_MARK);
    byLang.set(lang, parts);
  }
  return { status: 200, html: parts.join(continueUrl.replace(/[&"'<>]/g, (c) => ESCAPED[c]!)) };
}

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
