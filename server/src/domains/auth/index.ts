import type { Area } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import { createDashboardAddress } from '../custom-domain/dashboard-address.ts';
import { profilesOf } from '../profile/index.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createOidcClient } from './google/google.oidc.ts';
import { createIdentitiesRepo } from './google/google.repo.ts';
import { googleRoutes } from './google/google.routes.ts';
import { createGoogleService } from './google/google.service.ts';

/**
 * Sign-in, two-factor (with recovery codes), password reset and sign-out: /login, /tf-validate, /logout,
 * /password/forgot, /password/reset, /tf-setup, /tf-recovery-codes; sign-in with Google: /google/start,
 * /google/callback.
 */
export const authArea: Area<Pick<AppContext, 'db' | 'accounts' | 'config' | 'sessions' | 'rateLimiter' | 'secrets' | 'mailer'>> =
  {
    name: 'auth',
    register: async (app, deps) => {
      const dashboardUrlOf = createDashboardAddress(deps.db, deps.config.publicUrl);
      const auth = createAuthService({ ...deps, profiles: profilesOf(deps), dashboardUrlOf });
      await app.register(authRoutes(deps, auth));
      const { issuer, clientId, clientSecret } = deps.config.google;
      const google = createGoogleService({
        ...deps,
        auth,
        identities: createIdentitiesRepo(deps.db),
        oidc: createOidcClient({ issuer, clientId, clientSecret }),
      });
      await app.register(googleRoutes(deps, google));
    },
  };
