import type { PortalTest, RouterStatus, SetupChecklist } from '@splashboard/contract';
import { isRadiusGatewayType } from '../../adapters/controllers/index.ts';
import type { Actor } from '../../platform/access.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { GuestSessionsRepo } from '../guests/guest-sessions.repo.ts';
import { UNCHECKABLE_STATUS, type ControllerSettingsRepo } from '../routers/controller-settings.repo.ts';
import type { SplashRepo } from '../splash/splash.repo.ts';
import type { PortalTestTokens } from './portal-test-token.ts';

interface Deps {
  sites: SiteAccess;
  controllerSettings: Pick<ControllerSettingsRepo, 'statusOf'>;
  splash: Pick<SplashRepo, 'everSaved'>;
  guestSessions: Pick<GuestSessionsRepo, 'hasAnyAtSite'>;
  tokens: PortalTestTokens;
}

/** The set-up checklist of a new site, and the start of its guest portal's test mode. */
export function createSetupService({ sites, controllerSettings, splash, guestSessions, tokens }: Deps) {
  async function controllerStep(siteId: number, routerType: string | null): Promise<SetupChecklist['controller']> {
    const stored = await controllerSettings.statusOf(siteId);
    const saved = !!stored && stored.family === routerType;
    // RADIUS gateways keep no status of their own: whether they answer shows in access health.
    const status: RouterStatus | null = !saved
      ? 'Not configured'
      : stored.status === UNCHECKABLE_STATUS || isRadiusGatewayType(routerType)
        ? null
        : stored.status;
    return { done: saved && (status === null || status === 'Online'), router_type: routerType, saved, status };
  }

  return {
    async checklist(actor: Actor | null, siteId: number): Promise<SetupChecklist> {
      const { row } = await sites.siteFor(actor, siteId, 'all', 'read');
      const [controller, designed, hadGuest] = await Promise.all([
        controllerStep(row.id, row.routerType),
        splash.everSaved(row.id),
        guestSessions.hasAnyAtSite(row.id),
      ]);
      return {
        shown: !hadGuest,
        controller,
        splash_designed: { done: designed },
        seen_as_guest: { done: !!row.portalTestedAt, at: row.portalTestedAt?.toISOString() ?? null },
        first_guest: { done: hadGuest },
      };
    },

    /** The operator's own address into the site's portal in test mode (see portal/test-mode.ts). */
    async startPortalTest(actor: Actor | null, siteId: number): Promise<PortalTest> {
      const { row } = await sites.siteFor(actor, siteId, 'landingpage', 'read');
      const { token, expiresAt } = tokens.issue(row.id);
      return { url: `/guest/${row.portalKey}/test/${token}`, expires_at: expiresAt.toISOString() };
    },
  };
}
export type SetupService = ReturnType<typeof createSetupService>;
