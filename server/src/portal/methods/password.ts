import { safeEqual } from '../../platform/crypto.ts';
import { login } from '../grant.ts';
import { messagePage } from '../views.ts';
import { baseScreen, checkFields, formAgain, loginFieldsOf, valuesOf, type MethodContext, type PortalMethod } from './method.ts';
import { withoutSecrets } from './simple.ts';
import { countFailure, perPortal, refusedByLimits, type AttemptLimit } from './attempts.ts';

const ATTEMPTS = 10;
const WINDOW_SECONDS = 15 * 60;

const screenOf = (ctx: MethodContext) =>
  baseScreen(ctx, 'password', {
    extraInputs: [
      { name: 'password', label: ctx.t.passwordLabel, type: 'password', required: true, autocomplete: 'current-password' },
    ],
  });

/**
 * The site's common Wi-Fi password. Guessing is slowed per device (or address when the gateway gives
 * no MAC), not per venue address: every guest of a venue comes from the same public address; and per
 * portal, which a guesser forging a new MAC for each try does not get around.
 */
export const password: PortalMethod = {
  method: 'password',
  screen: screenOf,
  async submit(ctx, form) {
    const expected = String(valuesOf(ctx, 'password').password ?? '');
    if (!expected)
      return messagePage(ctx.snap, ctx.lang, (t) => ({ tone: 'error', title: t.notAvailableTitle, body: t.passwordNotSet }), 503);
    const who = ctx.pass.arrival.clientMac ?? ctx.request.ip;
    const key = `portal:password:${ctx.snap.site.id}:${who}`;
    const limits: AttemptLimit[] = [{ key, limit: ATTEMPTS, windowSeconds: WINDOW_SECONDS }, perPortal(ctx, 'password')];
    const blocked = await refusedByLimits(ctx, limits);
    if (blocked) return blocked;
    const screen = screenOf(ctx);
    const { errors, collected } = checkFields(ctx, loginFieldsOf(ctx, 'password'), form);
    const given = (form.password ?? '').trim();
    if (!given) errors.password = ctx.t.required;
    else if (!safeEqual(given, expected)) {
      await countFailure(ctx, limits);
      errors.password = ctx.t.wrongPassword;
    }
    if (Object.keys(errors).length) return formAgain(ctx, screen, form, errors);
    await ctx.deps.rateLimiter.reset(key);
    const outcome = await login(ctx.deps, {
      snap: ctx.snap,
      pass: ctx.pass,
      method: 'password',
      collected,
      request: ctx.request,
      overridePassword: form.override_password,
      form: withoutSecrets(form),
    });
    return outcome.answer;
  },
};
