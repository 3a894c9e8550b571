import { MESSAGES } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireSession, type Actor } from '../../platform/access.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, fieldError, invalid, notFound } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import { matchTotp, newTotpSecret, totpEnrollment } from './totp.ts';

type Deps = Pick<AppContext, 'accounts' | 'config' | 'sessions' | 'rateLimiter' | 'secrets'> & { profiles: ProfileService };
type Meta = { ip: string; userAgent: string };

const TF_TOKEN_MINUTES = 5;
const TF_TOKEN_ATTEMPTS = 5;

export function createAuthService({ accounts, config, sessions, rateLimiter, secrets, profiles }: Deps) {
  const window = config.rateLimits.windowSeconds;
  const tfInvalid = () => fieldError('code', 'common.tfInvalid');

  async function startSession(userId: number, meta: Meta) {
    const session = await sessions.create(userId, meta);
    const actor = (await sessions.resolve(session.token))!;
    return { session, user: await profiles.getProfile(actor) };
  }

  /** Accepts a code only once: a code seen before (same or older time step) is refused. */
  async function acceptCode(userId: number, secretBase32: string, code: string, lastCounter: number | null) {
    const counter = matchTotp(secretBase32, code);
    if (counter === null || (lastCounter !== null && counter <= lastCounter)) return false;
    return accounts.advanceTfCounter(userId, counter);
  }

  return {
    /** `previous` is the session the browser already had, if any: it ends when a new one starts. */
    async login(input: { email: string; password: string }, meta: Meta, previous?: Actor | null) {
      await rateLimiter.consume(`login:ip:${meta.ip}`, config.rateLimits.loginPerIp, window);
      const accountKey = `login:email:${input.email}`;
      await rateLimiter.assertUnder(accountKey, config.rateLimits.loginPerAccount, window);
      const user = await accounts.userByEmail(input.email);
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        await rateLimiter.hit(accountKey, window);
        throw new AppError(401, 'common.invalidCredentials');
      }
      await rateLimiter.reset(accountKey);
      if (user.tfEnabled) {
        const token = randomToken(32);
        await accounts.insertToken({
          id: sha256(token),
          kind: 'tf_login',
          userId: user.id,
          email: user.email,
          expiresAt: new Date(Date.now() + TF_TOKEN_MINUTES * 60_000),
        });
        return { kind: 'tf' as const, body: { csrf_token: '', user: null, tf_required: true, error: '2faRequired', token } };
      }
      if (previous?.sessionId) await sessions.destroy(previous.sessionId);
      const { session, user: profile } = await startSession(user.id, meta);
      return {
        kind: 'session' as const,
        session,
        body: { csrf_token: session.csrfToken, user: profile, tf_required: false, error: null },
      };
    },

    async validateTwoFactor(input: { code: string; csrf_token: string }, meta: Meta) {
      await rateLimiter.consume(`tf:ip:${meta.ip}`, config.rateLimits.loginPerIp, window);
      const pending = await accounts.attemptToken(sha256(input.csrf_token), 'tf_login');
      if (!pending || pending.attempts > TF_TOKEN_ATTEMPTS || !pending.userId) {
        throw new AppError(401, 'common.signInExpired');
      }
      const userKey = `tf:user:${pending.userId}`;
      await rateLimiter.assertUnder(userKey, config.rateLimits.loginPerAccount, window);
      const user = await accounts.userById(pending.userId);
      if (!user?.tfEnabled || !user.tfSecretEnc) throw new AppError(401, 'common.signInExpired');
      if (!(await acceptCode(user.id, secrets.open(user.tfSecretEnc), input.code, user.tfLastCounter))) {
        await rateLimiter.hit(userKey, window);
        throw tfInvalid();
      }
      await rateLimiter.reset(userKey);
      await accounts.markTokenUsed(pending.id);
      const { session, user: profile } = await startSession(user.id, meta);
      return { session, body: { user: profile, csrf_token: session.csrfToken } };
    },

    async logout(actor: Actor | null) {
      if (actor?.sessionId) await sessions.destroy(actor.sessionId);
    },

    /** While two-factor is off, each call makes a new secret to enroll (shown once, stored encrypted). */
    async twoFactorStatus(actorIn: Actor | null) {
      // It makes a new secret to enroll: a session's business, as turning two-factor on or off is.
      const actor = requireSession(actorIn);
      const user = await accounts.userById(actor.userId);
      if (!user) throw notFound();
      if (user.tfEnabled) return { enabled: true };
      const secret = newTotpSecret();
      await accounts.updateUser(user.id, { tfPendingSecretEnc: secrets.seal(secret) });
      return { enabled: false, secret, ...(await totpEnrollment(secret, user.email)) };
    },

    async setupTwoFactor(actorIn: Actor | null, input: { setup: boolean; code: string }) {
      const actor = requireSession(actorIn);
      await rateLimiter.consume(`tf-setup:user:${actor.userId}`, config.rateLimits.loginPerAccount, window);
      const user = await accounts.userById(actor.userId);
      if (!user) throw notFound();
      if (input.setup) {
        if (user.tfEnabled) return { enabled: true };
        if (!user.tfPendingSecretEnc) throw invalid({ setup: [MESSAGES.tfSetupFirst] });
        const secret = secrets.open(user.tfPendingSecretEnc);
        if (!(await acceptCode(user.id, secret, input.code, null))) throw tfInvalid();
        await accounts.updateUser(user.id, { tfEnabled: true, tfSecretEnc: user.tfPendingSecretEnc, tfPendingSecretEnc: null });
        return { enabled: true };
      }
      if (!user.tfEnabled || !user.tfSecretEnc) return { enabled: false };
      if (!(await acceptCode(user.id, secrets.open(user.tfSecretEnc), input.code, user.tfLastCounter))) throw tfInvalid();
      await accounts.updateUser(user.id, { tfEnabled: false, tfSecretEnc: null, tfLastCounter: null });
      return { enabled: false };
    },
  };
}
