import type { PortalAnswer } from '../views.ts';
import { baseScreen, checkFields, formAgain, type MethodContext, type PortalMethod } from './method.ts';
import { detailFieldsOf, detailsScreen, packagesPage } from './payment-screens.ts';
import { startPurchase } from './payment-start.ts';
import { startTrial } from './payment-trial.ts';
import { showSignIn, signIn } from './payment-signin.ts';
import { paymentArrival } from './payment-arrival.ts';
import { page } from '../views.ts';
import { startElsewhere } from '../checkout/pre-grant.ts';

/**
 * A package still on sale as the guest saw it: the same price and currency, else the guest chooses again
 * (a package archived or repriced between the screens charges nothing).
 */
async function packageAsShown(ctx: MethodContext, form: Record<string, string>) {
  const p = await ctx.deps.checkout.repo.packageOnSale(ctx.snap.site.id, Number(form.package));
  if (!p) return null;
  if (form.price !== undefined && (Number(form.price) !== p.price || (form.currency ?? p.currency) !== p.currency)) return null;
  return p;
}

const changed = (ctx: MethodContext) => packagesPage(ctx, { tone: 'error', text: ctx.t.packageChanged }, 409);

/** A package chosen (step 2's form), or the details posted (step 3: a trial's grant, or the card). */
async function choose(ctx: MethodContext, form: Record<string, string>, pay: boolean): Promise<PortalAnswer> {
  const p = await packageAsShown(ctx, form);
  if (!p) return changed(ctx);
  const site = p.isTrial ? null : await ctx.deps.payments.siteStripe.forSite(ctx.snap.site.id);
  if (!p.isTrial && !site?.ready) return packagesPage(ctx, { tone: 'error', text: ctx.t.paymentNotReady }, 503);
  if (!pay) return page(ctx.snap, ctx.lang, detailsScreen(ctx, p));
  const checked = checkFields(ctx, detailFieldsOf(ctx, p.isTrial), form);
  if (p.isTrial) {
    if (Object.keys(checked.errors).length) return formAgain(ctx, detailsScreen(ctx, p), form, checked.errors);
    return startTrial(ctx, p, checked.collected);
  }
  return startPurchase(ctx, p, site!, form, checked);
}

/**
 * Paid Wi-Fi: the guest picks a package (screen 1), gives the account's details (screen 2) and pays by card
 * in the page (screen 3: Stripe's Payment Element), then is let in with the package's limits
 * (payment-return.ts). Free trial packages skip the card, within the daily trial limit. A guest who
 * already paid signs in with the payment account instead. Every step posts to the method's own address.
 */
export const payment: PortalMethod = {
  method: 'payment',
  personal: true,
  screen: (ctx) => baseScreen(ctx, 'payment'),
  page: (ctx) => packagesPage(ctx),
  arrival: paymentArrival,
  async submit(ctx, form) {
    switch (form.step) {
      case 'choose':
        return choose(ctx, form, false);
      case 'pay':
        return choose(ctx, form, true);
      case 'signin':
        return showSignIn(ctx);
      case 'signin-submit':
        return signIn(ctx, form);
      case 'elsewhere':
        return startElsewhere(ctx, form);
      default:
        return packagesPage(ctx);
    }
  },
};
