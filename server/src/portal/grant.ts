import type { AuthMethod } from '@splashboard/contract';
import { fill } from '@splashboard/splash';
import {
  ControllerError,
  limitsSet,
  type AccessLimits,
  type ControllerAdapter,
  type GrantResult,
} from '../adapters/controllers/index.ts';
import { safeEqual } from '../platform/crypto.ts';
import type { PortalDeps } from './deps.ts';
import type { LimitCount } from '../platform/plan-usage.ts';
import { DeviceLimitReached } from '../domains/plan-limits/index.ts';
import { identityOf, recordLogin, type LoginRecord } from '../domains/guests/login-records.ts';
import type { GuestSessionRow } from '../domains/guests/guest-sessions.repo.ts';
import { limitsOf, remainingAllowance } from './limits.ts';
import type { Collected } from './login-fields.ts';
import type { PortalPass } from './pass.ts';
import type { SiteSnapshot } from './site-snapshot.ts';
import { issueRadiusCredentials } from './radius-credentials.ts';
import { gatewayReturnUrl } from './gateway-return.ts';
import { connectedPage, designOf, messagePage, methodSettings, waitPage, type PortalAnswer } from './views.ts';
import { testGrantPage } from './test-grant.ts';
import { afterLoginAd } from './ads/ad-shown.ts';

export interface LoginAttempt {
  snap: SiteSnapshot;
  pass: PortalPass;
  method: AuthMethod;
  collected: Collected;
  request: { ip: string; userAgent: string };
  /** A social login's own id (Facebook), which names the guest. */
  socialId?: string;
  /** The guest's identity when it is already known (a returning device let back in without a page). */
  identity?: string;
  /** Narrower limits than the method's (an email grace period). */
  limits?: Partial<AccessLimits>;
  /** The staff password that lifts session limit control, if the guest gave one. */
  overridePassword?: string;
  /** The submitted form (without secrets), to post again with an override password. */
  form?: Record<string, string>;
  /** A method's own rows, written in the login's transaction (see LoginRecord.onRecorded). */
  onRecorded?: LoginRecord['onRecorded'];
  /** Devices online at once, instead of the settings' num_devices (a guest account has its own). */
  maxDevices?: number;
}

export type LoginOutcome =
  | { ok: true; answer: PortalAnswer; sessionId: number; guestId: number }
  | { ok: false; reason: 'limit' | 'devices' | 'not_ready' | 'plan_devices'; answer: PortalAnswer }
  /** Test mode: every check passed, nothing recorded, no controller asked. */
  | { ok: false; reason: 'test'; answer: PortalAnswer };

/**
 * A guest has proved what the method asks: apply the site's limits, record the login, then ask the
 * controller to let the device in and answer the page that follows (connected, or the gateway's URL).
 */
export async function login(deps: PortalDeps, attempt: LoginAttempt): Promise<LoginOutcome> {
  const outcome = await tryLogin(deps, attempt);
  deps.metrics.portalLogin(attempt.method, outcome.ok ? 'ok' : outcome.reason);
  return outcome;
}

