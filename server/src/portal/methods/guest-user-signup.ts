import { PASSWORD_MIN, guestUsernameField, type LoginField } from '@splashboard/contract';
import { fill, type MethodScreen } from '@splashboard/splash';
import { defaultsFromValues } from '../../domains/guest-accounts/defaults.ts';
import { newAccountValues } from '../../domains/guest-accounts/guest-accounts.service.ts';
import type { GuestAccountRow } from '../../domains/guest-accounts/guest-accounts.rules.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { Collected } from '../login-fields.ts';
import { PATH_OF_METHOD } from '../site-snapshot.ts';
import { messagePage, page, type PortalAnswer } from '../views.ts';
import { tooManyAttempts } from './attempts.ts';
import { letAccountIn } from './guest-user-access.ts';
import { baseScreen, checkFields, formAgain, valuesOf, type MethodContext } from './method.ts';

/** Sign-ups (and taken usernames) per device in an hour: enough for a family, not for filling the site with accounts. */
const SIGNUPS = 5;
const SIGNUP_WINDOW_SECONDS = 3600;

const registrationFieldsOf = (ctx: MethodContext): LoginField[] =>
  ctx.snap.methods[PATH_OF_METHOD.guestuser].fieldList('registration_fields');

/** The sign-up screen: the site's registration fields, a username and a password twice, in the sign-up styles. */
function signupScreen(ctx: MethodContext): MethodScreen {
  const screen = baseScreen(ctx, 'guestuser');
  const s = screen.styles;
  return {
    ...screen,
    fields: registrationFieldsOf(ctx),
    // The screen is drawn with the method's main names: here they take the sign-up heading and button.
    styles: {
      ...s,
      guestuser_heading_htmltext: s.guestuser_signup_heading_htmltext ?? '',
      guestuser_loginbtn_text: s.guestuser_signupbtn_text ?? '',
      guestuser_loginbtn_color: s.guestuser_signupbtn_color ?? '',
      guestuser_loginbtn_backgroundcolor: s.guestuser_signupbtn_backgroundcolor ?? '',
      guestuser_loginbtn_bordercolor: s.guestuser_signupbtn_bordercolor ?? '',
    },
    extraInputs: [
      { name: 'username', label: ctx.t.usernameLabel, type: 'text', required: true, autocomplete: 'username' },
      { name: 'password', label: ctx.t.accountPasswordLabel, type: 'password', required: true, autocomplete: 'new-password' },
      {
        name: 'password_confirm',
        label: ctx.t.confirmPasswordLabel,
        type: 'password',
        required: true,
        autocomplete: 'new-password',
      },
    ],
    hidden: { step: 'create' },
    // Back to the login form, at the method's own address.
    backHref: 'guestuser',
  };
}

const closed = (ctx: MethodContext) =>
  messagePage(
    ctx.snap,
    ctx.lang,
    (t) => ({ tone: 'info', title: t.notAvailableTitle, body: t.signupClosed, action: { label: t.back, href: 'guestuser' } }),
    403,
  );
const signupOpen = (ctx: MethodContext) => valuesOf(ctx, 'guestuser').self_signup === true;

export function showSignup(ctx: MethodContext): PortalAnswer {
  return signupOpen(ctx) ? page(ctx.snap, ctx.lang, signupScreen(ctx)) : closed(ctx);
}

/**
 * Self sign-up: an account from the registration fields with the site's defaults for duration and
 * limits, then the guest is let in with it at once. A taken username is said plainly: usernames are
 * the guest's to choose and not secret.
 */
export async function signup(ctx: MethodContext, form: Record<string, string>): Promise<PortalAnswer> {
  if (!signupOpen(ctx)) return closed(ctx);
  const key = `portal:guestuser-signup:${ctx.snap.site.id}:${ctx.pass.arrival.clientMac ?? ctx.request.ip}`;
  const blocked = await tooManyAttempts(ctx, key, SIGNUPS, SIGNUP_WINDOW_SECONDS);
  if (blocked) return blocked;
  const screen = signupScreen(ctx);
  const { errors, collected } = checkFields(ctx, registrationFieldsOf(ctx), form);
  const username = guestUsernameField.safeParse(form.username ?? '');
  const password = form.password ?? '';
  if (!username.success) errors.username = (form.username ?? '').trim() ? ctx.t.usernameFormat : ctx.t.required;
  if (!password) errors.password = ctx.t.required;
  else if (password.length < PASSWORD_MIN || password.length > 200)
    errors.password = fill(ctx.t.passwordTooShort, { min: PASSWORD_MIN });
  else if (password !== form.password_confirm) errors.password_confirm = ctx.t.passwordsDontMatch;
  if (Object.keys(errors).length || !username.success) return formAgain(ctx, screen, form, errors);

  const defaults = defaultsFromValues(valuesOf(ctx, 'guestuser'));
  const name = [collected.firstName, collected.lastName].filter(Boolean).join(' ').slice(0, 120);
  const values = {
    ...newAccountValues({ username: username.data, name, email: collected.email ?? '', notes: '' }, defaults),
    accountId: ctx.snap.site.accountId,
    siteId: ctx.snap.site.id,
    source: 'signup',
  };
  if (ctx.pass.test) return testSignup(ctx, screen, form, values, collected);
  const account = await ctx.deps.guestAccounts.createIfFree({ ...values, passwordHash: await hashPassword(password) });
  // A taken username counts too: trying names one after another is what the limit is for.
  await ctx.deps.rateLimiter.hit(key, SIGNUP_WINDOW_SECONDS);
  if (!account) return formAgain(ctx, screen, form, { username: ctx.t.usernameTaken });
  return (await letAccountIn({ deps: ctx.deps, snap: ctx.snap, pass: ctx.pass, request: ctx.request }, account, { collected }))
    .answer;
}

/**
 * Test mode keeps nothing: the account the guest would get is checked (a taken username too) and let in as
 * far as the test goes, without being stored.
 */
async function testSignup(
  ctx: MethodContext,
  screen: MethodScreen,
  form: Record<string, string>,
  values: Omit<GuestAccountRow, 'id' | 'passwordHash' | 'firstLoginAt' | 'expiresAt' | 'createdAt' | 'updatedAt'>,
  collected: Collected,
): Promise<PortalAnswer> {
  if (await ctx.deps.guestAccounts.idOfUsername(values.siteId, values.username))
    return formAgain(ctx, screen, form, { username: ctx.t.usernameTaken });
  const now = new Date();
  const account: GuestAccountRow = {
    ...values,
    id: 0,
    passwordHash: '',
    firstLoginAt: null,
    expiresAt: null,
    createdAt: now,
    updatedAt: now,
  };
  return (await letAccountIn({ deps: ctx.deps, snap: ctx.snap, pass: ctx.pass, request: ctx.request }, account, { collected }))
    .answer;
}
