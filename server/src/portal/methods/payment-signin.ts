import { fill } from '@splashboard/splash';
import { verifyPassword } from '../../platform/passwords.ts';
import { page, type PortalAnswer } from '../views.ts';
import { countFailure, perPortal, refusedByLimits, type AttemptLimit } from './attempts.ts';
import { formAgain, type MethodContext } from './method.ts';
import { signInScreen } from './payment-screens.ts';
import { grantPackage } from './payment-grant.ts';

const ATTEMPTS = 10;
const WINDOW_SECONDS = 15 * 60;

export const showSignIn = (ctx: MethodContext): PortalAnswer => page(ctx.snap, ctx.lang, signInScreen(ctx));

/**
 * "Already paid? Sign in": the payment account's email and password; this device takes one of the
 * package's device places (under the account's lock, so two devices cannot both take the last one), and is
 * let in for what is left of the package.
 */
export async function signIn(ctx: MethodContext, form: Record<string, string>): Promise<PortalAnswer> {
  const { deps, snap, pass } = ctx;
  const device = pass.arrival.clientMac ?? ctx.request.ip;
  const limits: AttemptLimit[] = [
    { key: `portal:payment-signin:${snap.site.id}:${device}`, limit: ATTEMPTS, windowSeconds: WINDOW_SECONDS },
    perPortal(ctx, 'payment-signin'),
  ];
  const blocked = await refusedByLimits(ctx, limits);
  if (blocked) return blocked;
  const screen = signInScreen(ctx);
  const email = (form.email ?? '').trim().toLowerCase().slice(0, 200);
  const password = (form.password ?? '').slice(0, 200);
  const errors: Record<string, string> = {};
  if (!email) errors.email = ctx.t.required;
  if (!password) errors.password = ctx.t.required;
  if (Object.keys(errors).length) return formAgain(ctx, screen, form, errors);
  const account = await deps.payments.ledger.accountByEmail(snap.site.id, email);
  // An unknown email costs the same time as a wrong password, and says the same.
  if (!(await verifyPassword(account?.passwordHash, password)) || !account) {
    await countFailure(ctx, limits);
    return formAgain(ctx, screen, form, { password: ctx.t.paymentSignInWrong });
  }
  const now = new Date();
  if (!account.terms || !account.expiresAt || account.expiresAt <= now)
    return formAgain(ctx, screen, form, {}, 403, { tone: 'error', text: ctx.t.paymentAccountExpired });
  const terms = account.terms;
  const mac = pass.arrival.clientMac;
  if (mac && !pass.test) {
    const { ledger } = deps.payments;
    const bound = await deps.db.transaction(async (tx) => {
      const locked = await ledger.lockAccount(account.id, tx);
      if (!locked) return 'full' as const;
      return ledger.bindDevice(locked, mac, terms.num_devices, 'login', tx);
    });
    if (bound === 'full' || bound === 'other')
      return formAgain(ctx, screen, form, {}, 409, {
        tone: 'error',
        text: fill(ctx.t.paymentAccountDevices, { count: terms.num_devices }),
      });
  }
  return (await grantPackage(ctx, { terms, endtime: account.expiresAt, collected: { custom: {}, email: account.email } })).answer;
}
