import { fill } from '@splashboard/splash';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { login } from '../grant.ts';
import { identityOf, recordLogin } from '../../domains/guests/login-records.ts';
import { designOf, messagePage, type PortalAnswer } from '../views.ts';
import { baseScreen, checkFields, formAgain, loginFieldsOf, valuesOf, type MethodContext, type PortalMethod } from './method.ts';
import { withoutSecrets } from './simple.ts';
import { suggestEmail } from '../email-typo.ts';
import { portalBaseUrl } from '../pass.ts';

const LINK_HOURS = 48;
const RESENDS_PER_HOUR = 3;

/**
 * Email login. With validation on (the method's or the site's setting), an address whose domain cannot
 * receive mail is refused; a resolver that does not answer never blocks a guest. With verification on,
 * an unconfirmed address gets a link by email, and (with a grace period) a short session to open it.
 */
export const email: PortalMethod = {
  method: 'email',
  screen: (ctx) => baseScreen(ctx, 'email'),
  async submit(ctx, posted) {
    const values = valuesOf(ctx, 'email');
    const screen = baseScreen(ctx, 'email');
    // A likely typo (`maria@gmial.con`) is asked about once, with no script: the page comes back with
    // "Did you mean maria@gmail.com?" and two buttons posting `email_fix=maria@gmail.com` or `email_fix=keep`.
    // The suggestion is taken only for the address it was made for: a guest who edits the field and
    // presses Enter (the first button) is asked again about what they typed now.
    const { email_fix: fix, ...form } = posted;
    const suggestion = form.email ? suggestEmail(form.email.trim()) : null;
    const taken = suggestion !== null && fix === suggestion;
    if (taken) form.email = suggestion;
    const { errors, collected } = checkFields(ctx, loginFieldsOf(ctx, 'email'), form);
    if (suggestion && !errors.email && !taken && fix !== 'keep')
      return formAgain(ctx, { ...screen, emailSuggestion: suggestion }, form, {}, 200);
    if (!errors.email && collected.email && (values.enable_validation === true || ctx.snap.site.validateEmail)) {
      if ((await ctx.deps.emailDomains.canReceiveMail(collected.email)) === 'no') errors.email = ctx.t.emailNotDeliverable;
    }
    if (Object.keys(errors).length) return formAgain(ctx, screen, form, errors);
    const base = { snap: ctx.snap, pass: ctx.pass, method: 'email' as const, collected, request: ctx.request };
    const extras = { overridePassword: form.override_password, form: withoutSecrets(form) };

    // Test mode records no guest, so there is none to confirm an address for: it goes on to the grant.
    if (values.enable_verification !== true || !collected.email || ctx.pass.test)
      return (await login(ctx.deps, { ...base, ...extras })).answer;
    const identity = identityOf('email', collected, ctx.pass.arrival.clientMac);
    const known = await ctx.deps.guests.byIdentity(ctx.snap.site.id, identity);
    if (known?.verifiedAt) return (await login(ctx.deps, { ...base, ...extras })).answer;

    const graceMinutes = Number(values.grace_period_duration) || 5;
    // One grace period per address: a guest who never opened the link must do so before the next.
    const hadGrace = known ? await ctx.deps.guestSessions.hasAnyOfGuest(known.id) : false;
    if (values.enable_grace_period === true && !hadGrace) {
      const outcome = await login(ctx.deps, {
        ...base,
        ...extras,
        limits: { minutes: Math.min(graceMinutes, Number(values.time_limit) || graceMinutes) },
      });
      if (!outcome.ok) return outcome.answer;
      await sendLink(ctx, outcome.guestId, collected.email, outcome.sessionId);
      if ('redirect' in outcome.answer || outcome.answer.status !== 200) return outcome.answer;
      return messagePage(ctx.snap, ctx.lang, (t) => ({
        tone: 'success',
        title: t.verifyEmailTitle,
        body: fill(t.verifyEmailBody, { email: collected.email! }),
        extra: fill(t.verifyEmailGrace, { minutes: graceMinutes }),
      }));
    }

    const guestId =
      known?.id ??
      (
        await recordLogin(ctx.deps, {
          accountId: ctx.snap.site.accountId,
          siteId: ctx.snap.site.id,
          method: 'email',
          family: ctx.snap.site.routerType ?? '',
          identity,
          collected,
          arrival: ctx.pass.arrival,
          request: ctx.request,
          consent: { design: designOf(ctx.snap, ctx.lang), termsScreen: !!ctx.pass.tos },
        })
      ).guestId;
    await sendLink(ctx, guestId, collected.email, null);
    return verifyFirst(ctx, guestId, collected.email, 403);
  },
};

function verifyFirst(ctx: MethodContext, guestId: number, address: string, status: number): PortalAnswer {
  return messagePage(
    ctx.snap,
    ctx.lang,
    (t) => ({
      tone: 'info',
      title: t.verifyEmailTitle,
      body: fill(t.verifyEmailRequired, { email: address }),
      action: { label: t.resendEmail, postTo: 'email/resend', hidden: { g: ctx.deps.signer.tag(String(guestId)) } },
    }),
    status,
  );
}

/** Emails a confirmation link; the link also carries the guest's pass so that confirming can lift a grace session to a full one. */
async function sendLink(ctx: MethodContext, guestId: number, address: string, sessionId: number | null) {
  const token = randomToken(24);
  await ctx.deps.challenges.add({
    id: sha256(token),
    accountId: ctx.snap.site.accountId,
    siteId: ctx.snap.site.id,
    kind: 'email_verify',
    data: { guestId, email: address, sessionId, pass: ctx.passToken },
    sends: 1,
    lastSentAt: new Date(),
    expiresAt: new Date(Date.now() + LINK_HOURS * 3600_000),
  });
  const link = `${portalBaseUrl(ctx.deps, ctx.pass)}/guest/verify/${token}`;
  const text = fill(ctx.t.verifyEmailText, { link });
  await ctx.deps.mailer.send({
    to: address,
    subject: fill(ctx.t.verifyEmailSubject, { site: ctx.snap.site.name }),
    text,
    html: `<p>${text.split('\n')[0]}</p><p><a href="${link}">${link}</a></p>`,
    accountId: ctx.snap.site.accountId,
  });
}

/** "Send the link again", from the page that asks to confirm first. */
export async function resendLink(ctx: MethodContext, taggedGuest: string | undefined): Promise<PortalAnswer> {
  const guestId = Number(taggedGuest ? ctx.deps.signer.untag(taggedGuest) : NaN);
  const guest = Number.isFinite(guestId) ? await ctx.deps.guests.unverified(guestId, ctx.snap.site.id) : undefined;
  if (!guest?.email)
    return messagePage(ctx.snap, ctx.lang, (t) => ({ tone: 'error', title: t.expiredTitle, body: t.emailLinkInvalid }), 404);
  const hit = await ctx.deps.rateLimiter.hit(`portal:verify-email:${guest.id}`, 3600);
  if (hit.count <= RESENDS_PER_HOUR) await sendLink(ctx, guest.id, guest.email, null);
  if (hit.count <= RESENDS_PER_HOUR) return verifyFirst(ctx, guest.id, guest.email, 200);
  return { ...verifyFirst(ctx, guest.id, guest.email, 429), retryAfter: hit.retryAfter };
}
