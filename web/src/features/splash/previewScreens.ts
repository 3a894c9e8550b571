import {
  DEFAULT_LOGIN_METHOD_VALUES,
  isPortalLoginMethod,
  DEFAULT_SPLASH_DESIGN,
  defaultFieldListOf,
  defaultStylesOf,
  normalizeLoginField,
  startPageMethods,
  type AuthMethod,
  type FieldListName,
  type LoginField,
  type LoginMethodPath,
  type SplashDesign,
  type Translations,
} from '@splashboard/contract';
import {
  fill,
  renderScreen,
  resolveDesign,
  resolveStyles,
  stringsFor,
  type GuestLang,
  type MethodScreen,
  type Screen,
  type SplashView,
} from '@splashboard/splash';
import { PATH_OF, type LoginMethod } from './resources.ts';
import { asStored } from './texts.ts';

/**
 * The preview draws the guest pages with the portal's own components (packages/splash), from the
 * settings being edited, building each screen the way the portal's methods build theirs
 * (server/src/portal/views.ts and methods/*.ts).
 */

export type PreviewScreenId =
  'start' | 'terms' | `method:${LoginMethod}` | 'phone:code' | 'guestuser:signup' | 'connected' | 'legal:terms' | 'legal:privacy';

/** The settings a preview is drawn from; what is not loaded yet is drawn with its defaults. */
export interface PreviewSource {
  lang: GuestLang;
  siteName: string;
  /** The design being edited, with its texts in other languages. */
  design: SplashDesign & { translations?: Partial<Translations> };
  /** The site's login methods, in their order. */
  loginMethods: LoginMethod[];
  styles(path: LoginMethodPath): Record<string, string> | undefined;
  values(path: LoginMethodPath): Record<string, unknown> | undefined;
  fields(path: LoginMethodPath, list: FieldListName): LoginField[] | undefined;
}

/** The screens of one method: its form, and the steps that follow it on the portal. */
export function screensOfMethod(method: AuthMethod): PreviewScreenId[] {
  if (method === 'multilanding') return ['start'];
  if (method === 'atos') return ['terms'];
  const own: PreviewScreenId[] = [`method:${method}`];
  if (method === 'phone') own.push('phone:code');
  if (method === 'guestuser') own.push('guestuser:signup');
  return own;
}

/** Every screen of a site's pages, in the order a guest meets them. */
export function screensOfSite(loginMethods: LoginMethod[]): PreviewScreenId[] {
  return ['terms', 'start', ...loginMethods.flatMap(screensOfMethod), 'connected', 'legal:terms', 'legal:privacy'];
}

/**
 * The choices of the portal's start page: the site's login methods the portal offers, in their order, with one
 * button for both voucher logins (server/src/portal/portal.routes.ts).
 */
const offeredOf = (loginMethods: LoginMethod[]) => startPageMethods(loginMethods.filter(isPortalLoginMethod));

/**
 * The screen a guest meets first: the terms page, else the start page when the portal offers a choice,
 * else the one method it offers.
 */
export function firstScreenOf(authMethods: readonly string[], loginMethods: LoginMethod[]): PreviewScreenId {
  if (authMethods.includes('atos')) return 'terms';
  const offered = offeredOf(loginMethods);
  return offered.length === 1 ? `method:${offered[0]!}` : 'start';
}

/**
 * The portal resolves defaults in the guest's language from what is stored; the editor holds full
 * values, so what still equals the (English) default counts as not set.
 */
function setOnly<T extends Record<string, unknown>>(values: T, defaults: Record<string, unknown>): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== '' && v !== defaults[k])) as Partial<T>;
}

/** A screen's styles as stored: what differs from the defaults, and the texts' versions in other languages. */
function storedStylesOf(src: PreviewSource, path: LoginMethodPath): Record<string, string> {
  const { own, versions } = asStored(src.styles(path) ?? {});
  return { ...(setOnly(own, defaultStylesOf(path)) as Record<string, string>), ...versions };
}
const stylesOf = (src: PreviewSource, path: LoginMethodPath) => resolveStyles(path, storedStylesOf(src, path), src.lang);
const valuesOf = (src: PreviewSource, path: LoginMethodPath) =>
  src.values(path) ?? (DEFAULT_LOGIN_METHOD_VALUES[path] as Record<string, unknown>);
/** As the server stores them: every field with its kind's defaults (a title left empty takes the default). */
const fieldsOf = (src: PreviewSource, path: LoginMethodPath, list: FieldListName = 'login_fields') =>
  (src.fields(path, list) ?? defaultFieldListOf(path, list)).map(normalizeLoginField);

export function viewOf(src: PreviewSource): SplashView {
  const { own, versions } = asStored(src.design);
  const design = resolveDesign(
    { ...setOnly(own, DEFAULT_SPLASH_DESIGN), ...versions },
    { logoImage: src.design.logo_image, htmlImage: src.design.html_image },
    src.lang,
  );
  return { lang: src.lang, siteName: src.siteName, design, linked: true };
}

/**
 * What guests of a language read where a text has no version of its own in it: the operator's English
 * text, or the default in that language where they kept the default (the designer's placeholders).
 */
export function fallbackStyles(path: LoginMethodPath, styles: object, lang: GuestLang): Record<string, string> {
  return resolveStyles(path, setOnly(asStored(styles).own, defaultStylesOf(path)) as Record<string, string>, lang);
}
export function fallbackDesign(design: SplashDesign, lang: GuestLang): SplashDesign {
  const { own } = asStored(design);
  return resolveDesign(setOnly(own, DEFAULT_SPLASH_DESIGN), { logoImage: design.logo_image, htmlImage: design.html_image }, lang);
}

