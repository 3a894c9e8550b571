import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { createGuestSessionsRepo } from '../guests/guest-sessions.repo.ts';
import { createControllerSettingsRepo } from '../routers/controller-settings.repo.ts';
import { createSplashRepo } from '../splash/splash.repo.ts';
import { PORTAL_TEST_KEY_PURPOSE, createPortalTestTokens } from './portal-test-token.ts';
import { setupRoutes } from './setup.routes.ts';
import { createSetupService } from './setup.service.ts';

/** A new site's set-up checklist, and the guest portal's test mode started by an operator. */
export const setupArea: Area<Pick<AppContext, 'db' | 'secrets' | 'deriveKey'> & { sites: SiteAccess }> = {
  name: 'setup',
  register: async (app, deps) => {
    const setup = createSetupService({
      sites: deps.sites,
      controllerSettings: createControllerSettingsRepo(deps.db, deps.secrets),
      splash: createSplashRepo(deps.db),
      guestSessions: createGuestSessionsRepo(deps.db),
      tokens: createPortalTestTokens(deps.deriveKey(PORTAL_TEST_KEY_PURPOSE)),
    });
    await app.register(setupRoutes(setup), { prefix: SITE_API });
  },
};
