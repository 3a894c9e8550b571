import { randomInt } from 'node:crypto';
import { fill, type CodeScreen } from '@splashboard/splash';
import { SmsError } from '../../domains/sms/sms-sender.ts';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import { login } from '../grant.ts';
import type { Collected } from '../login-fields.ts';
import { messagePage, page, stylesOf, type PortalAnswer } from '../views.ts';
import { baseScreen, checkFields, formAgain, loginFieldsOf, valuesOf, type MethodContext, type PortalMethod } from './method.ts';
import { withoutSecrets } from './simple.ts';
import { pleaseWait } from './attempts.ts';

const CODE_MINUTES = 10;
const MAX_ATTEMPTS = 5;
const MAX_SENDS = 3;
const RESEND_AFTER_SECONDS = 30;
const SENDS_PER_NUMBER_PER_HOUR = 5;

const codeHash = (challengeId: string, code: string) => sha256(`${challengeId}:${code}`);
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const tooMany = (ctx: MethodContext, seconds: number) => pleaseWait(ctx, seconds, codeBase(ctx));
const codeBase = (ctx: MethodContext) => `/guest/${ctx.snap.site.portalKey}/p/${ctx.passToken}/`;

interface ChallengeData {
  phone: string;
  collected: Collected;
  form: Record<string, string>;
}

/**
 * Phone login: the number is checked and normalised (the site's default country for numbers without a
 * prefix); with verification on, a six-digit code goes out through the site's SMS gateway and must be
 * typed back within ten minutes, at most five tries per code and three codes per attempt.
 */
export const phone: PortalMethod = {
  method: 'phone',
  screen: (ctx) => baseScreen(ctx, 'phone'),
  async submit(ctx, form) {
    const values = valuesOf(ctx, 'phone');
    const screen = baseScreen(ctx, 'phone');
    const { errors, collected } = checkFields(ctx, loginFieldsOf(ctx, 'phone'), form);
    if (Object.keys(errors).length) return formAgain(ctx, screen, form, errors);
    const kept = withoutSecrets(form);
    if (values.enable_verification !== true || !collected.phone)
      return (
        await login(ctx.deps, { snap: ctx.snap, pass: ctx.pass, method: 'phone', collected, request: ctx.request, form: kept })
      ).answer;

    const perNumber = await ctx.deps.rateLimiter.hit(`portal:sms:${ctx.snap.site.id}:${collected.phone}`, 3600);
    if (perNumber.count > SENDS_PER_NUMBER_PER_HOUR) return tooMany(ctx, perNumber.retryAfter);

    const token = randomToken(18);
    const id = sha256(token);
    const code = newCode();
    await ctx.deps.challenges.add({
      id,
      accountId: ctx.snap.site.accountId,
      siteId: ctx.snap.site.id,
      kind: 'otp',
      data: { phone: collected.phone, collected, form: kept } satisfies ChallengeData,
      codeHash: codeHash(id, code),
      sends: 1,
      lastSentAt: new Date(),
      expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
    });
    const failure = await sendCode(ctx, collected.phone, code);
    if (failure) {
      await ctx.deps.challenges.remove(id);
      return formAgain(ctx, screen, form, {}, failure === 'not_configured' ? 503 : 502, {
        tone: 'error',
        text: failure === 'not_configured' ? ctx.t.smsNotConfigured : ctx.t.smsFailed,
      });
    }
    return { redirect: `${codeBase(ctx)}phone/code/${token}` };
  },
};

async function sendCode(ctx: MethodContext, to: string, code: string): Promise<'not_configured' | 'failed' | null> {
  const text = String(valuesOf(ctx, 'phone').sms_text || 'Your Wi-Fi access code is {code}').replaceAll('{code}', code);
  try {
    await ctx.deps.sms.send(ctx.snap.site.id, to, text);
    return null;
  } catch (err) {
    ctx.deps.log.warn({ err, siteId: ctx.snap.site.id }, 'could not send a guest login code');
    return err instanceof SmsError && err.code === 'not_configured' ? 'not_configured' : 'failed';
  }
}

