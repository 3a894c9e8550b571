import { fill } from '@splashboard/splash';
import {
  DeviceLimitError,
  accessOf,
  bindDevice,
  collectedOf,
  hasRoomFor,
  identityOfAccount,
  startClock,
  type GuestAccountRow,
} from '../../domains/guest-accounts/guest-accounts.rules.ts';
import type { PortalDeps } from '../deps.ts';
import { login } from '../grant.ts';
import type { Collected } from '../login-fields.ts';
import type { PortalPass } from '../pass.ts';
import type { SiteSnapshot } from '../site-snapshot.ts';
import { messagePage, waitPage, type PortalAnswer } from '../views.ts';

export interface LetIn {
  deps: PortalDeps;
  snap: SiteSnapshot;
  pass: PortalPass;
  request: { ip: string; userAgent: string };
}

/**
 * Lets a guest account's device in: the account must still have time and data; the device is bound to
 * it (a new device only while the account has room: a bound device coming back is not a new one) and
 * the duration starts, in the login's own transaction. `returning` is a known device arriving without
 * the page (no form, no consent shown).
 */
export async function letAccountIn(
  at: LetIn,
  account: GuestAccountRow,
  opts: { collected?: Collected; returning?: boolean } = {},
): Promise<{ ok: boolean; answer: PortalAnswer }> {
  const { deps, snap, pass } = at;
  const allowed = await accessOf(deps, account);
  if (!allowed.ok) {
    const expired = allowed.reason === 'expired';
    return {
      ok: false,
      answer: messagePage(
        snap,
        pass.lang,
        (t) => ({
          tone: 'error',
          title: expired ? t.accountExpiredTitle : t.accountDataUsedTitle,
          body: expired ? t.accountExpiredBody : t.accountDataUsedBody,
        }),
        403,
      ),
    };
  }
  const mac = pass.arrival.clientMac;
  const full = () => ({
    ok: false,
    // A place comes free when one of the account's devices leaves: worth a try a minute later.
    answer: waitPage(snap, pass.lang, 60, (t) => ({
      tone: 'error',
      title: t.notAvailableTitle,
      body: fill(t.accountDeviceLimit, { count: account.numDevices }),
    })),
  });
  // Checked again in the login's transaction, where two devices at once cannot both take the last place.
  if (mac && !(await hasRoomFor(deps, account, mac))) return full();
  try {
    const outcome = await login(deps, {
      snap,
      pass,
      method: 'guestuser',
      collected: { ...collectedOf(account), ...opts.collected, custom: opts.collected?.custom ?? {} },
      // Known as `guestuser:{id}` either way; a returning device saw no page, so it gives no new consent.
      ...(opts.returning ? { identity: identityOfAccount(account.id) } : { socialId: String(account.id) }),
      request: at.request,
      limits: allowed.limits,
      maxDevices: account.numDevices,
      onRecorded: async (tx) => {
        // The device moves to this account even from another one: whoever logs in on it last holds it.
        if (mac) await bindDevice(deps, account, mac, { source: 'login', takeOver: true }, tx);
        await startClock(deps, account, tx);
      },
    });
    return { ok: outcome.ok, answer: outcome.answer };
  } catch (err) {
    if (!(err instanceof DeviceLimitError)) throw err;
    return full();
  }
}
