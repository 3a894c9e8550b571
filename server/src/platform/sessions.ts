import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, clientSiteAccess, sessions, users } from '../db/schema/index.ts';
import { randomToken, sha256 } from './crypto.ts';
import type { Actor, ClientAccess } from './access.ts';
import type { AccessLevel, ClientArea } from '@splashboard/contract';
import { asPlanType, isSubscriptionActive } from '../domains/subscription/subscription-state.ts';

const TOUCH_AFTER_MS = 60 * 60 * 1000;

const actorUser = { id: users.id, email: users.email, role: users.role, billingAccess: users.billingAccess };
const actorAccount = {
  id: accounts.id,
  planType: accounts.planType,
  subscriptionStatus: accounts.subscriptionStatus,
  trialEnd: accounts.trialEnd,
  currentPeriodEnd: accounts.currentPeriodEnd,
};
type ActorUser = { id: number; email: string; role: string; billingAccess: boolean };
type ActorAccount = Parameters<typeof isSubscriptionActive>[0] & { id: number; planType: string | null };

export function createSessionStore(db: Database, sessionDays: number) {
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
      planType: asPlanType(account.planType),
      subscriptionActive: isSubscriptionActive(account),
      billingAccess: user.role === 'admin' && user.billingAccess,
      via,
      sessionId: session?.id,
      csrfToken: session?.csrfToken,
    };
  }

  // Prepared once, and only the columns an actor needs: this runs on every signed-in request.
  const bySessionId = db
    .select({
      session: { id: sessions.id, csrfToken: sessions.csrfToken, lastSeenAt: sessions.lastSeenAt },
      user: actorUser,
      account: actorAccount,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_by_id');

  return {
    /** Starts a session; the returned token goes in the cookie and is stored only as its hash. */
    async create(userId: number, meta: { ip: string; userAgent: string }) {
      const token = randomToken(32);
      const csrfToken = randomToken(24);
      await db.insert(sessions).values({
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
      const [row] = await bySessionId.execute({ id: sha256(token) });
      if (!row) return null;
      if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + lifetimeMs) })
          .where(eq(sessions.id, row.session.id));
      }
      return toActor(row.user, row.account, 'session', row.session);
    },

    async resolveApiKey(key: string): Promise<Actor | null> {
      const rows = await db
        .select({ user: actorUser, account: actorAccount })
        .from(users)
        .innerJoin(accounts, eq(accounts.id, users.accountId))
        .where(eq(users.apiKeyHash, sha256(key)));
      const row = rows[0];
      return row ? toActor(row.user, row.account, 'apikey') : null;
    },

    destroy: (sessionId: string) => db.delete(sessions).where(eq(sessions.id, sessionId)),

    /** Ends every session of a user but the one given (after a password change). */
    destroyOthers: (userId: number, keepSessionId?: string) =>
      db
        .delete(sessions)
        .where(
          keepSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`) : eq(sessions.userId, userId),
        ),

    async clientAccess(actor: Actor): Promise<ClientAccess> {
      const map: ClientAccess = new Map();
      if (actor.role !== 'client') return map;
      const rows = await db.select().from(clientSiteAccess).where(eq(clientSiteAccess.userId, actor.userId));
      for (const r of rows) {
        if (!map.has(r.siteId)) map.set(r.siteId, new Map());
        map.get(r.siteId)!.set(r.area as ClientArea, r.level as AccessLevel);
      }
      return map;
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
