import { createHash } from 'node:crypto';
import type { PlanType } from '@splashboard/contract';
import type { AppContext } from '../../../platform/context.ts';
import type { Actor } from '../../../platform/access.ts';
import { randomToken, safeEqual, sha256 } from '../../../platform/crypto.ts';
import { AppError, fieldError, notFound } from '../../../platform/errors.ts';
import type { createAuthService } from '../auth.service.ts';
import type { IdentitiesRepo } from './google.repo.ts';
import type { OidcClient } from './google.oidc.ts';

type Deps = Pick<AppContext, 'accounts' | 'config' | 'rateLimiter'> & {
  auth: Pick<ReturnType<typeof createAuthService>, 'signIn'>;
  identities: IdentitiesRepo;
  oidc: OidcClient;
};
type Meta = { ip: string; userAgent: string };

export const PROVIDER = 'google';
/** The one-time token that holds a started sign-in's state, nonce and PKCE verifier (keyed by the state's hash). */
export const STATE_TOKEN = 'google_state';
const STATE_MINUTES = 10;
/** How long the registration form takes the address Google vouched for. */
const REGISTRATION_MINUTES = 60;

const stateMismatch = () => fieldError('state', 'google.stateMismatch');
const isVerified = (v: unknown) => v === true || v === 'true';

export function createGoogleService({ accounts, config, rateLimiter, auth, identities, oidc }: Deps) {
  const window = config.rateLimits.windowSeconds;
  const redirectUri = `${config.publicUrl}/newapp/google`;
  const requireOn = () => {
    if (!config.google.enabled) throw notFound('google.off');
  };

  return {
    /**
     * A new sign-in: its state (also kept in the browser's cookie), nonce and PKCE verifier are stored for ten
     * minutes, and the answer is the provider's address to send the browser to.
     */
    async start(input: { intent: 'login' | 'register'; plan?: PlanType }, meta: Meta) {
      requireOn();
      await rateLimiter.consume(`google-start:ip:${meta.ip}`, config.rateLimits.loginPerIp, window);
      const state = randomToken(32);
      const nonce = randomToken(32);
      const verifier = randomToken(48);
      const url = await oidc.authorizationUrl({
        state,
        nonce,
        redirectUri,
        codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      });
      await accounts.insertToken({
        id: sha256(state),
        kind: STATE_TOKEN,
        data: { nonce, verifier, intent: input.intent, plan: input.plan ?? null },
        expiresAt: new Date(Date.now() + STATE_MINUTES * 60_000),
      });
      return { url, state, maxAgeSeconds: STATE_MINUTES * 60 };
    },

    /**
     * Google's answer: the state must be the one this browser started (its cookie) and unused; the code is
     * traded for an ID token, checked. The Google account already linked, or else a user with the address,
     * signs in as with a password (two-factor included); an address no one has starts a registration.
     */
    async callback(
      input: { state: string; code?: string; error?: string },
      browserState: string | undefined,
      meta: Meta,
      previous: Actor | null,
    ) {
      requireOn();
      await rateLimiter.consume(`google:ip:${meta.ip}`, config.rateLimits.loginPerIp, window);
      if (!browserState || !safeEqual(browserState, input.state)) throw stateMismatch();
      const pending = await accounts.attemptToken(sha256(input.state), STATE_TOKEN);
      if (!pending || pending.attempts > 1) throw stateMismatch();
      await accounts.markTokenUsed(pending.id);
      if (input.error !== undefined || !input.code) throw new AppError(422, 'google.cancelled');
      const data = pending.data as { nonce: string; verifier: string; plan: PlanType | null };

      const claims = await oidc.exchange({ code: input.code, codeVerifier: data.verifier, redirectUri, nonce: data.nonce });
      const email = claims.email?.trim().toLowerCase();
      if (!email || !isVerified(claims.email_verified)) throw new AppError(422, 'google.emailNotVerified');

      const linkedId = await identities.userIdOf(PROVIDER, claims.sub);
      const linked = linkedId === null ? null : await accounts.userById(linkedId);
      if (linked) {
        // Invited users have not accepted yet: the same rule as a password sign-in.
        if (linked.status !== 'active') throw new AppError(422, 'google.invitationPending');
        await identities.updateEmail(PROVIDER, claims.sub, email);
        return auth.signIn(linked, meta, previous);
      }

      const user = await accounts.userByEmail(email);
      if (user) {
        if (user.status !== 'active') throw new AppError(422, 'google.invitationPending');
        // An address no one proved here could belong to someone else's account made in the owner's name:
        // linking it would give them the owner's Google sign-in.
        if (!user.emailVerified) throw new AppError(422, 'google.accountEmailNotVerified');
        await identities.link({ userId: user.id, provider: PROVIDER, subject: claims.sub, email });
        return auth.signIn(user, meta, previous);
      }

      // No account: the registration form takes this token as a verification link's (the address counts as verified).
      const token = randomToken(32);
      const name = (claims.name ?? '').slice(0, 100);
      await accounts.insertToken({
        id: sha256(token),
        kind: 'email_verify',
        email,
        data: { plan_type: data.plan, via: PROVIDER, name },
        expiresAt: new Date(Date.now() + REGISTRATION_MINUTES * 60_000),
      });
      return {
        kind: 'registration' as const,
        body: {
          csrf_token: '',
          user: null,
          tf_required: false,
          error: 'registrationRequired',
          registration: { token, email, name, plan_type: data.plan },
        },
      };
    },
  };
}
export type GoogleService = ReturnType<typeof createGoogleService>;