/** A method's empty screen, as the portal's method draws it (methods/method.ts baseScreen and each method). */
function methodScreen(src: PreviewSource, method: LoginMethod): MethodScreen {
  const t = stringsFor(src.lang);
  const path = PATH_OF[method];
  const base: MethodScreen = {
    kind: 'method',
    method,
    action: method,
    styles: stylesOf(src, path),
    fields: fieldsOf(src, path),
    backHref: offeredOf(src.loginMethods).length > 1 ? './' : undefined,
  };
  const values = valuesOf(src, path);
  switch (method) {
    case 'password':
      return {
        ...base,
        extraInputs: [
          { name: 'password', label: t.passwordLabel, type: 'password', required: true, autocomplete: 'current-password' },
        ],
      };
    case 'facebook':
      return { ...base, fields: [], linkButton: { href: 'facebook/start' } };
    case 'ageconsent': {
      const format = String(values.birthday_format ?? 'DD/MM/YYYY') as LoginField['format'];
      return { ...base, fields: base.fields.map((f) => (f.field_type === 'birthday' ? { ...f, format } : f)) };
    }
    case 'wifi4eu':
      return {
        ...base,
        // The programme's script is not run in the preview (the frame runs no scripts).
        wifi4eu: {
          networkId: String(values.network_id ?? ''),
          lang: String(values.lang ?? 'en'),
          selftest: values.selftest === true,
          snippetUrl: 'https://collection.wifi4eu.ec.europa.eu/wifi4eu.min.js',
        },
      };
    case 'guestuser': {
      const screen: MethodScreen = {
        ...base,
        extraInputs: [
          { name: 'username', label: t.usernameLabel, type: 'text', required: true, autocomplete: 'username' },
          { name: 'password', label: t.accountPasswordLabel, type: 'password', required: true, autocomplete: 'current-password' },
        ],
      };
      if (values.self_signup !== true) return screen;
      const own = storedStylesOf(src, path);
      return {
        ...screen,
        secondaryButton: {
          name: 'step',
          value: 'signup',
          label: screen.styles.guestuser_signupbtn_text || t.continue,
          color: own.guestuser_signupbtn_color,
          background: own.guestuser_signupbtn_backgroundcolor,
          border: own.guestuser_signupbtn_bordercolor,
        },
      };
    }
    default:
      return base;
  }
}

/** Guest accounts' sign-up (methods/guest-user-signup.ts): the registration fields in the sign-up styles. */
function signupScreen(src: PreviewSource): MethodScreen {
  const t = stringsFor(src.lang);
  const path = PATH_OF.guestuser;
  const s = stylesOf(src, path);
  return {
    kind: 'method',
    method: 'guestuser',
    action: 'guestuser',
    fields: fieldsOf(src, path, 'registration_fields'),
    styles: {
      ...s,
      guestuser_heading_htmltext: s.guestuser_signup_heading_htmltext ?? '',
      guestuser_loginbtn_text: s.guestuser_signupbtn_text ?? '',
      guestuser_loginbtn_color: s.guestuser_signupbtn_color ?? '',
      guestuser_loginbtn_backgroundcolor: s.guestuser_signupbtn_backgroundcolor ?? '',
      guestuser_loginbtn_bordercolor: s.guestuser_signupbtn_bordercolor ?? '',
    },
    extraInputs: [
      { name: 'username', label: t.usernameLabel, type: 'text', required: true, autocomplete: 'username' },
      { name: 'password', label: t.accountPasswordLabel, type: 'password', required: true, autocomplete: 'new-password' },
      { name: 'password_confirm', label: t.confirmPasswordLabel, type: 'password', required: true, autocomplete: 'new-password' },
    ],
    hidden: { step: 'create' },
    backHref: 'guestuser',
  };
}

/** A sample phone number for the code step. */
const SAMPLE_PHONE = '+34 600 000 000';

export function screenOf(src: PreviewSource, id: PreviewScreenId): Screen {
  const t = stringsFor(src.lang);
  switch (id) {
    case 'start':
      return {
        kind: 'start',
        styles: stylesOf(src, 'multilanding'),
        methods: offeredOf(src.loginMethods).map((method) => ({ method, href: method })),
      };
    case 'terms':
      return { kind: 'terms', styles: stylesOf(src, 'atos') };
    case 'phone:code':
      return {
        kind: 'code',
        method: 'phone',
        styles: stylesOf(src, 'phoneconfig'),
        intro: fill(t.otpSentTo, { phone: SAMPLE_PHONE }),
        verifyAction: 'code',
        resendAction: 'code/resend',
        backHref: 'phone',
      };
    case 'guestuser:signup':
      return signupScreen(src);
    case 'connected':
      // With the button to the page the guest asked for, without the portal's refresh: the preview stays put.
      return {
        kind: 'message',
        tone: 'success',
        title: t.connectedTitle,
        body: t.connectedBody,
        action: { label: t.continue, href: 'http://example.com/' },
      };
    case 'legal:terms':
      return { kind: 'legal', which: 'terms', backHref: './' };
    case 'legal:privacy':
      return { kind: 'legal', which: 'privacy', backHref: './' };
    default:
      return methodScreen(src, id.slice('method:'.length) as LoginMethod);
  }
}

/**
 * The guest page as HTML, for the preview frame. Links open nothing there: the frame may not open
 * windows, and every link targets a new one.
 */
export function previewHtml(src: PreviewSource, id: PreviewScreenId): string {
  return renderScreen(viewOf(src), screenOf(src, id)).replace('<head>', '<head><base target="_blank"/>');
}
