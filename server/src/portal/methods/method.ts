import { isPortalLoginMethod, startPageMethods, type AuthMethod, type LoginField } from '@splashboard/contract';
import { stringsFor, type ExtraInput, type GuestLang, type GuestStrings, type MethodScreen } from '@splashboard/splash';
import type { PortalDeps } from '../deps.ts';
import { checkLoginFields, refill, type Collected } from '../login-fields.ts';
import type { PortalPass } from '../pass.ts';
import { PATH_OF_METHOD, type SiteSnapshot } from '../site-snapshot.ts';
import { page, stylesOf, type PortalAnswer } from '../views.ts';

/** One guest's request on a site's portal, as a login method sees it. */
export interface MethodContext {
  deps: PortalDeps;
  snap: SiteSnapshot;
  pass: PortalPass;
  /** The signed pass as it appears in the URL. */
  passToken: string;
  lang: GuestLang;
  t: GuestStrings;
  request: { ip: string; userAgent: string };
}

export interface PortalMethod {
  method: AuthMethod;
  /** The empty screen; the same for every guest of a site (it is cached), unless `personal` is set. */
  screen(ctx: MethodContext): MethodScreen;
  /** The screen depends on the guest (their browser, say), so it is not cached. */
  personal?: boolean;
  submit(ctx: MethodContext, form: Record<string, string>): Promise<PortalAnswer>;
  /** The method's page read per guest (the paid login's packages on sale), instead of `screen`. */
  page?(ctx: MethodContext): Promise<PortalAnswer>;
  /**
   * A device the method itself knows (bound to a guest account) arriving from the gateway: the page to
   * answer instead of the splash page, or null. A method with this hook decides its own returning
   * devices: the generic relogin policy leaves it out.
   */
  arrival?(
    deps: PortalDeps,
    snap: SiteSnapshot,
    pass: PortalPass,
    request: MethodContext['request'],
  ): Promise<PortalAnswer | null>;
}

export const contextFor = (
  deps: PortalDeps,
  snap: SiteSnapshot,
  pass: PortalPass,
  passToken: string,
  request: MethodContext['request'],
): MethodContext => ({ deps, snap, pass, passToken, lang: pass.lang, t: stringsFor(pass.lang), request });

export const valuesOf = (ctx: MethodContext, method: AuthMethod) => ctx.snap.methods[PATH_OF_METHOD[method]].values;
export const loginFieldsOf = (ctx: MethodContext, method: AuthMethod): LoginField[] =>
  ctx.snap.methods[PATH_OF_METHOD[method]].fieldList('login_fields');

/** The screen of a method with its fields, a back button when there is a start page to go back to. */
export function baseScreen(ctx: MethodContext, method: AuthMethod, over: Partial<MethodScreen> = {}): MethodScreen {
  return {
    kind: 'method',
    method,
    action: method,
    styles: stylesOf(ctx.snap, PATH_OF_METHOD[method], ctx.lang),
    fields: loginFieldsOf(ctx, method),
    // A start page exists when it offers more than one choice (one button for both voucher logins).
    backHref: startPageMethods(ctx.snap.loginMethods.filter(isPortalLoginMethod)).length > 1 ? './' : undefined,
    ...over,
  };
}

/** The method's screen again, with what the guest typed and what is wrong with it. */
export const formAgain = (
  ctx: MethodContext,
  screen: MethodScreen,
  form: Record<string, string>,
  errors: Record<string, string>,
  status = 422,
  notice?: MethodScreen['notice'],
): PortalAnswer => page(ctx.snap, ctx.lang, { ...screen, values: refill(form), errors, notice }, status);

/** The login fields checked with the site's rules (default country, and a minimum age where asked). */
export function checkFields(ctx: MethodContext, fields: LoginField[], form: Record<string, string>, minAge?: number) {
  return checkLoginFields(fields, form, { t: ctx.t, defaultCountry: ctx.snap.site.defaultCountryCode, minAge });
}

export type { Collected, ExtraInput };
