import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';

/** What the campaigns area's parts are built from. */
export type CampaignDeps = AppContext & { sites: SiteAccess };
