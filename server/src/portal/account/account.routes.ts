import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeMac } from '@splashboard/contract';
import { fill, guestLangFrom, stringsFor, type AccountScreen, type GuestLang } from '@splashboard/splash';
import { revokeMac } from '../../domains/guest-accounts/network-access.ts';
import type { PaymentAccountRow } from '../../domains/payments/ledger.repo.ts';
import { AppError } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { send } from '../answer.ts';
import type { PortalDeps } from '../deps.ts';
import { FAILURES_PER_PORTAL, PORTAL_WINDOW_SECONDS } from '../methods/attempts.ts';
import type { SiteSnapshot } from '../site-snapshot.ts';
import { bareMessage, page, waitPage, type PortalAnswer } from '../views.ts';
import { sendInvoice } from './account-invoice.ts';
import { startRenewal, renewed } from './account-renew.ts';
import { accountPathOf, signInCookie, signOutCookie, signedInAccount } from './account-session.ts';
import { overviewScreen, signInScreen, whenOf } from './account-view.ts';

type Req = FastifyRequest<{ Params: { key: string; id?: string }; Body: Record<string, string> | undefined }>;
const options = { config: { public: true, csrf: false as const }, schema: { hide: true } };

const WRONG_PASSWORDS = 10;
const WRONG_PASSWORD_WINDOW = 15 * 60;
const RENEWALS_PER_HOUR = 20;

const queryOf = (r: FastifyRequest) => new URLSearchParams((r.raw.url ?? '').split('?')[1] ?? '');

interface Visit {
  snap: SiteSnapshot;
  lang: GuestLang;
  path: string;
}

/** Tries under a limit: null while there is room, else the wait page (the attempt itself is not counted). */
async function refused(deps: PortalDeps, v: Visit, limits: { key: string; limit: number; window: number }[]) {
  for (const l of limits) {
    try {
      await deps.rateLimiter.assertUnder(l.key, l.limit, l.window);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const seconds = Number(err.headers['retry-after'] ?? l.window);
      return waitPage(v.snap, v.lang, seconds, (t) => ({
        tone: 'error',
        title: t.notAvailableTitle,
        body: fill(t.tooManyAttempts, { minutes: Math.max(1, Math.ceil(seconds / 60)) }),
        action: { label: t.back, href: v.path },
      }));
    }
  }
  return null;
}

const accountPage = (v: Visit, screen: AccountScreen, status = 200): PortalAnswer => page(v.snap, v.lang, screen, status, false);

/**
 * The guests' customer portal, /guest/{portalKey}/account: a guest who paid signs in with their payment
 * account's email and password (a signed, httpOnly cookie scoped to this path, half an hour), and sees
 * their package, its start and end, the data used, their devices (and disconnects one), their payments,
 * and renews with the same Payment Element as the checkout. An unknown portal key is a 404.
 */
