import type { Area } from '../../platform/area.ts';
import { ACCOUNT_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import { profilesOf } from '../profile/index.ts';
import { registrationRoutes } from './registration.routes.ts';
import { createRegistrationService } from './registration.service.ts';

/** Sign-up: the verification email, its link, and the new account: /a/api/v1/registration/. */
export const registrationArea: Area<Pick<AppContext, 'db' | 'accounts' | 'config' | 'sessions' | 'rateLimiter' | 'mailer'>> = {
  name: 'registration',
  register: async (app, deps) => {
    const registration = createRegistrationService({ ...deps, profiles: profilesOf(deps) });
    await app.register(registrationRoutes(deps, registration), { prefix: ACCOUNT_API });
  },
};
