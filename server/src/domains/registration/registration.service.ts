import { normalizeWebsite, TRIAL_DAYS, type PlanType } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import { alreadyRegisteredEmail, verificationEmail } from './registration.emails.ts';

type Deps = Pick<AppContext, 'accounts' | 'config' | 'sessions' | 'rateLimiter' | 'mailer'> & { profiles: ProfileService };
type Meta = { ip: string; userAgent: string };

const TOKEN_HOURS = 48;
const VERIFY_EMAILS_PER_ADDRESS = 5;

export interface RegistrationInput {
  account_name: string;
  account_url?: string;
  email?: string;
  password: string;
  deployment_type: string;
  deployment_type_other_text?: string;
  account_type: string;
  displayname: string;
  plan_type: PlanType;
  token?: string;
  for_your_own: boolean;
}

export function createRegistrationService({ accounts, config, sessions, rateLimiter, mailer, profiles }: Deps) {
  const window = config.rateLimits.windowSeconds;
  const linkFailed = () => fieldError('token', 'common.emailValidationFailed');

  const findToken = (token: string) => accounts.liveToken(sha256(token), 'email_verify');

  /** A link's token, with wrong ones counted per address: a run of guesses gets 429 before the lookup. */
  async function findTokenFrom(token: string, meta: Meta) {
    const key = `link:ip:${meta.ip}`;
    await rateLimiter.assertUnder(key, config.rateLimits.registrationsPerIp, window);
    const row = await findToken(token);
    if (!row) {
      await rateLimiter.hit(key, window);
      throw linkFailed();
    }
    return row;
  }

  async function sendVerification(email: string, planType: string | null) {
    const token = randomToken(32);
    await accounts.insertToken({
      id: sha256(token),
      kind: 'email_verify',
      email,
      data: { plan_type: planType },
      expiresAt: new Date(Date.now() + TOKEN_HOURS * 3600_000),
    });
    await mailer.send(verificationEmail(email, `${config.publicUrl}/newapp/signup/verification/${token}`));
  }

  const userByEmail = (email: string) => accounts.userByEmail(email);

  const SENT = { status: 200 as const, message: 'We have sent you an email with a link to continue.' };

  /** A new link to the address, or a sign-in link when it is already verified; counted per address and per email. */
  async function sendLinkTo(email: string, planType: string | null, meta: Meta) {
    await rateLimiter.consume(`verify:ip:${meta.ip}`, config.rateLimits.registrationsPerIp, window);
    await rateLimiter.consume(`verify:email:${email}`, VERIFY_EMAILS_PER_ADDRESS, window);
    const existing = await userByEmail(email);
    if (existing?.emailVerified) {
      await mailer.send(alreadyRegisteredEmail(email, `${config.publicUrl}/newapp/login`));
    } else {
      await sendVerification(email, planType);
    }
  }

  return {
    /** Sends a verification link to a new address, or to the signed-in user's own unverified one. */
    async requestVerification(input: { email?: string; plan_type?: string }, actor: Actor | null, meta: Meta) {
      const email = input.email ?? actor?.email;
      if (!email) throw fieldError('email', 'common.required');
      await sendLinkTo(email, input.plan_type ?? null, meta);
      // The same answer either way, so the call does not tell who has an account.
      return SENT;
    },

    /**
     * A new link for the address an old one (expired or used) was sent to: the page of a link that failed
     * offers it, signed in or not. The answer is the same whatever the link, so it tells nothing of who has
     * an account; unknown links count as wrong ones per address.
     */
    async resendVerification(token: string, meta: Meta) {
      const key = `link:ip:${meta.ip}`;
      await rateLimiter.assertUnder(key, config.rateLimits.registrationsPerIp, window);
      const row = await accounts.anyToken(sha256(token), 'email_verify');
      if (!row) {
        await rateLimiter.consume(`verify:ip:${meta.ip}`, config.rateLimits.registrationsPerIp, window);
        await rateLimiter.hit(key, window);
        return SENT;
      }
      await sendLinkTo(row.email, typeof row.data.plan_type === 'string' ? row.data.plan_type : null, meta);
      return SENT;
    },

    async validateToken(token: string, meta: Meta) {
      const row = await findTokenFrom(token, meta);
      const user = await userByEmail(row.email);
      const planType = typeof row.data.plan_type === 'string' ? row.data.plan_type : null;
      return { valid: true, email: row.email, plan_type: planType, registered: Boolean(user) };
    },

    async register(input: RegistrationInput, meta: Meta) {
      await rateLimiter.consume(`register:ip:${meta.ip}`, config.rateLimits.registrationsPerIp, window);
      let email = input.email;
      let verifiedTokenId: string | undefined;
      if (input.token) {
        const row = await findTokenFrom(input.token, meta);
        email = row.email;
        verifiedTokenId = row.id;
      }
      if (!email) throw fieldError('email', 'common.required');
      const website = normalizeWebsite(input.account_url ?? '');
      if (website === null) throw fieldError('account_url', 'common.website');
      if (await userByEmail(email)) throw fieldError('email', 'common.emailRegistered');
      const passwordHash = await hashPassword(input.password);

      const userId = await accounts.transaction(async (tx) => {
        const accountId = await accounts.insertAccount(
          {
            name: input.account_name,
            url: website,
            deploymentType: input.deployment_type,
            deploymentTypeOtherText: input.deployment_type_other_text ?? '',
            accountType: input.account_type,
            forYourOwn: input.for_your_own,
            planType: input.plan_type,
            subscriptionStatus: 'trialing',
            trialEnd: new Date(Date.now() + TRIAL_DAYS * 86400_000),
          },
          tx,
        );
        const newUserId = await accounts.insertUser(
          {
            accountId,
            email: email!,
            name: input.displayname,
            passwordHash,
            role: 'admin',
            billingAccess: true,
            emailVerified: Boolean(verifiedTokenId),
          },
          tx,
        );
        if (!newUserId) throw fieldError('email', 'common.emailRegistered');
        if (verifiedTokenId) await accounts.markTokenUsed(verifiedTokenId, tx);
        return newUserId;
      });

      if (!verifiedTokenId) await sendVerification(email, input.plan_type);
      const session = await sessions.create(userId, meta);
      const actor = (await sessions.resolve(session.token))!;
      return { session, body: { user: await profiles.getProfile(actor), csrf_token: session.csrfToken, error: null } };
    },

    /**
     * The link's second use: it confirms the address of an account that registered without a token.
     * It signs the user in, unless two-factor is on (a link alone must not pass the second factor).
     */
    async activate(token: string, meta: Meta) {
      const row = await findTokenFrom(token, meta);
      const user = await userByEmail(row.email);
      if (!user) throw notFound('common.noAccountYet');
      await accounts.markTokenUsed(row.id);
      await accounts.updateUser(user.id, { emailVerified: true });
      if (user.tfEnabled) return { session: null, body: { user: null, csrf_token: '', error: null, verified: true } };
      const session = await sessions.create(user.id, meta);
      const actor = (await sessions.resolve(session.token))!;
      return {
        session,
        body: { user: await profiles.getProfile(actor), csrf_token: session.csrfToken, error: null, verified: true },
      };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
