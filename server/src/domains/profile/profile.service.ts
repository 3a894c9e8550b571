import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Profile } from '@splashboard/contract';
import { accounts, sites, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { accountPermissions, canSeeSite, isProvider, requireActor, type Actor } from '../../platform/access.ts';
import { hmacSha256, randomToken, sha256 } from '../../platform/crypto.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { API_KEY_PREFIX } from '../../platform/auth-hooks.ts';

type Deps = Pick<AppContext, 'db' | 'config' | 'sessions' | 'rateLimiter'>;

export function createProfileService({ db, config, sessions, rateLimiter }: Deps) {
  const chatWidget = () => Boolean(config.crisp.siteId);

  async function userRow(actor: Actor) {
    const [row] = await db
      .select({ user: users, account: accounts })
      .from(users)
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .where(eq(users.id, actor.userId));
    if (!row) throw notFound();
    return row;
  }

  // The user, their account and its sites in one round trip, only the columns shown: read on every page load.
  const profileRows = db
    .select({
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        emailVerified: users.emailVerified,
        tfEnabled: users.tfEnabled,
        language: users.language,
      },
      cardUpdatedRequired: accounts.cardUpdatedRequired,
      siteId: sites.id,
      siteName: sites.name,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(sites, eq(sites.accountId, accounts.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(asc(sites.id))
    .prepare('profile_rows');

  async function getProfile(actorIn: Actor | null): Promise<Profile> {
    const actor = requireActor(actorIn);
    const [rows, clientAccess] = await Promise.all([profileRows.execute({ userId: actor.userId }), sessions.clientAccess(actor)]);
    if (!rows[0]) throw notFound();
    const { user, cardUpdatedRequired } = rows[0];
    const siteRows = rows.flatMap((r) => (r.siteId === null ? [] : [{ id: r.siteId, name: r.siteName ?? '' }]));
    const visible = siteRows.filter((s) => canSeeSite(actor, s.id, clientAccess));
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      permissions: accountPermissions(actor, clientAccess, chatWidget()),
      sites: visible,
      isProvider: isProvider(actor),
      billing_access: actor.billingAccess,
      sub_active: actor.subscriptionActive,
      card_updated_required: cardUpdatedRequired,
      site_creation_needed: actor.role === 'admin' && siteRows.length === 0,
      crisp_hash: config.crisp.secret ? hmacSha256(config.crisp.secret, user.email) : '',
      role: actor.role,
      email_verified: user.emailVerified,
      tf_enabled: user.tfEnabled,
      language: user.language,
    };
  }

  return {
    getProfile,

    async updateProfile(actorIn: Actor | null, input: { name?: string; email?: string; language?: string }) {
      const actor = requireActor(actorIn);
      if (input.email && input.email !== actor.email) {
        const [taken] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, input.email), ne(users.id, actor.userId)));
        if (taken) throw fieldError('email', 'common.emailInUse');
      }
      const changes: Partial<typeof users.$inferInsert> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.language !== undefined) changes.language = input.language;
      if (input.email !== undefined && input.email !== actor.email) {
        changes.email = input.email;
        changes.emailVerified = false;
      }
      if (Object.keys(changes).length > 0) await db.update(users).set(changes).where(eq(users.id, actor.userId));
      return getProfile({ ...actor, email: input.email ?? actor.email });
    },

    async changePassword(actorIn: Actor | null, input: { current_password: string; password: string }) {
      const actor = requireActor(actorIn);
      const key = `password-change:user:${actor.userId}`;
      await rateLimiter.assertUnder(key, config.rateLimits.loginPerAccount, config.rateLimits.windowSeconds);
      const { user } = await userRow(actor);
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        await rateLimiter.hit(key, config.rateLimits.windowSeconds);
        throw fieldError('current_password', 'common.wrongCurrentPassword');
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.password) })
        .where(eq(users.id, actor.userId));
      // Anyone else holding a session for this user is signed out.
      await sessions.destroyOthers(actor.userId, actor.sessionId);
      return { status: 200 as const, message: 'Password updated' };
    },

    async getApiKey(actorIn: Actor | null) {
      const actor = requireActor(actorIn);
      if (actor.role !== 'admin') throw forbidden('common.adminsOnlyApi');
      const { user } = await userRow(actor);
      return {
        apikey: user.apiKeyPrefix ? user.apiKeyPrefix + '•'.repeat(12) : null,
        masked: true,
        created_at: user.apiKeyCreatedAt?.toISOString() ?? null,
      };
    },

    /** A new key replaces the old one; it is shown whole only in this answer and stored as a hash. */
    async resetApiKey(actorIn: Actor | null) {
      const actor = requireActor(actorIn);
      if (actor.role !== 'admin') throw forbidden('common.adminsOnlyApi');
      const key = API_KEY_PREFIX + randomToken(30);
      const createdAt = new Date();
      await db
        .update(users)
        .set({ apiKeyHash: sha256(key), apiKeyPrefix: key.slice(0, 10), apiKeyCreatedAt: createdAt })
        .where(eq(users.id, actor.userId));
      return { apikey: key, masked: false, created_at: createdAt.toISOString() };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
