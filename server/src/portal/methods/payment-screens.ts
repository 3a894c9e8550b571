import { PASSWORD_MIN, defaultFieldListOf, type LoginField } from '@splashboard/contract';
import { fill, formatPrice, type MethodScreen, type PaymentScreen } from '@splashboard/splash';
import type { PackageRow } from '../../domains/payments/checkout/checkout.repo.ts';
import { packageView } from '../checkout/package-view.ts';
import { page, type PortalAnswer } from '../views.ts';
import { baseScreen, loginFieldsOf, type MethodContext } from './method.ts';

/** The payment screens' styles and the back button to the start page (when there is one). */
const paymentBase = (ctx: MethodContext) => {
  const base = baseScreen(ctx, 'payment');
  return { styles: base.styles, backHref: base.backHref };
};

/** Step 1: the packages on sale (only the free trials while the site cannot take payments). */
export async function packagesPage(ctx: MethodContext, notice?: PaymentScreen['notice'], status = 200): Promise<PortalAnswer> {
  const { deps, snap } = ctx;
  const packages = await deps.checkout.repo.packagesOnSale(snap.site.id);
  const stripe = packages.some((p) => !p.isTrial) ? await deps.payments.siteStripe.forSite(snap.site.id) : null;
  const payable = !!stripe?.ready;
  const shown = payable ? packages : packages.filter((p) => p.isTrial);
  const notReady = !payable && packages.some((p) => !p.isTrial);
  const screen: PaymentScreen = {
    kind: 'payment',
    step: 'packages',
    ...paymentBase(ctx),
    packages: shown.map(packageView),
    notice: notice ?? (notReady ? { tone: 'info', text: ctx.t.paymentNotReady } : undefined),
    signIn: true,
  };
  return page(snap, ctx.lang, screen, status);
}

/**
 * What the details step asks: for a paid package the account login fields (email first, always, and
 * mandatory) then the method's login fields not already asked; for a free trial the login fields only.
 */
export function detailFieldsOf(ctx: MethodContext, trial: boolean): LoginField[] {
  const login = loginFieldsOf(ctx, 'payment');
  if (trial) return login;
  const account = ctx.snap.methods.paymentloginconfig.fieldList('account_login_fields');
  const email = account.find((f) => f.field_type === 'email');
  const fields = email
    ? account.map((f) => (f === email ? { ...f, mandatory: true } : f))
    : [...defaultFieldListOf('paymentloginconfig', 'account_login_fields'), ...account];
  const builtIn = (f: LoginField) => !f.field_type.startsWith('custom_');
  const asked = new Set(fields.filter(builtIn).map((f) => f.field_type));
  return [...fields, ...login.filter((f) => !builtIn(f) || !asked.has(f.field_type))];
}

const chosenText = (ctx: MethodContext, p: PackageRow) =>
  fill(ctx.t.paymentChosen, {
    name: p.name,
    price: p.isTrial || p.price === 0 ? ctx.t.packageFree : formatPrice(ctx.lang, p.price, p.currency),
  });

/** Step 2: the guest's details (and a password for their payment account), posting the package and its price. */
export function detailsScreen(ctx: MethodContext, p: PackageRow): MethodScreen {
  return baseScreen(ctx, 'payment', {
    fields: detailFieldsOf(ctx, p.isTrial),
    extraInputs: p.isTrial
      ? []
      : [
          {
            name: 'password',
            label: `${ctx.t.paymentNewPassword} (${fill(ctx.t.passwordTooShort, { min: PASSWORD_MIN }).toLowerCase()})`,
            type: 'password',
            required: true,
            autocomplete: 'new-password',
          },
        ],
    hidden: { step: 'pay', package: String(p.id), price: String(p.price), currency: p.currency },
    notice: { tone: 'info', text: chosenText(ctx, p) },
    backHref: 'payment',
  });
}

/** "Already paid? Sign in": the payment account's email and password. */
export function signInScreen(ctx: MethodContext): MethodScreen {
  return baseScreen(ctx, 'payment', {
    fields: [],
    extraInputs: [
      { name: 'email', label: ctx.t.paymentEmailLabel, type: 'text', required: true, autocomplete: 'email' },
      { name: 'password', label: ctx.t.accountPasswordLabel, type: 'password', required: true, autocomplete: 'current-password' },
    ],
    hidden: { step: 'signin-submit' },
    hideGdpr: true,
    backHref: 'payment',
  });
}