export function accountRoutes(app: FastifyInstance, deps: PortalDeps) {
  const visit = async (r: Req, reply: FastifyReply): Promise<Visit | null> => {
    const snap = await deps.snapshots.byPortalKey(r.params.key);
    const lang = guestLangFrom(r.headers['accept-language']);
    if (snap) return { snap, lang, path: accountPathOf(snap.site.portalKey) };
    await send(
      reply,
      bareMessage(lang, (t) => ({ tone: 'error', title: t.siteNotReadyTitle, body: t.siteNotReadyBody }), 404),
    );
    return null;
  };
  const accountOf = async (r: Req, v: Visit): Promise<PaymentAccountRow | null> => {
    const id = signedInAccount(deps, r, v.snap.site.id);
    return id === null ? null : ((await deps.payments.ledger.accountById(id, v.snap.site.id)) ?? null);
  };
  /** Runs `fn` for a signed-in guest; anyone else goes to the sign-in form. */
  const signedIn =
    (fn: (r: Req, v: Visit, account: PaymentAccountRow) => Promise<PortalAnswer>) => async (r: Req, reply: FastifyReply) => {
      const v = await visit(r, reply);
      if (!v) return;
      const account = await accountOf(r, v);
      return send(reply, account ? await fn(r, v, account) : { redirect: v.path });
    };
  const base = '/guest/:key/account';

  app.get(base, options, async (r: Req, reply) => {
    const v = await visit(r, reply);
    if (!v) return;
    const t = stringsFor(v.lang);
    const q = queryOf(r);
    const account = await accountOf(r, v);
    if (!account) {
      const notice = q.get('n') === 'out' ? { tone: 'success' as const, text: t.accountSignedOut } : undefined;
      return send(reply, accountPage(v, signInScreen(v.snap, v.lang, { notice })));
    }
    const tz = v.snap.site.timezone || 'UTC';
    const n = q.get('n');
    const mac = normalizeMac(q.get('mac') ?? '') ? q.get('mac')! : null;
    const notice: AccountScreen['notice'] =
      n === 'renewed' && account.expiresAt
        ? { tone: 'success', text: fill(t.accountRenewed, { end: whenOf(account.expiresAt, v.lang, tz) }) }
        : n === 'disconnected' && mac
          ? { tone: 'success', text: fill(t.accountDisconnected, { mac }) }
          : undefined;
    const invoiceHref = (row: { id: number }) => `${v.path}/invoice/${row.id}`;
    return send(reply, accountPage(v, await overviewScreen(deps, v.snap, v.lang, account, { notice, invoiceHref })));
  });

  app.get(`${base}/invoice/:id`, options, async (r: Req, reply) => {
    const v = await visit(r, reply);
    if (!v) return;
    const account = await accountOf(r, v);
    if (!account) return send(reply, { redirect: v.path });
    const id = /^\d{1,12}$/.test(r.params.id ?? '') ? Number(r.params.id) : 0;
    // Another guest's transaction (or none) answers as if it were not there.
    if (id && (await sendInvoice(deps, reply, v.snap, account, id, v.lang))) return reply;
    return send(
      reply,
      bareMessage(v.lang, (t) => ({ tone: 'error', title: t.notAvailableTitle, body: t.expiredBody }), 404),
    );
  });

  app.post(`${base}/signin`, options, async (r: Req, reply) => {
    const v = await visit(r, reply);
    if (!v) return;
    const t = stringsFor(v.lang);
    const limits = [
      { key: `portal:account-signin:${v.snap.site.id}:${r.ip}`, limit: WRONG_PASSWORDS, window: WRONG_PASSWORD_WINDOW },
      { key: `portal:account-signin-site:${v.snap.site.id}`, limit: FAILURES_PER_PORTAL, window: PORTAL_WINDOW_SECONDS },
    ];
    const blocked = await refused(deps, v, limits);
    if (blocked) return send(reply, blocked);
    const email = String(r.body?.email ?? '')
      .trim()
      .toLowerCase()
      .slice(0, 200);
    const password = String(r.body?.password ?? '').slice(0, 200);
    const errors: Record<string, string> = {};
    if (!email) errors.email = t.required;
    if (!password) errors.password = t.required;
    if (Object.keys(errors).length) return send(reply, accountPage(v, signInScreen(v.snap, v.lang, { email, errors }), 400));
    const account = await deps.payments.ledger.accountByEmail(v.snap.site.id, email);
    // An unknown email costs the same time as a wrong password, and says the same.
    if (!(await verifyPassword(account?.passwordHash, password)) || !account) {
      await Promise.all(limits.map((l) => deps.rateLimiter.hit(l.key, l.window)));
      return send(
        reply,
        accountPage(v, signInScreen(v.snap, v.lang, { email, errors: { password: t.paymentSignInWrong } }), 401),
      );
    }
    signInCookie(deps, reply, v.snap.site.portalKey, v.snap.site.id, account.id);
    return send(reply, { redirect: v.path });
  });

  app.post(`${base}/signout`, options, async (r: Req, reply) => {
    const v = await visit(r, reply);
    if (!v) return;
    signOutCookie(deps, reply, v.snap.site.portalKey);
    return send(reply, { redirect: `${v.path}?n=out` });
  });

  app.post(
    `${base}/disconnect`,
    options,
    signedIn(async (r, v, account) => {
      const wanted = normalizeMac(String(r.body?.mac ?? ''));
      const devices = wanted ? await deps.payments.ledger.devicesOf(account.id) : [];
      const mac = devices.find((d) => normalizeMac(d.mac) === wanted)?.mac;
      // Only the guest's own devices: any other address answers as if it were not there.
      if (!mac) return bareMessage(v.lang, (t) => ({ tone: 'error', title: t.notAvailableTitle, body: t.expiredBody }), 404);
      await deps.payments.ledger.unbindDevice(account.id, mac);
      await revokeMac(deps, v.snap.site, mac);
      await deps.guestSessions.endOpenOfDevice(v.snap.site.id, mac, 'customer_portal_disconnect');
      return { redirect: `${v.path}?n=disconnected&mac=${encodeURIComponent(mac)}` };
    }),
  );

  app.post(
    `${base}/renew`,
    options,
    signedIn(async (r, v, account) => {
      const limit = { key: `portal:account-renew:${account.id}`, limit: RENEWALS_PER_HOUR, window: 3600 };
      const blocked = await refused(deps, v, [limit]);
      if (blocked) return blocked;
      await deps.rateLimiter.hit(limit.key, limit.window);
      const answer = await startRenewal(deps, { snap: v.snap, lang: v.lang, account }, r.body ?? {});
      if (answer) return answer;
      const t = stringsFor(v.lang);
      return accountPage(
        v,
        await overviewScreen(deps, v.snap, v.lang, account, { notice: { tone: 'error', text: t.packageChanged } }),
        409,
      );
    }),
  );

  app.get(
    `${base}/renewed`,
    options,
    signedIn((r, v, account) => renewed(deps, { snap: v.snap, lang: v.lang, account }, queryOf(r).get('payment_intent'))),
  );
}
