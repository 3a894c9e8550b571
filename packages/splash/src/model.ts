import type { AuthMethod, LoginField, LoginMethodStyles, SplashDesign } from '@splashboard/contract';
import type { GuestLang } from './i18n/index.ts';

/**
 * What a splash page is drawn from. The portal builds it from the site's settings; the designer's
 * preview builds the same from the settings being edited, so the preview is the page guests get.
 */
export interface SplashView {
  lang: GuestLang;
  siteName: string;
  /** Resolved: what the operator set, the rest as defaults in the guest's language. */
  design: SplashDesign;
  /**
   * Whether the page sits under a guest's portal path, so that relative links (terms, privacy, other
   * language, other methods) lead somewhere. Off for pages shown before a guest has a portal path.
   */
  linked: boolean;
  /** Where the powered-by line leads (the account's branding), when it is a link. */
  poweredByLink?: string;
}

/** An input the method adds beside its login fields (the common password, a staff override password). */
export interface ExtraInput {
  name: string;
  label: string;
  type: 'password' | 'text';
  required: boolean;
  autocomplete?: string;
}

export interface MethodScreen {
  kind: 'method';
  method: AuthMethod;
  /** Where the form posts (relative to the page). */
  action: string;
  /** The method's screen styles (resolved). */
  styles: LoginMethodStyles;
  fields: LoginField[];
  extraInputs?: ExtraInput[];
  /** Submitted values by input name, to fill the form again after an error. */
  values?: Record<string, string>;
  /** The first error per input name. */
  errors?: Record<string, string>;
  /** An error or notice about the whole form. */
  notice?: { tone: 'info' | 'error' | 'success'; text: string };
  /** Where the back button leads (relative), when there is a start page to go back to. */
  backHref?: string;
  /** Facebook and the like: a link instead of a form. */
  linkButton?: { href: string; label?: string };
  /** A note shown instead of the form when the method cannot be used here (not set up). */
  blocked?: string;
  /** A note shown instead of the link (Facebook in a captive-portal mini browser). */
  miniBrowser?: { note: string; copyUrl: string };
  /** WiFi4EU's measurement snippet (network id, language, self-test). */
  wifi4eu?: { networkId: string; lang: string; selftest: boolean; snippetUrl: string };
  /** Hide the GDPR section (a method that collects nothing, such as the common password). */
  hideGdpr?: boolean;
  /** Hidden inputs the form posts back (which step of the method it is). */
  hidden?: Record<string, string>;
  /** The address the guest probably meant (a typo in its domain), offered under the email field. */
  emailSuggestion?: string;
  /**
   * A second submit button of the same form, after the main one (guest accounts: "Create an account"),
   * posting `name=value`; the fields are not checked in the browser for it. Colours are the method's own.
   */
  secondaryButton?: { name: string; value: string; label: string; color?: string; background?: string; border?: string };
}

export interface StartScreen {
  kind: 'start';
  /** The multi-landing styles (buttons and heading). */
  styles: LoginMethodStyles;
  methods: { method: AuthMethod; href: string }[];
}

export interface TermsScreen {
  kind: 'terms';
  styles: LoginMethodStyles;
  notice?: { tone: 'info' | 'error' | 'success'; text: string };
}

export interface CodeScreen {
  kind: 'code';
  method: AuthMethod;
  styles: LoginMethodStyles;
  /** Shown above the code input ("We sent a code to ..."). */
  intro: string;
  error?: string;
  /** Relative form actions. */
  verifyAction: string;
  resendAction?: string;
  backHref?: string;
}

export interface MessageScreen {
  kind: 'message';
  tone: 'success' | 'error' | 'info';
  title: string;
  body: string;
  extra?: string;
  /** Facts listed under the message (what a test login would have told the router). */
  details?: { label: string; value: string }[];
  /** A button: a link, or a form that posts back (retry). */
  action?: {
    label: string;
    href?: string;
    postTo?: string;
    hidden?: Record<string, string>;
    /** A visible input in the posting form (a staff override password). */
    input?: { name: string; label: string; type: 'password' | 'text' };
    /** GET instead of POST (some gateways take the login as a query). */
    method?: 'get' | 'post';
    /** Submit the form as soon as the page loads (the button stays for browsers without scripts). */
    autoSubmit?: boolean;
  };
  /** Send the browser on after a few seconds (success pages), without JavaScript. */
  refresh?: { url: string; seconds: number };
}

export interface LegalScreen {
  kind: 'legal';
  which: 'terms' | 'privacy';
  backHref: string;
}

/** A package on the paid login's first screen (money in the currency's minor units). */
export interface PaymentPackageView {
  id: number;
  name: string;
  description: string;
  price: number;
  currency: string;
  trial: boolean;
  recurring: boolean;
  durationType: 'minutes' | 'hours' | 'days';
  durationVal: number;
  /** Data for the whole package in MB (0: unlimited). */
  dataMb: number;
  upKbps: number;
  downKbps: number;
  devices: number;
}

/**
 * The paid login's own screens: the packages on sale (step `packages`) and the card (step `pay`: Stripe's
 * Payment Element in the page, driven by our checkout script). The account details step is a MethodScreen.
 */
export interface PaymentScreen {
  kind: 'payment';
  step: 'packages' | 'pay';
  styles: LoginMethodStyles;
  notice?: { tone: 'info' | 'error' | 'success'; text: string };
  backHref?: string;
  packages?: PaymentPackageView[];
  /** Offer "Already paid? Sign in" (a button posting step=signin to the method). */
  signIn?: boolean;
  /** The package being paid for (step pay). */
  chosen?: PaymentPackageView;
  /** What the checkout script needs (step pay); absent when the site cannot take payments. */
  checkout?: {
    stripeJsUrl: string;
    scriptUrl: string;
    publishableKey: string;
    stripeAccount: string | null;
    clientSecret: string;
    /** Relative to the page: where Stripe.js sends the guest once paid. */
    returnPath: string;
  };
  /** "Finish in your browser" (step pay): a form posting the hidden values to the action. */
  elsewhere?: { action: string; hidden: Record<string, string>; minutes: number };
}

/**
 * The guests' customer portal (/guest/{key}/account): the sign-in form, or the signed-in guest's package,
 * devices, payments and the packages to renew with. Texts are already formatted in the guest's language.
 */
export interface AccountScreen {
  kind: 'account';
  /** The payment login's styles (the same buttons and colours as the checkout). */
  styles: LoginMethodStyles;
  notice?: { tone: 'info' | 'error' | 'success'; text: string };
  /** Absent: the sign-in form. */
  account?: {
    email: string;
    packageName: string;
    startsAt: string;
    endsAt: string;
    ended: boolean;
    dataUsed: string;
    devices: { mac: string }[];
    payments: { date: string; packageName: string; amount: string; status: string; invoiceHref?: string }[];
  };
  /** Packages to renew with (each a form posting `package` to `renew`). */
  packages?: PaymentPackageView[];
  /** The sign-in form's email after an error. */
  email?: string;
  errors?: Record<string, string>;
}

export type Screen =
  MethodScreen | StartScreen | TermsScreen | CodeScreen | MessageScreen | LegalScreen | PaymentScreen | AccountScreen;

/** The only script a gateway login page runs; the portal allows it by its hash. */
export const AUTO_SUBMIT_SCRIPT = "document.getElementById('gateway-login').submit();";
