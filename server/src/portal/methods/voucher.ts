import { VOUCHER_QR_PARAM, formatVoucherCode, normalizeVoucherCode } from '@splashboard/contract';
import { fill } from '@splashboard/splash';
import {
  VoucherRefused,
  allowanceOf,
  findVoucherAt,
  redeemInLogin,
  voucherRelogin,
  type VoucherRefusal,
} from '../../domains/vouchers/voucher-redeem.ts';
import type { LimitCount } from '../../platform/plan-usage.ts';
import { login } from '../grant.ts';
import { RELOGIN_DAYS } from '../limits.ts';
import type { PortalPass } from '../pass.ts';
import { messagePage, methodSettings, type PortalAnswer } from '../views.ts';
import { baseScreen, checkFields, formAgain, loginFieldsOf, type MethodContext, type PortalMethod } from './method.ts';
import { countFailure, perPortal, refusedByLimits, type AttemptLimit } from './attempts.ts';

/** Wrong codes a device may try per window, and (for a venue whose guests share one address) an address. */
const FAILURES_PER_DEVICE = 10;
const FAILURES_PER_ADDRESS = 300;
const WINDOW_SECONDS = 15 * 60;
const DAY_MS = 86_400_000;

/**
 * The code a card's QR code carries: the gateway passes the address the guest opened (see voucherQrUrl)
 * as the page they first asked for.
 */
export function codeFromArrival(pass: PortalPass): string | null {
  const url = pass.arrival.originalUrl;
  if (!url || !url.includes(VOUCHER_QR_PARAM)) return null;
  try {
    const code = normalizeVoucherCode(new URL(url).searchParams.get(VOUCHER_QR_PARAM) ?? '');
    return code ? formatVoucherCode(code) : null;
  } catch {
    return null;
  }
}

const screenOf = (ctx: MethodContext, method: 'voucher' | 'multisitevoucher') => {
  const code = codeFromArrival(ctx.pass);
  return baseScreen(ctx, method, code ? { values: { voucher: code } } : {});
};

function refusedAnswer(
  ctx: MethodContext,
  method: 'voucher' | 'multisitevoucher',
  form: Record<string, string>,
  reason: VoucherRefusal,
  numDevices: number,
): PortalAnswer {
  if (reason === 'plan')
    return messagePage(
      ctx.snap,
      ctx.lang,
      (t) => ({ tone: 'error', title: t.voucherUnavailableTitle, body: t.voucherPlanLimit }),
      403,
    );
  const message =
    reason === 'devices'
      ? fill(ctx.t.voucherDevices, { count: numDevices })
      : reason === 'used_up'
        ? ctx.t.voucherUsedUp
        : reason === 'expired'
          ? ctx.t.voucherExpired
          : ctx.t.voucherInvalid;
  return formAgain(ctx, baseScreen(ctx, method), form, { voucher: message }, reason === 'devices' ? 409 : 422);
}

/**
 * A voucher login (single-site or multi-site: either screen takes any voucher that works at the site).
 * The code is checked against the account's vouchers; wrong codes are counted per device, per address
 * and per portal (the one count a client forging a new MAC for each try cannot dodge), and past a limit
 * the guest waits (429 with Retry-After). The voucher's time, data and seats are applied by
 * the login itself (allowanceOf, then redeemInLogin inside its transaction).
 */
function voucherMethod(method: 'voucher' | 'multisitevoucher'): PortalMethod {
  return {
    method,
    // The screen fills in a code the QR code brought, so it differs per guest.
    personal: true,
    screen: (ctx) => screenOf(ctx, method),

    /**
     * The relogin policy for vouchers: a device that used a voucher here recently enough is let in
     * again without the page, but only while the voucher holds its seat and has time and data left.
     */
    async arrival(deps, snap, pass, request) {
      const mac = pass.arrival.clientMac;
      const days = RELOGIN_DAYS[String(methodSettings(snap, method).values.relogin_policy)] ?? 0;
      if (!mac || !days || (snap.hasTerms && !pass.tos)) return null;
      const since = Number.isFinite(days) ? new Date(Date.now() - days * DAY_MS) : new Date(0);
      const back = await voucherRelogin(deps, snap.site.id, mac, method, since);
      if (!back) return null;
      const outcome = await login(deps, { snap, pass, method, collected: { custom: {} }, request, ...back });
      return outcome.ok ? outcome.answer : null;
    },

    async submit(ctx, form) {
      const { deps, snap } = ctx;
      const attemptLimits: AttemptLimit[] = [
        {
          key: `portal:voucher:${snap.site.accountId}:${ctx.pass.arrival.clientMac ?? ctx.request.ip}`,
          limit: FAILURES_PER_DEVICE,
          windowSeconds: WINDOW_SECONDS,
        },
        {
          key: `portal:voucher-address:${snap.site.accountId}:${ctx.request.ip}`,
          limit: FAILURES_PER_ADDRESS,
          windowSeconds: WINDOW_SECONDS,
        },
        perPortal(ctx, 'voucher'),
      ];
      const blocked = await refusedByLimits(ctx, attemptLimits);
      if (blocked) return blocked;

      const { errors, collected } = checkFields(ctx, loginFieldsOf(ctx, method), form);
      const typed = (form.voucher ?? '').trim();
      const code = typed ? normalizeVoucherCode(typed) : null;
      const voucher = code ? await findVoucherAt(deps, snap.site.accountId, snap.site.id, code) : null;
      if (!typed) errors.voucher = ctx.t.required;
      else if (!voucher) {
        await countFailure(ctx, attemptLimits);
        errors.voucher = ctx.t.voucherInvalid;
      }
      if (Object.keys(errors).length || !voucher) return formAgain(ctx, baseScreen(ctx, method), form, errors);

      const mac = ctx.pass.arrival.clientMac;
      const limits = await allowanceOf(deps, voucher, mac);
      if (typeof limits === 'string') return refusedAnswer(ctx, method, form, limits, voucher.numDevices);
      let counted: LimitCount | null = null;
      try {
        const outcome = await login(deps, {
          snap,
          pass: ctx.pass,
          method,
          collected,
          request: ctx.request,
          // Without an email or phone the guest is known by the voucher: its devices are one guest.
          socialId: collected.email || collected.phone ? undefined : String(voucher.id),
          limits,
          onRecorded: redeemInLogin(deps, voucher, snap.site.id, mac, (count) => (counted = count)),
        });
        if (outcome.ok) await deps.planLimits.counted(counted);
        return outcome.answer;
      } catch (err) {
        if (err instanceof VoucherRefused) return refusedAnswer(ctx, method, form, err.reason, voucher.numDevices);
        throw err;
      }
    },
  };
}

export const voucher = voucherMethod('voucher');
export const multisiteVoucher = voucherMethod('multisitevoucher');
