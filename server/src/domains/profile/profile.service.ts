import type { Profile } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { PASSWORD_RESET_TOKEN } from '../../platform/accounts.repo.ts';
import { accountPermissions, canSeeSite, isProvider, requireActor, requireSession, type Actor } from '../../platform/access.ts';
import { hmacSha256, randomToken, sha256 } from '../../platform/crypto.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { API_KEY_PREFIX } from '../../platform/auth-hooks.ts';
import type { SitesRepo } from '../sites/sites.repo.ts';

type Deps = Pick<AppContext, 'accounts' | 'config' | 'sessions' | 'rateLimiter'> & { sites: Pick<SitesRepo, 'namesOfAccount'> };

export function createProfileService({ accounts, sites, config, sessions, rateLimiter }: Deps) {
  const chatWidget = () => Boolean(config.crisp.siteId);

  async function userRow(actor: Actor) {
    const user = await accounts.userById(actor.userId);
    if (!user) throw notFound();
    return user;
  }

  // Read on every page load: the three reads go out at once.
  async function getProfile(actorIn: Actor | null): Promise<Profile> {
    const actor = requireActor(actorIn);
    const [row, siteRows, clientAccess] = await Promise.all([
      accounts.profileOf(actor.userId),
      sites.namesOfAccount(actor.accountId),
      sessions.clientAccess(actor),
    ]);
    if (!row) throw notFound();
    const { user, cardUpdatedRequired } = row;
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
      // The sign-in email is the account's security: a script may rename, not re-address, its user.
      if (input.email !== undefined && input.email !== actor.email) requireSession(actor);
      if (input.email && input.email !== actor.email) {
        if (await accounts.emailTakenByOther(input.email, actor.userId)) throw fieldError('email', 'common.emailInUse');
      }
      const changes: Parameters<typeof accounts.updateUser>[1] = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.language !== undefined) changes.language = input.language;
      if (input.email !== undefined && input.email !== actor.email) {
        changes.email = input.email;
        changes.emailVerified = false;
      }
      if (Object.keys(changes).length > 0) await accounts.updateUser(actor.userId, changes);
      return getProfile({ ...actor, email: input.email ?? actor.email });
    },

    async changePassword(actorIn: Actor | null, input: { current_password: string; password: string }) {
      const actor = requireSession(actorIn);
      const key = `password-change:user:${actor.userId}`;
      await rateLimiter.assertUnder(key, config.rateLimits.loginPerAccount, config.rateLimits.windowSeconds);
      const user = await userRow(actor);
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        await rateLimiter.hit(key, config.rateLimits.windowSeconds);
        throw fieldError('current_password', 'common.wrongCurrentPassword');
      }
      await accounts.updateUser(actor.userId, { passwordHash: await hashPassword(input.password) });
      // Anyone else holding a session for this user is signed out, and reset links sent before stop working.
      await sessions.destroyOthers(actor.userId, actor.sessionId);
      await accounts.deleteUserTokens(actor.userId, PASSWORD_RESET_TOKEN);
      return { status: 200 as const, message: 'Password updated' };
    },

    async getApiKey(actorIn: Actor | null) {
      const actor = requireActor(actorIn);
      if (actor.role !== 'admin') throw forbidden('common.adminsOnlyApi');
      const user = await userRow(actor);
      return {
        apikey: user.apiKeyPrefix ? user.apiKeyPrefix + '•'.repeat(12) : null,
        masked: true,
        created_at: user.apiKeyCreatedAt?.toISOString() ?? null,
      };
    },

    /** A new key replaces the old one; it is shown whole only in this answer and stored as a hash. */
    async resetApiKey(actorIn: Actor | null) {
      const actor = requireSession(actorIn);
      if (actor.role !== 'admin') throw forbidden('common.adminsOnlyApi');
      const key = API_KEY_PREFIX + randomToken(30);
      const createdAt = new Date();
      await accounts.updateUser(actor.userId, {
        apiKeyHash: sha256(key),
        apiKeyPrefix: key.slice(0, 10),
        apiKeyCreatedAt: createdAt,
      });
      return { apikey: key, masked: false, created_at: createdAt.toISOString() };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