async function liveChallenge(ctx: MethodContext, token: string) {
  return ctx.deps.challenges.live(sha256(token), 'otp', ctx.snap.site.id);
}

function codeScreen(ctx: MethodContext, token: string, phoneNumber: string, error?: string): CodeScreen {
  return {
    kind: 'code',
    method: 'phone',
    styles: stylesOf(ctx.snap, 'phoneconfig', ctx.lang),
    intro: fill(ctx.t.otpSentTo, { phone: phoneNumber }),
    error,
    verifyAction: token,
    resendAction: `${token}/resend`,
    backHref: `${codeBase(ctx)}phone`,
  };
}

const expired = (ctx: MethodContext) =>
  messagePage(
    ctx.snap,
    ctx.lang,
    (t) => ({
      tone: 'error',
      title: t.expiredTitle,
      body: t.wrongCode,
      action: { label: t.back, href: `${codeBase(ctx)}phone` },
    }),
    410,
  );

export async function showCode(ctx: MethodContext, token: string): Promise<PortalAnswer> {
  const challenge = await liveChallenge(ctx, token);
  if (!challenge) return expired(ctx);
  return page(ctx.snap, ctx.lang, codeScreen(ctx, token, (challenge.data as unknown as ChallengeData).phone));
}

export async function verifyCode(ctx: MethodContext, token: string, code: string | undefined): Promise<PortalAnswer> {
  const challenge = await liveChallenge(ctx, token);
  if (!challenge) return expired(ctx);
  const data = challenge.data as unknown as ChallengeData;
  if (challenge.attempts >= MAX_ATTEMPTS) return tooMany(ctx, (challenge.expiresAt.getTime() - Date.now()) / 1000);
  // Counted before comparing, in one statement, so parallel guesses cannot exceed the limit.
  const attempts = await ctx.deps.challenges.countAttempt(challenge.id, MAX_ATTEMPTS);
  if (attempts === undefined) return tooMany(ctx, (challenge.expiresAt.getTime() - Date.now()) / 1000);
  const given = (code ?? '').replace(/\D/g, '');
  if (!given || !challenge.codeHash || !safeEqual(codeHash(challenge.id, given), challenge.codeHash)) {
    if (attempts >= MAX_ATTEMPTS) return tooMany(ctx, (challenge.expiresAt.getTime() - Date.now()) / 1000);
    return page(ctx.snap, ctx.lang, codeScreen(ctx, token, data.phone, ctx.t.wrongCode), 422);
  }
  if (!(await ctx.deps.challenges.useOnce(challenge.id))) return expired(ctx);
  const outcome = await login(ctx.deps, {
    snap: ctx.snap,
    pass: ctx.pass,
    method: 'phone',
    collected: data.collected,
    request: ctx.request,
    form: data.form,
  });
  return outcome.answer;
}

export async function resendCode(ctx: MethodContext, token: string): Promise<PortalAnswer> {
  const challenge = await liveChallenge(ctx, token);
  if (!challenge) return expired(ctx);
  const data = challenge.data as unknown as ChallengeData;
  const since = (Date.now() - (challenge.lastSentAt?.getTime() ?? 0)) / 1000;
  if (challenge.sends >= MAX_SENDS) return tooMany(ctx, (challenge.expiresAt.getTime() - Date.now()) / 1000);
  if (since < RESEND_AFTER_SECONDS)
    return {
      ...page(ctx.snap, ctx.lang, codeScreen(ctx, token, data.phone, ctx.t.otpResendIn), 429),
      retryAfter: RESEND_AFTER_SECONDS - since,
    };
  const code = newCode();
  await ctx.deps.challenges.newCode(
    challenge.id,
    codeHash(challenge.id, code),
    challenge.sends + 1,
    new Date(Date.now() + CODE_MINUTES * 60_000),
  );
  const failure = await sendCode(ctx, data.phone, code);
  return page(
    ctx.snap,
    ctx.lang,
    codeScreen(
      ctx,
      token,
      data.phone,
      failure ? (failure === 'not_configured' ? ctx.t.smsNotConfigured : ctx.t.smsFailed) : undefined,
    ),
    failure ? 502 : 200,
  );
}