async function tryLogin(deps: PortalDeps, attempt: LoginAttempt): Promise<LoginOutcome> {
  const { snap, pass, method } = attempt;
  const lang = pass.lang;
  const values = methodSettings(snap, method).values;
  const identity = attempt.identity ?? identityOf(method, attempt.collected, pass.arrival.clientMac, attempt.socialId);
  let limits: Required<AccessLimits> = { ...limitsOf(values), ...attempt.limits } as Required<AccessLimits>;

  // Test mode needs no controller: it never asks one.
  const adapter = pass.test ? null : await deps.controllers.adapterFor(snap.site.id, snap.site.routerType);
  if (!adapter && !pass.test) {
    deps.log.warn(
      { siteId: snap.site.id, routerType: snap.site.routerType },
      'guest login refused: the site has no working controller settings',
    );
    return {
      ok: false,
      reason: 'not_ready',
      answer: messagePage(snap, lang, (t) => ({ tone: 'error', title: t.siteNotReadyTitle, body: t.siteNotReadyBody }), 503),
    };
  }

  if (values.session_limit_control === true) {
    const override = String(values.session_override_password ?? '');
    const overridden = override !== '' && !!attempt.overridePassword && safeEqual(attempt.overridePassword, override);
    if (!overridden) {
      const left = await remainingAllowance(deps.guestSessions, snap.site.id, identity, limits);
      if (!left) return { ok: false, reason: 'limit', answer: limitReached(snap, pass, method, override, attempt.form) };
      limits = left;
    }
  }
  const maxDevices = attempt.maxDevices ?? Number(values.num_devices ?? 0);
  if (
    maxDevices > 0 &&
    (await deps.guestSessions.devicesOnlineOfIdentity(snap.site.id, identity, pass.arrival.clientMac)) >= maxDevices
  ) {
    return {
      ok: false,
      reason: 'devices',
      // A place comes free when one of the guest's devices leaves: worth a try a minute later.
      answer: waitPage(snap, lang, 60, (t) => ({
        tone: 'error',
        title: t.notAvailableTitle,
        body: fill(t.tooManyDevices, { count: maxDevices }),
      })),
    };
  }

  // Only test mode gets here without an adapter: it stops before anything is recorded or granted.
  if (!adapter)
    return {
      ok: false,
      reason: 'test',
      answer: testGrantPage(snap, pass, { method, identity, limits, continueUrl: continueUrlOf(snap, pass) }),
    };

  const accountId = snap.site.accountId;
  const mac = pass.arrival.clientMac;
  let counted: LimitCount | null = null;
  const recorded = await recordLogin(deps, {
    accountId,
    siteId: snap.site.id,
    method,
    family: adapter.family,
    identity,
    collected: attempt.collected,
    arrival: pass.arrival,
    request: attempt.request,
    limits,
    consent: { design: designOf(snap, lang), termsScreen: !!pass.tos, none: !!attempt.identity },
    // The device counts against the plan's active guest devices in the same transaction: a new device
    // over the limit undoes the whole login (and a method's own rows) before anything is granted. Last,
    // so that the account's count row is locked only until the commit. With nothing to count (billing off,
    // no MAC) a login without rows of its own stays one statement, outside any transaction.
    onRecorded:
      deps.planLimits.countsDevices && mac
        ? async (tx, ids) => {
            await attempt.onRecorded?.(tx, ids);
            counted = await deps.planLimits.countDevice(accountId, mac, tx);
          }
        : attempt.onRecorded,
  }).catch((err: unknown) => {
    if (err instanceof DeviceLimitReached) return null;
    throw err;
  });
  if (!recorded) {
    deps.log.info({ accountId, siteId: snap.site.id }, 'guest login refused: the plan’s active guest devices are used up');
    return {
      ok: false,
      reason: 'plan_devices',
      answer: messagePage(snap, lang, (t) => ({ tone: 'error', title: t.devicePlanLimitTitle, body: t.devicePlanLimit }), 403),
    };
  }
  await deps.planLimits.counted(counted);
  const { guestId, session } = recorded;
  // The session just written, and the adapter just looked up: the grant needs neither read again.
  const answer = await grantSession(deps, snap, pass, session!, adapter, attempt.request.userAgent);
  return { ok: true, answer, sessionId: session!.id, guestId };
}

/** The day's allowance is used up; with an override password set, the guest may give it. */
function limitReached(snap: SiteSnapshot, pass: PortalPass, method: AuthMethod, override: string, form?: Record<string, string>) {
  // The allowance is a rolling day: time comes back as the oldest use passes a day, an hour is a fair wait.
  return waitPage(snap, pass.lang, 3600, (t) => ({
    tone: 'info',
    title: t.limitTitle,
    body: t.sessionLimitReached,
    extra: override ? t.overrideHint : undefined,
    // The override goes back to the same method with what the guest had typed.
    action: override
      ? {
          label: t.continue,
          postTo: method,
          hidden: form ?? {},
          input: { name: 'override_password', label: t.overridePassword, type: 'password' },
        }
      : undefined,
  }));
}

/** Where a connected guest goes next: the site's redirect URL, else the page they first asked for. */
export const continueUrlOf = (snap: SiteSnapshot, pass: PortalPass) => snap.site.redirectUrl || pass.arrival.originalUrl || '';

/** What a grant needs of a recorded session. */
export type GrantedSession = Pick<GuestSessionRow, 'id' | 'startedAt' | 'expiresAt' | 'upKbps' | 'downKbps' | 'quotaMb'>;

/**
 * Asks the controller to let a recorded session's device in, and records the answer: a controller that
 * confirms makes the session confirmed; a gateway that needs the guest's browser makes it granted (the
 * browser goes there next); a failure is kept with its reason and the guest gets a retry button.
 * `recorded` is the session by id (read here) or as the login just wrote it, with the site's adapter.
 */
