import type { AccessLevel, ClientArea } from '@splashboard/contract';
import type { AccountsRepo } from './accounts.repo.ts';
import { randomToken, sha256 } from './crypto.ts';
import type { Actor, ClientAccess } from './access.ts';
import { effectivePlan, isSubscriptionActive } from './subscription-status.ts';

const TOUCH_AFTER_MS = 60 * 60 * 1000;

type ActorUser = { id: number; email: string; role: string; billingAccess: boolean };
type ActorAccount = Parameters<typeof isSubscriptionActive>[0] & { id: number; planType: string | null };

/** `billingEnabled`: with billing off every account has the provider plan and an active subscription. */
export function createSessionStore(accounts: AccountsRepo, sessionDays: number, billingEnabled: boolean) {
  const lifetimeMs = sessionDays * 24 * 60 * 60 * 1000;

  function toActor(
    user: ActorUser,
    account: ActorAccount,
    via: Actor['via'],
    session?: { id: string; csrfToken: string },
  ): Actor {
    return {
      userId: user.id,
      accountId: account.id,
      email: user.email,
      role: user.role === 'client' ? 'client' : 'admin',
      planType: effectivePlan(account, billingEnabled),
      subscriptionActive: isSubscriptionActive(account, billingEnabled),
      billingAccess: user.role === 'admin' && user.billingAccess,
      via,
      sessionId: session?.id,
      csrfToken: session?.csrfToken,
    };
  }

  return {
    /** Starts a session; the returned token goes in the cookie and is stored only as its hash. */
    async create(userId: number, meta: { ip: string; userAgent: string }) {
      const token = randomToken(32);
      const csrfToken = randomToken(24);
      await accounts.insertSession({
        id: sha256(token),
        userId,
        csrfToken,
        expiresAt: new Date(Date.now() + lifetimeMs),
        ip: meta.ip.slice(0, 64),
        userAgent: meta.userAgent.slice(0, 300),
      });
      return { token, csrfToken };
    },

    async resolve(token: string): Promise<Actor | null> {
      const row = await accounts.actorBySession(sha256(token));
      if (!row) return null;
      if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        await accounts.renewSession(row.session.id, new Date(Date.now() + lifetimeMs));
      }
      return toActor(row.user, row.account, 'session', row.session);
    },

    async resolveApiKey(key: string): Promise<Actor | null> {
      const row = await accounts.actorByApiKeyHash(sha256(key));
      return row ? toActor(row.user, row.account, 'apikey') : null;
    },

    destroy: (sessionId: string) => accounts.deleteSession(sessionId),

    /** Ends every session of a user but the one given (after a password change). */
    destroyOthers: (userId: number, keepSessionId?: string) => accounts.deleteUserSessions(userId, keepSessionId),

    async clientAccess(actor: Actor): Promise<ClientAccess> {
      const map: ClientAccess = new Map();
      if (actor.role !== 'client') return map;
      const rows = await accounts.clientAccessRows(actor.userId);
      for (const r of rows) {
        if (!map.has(r.siteId)) map.set(r.siteId, new Map());
        map.get(r.siteId)!.set(r.area as ClientArea, r.level as AccessLevel);
      }
      return map;
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
