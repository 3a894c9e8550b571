import type { DashboardTilePermission } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { can, canSeeSite, requireActor, type Actor } from '../../platform/access.ts';
import { forbidden } from '../../platform/errors.ts';
import type { SiteAccess, SiteRow } from '../../platform/site-access.ts';
import type { SitesRepo } from '../sites/sites.repo.ts';

export interface ScopeSite {
  id: number;
  name: string;
  timezone: string;
  currency: string;
}

/** The sites a dashboard call reads: one site, or every site of the control panel the user may read it for. */
export interface Scope {
  sites: ScopeSite[];
  /** The site's time zone; null in the control panel, where each site keeps its own. */
  timezone: string | null;
  /** `{1,2,3}`: the site ids as one PostgreSQL array parameter. */
  idArray: string;
  /**
   * The account when the scope is every one of its sites (a control panel that shows them all): its
   * figures are then read from the account's rollups, which hold the sum of its sites'. Null otherwise.
   */
  accountId: number | null;
}

type Deps = Pick<AppContext, 'sessions'> & { sites: SiteAccess; sitesRepo: Pick<SitesRepo, 'allOfAccount'> };

const pick = (row: SiteRow): ScopeSite => ({
  id: row.id,
  name: row.name,
  timezone: row.timezone,
  currency: row.currency,
});

export const scopeOf = (list: ScopeSite[], timezone: string | null, accountId: number | null = null): Scope => ({
  sites: list,
  timezone,
  idArray: `{${list.map((s) => s.id).join(',')}}`,
  accountId,
});

/**
 * Access comes first: a site of another account (or one a client cannot see) answers 404 and a missing
 * permission 403, through sites.siteFor. Site 0 is the control panel: the account's sites the user can
 * see and holds the tile's permission at; holding it at none of them answers 403 (an admin whose account
 * has no site yet gets an empty scope, so zeros).
 */
export function createScopes({ sessions, sites: sitesService, sitesRepo }: Deps) {
  return async function scopeFor(actorIn: Actor | null, siteId: number, permission: DashboardTilePermission): Promise<Scope> {
    if (siteId > 0) {
      const { row } = await sitesService.siteFor(actorIn, siteId, permission, 'read');
      return scopeOf([pick(row)], row.timezone);
    }
    const actor = requireActor(actorIn);
    const access = await sessions.clientAccess(actor);
    const rows = await sitesRepo.allOfAccount(actor.accountId);
    const visible = rows.filter((r) => canSeeSite(actor, r.id, access));
    const allowed = visible.filter((r) => can(actor, r.id, permission, 'read', access));
    // A client of a lapsed account is told why, as at a site (can() refuses them every read then).
    if (actor.role === 'client' && !actor.subscriptionActive) throw forbidden('common.subscriptionExpired');
    if (allowed.length === 0 && (visible.length > 0 || actor.role === 'client')) throw forbidden();
    return scopeOf(allowed.map(pick), null, allowed.length === rows.length ? actor.accountId : null);
  };
}
export type ScopeFor = ReturnType<typeof createScopes>;