export async function grantSession(
  deps: PortalDeps,
  snap: SiteSnapshot,
  pass: PortalPass,
  recorded: number | GrantedSession,
  knownAdapter?: ControllerAdapter,
  /** The guest's browser, for the rules of an ad shown after login. */
  userAgent = '',
): Promise<PortalAnswer> {
  const session: GrantedSession | undefined = typeof recorded === 'number' ? await deps.guestSessions.byId(recorded) : recorded;
  const sessionId = session?.id ?? (recorded as number);
  const lang = pass.lang;
  const adapter = knownAdapter ?? (await deps.controllers.adapterFor(snap.site.id, snap.site.routerType));
  const continueUrl = continueUrlOf(snap, pass);
  if (!session || !adapter)
    return messagePage(snap, lang, (t) => ({ tone: 'error', title: t.siteNotReadyTitle, body: t.siteNotReadyBody }), 503);
  const minutesLeft = Math.max(1, Math.ceil((session.expiresAt.getTime() - Date.now()) / 60_000));
  try {
    const radius = adapter.radiusLogin ? await issueRadiusCredentials(deps, session) : undefined;
    const limits = { minutes: minutesLeft, upKbps: session.upKbps, downKbps: session.downKbps, quotaMB: session.quotaMb };
    const result = await adapter.grantAccess({
      arrival: pass.arrival,
      limits,
      continueUrl: continueUrl || undefined,
      // Signed only for the gateways that use it (UniFi does not).
      get returnUrl() {
        return gatewayReturnUrl(deps, snap, pass, sessionId, continueUrl);
      },
      radius,
    });
    const confirmed = result.kind === 'granted';
    deps.metrics.portalGrant(adapter.family, result.kind);
    await deps.guestSessions.markGranted(session, confirmed, unenforcedDetail(result, limits));
    deps.funnel.granted(snap, pass.arrival.clientMac);
    if (result.kind === 'redirect')
      return (await afterLoginAd(deps, snap, pass, userAgent, result.url)) ?? { redirect: result.url };
    if (result.kind === 'form')
      return (await afterLoginAd(deps, snap, pass, userAgent, result)) ?? gatewayFormPage(snap, pass, result);
    return (await afterLoginAd(deps, snap, pass, userAgent)) ?? connectedPage(snap, lang, continueUrl);
  } catch (error) {
    const detail = error instanceof ControllerError ? `${error.code}: ${error.message}` : String(error);
    deps.metrics.portalGrant(adapter.family, 'failed');
    deps.log.error({ err: error, siteId: snap.site.id, sessionId }, 'the controller did not grant a guest access');
    // The next try (the guest's retry) reads the settings again: an operator may be fixing them.
    deps.controllers.invalidate(snap.site.id);
    await deps.guestSessions.markFailed(session, detail.slice(0, 500));
    return messagePage(
      snap,
      lang,
      (t) => ({
        tone: 'error',
        title: t.grantFailedTitle,
        body: t.grantFailedBody,
        action: { label: t.tryAgain, postTo: 'retry', hidden: { s: deps.signer.tag(String(sessionId)) } },
      }),
      502,
    );
  }
}

/**
 * The grant's detail when the gateway leaves some of the login's limits to itself: `limits: ` and their
 * names (access health words each with the session's values); empty when it enforces them all.
 */
function unenforcedDetail(result: GrantResult, limits: AccessLimits): string {
  const set = limitsSet(limits);
  const unenforced = result.unenforced ? set.filter((l) => result.unenforced!.includes(l)) : result.limitsApplied ? [] : set;
  return unenforced.length ? `limits: ${unenforced.join(',')}` : '';
}

/**
 * The page that hands the guest's one-time credentials to their gateway: a form to the gateway's login
 * address that submits itself, with a button for mini browsers that run no script.
 */
function gatewayFormPage(snap: SiteSnapshot, pass: PortalPass, form: Extract<GrantResult, { kind: 'form' }>): PortalAnswer {
  const answer = messagePage(snap, pass.lang, (t) => ({
    tone: 'info',
    title: t.gatewayTitle,
    body: t.gatewayBody,
    action: { label: t.gatewayButton, postTo: form.action, method: form.method, hidden: form.fields, autoSubmit: true },
  }));
  return { ...answer, gatewayForm: true };
}
