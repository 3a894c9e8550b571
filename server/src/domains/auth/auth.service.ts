import { MESSAGES } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { PASSWORD_RESET_TOKEN } from '../../platform/accounts.repo.ts';
import { requireSession, type Actor } from '../../platform/access.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, fieldError, invalid, notFound } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import { passwordResetEmail } from './auth.emails.ts';
import { newRecoveryCodes, RECOVERY_KIND, recoveryCodeId, recoveryCodeRows } from './recovery-codes.ts';
import { matchTotp, newTotpSecret, totpEnrollment } from './totp.ts';

type Deps = Pick<AppContext, 'accounts' | 'config' | 'sessions' | 'rateLimiter' | 'secrets' | 'mailer'> & {
  profiles: ProfileService;
  /** Where the user's account reaches the dashboard (its white-label domain, else PUBLIC_URL). */
  dashboardUrlOf: (accountId: number) => Promise<string>;
};
type Meta = { ip: string; userAgent: string };

const TF_TOKEN_MINUTES = 5;
const TF_TOKEN_ATTEMPTS = 5;
const RESET_TOKEN_MINUTES = 60;
/** Reset emails one address can be sent per rate-limit window (whether an account has it or not). */
export const RESET_EMAILS_PER_ADDRESS = 3;

export function createAuthService({ accounts, config, sessions, rateLimiter, secrets, mailer, profiles, dashboardUrlOf }: Deps) {
  const window = config.rateLimits.windowSeconds;
  const tfInvalid = () => fieldError('code', 'common.tfInvalid');
  const recoveryInvalid = () => fieldError('recovery_code', 'common.recoveryCodeInvalid');

  /** Ten new codes replace the user's old ones (used or not); answered once, stored hashed. */
  async function issueRecoveryCodes(userId: number, email: string) {
    const codes = newRecoveryCodes();
    await accounts.replaceUserTokens(userId, RECOVERY_KIND, recoveryCodeRows(userId, email, codes));
    return codes;
  }
  const spendRecoveryCode = (userId: number, code: string) =>
    accounts.spendUserToken(recoveryCodeId(userId, code), RECOVERY_KIND, userId);

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

  /**
   * The answer of a sign-in that proved who the user is (a password, Google): a session, or the two-factor
   * step's token when two-factor is on.
   */
  async function signIn(user: { id: number; email: string; tfEnabled: boolean }, meta: Meta, previous?: Actor | null) {
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
  }

  return {
    signIn,

    /** `previous` is the session the browser already had, if any: it ends when a new one starts. */
    async login(input: { email: string; password: string }, meta: Meta, previous?: Actor | null) {
      await rateLimiter.consume(`login:ip:${meta.ip}`, config.rateLimits.loginPerIp, window);
      const accountKey = `login:email:${input.email}`;
      await rateLimiter.assertUnder(accountKey, config.rateLimits.loginPerAccount, window);
      const found = await accounts.userByEmail(input.email);
      // Someone invited who has not accepted yet has no password: refused as a wrong one is (same message,
      // same time spent checking).
      const user = found?.status === 'active' ? found : null;
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        await rateLimiter.hit(accountKey, window);
        throw new AppError(401, 'common.invalidCredentials');
      }
      await rateLimiter.reset(accountKey);
      return signIn(user, meta, previous);
    },

    async validateTwoFactor(
      input: { code?: string; recovery_code?: string; csrf_token: string },
      meta: Meta,
      previous?: Actor | null,
    ) {
      await rateLimiter.consume(`tf:ip:${meta.ip}`, config.rateLimits.loginPerIp, window);
      const pending = await accounts.attemptToken(sha256(input.csrf_token), 'tf_login');
      if (!pending || pending.attempts > TF_TOKEN_ATTEMPTS || !pending.userId) {
        throw new AppError(401, 'common.signInExpired');
      }
      const userKey = `tf:user:${pending.userId}`;
      await rateLimiter.assertUnder(userKey, config.rateLimits.loginPerAccount, window);
      const user = await accounts.userById(pending.userId);
      if (!user?.tfEnabled || !user.tfSecretEnc) throw new AppError(401, 'common.signInExpired');
      // A recovery code instead of the app's code: accepted once, then spent.
      const viaRecovery = input.code === undefined && input.recovery_code !== undefined;
      const accepted = viaRecovery
        ? await spendRecoveryCode(user.id, input.recovery_code!)
        : await acceptCode(user.id, secrets.open(user.tfSecretEnc), input.code ?? '', user.tfLastCounter);
      if (!accepted) {
        await rateLimiter.hit(userKey, window);
        throw viaRecovery ? recoveryInvalid() : tfInvalid();
      }
      await rateLimiter.reset(userKey);
      await accounts.markTokenUsed(pending.id);
      // As at sign-in without two-factor: the session the browser had (another user's, say) ends.
      if (previous?.sessionId) await sessions.destroy(previous.sessionId);
      const { session, user: profile } = await startSession(user.id, meta);
      const left = viaRecovery ? { recovery_codes_left: await accounts.liveUserTokens(user.id, RECOVERY_KIND) } : {};
      return { session, body: { user: profile, csrf_token: session.csrfToken, ...left } };
    },

    /**
     * Sends a reset link when an account has the address; the answer is the same either way, and the
     * limits count the address whether it has an account or not, so neither tells who has one.
     */
    async forgotPassword(input: { email: string }, meta: Meta) {
      await rateLimiter.consume(`forgot:ip:${meta.ip}`, config.rateLimits.registrationsPerIp, window);
      await rateLimiter.consume(`forgot:email:${input.email}`, RESET_EMAILS_PER_ADDRESS, window);
      const user = await accounts.userByEmail(input.email);
      // An invitation not accepted yet is answered by its own link (resent by an admin), not by a reset.
      if (user?.status === 'active') {
        const token = randomToken(32);
        await accounts.insertToken({
          id: sha256(token),
          kind: PASSWORD_RESET_TOKEN,
          userId: user.id,
          email: user.email,
          expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
        });
        await mailer.send({
          ...passwordResetEmail(
            user.email,
            `${await dashboardUrlOf(user.accountId)}/newapp/password/reset/${token}`,
            user.language,
          ),
          accountId: user.accountId,
        });
      }
      return { status: 200 as const, message: 'If an account uses this email, we have sent it a link to reset the password.' };
    },

    /**
     * Sets a new password with a live link, once. Every session of the user ends (the API key stays: it is
     * a separate credential, replaced in Account → API key). Signs in unless two-factor is on: a link
     * alone must not pass the second factor.
     */
    async resetPassword(input: { token: string; password: string }, meta: Meta) {
      const key = `reset-link:ip:${meta.ip}`;
      await rateLimiter.assertUnder(key, config.rateLimits.registrationsPerIp, window);
      const row = await accounts.liveToken(sha256(input.token), PASSWORD_RESET_TOKEN);
      const user = row?.userId ? await accounts.userById(row.userId) : null;
      if (!row || !user || user.email !== row.email || !(await accounts.spendUserToken(row.id, PASSWORD_RESET_TOKEN, user.id))) {
        await rateLimiter.hit(key, window);
        throw fieldError('token', 'common.resetLinkFailed');
      }
      await accounts.updateUser(user.id, { passwordHash: await hashPassword(input.password), emailVerified: true });
      // Other links sent before this one stop working too, and whoever held a session is signed out.
      await accounts.deleteUserTokens(user.id, PASSWORD_RESET_TOKEN);
      await sessions.destroyOthers(user.id);
      await rateLimiter.reset(`login:email:${user.email}`);
      if (user.tfEnabled) return { session: null, body: { user: null, csrf_token: '', tf_required: true } };
      const { session, user: profile } = await startSession(user.id, meta);
      return { session, body: { user: profile, csrf_token: session.csrfToken, tf_required: false } };
    },

    /** New recovery codes: a signed-in session, and the current password or a code (app or recovery). */
    async regenerateRecoveryCodes(actorIn: Actor | null, input: { current_password?: string; code?: string }) {
      const actor = requireSession(actorIn);
      const key = `tf:user:${actor.userId}`;
      await rateLimiter.assertUnder(key, config.rateLimits.loginPerAccount, window);
      const user = await accounts.userById(actor.userId);
      if (!user) throw notFound();
      if (!user.tfEnabled || !user.tfSecretEnc) throw fieldError('code', 'common.tfNotEnabled');
      let proven: boolean;
      if (input.current_password !== undefined) proven = await verifyPassword(user.passwordHash, input.current_password);
      else if (/^\d{6}$/.test(input.code ?? ''))
        proven = await acceptCode(user.id, secrets.open(user.tfSecretEnc), input.code!, user.tfLastCounter);
      else proven = await spendRecoveryCode(user.id, input.code ?? '');
      if (!proven) {
        await rateLimiter.hit(key, window);
        throw input.current_password !== undefined ? fieldError('current_password', 'common.wrongCurrentPassword') : tfInvalid();
      }
      await rateLimiter.reset(key);
      return { recovery_codes: await issueRecoveryCodes(user.id, user.email) };
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
      if (user.tfEnabled) return { enabled: true, recovery_codes_left: await accounts.liveUserTokens(user.id, RECOVERY_KIND) };
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
        const codes = await issueRecoveryCodes(user.id, user.email);
        return { enabled: true, recovery_codes: codes, recovery_codes_left: codes.length };
      }
      if (!user.tfEnabled || !user.tfSecretEnc) return { enabled: false };
      if (!(await acceptCode(user.id, secrets.open(user.tfSecretEnc), input.code, user.tfLastCounter))) throw tfInvalid();
      await accounts.updateUser(user.id, { tfEnabled: false, tfSecretEnc: null, tfLastCounter: null });
      await accounts.deleteUserTokens(user.id, RECOVERY_KIND);
      return { enabled: false };
    },
  };
}
