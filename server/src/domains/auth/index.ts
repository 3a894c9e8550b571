import type { Area } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import { createDashboardAddress } from '../custom-domain/dashboard-address.ts';
import { profilesOf } from '../profile/index.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';

/**
 * Sign-in, two-factor (with recovery codes), password reset and sign-out: /login, /tf-validate, /logout,
 * /password/forgot, /password/reset, /tf-setup, /tf-recovery-codes.
 */
export const authArea: Area<Pick<AppContext, 'db' | 'accounts' | 'config' | 'sessions' | 'rateLimiter' | 'secrets' | 'mailer'>> =
  {
    name: 'auth',
    register: async (app, deps) => {
      const dashboardUrlOf = createDashboardAddress(deps.db, deps.config.publicUrl);
      await app.register(authRoutes(deps, createAuthService({ ...deps, profiles: profilesOf(deps), dashboardUrlOf })));
    },
  };
