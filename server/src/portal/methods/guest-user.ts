import { normalizeGuestUsername } from '@splashboard/contract';
import type { MethodScreen } from '@splashboard/splash';
import { verifyPassword } from '../../platform/passwords.ts';
import { RELOGIN_DAYS } from '../limits.ts';
import type { PortalAnswer } from '../views.ts';
import { countFailure, perPortal, refusedByLimits, type AttemptLimit } from './attempts.ts';
import { letAccountIn, type LetIn } from './guest-user-access.ts';
import { showSignup, signup } from './guest-user-signup.ts';
import { baseScreen, checkFields, formAgain, loginFieldsOf, valuesOf, type MethodContext, type PortalMethod } from './method.ts';

const ATTEMPTS = 10;
const WINDOW_SECONDS = 15 * 60;
const DAY_MS = 86_400_000;

export function loginScreen(ctx: MethodContext): MethodScreen {
  const screen = baseScreen(ctx, 'guestuser', {
    extraInputs: [
      { name: 'username', label: ctx.t.usernameLabel, type: 'text', required: true, autocomplete: 'username' },
      { name: 'password', label: ctx.t.accountPasswordLabel, type: 'password', required: true, autocomplete: 'current-password' },
    ],
  });
  if (valuesOf(ctx, 'guestuser').self_signup !== true) return screen;
  // Colours only when the operator chose them: by default the sign-up button is the quieter second one.
  const own = ctx.snap.methods.guestuserloginconfig.styles;
  return {
    ...screen,
    secondaryButton: {
      name: 'step',
      value: 'signup',
      label: screen.styles.guestuser_signupbtn_text || ctx.t.continue,
      color: own.guestuser_signupbtn_color,
      background: own.guestuser_signupbtn_backgroundcolor,
      border: own.guestuser_signupbtn_bordercolor,
    },
  };
}

const letInOf = (ctx: MethodContext): LetIn => ({ deps: ctx.deps, snap: ctx.snap, pass: ctx.pass, request: ctx.request });

async function signIn(ctx: MethodContext, form: Record<string, string>): Promise<PortalAnswer> {
  const key = `portal:guestuser:${ctx.snap.site.id}:${ctx.pass.arrival.clientMac ?? ctx.request.ip}`;
  const limits: AttemptLimit[] = [{ key, limit: ATTEMPTS, windowSeconds: WINDOW_SECONDS }, perPortal(ctx, 'guestuser')];
  const blocked = await refusedByLimits(ctx, limits);
  if (blocked) return blocked;
  const screen = loginScreen(ctx);
  const { errors, collected } = checkFields(ctx, loginFieldsOf(ctx, 'guestuser'), form);
  const username = normalizeGuestUsername(form.username ?? '').slice(0, 200);
  const password = form.password ?? '';
  if (!username) errors.username = ctx.t.required;
  if (!password) errors.password = ctx.t.required;
  if (Object.keys(errors).length) return formAgain(ctx, screen, form, errors);
  const account = await ctx.deps.guestAccounts.byUsername(ctx.snap.site.id, username);
  // An unknown username costs the same time as a wrong password, and says the same.
  const ok = await verifyPassword(account?.passwordHash, password.slice(0, 200));
  if (!account || !ok) {
    await countFailure(ctx, limits);
    return formAgain(ctx, screen, form, { password: ctx.t.wrongUsernameOrPassword });
  }
  await ctx.deps.rateLimiter.reset(key);
  return (await letAccountIn(letInOf(ctx), account, { collected })).answer;
}

/**
 * Guest accounts: a username and password the operator gave (or the guest made, where the site allows
 * sign-up). The one form posts its step: a login, "create an account" (the sign-up screen), or the
 * sign-up itself; so every page stays at the method's own address and its relative links work.
 */
export const guestUser: PortalMethod = {
  method: 'guestuser',
  screen: loginScreen,
  async submit(ctx, form) {
    if (form.step === 'signup') return showSignup(ctx);
    if (form.step === 'create') return signup(ctx, form);
    return signIn(ctx, form);
  },

  /**
   * A device bound to an account arriving: one the dashboard connected is let in while the account
   * lasts; one the guest logged in on comes back without the page as the relogin policy allows.
   */
  async arrival(deps, snap, pass, request) {
    const mac = pass.arrival.clientMac;
    if (!mac || !snap.loginMethods.includes('guestuser')) return null;
    const bound = await deps.guestAccounts.boundAt(snap.site.id, mac);
    if (!bound) return null;
    if (bound.device.source !== 'operator') {
      const days = RELOGIN_DAYS[String(snap.methods.guestuserloginconfig.values.relogin_policy)] ?? 0;
      if (!days || (snap.hasTerms && !pass.tos)) return null;
      const last = bound.device.lastLoginAt ?? bound.device.boundAt;
      if (Number.isFinite(days) && Date.now() - last.getTime() > days * DAY_MS) return null;
    }
    const outcome = await letAccountIn({ deps, snap, pass, request }, bound.account, { returning: true });
    // An account that has run out shows its page: the guest sees why there.
    return outcome.ok ? outcome.answer : null;
  },
};
